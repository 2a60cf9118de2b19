// AllocateProducerIds (key 67) on the controller, as Kafka 4.4.0's ProducerIdControlManager: blocks of
// 1000 ids (ProducerIdsBlock.PRODUCER_ID_BLOCK_SIZE) handed out in order; each allocation is a
// ProducerIdsRecord whose nextProducerId is the first id of the following block, so the image (and
// therefore a restarted or new controller) continues where the log left off. The broker's side file
// (src/coordinator/producer-ids.ts) becomes a client of this once brokers talk to a controller.

import { ErrorCode } from "../protocol/errors.ts";
import { brokerEpochError, type LifecyclePlan } from "./cluster-control.ts";
import type { MetadataImage } from "./image.ts";
import { metadataRecord, RecordType } from "./record-serde.ts";

export const PRODUCER_ID_BLOCK_SIZE = 1000;
const LONG_MAX = 2n ** 63n - 1n;

export interface AllocateProducerIdsResult {
  errorCode: number;
  producerIdStart: bigint;
  producerIdLen: number;
}

/** The first id of the next block: 0 before any ProducerIdsRecord (Kafka's ProducerIdsBlock.EMPTY). */
export function nextProducerIdBlockStart(image: Pick<MetadataImage, "producerIds">): bigint {
  const next = image.producerIds?.nextProducerId ?? -1n;
  return next < 0n ? 0n : next;
}

export function planAllocateProducerIds(image: MetadataImage, req: { brokerId: number; brokerEpoch: bigint }): LifecyclePlan<AllocateProducerIdsResult> {
  const refused = (errorCode: number, message: string): LifecyclePlan<AllocateProducerIdsResult> => ({
    records: [],
    response: { errorCode, producerIdStart: -1n, producerIdLen: -1 },
    error: { errorCode, message },
  });
  const epochError = brokerEpochError(image, req.brokerId, req.brokerEpoch);
  if (epochError) return refused(epochError.errorCode, epochError.message);
  const first = nextProducerIdBlockStart(image);
  if (first > LONG_MAX - BigInt(PRODUCER_ID_BLOCK_SIZE)) {
    return refused(ErrorCode.UNKNOWN_SERVER_ERROR, "Exhausted all producerIds as the next block's end producerId has exceeded the int64 type limit");
  }
  const record = metadataRecord(RecordType.PRODUCER_IDS, { brokerId: req.brokerId, brokerEpoch: req.brokerEpoch, nextProducerId: first + BigInt(PRODUCER_ID_BLOCK_SIZE) });
  return { records: [record], response: { errorCode: ErrorCode.NONE, producerIdStart: first, producerIdLen: PRODUCER_ID_BLOCK_SIZE }, error: null };
}
