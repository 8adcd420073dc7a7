// The event store: the only way events are written, read and followed. docs/events.md explains
// the guarantees; this file is the package's public face.
export type {
  Actor,
  AppendRequest,
  EventMetadata,
  ExpectedVersion,
  MetadataInput,
  NewEvent,
  Queryable,
  RecordedEvent,
} from './types';
export { CommandConflictError, ConcurrencyError, LeaseLostError } from './errors';
export { decodeEvents, encodeEventData, eventCodec, setEventCodec, type EventCodec } from './codec';
export { append, streamTypeOf, type AppendOptions, type AppendResult } from './append';
export {
  BatchItemError,
  createGroupCommit,
  disableGroupCommit,
  enableGroupCommit,
  groupCommitOf,
  type GroupCommit,
  type GroupCommitOptions,
  type GroupCommitStats,
} from './group-commit';
export { uuidv7 } from './ids';
export {
  latestOfTypesQuery,
  latestOfTypesRead,
  readLatestOfTypes,
  readStream,
  readStreams,
  type LatestRow,
  type StreamRead,
} from './read';
export { handle, type Decide, type Decision, type HandleOptions, type HandleResult } from './command';
export {
  aggregateStream,
  CommandRefusedError,
  decideOn,
  foldStream,
  handleCommand,
  type CommandDecider,
  type Decided,
  type Refusal,
  type StreamName,
} from './command-handler';
export { findFirstEvent, findStreamEvents, type FirstEventMatch } from './queries';
export {
  comparePositions,
  formatPosition,
  parsePosition,
  START,
  waitForPosition,
  type Position,
} from './position';
export {
  EVENTS_CHANNEL,
  Stopper,
  type WakeSource,
  Waker,
  listenForAppends,
  notifyAppended,
} from './notify';
export {
  ensureCheckpoint,
  loadCheckpoint,
  readBatch,
  startSubscription,
  type Batch,
  type Runner,
  type RunnerOptions,
  type SubscriptionOptions,
} from './subscription';
export { acquireLease, releaseLease, type LeaseAttempt } from './lease';
export { applyNextBatch, defineProjection, type Projection, type ProjectionHandler } from './projection';
export { startProjectionRunner } from './projection-runner';
export {
  HELD_BEHIND,
  PARK_AFTER_ATTEMPTS,
  listParkedEvents,
  requestParkedRetry,
  type ParkedEvent,
} from './parking';
export { appliedStreamVersion } from './projection-versions';
export { rebuildProjection, type RebuildResult } from './rebuild';
export { enqueueBulkOnce, enqueueOnce, reactionJobId, startReactor, type ReactorOptions } from './reactor';
export {
  getLogReadiness,
  getSubscriptionStatus,
  STALLED_AFTER_SECONDS,
  type LogReadiness,
  type SubscriptionStatus,
} from './status';
export {
  guardTransactionIds,
  RESTORED_LOG_WARNING,
  storedTransactionIds,
  type XidGuardOptions,
  type XidGuardResult,
} from './xid-guard';
export { rewindSubscription } from './rewind';
export {
  allEventsBelowHorizon,
  checkpointProgress,
  countEvents,
  findEvents,
  headPosition,
  listCheckpoints,
  listLeases,
  maxGlobalPosition,
  type Checkpoint,
  type CheckpointProgress,
  type EventFilter,
  type Lease,
} from './inspect';
