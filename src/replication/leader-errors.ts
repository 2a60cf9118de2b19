// Errors of the leader side of replication, each with the Kafka error code it is answered with.

import { ErrorCode } from "../protocol/errors.ts";

/** A partition-level refusal on the leader (a follower's fetch, an ISR update), with Kafka's code. */
export class LeaderError extends Error {
  override name = "LeaderError";
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** Kafka's NotLeaderOrFollowerException: a stale follower fetch, an unknown replica (old request versions). */
export class NotLeaderOrFollowerError extends LeaderError {
  override name = "NotLeaderOrFollowerError";
  constructor(message: string) {
    super(ErrorCode.NOT_LEADER_OR_FOLLOWER, message);
  }
}

/** An AlterPartition that failed for one partition (the controller's partition-level or top-level error). */
export class AlterPartitionError extends LeaderError {
  override name = "AlterPartitionError";
}
