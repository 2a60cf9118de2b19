// What an append is given and answers (Kafka's ReplicaManager.appendRecords arguments and
// PartitionResponse), and how a failed or settled append is described: shared by the ReplicaManager and
// the produce path (src/server/produce), kept apart so replica-manager.ts holds the manager only.

import type { BatchHeader } from "../protocol/records/batch-header.ts";
import type { BatchParts } from "../protocol/records/batch-parts.ts";
import { ErrorCode, errorName } from "../protocol/errors.ts";
import { InvalidBatchError, LogClosedError, LogOfflineError, OffsetOverflowError } from "../storage/errors.ts";
import type { ProducePartitionStatus } from "./delayed-produce.ts";
import { ProducePartitionError, type RecordError } from "./errors.ts";
import type { ProducedBatchIds } from "./producer-sequence.ts";

/** Topics clients may not produce to (Kafka's Topic.isInternal). */
export const INTERNAL_TOPICS: ReadonlySet<string> = new Set(["__consumer_offsets", "__transaction_state", "__share_group_state"]);

/** Who appends (Kafka's AppendOrigin): clients may not write internal topics; coordinators may. */
export type { AppendOrigin } from "./partition.ts";

export interface AppendEntry {
  topic: string;
  partition: number;
  /** Validated batches (for the produce path: validate.ts, which checked every CRC). */
  records: Uint8Array | BatchParts;
  /** The producer fields of the batch (producerId -1: not idempotent). */
  batch: ProducedBatchIds;
  /** Every batch CRC was checked on this path already (Log.append then skips its own check). */
  crcVerified: boolean;
  /** The one batch's header as validation parsed it: Log.append trusts it instead of parsing again. */
  header?: BatchHeader;
  /** The LogAppendTime validation stamped, or -1. */
  logAppendTimeMs: number;
  nowMs: number;
  /** A marker's transaction version (WriteTxnMarkers v2's field; 0 when absent): TV2 epoch rules. */
  transactionVersion?: number;
}

export interface PartitionAppendResult {
  errorCode: number;
  /** Sent only for record-level failures (Kafka's hasCustomErrorMessage). */
  errorMessage: string | null;
  recordErrors: readonly RecordError[];
  baseOffset: number;
  logAppendTimeMs: number;
  logStartOffset: number;
  /** Detail for the broker's log when errorCode != 0. */
  detail: string | null;
}

export type { PartitionLookupError } from "./local-read.ts";

export function failedAppend(code: number, detail: string | null, e?: ProducePartitionError): PartitionAppendResult {
  return {
    errorCode: code,
    errorMessage: e?.sendMessage ? e.message : null,
    recordErrors: e?.recordErrors ?? [],
    baseOffset: -1,
    logAppendTimeMs: -1,
    logStartOffset: -1,
    detail,
  };
}

/** Why a waiting append settled with an error, for the broker's log: what it waited for and the error. */
export function settledDetail(s: ProducePartitionStatus): string {
  const waitedFor = s.requiredOffset >= 0 ? `the high watermark to reach ${s.requiredOffset}` : `its flush to reach ${s.flushOffset}`;
  return s.acksPending ? `timed out waiting for ${waitedFor}` : `${errorName(s.errorCode)} while waiting for ${waitedFor}`;
}

export function appendFailure(e: unknown, name: string): PartitionAppendResult {
  if (e instanceof ProducePartitionError) return failedAppend(e.code, e.message, e);
  if (e instanceof InvalidBatchError) return failedAppend(ErrorCode.CORRUPT_MESSAGE, `${name}: ${e.message}`);
  if (e instanceof OffsetOverflowError) return failedAppend(ErrorCode.UNKNOWN_SERVER_ERROR, `${name}: ${e.message}`);
  if (e instanceof LogOfflineError || e instanceof LogClosedError) return failedAppend(ErrorCode.KAFKA_STORAGE_ERROR, `${name}: ${e.message}`);
  throw e;
}
