// The errors a coordinator answers for its runtime: a Kafka error code and why. appendErrorCode maps a
// failed append as Kafka's GroupCoordinatorService / CoordinatorRuntime do (normalizeException): the
// partition is not there or not replicated enough -> COORDINATOR_NOT_AVAILABLE; not its leader or its
// log dir failed -> NOT_COORDINATOR; the batch too large for the log -> UNKNOWN_SERVER_ERROR; anything
// else as the append answered it.

import { ErrorCode, errorName } from "../../protocol/errors.ts";
import { PartitionWriterError } from "./partition-writer.ts";

export class CoordinatorError extends Error {
  override readonly name = "CoordinatorError";
  constructor(
    readonly code: number,
    detail: string,
    options?: { cause?: unknown },
  ) {
    super(`${errorName(code)}: ${detail}`, options);
  }
}

export function appendErrorCode(code: number): number {
  switch (code) {
    case ErrorCode.UNKNOWN_TOPIC_OR_PARTITION:
    case ErrorCode.NOT_ENOUGH_REPLICAS:
    case ErrorCode.NOT_ENOUGH_REPLICAS_AFTER_APPEND:
    case ErrorCode.REQUEST_TIMED_OUT:
      return ErrorCode.COORDINATOR_NOT_AVAILABLE;
    case ErrorCode.NOT_LEADER_OR_FOLLOWER:
    case ErrorCode.KAFKA_STORAGE_ERROR:
      return ErrorCode.NOT_COORDINATOR;
    case ErrorCode.MESSAGE_TOO_LARGE:
    case ErrorCode.RECORD_LIST_TOO_LARGE:
    case ErrorCode.INVALID_FETCH_SIZE:
      return ErrorCode.UNKNOWN_SERVER_ERROR;
    default:
      return code;
  }
}

/** The CoordinatorError a failed append becomes. */
export function fromAppendFailure(e: unknown): CoordinatorError {
  if (e instanceof PartitionWriterError) return new CoordinatorError(appendErrorCode(e.code), e.message, { cause: e });
  return new CoordinatorError(ErrorCode.UNKNOWN_SERVER_ERROR, `append failed: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
}

/** Whether a failed append means the partition is no longer ours to write (the shard unloads). */
export function losesPartition(e: unknown): boolean {
  return e instanceof PartitionWriterError && (e.code === ErrorCode.NOT_LEADER_OR_FOLLOWER || e.code === ErrorCode.KAFKA_STORAGE_ERROR || e.code === ErrorCode.UNKNOWN_TOPIC_OR_PARTITION);
}
