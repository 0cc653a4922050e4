import type { AgentRecord, TournamentRecord } from '../store/store.js';
import type { ArenaContext } from './context.js';

/** Seconds, to one decimal. */
const seconds = (ms: number) => (ms / 1000).toFixed(1);

/**
 * The log of one tournament run in this process: a line when it starts (or resumes), its games
 * done out of all and their rate every ctx.tournamentProgressMs while it plays, and a line at its
 * end with the games played, the time taken and the leading ratings. Times are wall-clock time,
 * not the context's clock (tests fix that one).
 */
export class TournamentProgress {
  private readonly began = performance.now();
  private playedHere = 0;
  private readonly timer: ReturnType<typeof setInterval>;

  constructor(
    private readonly ctx: ArenaContext,
    private readonly t: TournamentRecord,
    /** Games this run has to play. */
    private readonly toPlay: number,
    /** Games already stored (a resumed tournament). */
    private readonly before: number,
  ) {
    const what = `${t.gamesTotal} games of ${t.game} between ${t.agentIds.length} bots`;
    ctx.log.info(
      before > 0
        ? `tournament ${t.id} resumed: ${what}, ${toPlay} left, on ${ctx.runner.name}`
        : `tournament ${t.id} started: ${what}, on ${ctx.runner.name}`,
    );
    this.timer = setInterval(() => this.report(), ctx.tournamentProgressMs);
    this.timer.unref(); // the log alone must not keep the process alive
  }

  /** One more game of this run is finished. */
  played(): void {
    this.playedHere++;
  }

  /** Stops the periodic lines (the run ended or stopped). */
  stop(): void {
    clearInterval(this.timer);
  }

  /** The end line: games played, time taken, and the three best ratings among the tournament's bots. */
  async finished(byId: Map<string, AgentRecord>): Promise<void> {
    this.stop();
    const ratings = (await this.ctx.store.ratings(this.t.game))
      .filter((r) => byId.has(r.agentId))
      .sort((a, b) => b.elo - a.elo)
      .slice(0, 3)
      .map((r) => `${byId.get(r.agentId)!.name} ${Math.round(r.elo)}`);
    this.ctx.log.info(
      `tournament ${this.t.id} done: ${this.playedHere} games played in ${seconds(performance.now() - this.began)} s` +
        (ratings.length > 0 ? `; leading: ${ratings.join(', ')}` : ''),
      { games: this.t.gamesTotal },
    );
  }

  private report(): void {
    const ms = performance.now() - this.began;
    const rate = this.playedHere / (ms / 1000);
    this.ctx.log.info(
      `tournament ${this.t.id}: ${this.before + this.playedHere}/${this.t.gamesTotal} games, ` +
        `${rate.toFixed(2)} games/s`,
      { left: this.toPlay - this.playedHere },
    );
  }
}
