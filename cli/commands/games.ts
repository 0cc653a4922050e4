import { getGame, listGames, playerCounts } from '../../envs/index.js';
import { formatTable } from '../table.js';

export function gamesCommand(): void {
  const rows = listGames().map((name) => {
    const def = getGame(name);
    const counts = playerCounts(def);
    return [
      name,
      def.title,
      counts.length === 1 ? String(counts[0]) : `${def.minPlayers}-${def.maxPlayers}`,
      String(def.defaultPlayers),
      String(def.actionSize),
      counts.map((n) => def.observationSize(n)).join('/'),
      def.description,
    ];
  });
  process.stdout.write(
    formatTable(['game', 'title', 'players', 'default', 'actions', 'observation', 'about'], rows) + '\n',
  );
}
