/**
 * The public door to playing games, the layer between agents/ and its users (training/, arena/):
 * games on worker threads with per-decision budgets (game-threads.ts), tournaments (schedules,
 * runTournament, Elo and Bradley-Terry ratings), the job queue (producer client, `agora worker`'s
 * consumer, models through Redis), the processes' log and start-up connection checks (ops/), and
 * the generic worker-thread pool every thread pool of the project is built on (worker-pool.ts).
 */
export type { GameJob, PlayedGame, SelfPlayOptions, GameRecord } from './messages.js';
export { playFrom, overrunAction, seatStream, type DecisionRecorder, type ResumeFrom } from './thread-play.js';
export { GameThreadPool, type GameThreadPoolOptions, type ThreadPlayOptions } from './game-threads.js';
export { GameFailedError, playOnWorkers, type PoolOptions } from './play-on-threads.js';
export { checkNice, currentThreadId, setThreadNice } from './thread-priority.js';
export { scheduleTournament, tournamentSlots, type ScheduledGame, type TournamentFormat } from './schedule.js';
export { runTournament, type TournamentOptions, type TournamentReport } from './tournament.js';
export { modelHashes, openJournal, readJournalHeader, type JournalHeader } from './tournament-journal.js';
export { summarizeTournament, type TournamentSummary, type BalanceFigures } from './summary.js';
export { applyElo, eloDeltas, expectedScore, ELO_START, ELO_K } from './ratings/elo.js';
export { fitBradleyTerry, bradleyTerryWithIntervals, type BradleyTerryRating } from './ratings/bradley-terry.js';
export {
  QUEUE_NAME,
  DEFAULT_PREFIX,
  DEFAULT_JOB_TIMEOUT_MS,
  DEFAULT_ATTEMPTS,
  jobIdFor,
  redisConnection,
  type MatchJobData,
  type SelfPlayJobData,
  type DecisionJobData,
  type QueueJobData,
} from './queue/jobs.js';
export { QueueClient, type QueueClientOptions, type QueueCounts } from './queue/queue-client.js';
export { MODEL_REF, publishModel, fetchModel } from './queue/model-transfer.js';
export { startWorker, type WorkerOptions, type SelfPlayHandler, type DecisionHandler } from './queue/queue-worker.js';
export { checkRedis } from './queue/check-redis.js';
export { createLogger, lineLogger, loggerFromEnv, type Logger, type LogLevel } from './ops/logger.js';
export { maskUrl } from './ops/mask-url.js';
export { ConnectionWatch } from './ops/connection-watch.js';
export { ConnectError, connectTimeoutMs, exitOnConnectError, errorText } from './ops/connect.js';
export {
  WorkerPool,
  WorkerTimeout,
  WorkerCrash,
  type WorkerPoolOptions,
  type RequestOptions,
  type ThreadInfo,
  type BodyOf,
  type WithId,
} from './worker-pool.js';
export { EnvServer, PROTOCOL_VERSION, MAX_ENVS, MAX_NUM } from './env-server/server.js';
export { serveStream, serveSocket } from './env-server/serve.js';
export { servePipes, isPipe, SpinPolicy, DEFAULT_SPIN_MICROS } from './env-server/serve-pipes.js';
export {
  encodeFrame,
  FrameReader,
  FrameError,
  MAX_FRAME_BYTES,
  type BufferEntry,
  type Dtype,
  type Frame,
} from './env-server/frames.js';
export * from './bot-client/index.js';
