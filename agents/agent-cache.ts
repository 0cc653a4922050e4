import { getGame, type Agent } from '../envs/index.js';
import { loadAgent } from './make-agent.js';

/**
 * Agents built once per game and spec and then reused, as worker threads keep them: every agent
 * decides as if stateless (an az agent's evaluation cache only saves work: up to DEFAULT_CACHE_ENTRIES
 * answers, tens of MB on the largest models), and a model is read from disk once. clear() forgets them all (a
 * model folder rewritten by training must be read again).
 */
export class AgentCache {
  private agents = new Map<string, Promise<Agent>>();

  get(game: string, spec: string): Promise<Agent> {
    const key = `${game}\u0000${spec}`;
    let agent = this.agents.get(key);
    if (!agent) {
      agent = loadAgent(spec, getGame(game));
      // A spec that failed is tried again next time (the folder may have been fixed).
      agent.catch(() => this.agents.delete(key));
      this.agents.set(key, agent);
    }
    return agent;
  }

  /** The agents of a job's seats, in seat order. */
  seats(game: string, specs: readonly string[]): Promise<Agent[]> {
    return Promise.all(specs.map((spec) => this.get(game, spec)));
  }

  clear(): void {
    this.agents = new Map();
  }
}
