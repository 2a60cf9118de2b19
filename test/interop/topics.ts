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
  } finally {
    c.close();
  }
}
