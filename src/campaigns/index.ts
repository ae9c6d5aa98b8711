// The `gateway-sdk/campaigns` entry: sending to many recipients or many messages, and the pacers
// that share one pace across calls and processes. Its own entry, so that an app that sends one
// message at a time never loads it.
export {
  createMany,
  type CreateManyItem,
  type CreateManyOptions,
  type CreateManyResult,
  type CreateManySent,
  type CreateManyFailed,
  type CreateManyIterator,
} from './create-many.js';
export {
  createAll,
  type BulkCreateAllParams,
  type BulkCreateAllOptions,
  type BulkCreateAllProgress,
  type BulkCreateAllResult,
  type BulkChunkJob,
  type BulkChunkFailure,
  type BulkInvalidRecipient,
} from './create-all.js';
export type { Source } from './pool.js';
export type { Pacer } from './pacer.js';
export { memoryPacer, type MemoryPacerOptions } from './memory-pacer.js';
export { redisPacer, type RedisPacerOptions } from './redis-pacer.js';
export type { RedisClientLike } from '../internal/redis.js';
