import { getGame, listGames, playerCounts } from '../../envs/index.js';
import { Output, type OutputOptions } from '../output.js';
import { formatTable } from '../table.js';

export function gamesCommand(opts: OutputOptions = {}): void {
  const output = new Output(opts);
  const games = listGames().map((name) => {
    const def = getGame(name);
    const counts = playerCounts(def);
    return {
      name,
      title: def.title,
      players: counts,
      defaultPlayers: def.defaultPlayers,
      actionSize: def.actionSize,
      observationSize: Object.fromEntries(counts.map((n) => [n, def.observationSize(n)])),
      description: def.description,
    };
  });
  const rows = games.map((g) => [
    g.name,
    g.title,
    g.players.length === 1 ? String(g.players[0]) : `${g.players[0]}-${g.players[g.players.length - 1]}`,
    String(g.defaultPlayers),
    String(g.actionSize),
    Object.values(g.observationSize).join('/'),
    g.description,
  ]);
  output.text(formatTable(['game', 'title', 'players', 'default', 'actions', 'observation', 'about'], rows));
  output.json(games);
}
