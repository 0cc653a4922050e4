import type { Agent, DecisionContext } from '../envs/index.js';

/** How a person is reached: print text, ask a question and get the typed line back. */
export interface HumanIo {
  write(text: string): void;
  ask(question: string): Promise<string>;
}

/**
 * A person at a terminal: sees their seat's rendered view (nothing else) and picks from the
 * numbered legal actions. Re-asks until the answer is a listed number or an exact action label.
 */
export class HumanAgent implements Agent {
  constructor(
    private readonly io: HumanIo,
    readonly name = 'human',
  ) {}

  async act(ctx: DecisionContext): Promise<number> {
    this.io.write(`\n${ctx.game.renderText(ctx.view)}\n`);
    const labels = ctx.legalActions.map((a) => ctx.actionLabel(a));
    if (ctx.legalActions.length === 1) {
      this.io.write(`Only one choice: ${labels[0]}\n`);
    }
    this.io.write(labels.map((label, i) => `  ${String(i + 1).padStart(2)}) ${label}`).join('\n') + '\n');
    for (;;) {
      const answer = (await this.io.ask(`Seat ${ctx.player}, your choice [1-${labels.length}]: `)).trim();
      const n = Number(answer);
      if (Number.isInteger(n) && n >= 1 && n <= labels.length) return ctx.legalActions[n - 1];
      const byLabel = labels.indexOf(answer);
      if (byLabel !== -1) return ctx.legalActions[byLabel];
      this.io.write(`'${answer}' is not a choice: type a number from 1 to ${labels.length}.\n`);
    }
  }
}
