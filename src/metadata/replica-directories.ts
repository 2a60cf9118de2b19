// AssignReplicasToDirs (KIP-858): a broker with several log dirs tells the controller which dir holds
// each of its replicas (the controller recorded UNASSIGNED for them, see controller.ts
// replicaDirectoryOf). As Kafka 4.4.0's ReplicationControlManager.handleAssignReplicasToDirs:
//   - before metadata.version 3.7-IV2: UNSUPPORTED_VERSION; a stale or unknown broker epoch:
//     STALE_BROKER_EPOCH (top-level, nothing assigned);
//   - per partition: UNKNOWN_TOPIC_ID, UNKNOWN_TOPIC_OR_PARTITION, NOT_LEADER_OR_FOLLOWER when the
//     broker holds no replica of it; otherwise NONE, with a PartitionChangeRecord carrying the new
//     Directories when the broker's entry changes (none when it already names that dir).
// Left out: a dir the broker did not register as online (Kafka then also moves leadership and ISR off
// the broker for those partitions); Strand records the assignment only. Broker dir failures are not
// tracked by Strand's controller at all yet.

import { ErrorCode } from "../protocol/errors.ts";
import type { AssignReplicasToDirsRequest } from "../protocol/generated/messages/assign-replicas-to-dirs-request.ts";
import type { AssignReplicasToDirsResponse } from "../protocol/generated/messages/assign-replicas-to-dirs-response.ts";
import { newPartitionChangeRecord } from "../protocol/generated/metadata/partition-change-record.ts";
import { brokerEpochError, MV_3_7_IV2 } from "./cluster-control.ts";
import type { MetadataImage } from "./image.ts";
import { metadataRecord, RecordType, type MetadataRecordOut } from "./record-serde.ts";
import { METADATA_VERSION_FEATURE } from "./supported-features.ts";

/** Partitions one request may name at most (Kafka's AssignmentsManager sends a few thousand at most). */
export const MAX_ASSIGNMENTS_PER_REQUEST = 100_000;

export function planAssignReplicasToDirs(image: MetadataImage, req: AssignReplicasToDirsRequest): { records: MetadataRecordOut[]; result: AssignReplicasToDirsResponse } {
  const refuse = (errorCode: number) => ({ records: [], result: { throttleTimeMs: 0, errorCode, directories: [] } });
  if ((image.features.get(METADATA_VERSION_FEATURE) ?? 0) < MV_3_7_IV2) return refuse(ErrorCode.UNSUPPORTED_VERSION);
  const stale = brokerEpochError(image, req.brokerId, req.brokerEpoch);
  if (stale) return refuse(stale.errorCode);
  let named = 0;
  for (const d of req.directories) for (const t of d.topics) named += t.partitions.length;
  if (named > MAX_ASSIGNMENTS_PER_REQUEST) return refuse(ErrorCode.INVALID_REQUEST);
  const records: MetadataRecordOut[] = [];
  // A partition named twice in one request: the later dir wins, from the directories as already changed.
  const changed = new Map<string, string[]>();
  const directories = req.directories.map((d) => ({
    id: d.id,
    topics: d.topics.map((t) => {
      const topic = image.topicsById.get(t.topicId);
      return {
        topicId: t.topicId,
        partitions: t.partitions.map((p) => {
          const answer = (errorCode: number) => ({ partitionIndex: p.partitionIndex, errorCode });
          if (!topic) return answer(ErrorCode.UNKNOWN_TOPIC_ID);
          const byIndex = topic.partitions[p.partitionIndex];
          const part = byIndex?.partition === p.partitionIndex ? byIndex : topic.partitions.find((x) => x.partition === p.partitionIndex);
          if (!part) return answer(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION);
          const at = part.replicas.indexOf(req.brokerId);
          if (at < 0) return answer(ErrorCode.NOT_LEADER_OR_FOLLOWER);
          const key = `${t.topicId}:${p.partitionIndex}`;
          const current = changed.get(key) ?? [...part.directories];
          if (current.length === part.replicas.length && current[at] !== d.id) {
            current[at] = d.id;
            changed.set(key, current);
            records.push(metadataRecord(RecordType.PARTITION_CHANGE, { ...newPartitionChangeRecord(), topicId: t.topicId, partitionId: p.partitionIndex, directories: [...current] }));
          }
          return answer(ErrorCode.NONE);
        }),
      };
    }),
  }));
  return { records, result: { throttleTimeMs: 0, errorCode: ErrorCode.NONE, directories } };
}
