// The error a produced partition is answered with: Kafka's code, the message Kafka puts in the
// response (only for record-level validation failures, as ReplicaManager does: hasCustomErrorMessage),
// and the per-record errors of ProduceResponse v8+ (RecordErrors).

export interface RecordError {
  /** Index of the record within its batch. */
  batchIndex: number;
  message: string | null;
}

export class ProducePartitionError extends Error {
  override readonly name = "ProducePartitionError";
  constructor(
    readonly code: number,
    /** What was wrong, for logs; sent to the client only when `sendMessage`. */
    message: string,
    readonly recordErrors: readonly RecordError[] = [],
    readonly sendMessage = false,
  ) {
    super(message);
  }
}
