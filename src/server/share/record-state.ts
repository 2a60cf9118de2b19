// Kafka's RecordState (org.apache.kafka.server.share.fetch.RecordState, ids as persisted in
// __share_group_state) and AcknowledgeType (the ShareFetch / ShareAcknowledge AcknowledgeTypes ids).

export const RecordState = {
  AVAILABLE: 0,
  ACQUIRED: 1,
  ACKNOWLEDGED: 2,
  ARCHIVED: 4,
} as const;
export type RecordState = (typeof RecordState)[keyof typeof RecordState];

/** Acknowledged and archived records are never delivered again (Kafka's isStateTerminal). */
export function isTerminal(state: number): boolean {
  return state === RecordState.ACKNOWLEDGED || state === RecordState.ARCHIVED;
}

export const AcknowledgeType = {
  /** An offset the client did not receive (compacted away, a transaction marker): archived. */
  GAP: 0,
  ACCEPT: 1,
  RELEASE: 2,
  REJECT: 3,
  /** KIP-1222 (v2+): keep the records acquired and restart their lock. */
  RENEW: 4,
} as const;
export type AcknowledgeType = (typeof AcknowledgeType)[keyof typeof AcknowledgeType];

/** One acknowledgement batch as the requests carry it (Kafka's ShareAcknowledgementBatch). */
export interface ShareAcknowledgementBatch {
  firstOffset: number;
  lastOffset: number;
  /** One type for the whole range, or one per offset. */
  acknowledgeTypes: readonly number[];
}

/**
 * Kafka's validation of acknowledgement batches (KafkaApis / ShareFetchUtils): offsets in order and not
 * overlapping, first <= last, one type or one per offset, each type known (RENEW only from v2 with
 * is_renew_ack). Returns false for a batch list Kafka answers with INVALID_REQUEST.
 */
export function validAcknowledgementBatches(batches: readonly ShareAcknowledgementBatch[], renewAllowed: boolean): boolean {
  let previousLast = -1;
  for (const b of batches) {
    if (b.firstOffset < 0 || b.lastOffset < b.firstOffset || b.firstOffset <= previousLast) return false;
    const n = b.lastOffset - b.firstOffset + 1;
    if (b.acknowledgeTypes.length !== 1 && b.acknowledgeTypes.length !== n) return false;
    for (const t of b.acknowledgeTypes) {
      if (t < AcknowledgeType.GAP || t > AcknowledgeType.RENEW) return false;
      if (t === AcknowledgeType.RENEW && !renewAllowed) return false;
    }
    previousLast = b.lastOffset;
  }
  return true;
}
