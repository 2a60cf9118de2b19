// Topic set-up for the record suites through Strand's own protocol client (CreateTopics v5), so the
// suites of clients without an admin API (kcat) start the same way on both brokers.
import { KafkaTestClient } from "../support/kafka-client.ts";

export interface TopicSpec {
  name: string;
  partitions: number;
  configs?: Record<string, string>;
}

interface CreateTopicsResponse {
  topics: Array<{ name: string; errorCode: number; errorMessage: string | null }>;
}

export async function createTopics(port: number, topics: readonly TopicSpec[]): Promise<void> {
  const c = await KafkaTestClient.connect(port);
  try {
    const res = await c.request<CreateTopicsResponse>(19, 5, {
      topics: topics.map((t) => ({
        name: t.name,
        numPartitions: t.partitions,
        replicationFactor: 1,
        assignments: [],
        configs: Object.entries(t.configs ?? {}).map(([name, value]) => ({ name, value })),
      })),
      timeoutMs: 30_000,
      validateOnly: false,
    }, 35_000);
    const failed = res.topics.filter((t) => t.errorCode !== 0);
    if (failed.length > 0) throw new Error(`CreateTopics failed: ${JSON.stringify(failed)}`);
    await awaitLeaders(c, topics);
  } finally {
    c.close();
  }
}

interface MetadataResponse {
  topics: Array<{ name: string | null; errorCode: number; partitions: Array<{ errorCode: number; leaderId: number }> }>;
}

/**
 * Waits until Metadata shows every partition of `topics` with a leader. Kafka publishes a created
 * topic to its metadata cache asynchronously, and a client that asks in between sees it missing.
 * Bounded: 100 polls, 100 ms apart.
 */
async function awaitLeaders(c: KafkaTestClient, topics: readonly TopicSpec[]): Promise<void> {
  let last = "";
  for (let attempt = 0; attempt < 100; attempt++) {
    const md = await c.request<MetadataResponse>(3, 9, {
      topics: topics.map((t) => ({ name: t.name, topicId: "AAAAAAAAAAAAAAAAAAAAAA" })),
      allowAutoTopicCreation: false,
    });
    const ready = topics.every((t) => {
      const m = md.topics.find((x) => x.name === t.name);
      return m !== undefined && m.errorCode === 0 && m.partitions.length === t.partitions &&
        m.partitions.every((p) => p.errorCode === 0 && p.leaderId >= 0);
    });
    if (ready) return;
    last = JSON.stringify(md.topics);
    await Bun.sleep(100);
  }
  throw new Error(`created topics have no leaders after 10 s: ${last.slice(0, 2000)}`);
}
