// The purgatory: delayed operations on a hierarchical timing wheel. Entry point for the rest of the
// broker; see purgatory.ts (watching and completing), delayed-operation.ts (the operation contract),
// timer.ts (the wheel and its single wake-up) and clock.ts / fake-clock.ts (time, real or by hand).

export { systemClock, type TimerClock, type WakeupHandle } from "./clock.ts";
export { FakeClock } from "./fake-clock.ts";
export { TimerTask } from "./timer-task.ts";
export { Timer, type TimerOptions } from "./timer.ts";
export { DelayedOperation, type CompletionReason, type OperationState } from "./delayed-operation.ts";
export {
  DEFAULT_MAX_PENDING,
  DelayedOperationPurgatory,
  topicPartitionKey,
  type PurgatoryOptions,
  type PurgatoryStats,
} from "./purgatory.ts";
export { PurgatoryError, type PurgatoryErrorCode } from "./errors.ts";
