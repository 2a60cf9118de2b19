// The benchmark's own small Kafka client (test/support/kafka-client.ts over Strand's generated codecs),
// used the same way against both brokers: create topics, the first acknowledged produce after start-up,
// and Metadata round-trip latency. Versions are negotiated from ApiVersions (highest common, capped).
import type { KafkaTestClient as KafkaTestClientType } from "../../test/support/kafka-client.ts";
import { KafkaTestClient } from "../../test/support/kafka-client.ts";
import { buildRecordBatch } from "../../src/protocol/records/index.ts";
import { API_CODECS } from "../../src/protocol/generated/apis.ts";
import { requestHeaderVersion } from "../../src/protocol/frame.ts";
import { writeRequestHeader } from "../../src/protocol/generated/messages/request-header.ts";
import { encodeFramed } from "../../src/protocol/primitives/writer.ts";

const API = { produce: 0, metadata: 3, apiVersions: 18, createTopics: 19, createPartitions: 37, incrementalAlterConfigs: 44 } as const;
const RESOURCE_TOPIC = 2;
/** Highest versions this client uses: name-based Produce (v13 switches to topic ids). */
const CAPS: Record<number, number> = { [API.produce]: 12, [API.metadata]: 12, [API.createTopics]: 7, [API.createPartitions]: 3 };
/**
 * Partitions added per request. Kafka's controller refuses an operation of more than 10,000 metadata
 * records (POLICY_VIOLATION "excessively large batch operation"; a topic record plus one per partition),
 * so a 10,000-partition topic is created with 5,000 and grown by CreatePartitions, on both brokers.
 */
export const MAX_PARTITIONS_PER_REQUEST = 5_000;
const ERR_TOPIC_ALREADY_EXISTS = 36;

export class WireError extends Error {
  constructor(
    readonly op: string,
    readonly errorCode: number,
    detail = "",
  ) {
    super(`${op} failed with Kafka error code ${errorCode}${detail ? `: ${detail}` : ""}`);
    this.name = "WireError";
  }
}

/** The broker does not advertise an API this client needs (in any version it can speak): not retriable. */
export class NotServedError extends Error {
  constructor(readonly apiKey: number) {
    super(`the broker does not serve API key ${apiKey} (${API_CODECS.get(apiKey)?.name ?? "?"}) in a version this client speaks`);
    this.name = "NotServedError";
  }
}

export class BenchClient {
  private constructor(
    readonly client: KafkaTestClientType,
    private readonly versions: Map<number, number>,
  ) {}

  static async connect(port: number): Promise<BenchClient> {
    const c = await KafkaTestClient.connect(port);
    c.clientId = "strand-bench";
    try {
      const av = await c.request<{ errorCode: number; apiKeys: Array<{ apiKey: number; minVersion: number; maxVersion: number }> }>(
        API.apiVersions, 3, { clientSoftwareName: "strand-bench", clientSoftwareVersion: "1" }, 5_000);
      if (av.errorCode !== 0) throw new WireError("ApiVersions", av.errorCode);
      const versions = new Map<number, number>();
      for (const k of av.apiKeys) {
        const codec = API_CODECS.get(k.apiKey);
        if (!codec) continue;
        const cap = CAPS[k.apiKey] ?? k.maxVersion;
        const v = Math.min(k.maxVersion, cap);
        if (v >= k.minVersion) versions.set(k.apiKey, v);
      }
      return new BenchClient(c, versions);
    } catch (e) {
      c.close();
      throw e;
    }
  }

  version(apiKey: number): number {
    const v = this.versions.get(apiKey);
    if (v === undefined) throw new NotServedError(apiKey);
    return v;
  }

  /** Creates a topic (TOPIC_ALREADY_EXISTS counts as success), with topic configs. */
  async createTopic(name: string, partitions: number, timeoutMs = 60_000, configs: Record<string, string> = {}): Promise<void> {
    const res = await this.client.request<{ topics: Array<{ name: string; errorCode: number; errorMessage: string | null }> }>(
      API.createTopics, this.version(API.createTopics),
      {
        topics: [{ name, numPartitions: partitions, replicationFactor: 1, assignments: [], configs: Object.entries(configs).map(([k, v]) => ({ name: k, value: v })) }],
        timeoutMs, validateOnly: false,
      },
      timeoutMs + 5_000);
    const t = res.topics.find((x) => x.name === name);
    if (!t) throw new WireError(`CreateTopics ${name}`, -1, "topic missing from the response");
    if (t.errorCode !== 0 && t.errorCode !== ERR_TOPIC_ALREADY_EXISTS) throw new WireError(`CreateTopics ${name}`, t.errorCode, t.errorMessage ?? "");
  }

  /** Creates a topic of any size: CreateTopics with up to MAX_PARTITIONS_PER_REQUEST, then CreatePartitions steps. */
  async createLargeTopic(name: string, partitions: number, timeoutMs = 600_000): Promise<void> {
    let count = Math.min(partitions, MAX_PARTITIONS_PER_REQUEST);
    await this.createTopic(name, count, timeoutMs);
    // Bounded: each step adds MAX_PARTITIONS_PER_REQUEST partitions until `partitions`.
    while (count < partitions) {
      count = Math.min(partitions, count + MAX_PARTITIONS_PER_REQUEST);
      const res = await this.client.request<{ results: Array<{ name: string; errorCode: number; errorMessage: string | null }> }>(
        API.createPartitions, this.version(API.createPartitions),
        { topics: [{ name, count, assignments: null }], timeoutMs, validateOnly: false }, timeoutMs + 5_000);
      const t = res.results.find((x) => x.name === name);
      if (!t) throw new WireError(`CreatePartitions ${name}`, -1, "topic missing from the response");
      if (t.errorCode !== 0) throw new WireError(`CreatePartitions ${name} to ${count}`, t.errorCode, t.errorMessage ?? "");
    }
  }

  /** IncrementalAlterConfigs SET of topic configs; throws WireError unless the broker accepted them. */
  async alterTopicConfigs(topic: string, configs: Record<string, string>): Promise<void> {
    const res = await this.client.request<{ responses: Array<{ errorCode: number; errorMessage: string | null; resourceName: string }> }>(
      API.incrementalAlterConfigs, this.version(API.incrementalAlterConfigs),
      {
        resources: [{ resourceType: RESOURCE_TOPIC, resourceName: topic, configs: Object.entries(configs).map(([name, value]) => ({ name, configOperation: 0, value })) }],
        validateOnly: false,
      }, 30_000);
    const t = res.responses.find((x) => x.resourceName === topic);
    if (!t) throw new WireError(`IncrementalAlterConfigs ${topic}`, -1, "topic missing from the response");
    if (t.errorCode !== 0) throw new WireError(`IncrementalAlterConfigs ${topic}`, t.errorCode, t.errorMessage ?? "");
  }

  /** Produces one small batch to partition 0 with acks=1; throws WireError unless acknowledged. */
  async produceOne(topic: string): Promise<void> {
    const batch = buildRecordBatch({ records: [{ value: new TextEncoder().encode("first") }] });
    const res = await this.client.request<{ responses: Array<{ partitionResponses: Array<{ errorCode: number }> }> }>(
      API.produce, this.version(API.produce),
      { acks: 1, timeoutMs: 5_000, transactionalId: null, topicData: [{ name: topic, partitionData: [{ index: 0, records: batch }] }] },
      10_000);
    const code = res.responses[0]?.partitionResponses[0]?.errorCode;
    if (code !== 0) throw new WireError(`Produce ${topic}`, code ?? -1);
  }

  /** Partition count of a topic from Metadata (decoded), or -1 when the topic is unknown. */
  async partitionCount(topic: string): Promise<number> {
    const res = await this.client.request<{ topics: Array<{ name: string | null; errorCode: number; partitions: unknown[] }> }>(
      API.metadata, this.version(API.metadata), { topics: [{ name: topic, topicId: "AAAAAAAAAAAAAAAAAAAAAA" }], allowAutoTopicCreation: false }, 30_000);
    const t = res.topics.find((x) => x.name === topic);
    return t && t.errorCode === 0 ? t.partitions.length : -1;
  }

  private nextCorrelation = 1_000_000;

  /**
   * Round-trip time of one Metadata request for `topic`, from the first byte sent to the whole response
   * frame received (not decoded: decoding in this client would add the same cost to both brokers).
   */
  async metadataRoundTripMs(topic: string): Promise<{ ms: number; bytes: number }> {
    const version = this.version(API.metadata);
    const codec = API_CODECS.get(API.metadata)!;
    const correlationId = this.nextCorrelation++;
    const body = { ...(codec.newRequest() as object), topics: [{ name: topic, topicId: "AAAAAAAAAAAAAAAAAAAAAA" }], allowAutoTopicCreation: false };
    const frame = encodeFramed((s) => {
      writeRequestHeader(s, { requestApiKey: API.metadata, requestApiVersion: version, correlationId, clientId: "strand-bench" }, requestHeaderVersion(API.metadata, version));
      codec.writeRequest(s, body, version);
    });
    const t0 = performance.now();
    const res = await this.client.sendFrame(frame, correlationId, 60_000);
    return { ms: performance.now() - t0, bytes: res.length };
  }

  close(): void {
    this.client.close();
  }
}

/**
 * From now until the first acknowledged produce on a fresh broker: connect, create `topic` (1 partition),
 * produce one batch with acks=1, retrying every `retryMs` until `deadlineMs`. Returns the ms elapsed
 * since `t0` (a performance.now() taken just before the broker was spawned).
 */
export async function firstAckMs(
  port: () => number | null,
  topic: string,
  t0: number,
  deadlineMs: number,
  retryMs = 20,
  abort: { stopped: boolean } = { stopped: false },
): Promise<number> {
  let last = "no attempt";
  // Bounded by the deadline (and by `abort`, set when the broker failed to start); one attempt per retryMs.
  while (performance.now() - t0 < deadlineMs && !abort.stopped) {
    const p = port();
    if (p !== null) {
      let c: BenchClient | null = null;
      try {
        c = await BenchClient.connect(p);
        await c.createTopic(topic, 1, 30_000);
        await c.produceOne(topic);
        return performance.now() - t0;
      } catch (e) {
        if (e instanceof NotServedError) throw e;
        last = e instanceof Error ? e.message : String(e);
      } finally {
        c?.close();
      }
    }
    await Bun.sleep(retryMs);
  }
  throw new Error(`no acknowledged produce within ${deadlineMs} ms (last error: ${last})`);
}
