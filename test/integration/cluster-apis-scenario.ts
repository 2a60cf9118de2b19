// The requests of cluster-apis-single-node.test.ts, run against any broker (Kafka 4.4.0 or Strand):
// each answer is recorded with its label, throttle times zeroed, so two brokers' runs compare whole.
import { KafkaTestClient } from "../support/kafka-client.ts";
import { createTopic, ZERO_UUID } from "../unit/produce/wire-helpers.ts";

const KEYS = [34, 43, 45, 46];

async function waitForLeaders(c: KafkaTestClient, topic: string): Promise<void> {
  // Bounded: Kafka elects the new topic's leaders within a moment of CreateTopics answering.
  for (let i = 0; i < 100; i++) {
    const md = await c.request<{ topics: Array<{ errorCode: number; partitions: Array<{ leaderId: number }> }> }>(3, 12, { topics: [{ topicId: ZERO_UUID, name: topic }], allowAutoTopicCreation: false, includeTopicAuthorizedOperations: false });
    if (md.topics[0]!.errorCode === 0 && md.topics[0]!.partitions.length > 0 && md.topics[0]!.partitions.every((p) => p.leaderId >= 0)) return;
    await Bun.sleep(100);
  }
  throw new Error(`no leaders for ${topic}`);
}

/** Every request of the comparison, in order, with its answer (throttle times zeroed). */
export async function scenario(port: number, logDir: string): Promise<Array<[string, unknown]>> {
  const c = await KafkaTestClient.connect(port);
  const out: Array<[string, unknown]> = [];
  const ask = async (label: string, key: number, version: number, body: Record<string, unknown>): Promise<void> => {
    const r = (await c.request<Record<string, unknown>>(key, version, body)) as Record<string, unknown>;
    if ("throttleTimeMs" in r) r.throttleTimeMs = 0;
    // AlterReplicaLogDirs results come in Kafka's hash-map order: compared sorted.
    if (key === 34) {
      const results = r.results as Array<{ topicName: string; partitions: Array<{ partitionIndex: number }> }>;
      results.sort((a, b) => a.topicName.localeCompare(b.topicName));
      for (const t of results) t.partitions.sort((a, b) => a.partitionIndex - b.partitionIndex);
    }
    out.push([label, r]);
  };
  try {
    const versions = await c.request<{ apiKeys: Array<{ apiKey: number; minVersion: number; maxVersion: number }> }>(18, 3, { clientSoftwareName: "strand-test", clientSoftwareVersion: "1" });
    out.push(["ApiVersions", versions.apiKeys.filter((k) => KEYS.includes(k.apiKey)).map((k) => [k.apiKey, k.minVersion, k.maxVersion])]);
    await createTopic(c, "cluster.apis", 2);
    await waitForLeaders(c, "cluster.apis");

    // ElectLeaders: preferred and unclean, every partition (null) and named ones, unknown topic and partition.
    for (const v of [0, 1, 2]) await ask(`ElectLeaders v${v} all`, 43, v, { electionType: 0, topicPartitions: null, timeoutMs: 5000 });
    await ask("ElectLeaders preferred named", 43, 2, { electionType: 0, topicPartitions: [{ topic: "cluster.apis", partitions: [0, 1, 7] }, { topic: "missing", partitions: [0] }], timeoutMs: 5000 });
    await ask("ElectLeaders unclean named", 43, 2, { electionType: 1, topicPartitions: [{ topic: "cluster.apis", partitions: [1] }], timeoutMs: 5000 });
    await ask("ElectLeaders v0 named", 43, 0, { electionType: 0, topicPartitions: [{ topic: "cluster.apis", partitions: [0] }], timeoutMs: 5000 });
    await ask("ElectLeaders empty", 43, 2, { electionType: 0, topicPartitions: [], timeoutMs: 5000 });
    await ask("ElectLeaders unknown type", 43, 2, { electionType: 5, topicPartitions: [{ topic: "cluster.apis", partitions: [0] }], timeoutMs: 5000 });

    // ListPartitionReassignments: nothing in progress.
    await ask("ListPartitionReassignments all", 46, 0, { timeoutMs: 5000, topics: null });
    await ask("ListPartitionReassignments named", 46, 0, { timeoutMs: 5000, topics: [{ name: "cluster.apis", partitionIndexes: [0, 1, 9] }, { name: "missing", partitionIndexes: [0] }] });

    // AlterPartitionReassignments: the same single replica (no-op), cancel with nothing in progress,
    // an unknown broker, a duplicate, an empty list, unknown topic / partition, v1 with RF change refused.
    await ask("AlterPartitionReassignments v0", 45, 0, {
      timeoutMs: 5000,
      allowReplicationFactorChange: true,
      topics: [
        { name: "cluster.apis", partitions: [{ partitionIndex: 0, replicas: [1] }, { partitionIndex: 1, replicas: null }, { partitionIndex: 5, replicas: [1] }] },
        { name: "missing", partitions: [{ partitionIndex: 0, replicas: [1] }] },
      ],
    });
    await ask("AlterPartitionReassignments bad replicas", 45, 0, {
      timeoutMs: 5000,
      allowReplicationFactorChange: true,
      topics: [{ name: "cluster.apis", partitions: [{ partitionIndex: 0, replicas: [2] }, { partitionIndex: 1, replicas: [1, 1] }] }],
    });
    await ask("AlterPartitionReassignments empty replicas", 45, 0, { timeoutMs: 5000, allowReplicationFactorChange: true, topics: [{ name: "cluster.apis", partitions: [{ partitionIndex: 0, replicas: [] }] }] });
    await ask("AlterPartitionReassignments v1 no RF change", 45, 1, {
      timeoutMs: 5000,
      allowReplicationFactorChange: false,
      topics: [{ name: "cluster.apis", partitions: [{ partitionIndex: 0, replicas: [1] }, { partitionIndex: 1, replicas: [1, 2] }] }],
    });
    await ask("ListPartitionReassignments after", 46, 0, { timeoutMs: 5000, topics: null });

    // AlterReplicaLogDirs: to the dir the replica is in (no-op), to a dir that is not a log dir, an unknown partition.
    for (const v of [1, 2]) {
      await ask(`AlterReplicaLogDirs v${v}`, 34, v, {
        dirs: [
          { path: logDir, topics: [{ name: "cluster.apis", partitions: [0] }, { name: "missing", partitions: [0] }] },
          { path: "/not/a/log/dir", topics: [{ name: "cluster.apis", partitions: [1] }] },
        ],
      });
    }
  } finally {
    c.close();
  }
  return out;
}

