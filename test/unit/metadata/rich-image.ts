// A metadata image with something of every kind the image holds: features (metadata.version and
// others), fenced and unfenced brokers with racks and several listeners, topics whose partitions were
// changed after creation (leader epochs, ISR, ELR), and configs of every resource type (topic, broker,
// the cluster default, group, client-metrics), a controller registration and producer-id blocks. Built by
// applying records, as the log would.
import { newPartitionChangeRecord } from "../../../src/protocol/generated/metadata/partition-change-record.ts";
import { newPartitionRecord } from "../../../src/protocol/generated/metadata/partition-record.ts";
import { newRegisterBrokerRecord } from "../../../src/protocol/generated/metadata/register-broker-record.ts";
import { ConfigResourceTypeId, ImageBuilder } from "../../../src/metadata/image-builder.ts";
import type { MetadataImage } from "../../../src/metadata/image.ts";
import { RecordType } from "../../../src/metadata/record-serde.ts";

/** Base64url Kafka Uuid from a small number (distinct, non-zero). */
export function uuid(n: number): string {
  const b = Buffer.alloc(16);
  b.writeUInt32BE(n + 1, 12);
  b[0] = 0x40;
  return b.toString("base64url");
}

export function richImage(): MetadataImage {
  const b = new ImageBuilder("rich-cluster", 1);
  let offset = 0n;
  const apply = (apiKey: number, message: unknown): void => {
    if (!b.apply(apiKey, message, offset++)) throw new Error(`record type ${apiKey} not applied`);
  };
  apply(RecordType.FEATURE_LEVEL, { name: "transaction.version", featureLevel: 2 });
  apply(RecordType.FEATURE_LEVEL, { name: "metadata.version", featureLevel: 33 });
  apply(RecordType.FEATURE_LEVEL, { name: "group.version", featureLevel: 1 });
  for (const id of [1, 2, 3]) {
    apply(RecordType.REGISTER_BROKER, {
      ...newRegisterBrokerRecord(),
      brokerId: id,
      incarnationId: uuid(100 + id),
      brokerEpoch: BigInt(10 * id),
      endPoints: [
        { name: "PLAINTEXT", host: `host${id}`, port: 9092, securityProtocol: 0 },
        { name: "SSL", host: `host${id}`, port: 9093, securityProtocol: 1 },
      ],
      rack: id === 3 ? null : `rack-${id}`,
      fenced: id === 2,
      inControlledShutdown: false,
      features: [{ name: "metadata.version", minSupportedVersion: 7, maxSupportedVersion: 33 }],
      logDirs: [uuid(200 + id)],
    });
  }
  const topics = [
    { name: "orders", partitions: 3 },
    { name: "payments.v2", partitions: 2 },
    { name: "__consumer_offsets", partitions: 4 },
  ];
  topics.forEach((t, ti) => {
    const topicId = uuid(ti);
    apply(RecordType.TOPIC, { name: t.name, topicId });
    for (let p = 0; p < t.partitions; p++) {
      const replicas = [1, 2, 3].map((r) => ((r + p) % 3) + 1);
      apply(RecordType.PARTITION, { ...newPartitionRecord(), partitionId: p, topicId, replicas, isr: [...replicas], leader: replicas[0]!, leaderEpoch: 0, partitionEpoch: 0, directories: replicas.map((r) => uuid(200 + r)) });
    }
    // The leader moves and the ISR shrinks on partition 0; ELR appears on partition 1.
    apply(RecordType.PARTITION_CHANGE, { ...newPartitionChangeRecord(), topicId, partitionId: 0, leader: 3, isr: [3, 1] });
    apply(RecordType.PARTITION_CHANGE, { ...newPartitionChangeRecord(), topicId, partitionId: 1, isr: [1], eligibleLeaderReplicas: [2], lastKnownElr: [3] });
  });
  const config = (resourceType: number, resourceName: string, name: string, value: string | null): void => apply(RecordType.CONFIG, { resourceType, resourceName, name, value });
  config(ConfigResourceTypeId.TOPIC, "orders", "retention.ms", "1234567");
  config(ConfigResourceTypeId.TOPIC, "orders", "cleanup.policy", "compact");
  config(ConfigResourceTypeId.TOPIC, "payments.v2", "min.insync.replicas", "2");
  config(ConfigResourceTypeId.BROKER, "", "min.insync.replicas", "1");
  config(ConfigResourceTypeId.BROKER, "2", "log.cleaner.threads", "3");
  config(ConfigResourceTypeId.GROUP, "g1", "consumer.session.timeout.ms", "50000");
  config(ConfigResourceTypeId.CLIENT_METRICS, "metrics-sub", "interval.ms", "60000");
  config(ConfigResourceTypeId.TOPIC, "orders", "cleanup.policy", null);
  // A registered controller (KIP-919) and producer-id blocks handed out (the image keeps the next one).
  apply(RecordType.REGISTER_CONTROLLER, {
    controllerId: 9,
    incarnationId: uuid(300),
    zkMigrationReady: false,
    endPoints: [{ name: "CONTROLLER", host: "ctl9", port: 9093, securityProtocol: 0 }],
    features: [{ name: "kraft.version", minSupportedVersion: 0, maxSupportedVersion: 1 }],
  });
  apply(RecordType.PRODUCER_IDS, { brokerId: 1, brokerEpoch: 10n, nextProducerId: 1000n });
  apply(RecordType.PRODUCER_IDS, { brokerId: 3, brokerEpoch: 30n, nextProducerId: 2000n });
  return b.build();
}
