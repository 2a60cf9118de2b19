// A metadata log for the controller planners' tests: records get consecutive offsets, each is
// round-tripped through the record codec and applied by the real ImageBuilder, so a planner's output
// is checked as the brokers would read it. Helpers build brokers (with racks, fencing), topics with
// given replica lists, and configs.
import { ConfigResourceTypeId, ImageBuilder } from "../../../src/metadata/image-builder.ts";
import type { MetadataImage, PartitionImage } from "../../../src/metadata/image.ts";
import { decodeMetadataRecord, encodeMetadataRecord, metadataRecord, RecordType, type MetadataRecordOut } from "../../../src/metadata/record-serde.ts";
import { newRegisterBrokerRecord } from "../../../src/protocol/generated/metadata/register-broker-record.ts";
import type { PartitionChangeRecord } from "../../../src/protocol/generated/metadata/partition-change-record.ts";

/** Base64url Kafka Uuid from a tag and a number. */
export const uid = (tag: number, n: number): string => Buffer.from(Uint8Array.from({ length: 16 }, (_, i) => (i === 0 ? tag : i === 15 ? n : 0))).toString("base64url");
export const dirOf = (id: number): string => uid(0xd1, id);
export const epochOf = (id: number): bigint => BigInt(100 + id);

export class ClusterLog {
  private readonly builder = new ImageBuilder("cluster-R", 3000);
  private next = 0n;
  image: MetadataImage = this.builder.build();

  append(records: readonly MetadataRecordOut[]): void {
    for (const r of records) {
      const rec = decodeMetadataRecord(encodeMetadataRecord(r), this.next);
      if (!this.builder.apply(rec.apiKey, rec.message, this.next)) throw new Error(`record type ${rec.apiKey} not applied`);
      this.next++;
    }
    this.image = this.builder.build();
  }

  partition(topic: string, p: number): PartitionImage {
    const part = this.image.topicsByName.get(topic)?.partitions[p];
    if (!part) throw new Error(`no ${topic}-${p}`);
    return part;
  }

  topicId(topic: string): string {
    return this.image.topicsByName.get(topic)!.topicId;
  }
}

export interface BrokerSpec {
  id: number;
  rack?: string | null;
  fenced?: boolean;
  inControlledShutdown?: boolean;
  /** Registered log dir ids (default: one, dirOf(id)). */
  logDirs?: string[];
}

export function clusterLog(brokers: readonly (BrokerSpec | number)[], opts: { elr?: boolean } = {}): ClusterLog {
  const log = new ClusterLog();
  log.append([
    metadataRecord(RecordType.FEATURE_LEVEL, { name: "metadata.version", featureLevel: 33 }),
    ...(opts.elr ?? true ? [metadataRecord(RecordType.FEATURE_LEVEL, { name: "eligible.leader.replicas.version", featureLevel: 1 })] : []),
  ]);
  for (const spec of brokers) {
    const b = typeof spec === "number" ? { id: spec } : spec;
    log.append([
      metadataRecord(RecordType.REGISTER_BROKER, {
        ...newRegisterBrokerRecord(),
        brokerId: b.id,
        incarnationId: uid(0x10, b.id),
        brokerEpoch: epochOf(b.id),
        endPoints: [{ name: "PLAINTEXT", host: "localhost", port: 9000 + b.id, securityProtocol: 0 }],
        rack: b.rack ?? null,
        fenced: b.fenced ?? false,
        inControlledShutdown: b.inControlledShutdown ?? false,
        logDirs: b.logDirs ?? [dirOf(b.id)],
      }),
    ]);
  }
  return log;
}

/** A topic with the given replica lists: leader the first replica, ISR all of them, epochs 0. */
export function addTopic(log: ClusterLog, name: string, assignment: readonly (readonly number[])[], configs: Record<string, string> = {}): string {
  const topicId = uid(0x70, log.image.topicsById.size + 1);
  log.append([
    metadataRecord(RecordType.TOPIC, { name, topicId }),
    ...Object.entries(configs).map(([k, v]) => metadataRecord(RecordType.CONFIG, { resourceType: ConfigResourceTypeId.TOPIC, resourceName: name, name: k, value: v })),
    ...assignment.map((replicas, i) =>
      metadataRecord(RecordType.PARTITION, {
        partitionId: i,
        topicId,
        replicas: [...replicas],
        isr: [...replicas],
        removingReplicas: [],
        addingReplicas: [],
        leader: replicas[0]!,
        leaderRecoveryState: 0,
        leaderEpoch: 0,
        partitionEpoch: 0,
        directories: replicas.map(dirOf),
        eligibleLeaderReplicas: null,
        lastKnownElr: null,
      }),
    ),
  ]);
  return topicId;
}

export function setConfig(log: ClusterLog, topic: string, name: string, value: string): void {
  log.append([metadataRecord(RecordType.CONFIG, { resourceType: ConfigResourceTypeId.TOPIC, resourceName: topic, name, value })]);
}

/** The PartitionChangeRecords among `records`. */
export function changes(records: readonly MetadataRecordOut[]): PartitionChangeRecord[] {
  return records.filter((r) => r.apiKey === RecordType.PARTITION_CHANGE).map((r) => r.message as PartitionChangeRecord);
}
