// Issue 16 point 3: AlterClientQuotas (49) and DescribeClientQuotas (48) over the wire, and a throttled
// client as Kafka throttles it, against the broker under test (STRAND_INTEROP_TARGET=kafka runs the same
// assertions against Kafka 4.4.0):
//   - validate_only changes nothing; invalid entities get INVALID_REQUEST with Kafka's messages while the
//     valid ones in the same request commit; a removal and a describe after it;
//   - DescribeClientQuotas filters (exact, default, specified, strict) and its refusals;
//   - a Produce over a tiny producer_byte_rate is answered at once, with throttle_time_ms, and the
//     connection then reads nothing for that long (a request sent right after waits out the mute);
//   - request_percentage: a client-id allowed 0.01% of a thread gets throttle_time_ms on plain
//     Metadata requests within a few of them;
//   - connection_creation_rate for the ip 127.0.0.1: past the rate, a new connection is held unread
//     and closed (its ApiVersions never answered);
//   - the quotas survive a restart (replayed from the metadata log);
//   - controller_mutation_rate: CreateTopics v7 (strict) creates topics while the client's token bucket
//     is not below zero and refuses the next one THROTTLING_QUOTA_EXCEEDED; v5 (permissive) creates it
//     and throttles the response instead.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { buildGoodBatch } from "../support/malformed-batch.ts";
import { probeKafkaDist } from "../support/kafka-dist.ts";
import { until } from "../support/until.ts";
import { startTarget } from "./target.ts";
import type { InteropTarget } from "./target.ts";
import { interopTarget } from "./targets.ts";
import { createTopics } from "./topics.ts";

type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const dist = await probeKafkaDist();

type Entity = Array<[string, string | null]>;
const entry = (entity: Entity, ops: Array<[string, number | null]>) => ({
  entity: entity.map(([entityType, entityName]) => ({ entityType, entityName })),
  ops: ops.map(([key, value]) => ({ key, value: value ?? 0, remove: value === null })),
});
const entityText = (entity: Array<{ entityType: string; entityName: string | null }>) =>
  entity.map((e) => `${e.entityType}=${e.entityName ?? "<default>"}`).sort().join(",");

describe.skipIf(!dist.ok)(`client quota APIs vs ${interopTarget()}`, () => {
  let target: InteropTarget;
  let c: KafkaTestClient;

  beforeAll(async () => {
    target = await startTarget({ overrides: { "offsets.topic.num.partitions": 1 } });
    await createTopics(target.port, [{ name: "quota-api", partitions: 1 }]);
    c = await KafkaTestClient.connect(target.port);
  }, 120_000);

  afterAll(async () => {
    c?.close();
    await target?.remove();
  }, 120_000);

  const alter = (entries: ReturnType<typeof entry>[], validateOnly = false, version = 1) => c.request<Any>(49, version, { entries, validateOnly });
  const describeQuotas = async (components: Array<[string, number, string | null]>, strict = false) => {
    const r = await c.request<Any>(48, 1, { components: components.map(([entityType, matchType, match]) => ({ entityType, matchType, match })), strict });
    if (r.errorCode !== 0) return { errorCode: r.errorCode, errorMessage: r.errorMessage };
    return Object.fromEntries((r.entries as Any[]).map((e) => [entityText(e.entity), Object.fromEntries((e.values as Any[]).map((v) => [v.key, v.value]))]));
  };

  test("alter (validate_only, errors next to valid entities, removal) and describe with Kafka's filters", async () => {
    const valid = [entry([["user", "alice"]], [["producer_byte_rate", 2048]]), entry([["user", null], ["client-id", null]], [["request_percentage", 50.5]])];
    const dry = await alter(valid, true);
    expect(dry.entries.map((e: Any) => e.errorCode)).toEqual([0, 0]);
    expect(await describeQuotas([])).toEqual({});

    const r = await alter([
      ...valid,
      entry([["client-id", "app"]], [["consumer_byte_rate", 4096]]),
      entry([["user", "bob"]], [["producer_byte_rate", 1.5]]),
      entry([["user", "carol"]], [["no_such_key", 1]]),
      entry([["client-id", ""]], [["producer_byte_rate", 1]]),
      entry([["ip", "10.1.2.3"]], [["connection_creation_rate", 7]]),
    ], false, 0);
    const results = Object.fromEntries((r.entries as Any[]).map((e) => [entityText(e.entity), [e.errorCode, e.errorMessage]]));
    expect(results).toEqual({
      "user=alice": [0, null],
      "client-id=<default>,user=<default>": [0, null],
      "client-id=app": [0, null],
      "user=bob": [42, "producer_byte_rate cannot be a fractional value."],
      "user=carol": [42, "Invalid configuration key no_such_key"],
      "client-id=": [42, "Empty client-id not supported"],
      "ip=10.1.2.3": [0, null],
    });
    // The controller's records reach the broker's image: read until they are there.
    await until("the quotas in the image", async () => Object.keys(await describeQuotas([])).length === 4, 15_000);
    expect(await describeQuotas([["user", 0, "alice"]])).toEqual({ "user=alice": { producer_byte_rate: 2048 } });
    expect(await describeQuotas([["user", 1, null]])).toEqual({ "client-id=<default>,user=<default>": { request_percentage: 50.5 } });
    expect(await describeQuotas([["user", 1, null]], true)).toEqual({});
    expect(await describeQuotas([["client-id", 2, null]])).toEqual({ "client-id=<default>,user=<default>": { request_percentage: 50.5 }, "client-id=app": { consumer_byte_rate: 4096 } });
    expect(await describeQuotas([["ip", 2, null]])).toEqual({ "ip=10.1.2.3": { connection_creation_rate: 7 } });
    expect(await describeQuotas([["user", 5, null]])).toEqual({ errorCode: 42, errorMessage: "Unknown match type 5" });
    expect(await describeQuotas([["topic", 0, "x"]])).toEqual({ errorCode: 35, errorMessage: "Unsupported entity type topic" });
    expect(await describeQuotas([["ip", 2, null], ["client-id", 2, null]])).toEqual({
      errorCode: 42,
      errorMessage: "Invalid entity filter component combination. IP filter component should not be used with user or clientId filter component.",
    });

    const removed = await alter([entry([["user", "alice"]], [["producer_byte_rate", null]]), entry([["ip", "10.1.2.3"]], [["connection_creation_rate", null]])]);
    expect(removed.entries.map((e: Any) => e.errorCode)).toEqual([0, 0]);
    await until("the removal in the image", async () => Object.keys(await describeQuotas([])).length === 2, 15_000);
    expect(await describeQuotas([["user", 0, "alice"]])).toEqual({});
  }, 60_000);

  test("a Produce over producer_byte_rate: throttle_time_ms in the answer, then the connection muted for it", async () => {
    const r = await alter([entry([["client-id", "tiny-producer"]], [["producer_byte_rate", 2000]])]);
    expect(r.entries[0].errorCode).toBe(0);
    const p = await KafkaTestClient.connect(target.port);
    try {
      p.clientId = "tiny-producer";
      const records = buildGoodBatch(400, "q");
      const produce = () => p.request<Any>(0, 9, { acks: 1, timeoutMs: 10_000, topicData: [{ name: "quota-api", partitionData: [{ index: 0, records }] }] }, 60_000);
      // The quota reaches the broker's image; a produce before that is not throttled.
      const first = await until("a throttled produce", async () => {
        const res = await produce();
        return res.throttleTimeMs > 0 ? res : null;
      }, 30_000);
      expect(first.responses[0].partitionResponses[0].errorCode).toBe(0);
      // ~25 KB against 2000 B/s over a 10 s window: a few seconds of throttle.
      expect(first.throttleTimeMs).toBeGreaterThan(500);
      // Muted: the next request is read only once the throttle time has passed since that answer.
      const sentMs = performance.now();
      await p.request<Any>(3, 12, { topics: [], allowAutoTopicCreation: false, includeTopicAuthorizedOperations: false }, 60_000);
      expect(performance.now() - sentMs).toBeGreaterThan(first.throttleTimeMs * 0.8);
    } finally {
      p.close();
    }
  }, 90_000);

  test("controller_mutation_rate: strict CreateTopics refuses past the quota, permissive throttles", async () => {
    // 2 partitions a second: a full bucket of 11 windows × 1 s × 2 = 22 partitions.
    const r = await alter([entry([["client-id", "mutator"]], [["controller_mutation_rate", 2]])]);
    expect(r.entries[0].errorCode).toBe(0);
    const m = await KafkaTestClient.connect(target.port);
    try {
      m.clientId = "mutator";
      const topic = (name: string, numPartitions: number) => ({ name, numPartitions, replicationFactor: 1, assignments: [], configs: [] });
      await until("the quota in the image", async () => Object.keys(await describeQuotas([["client-id", 0, "mutator"]])).length === 1, 15_000);
      const strict = await m.request<Any>(19, 7, { topics: [topic("mut-a", 20), topic("mut-b", 5), topic("mut-c", 1)], timeoutMs: 30_000, validateOnly: false }, 60_000);
      const byName = Object.fromEntries((strict.topics as Any[]).map((t) => [t.name, [t.errorCode, t.errorMessage]]));
      expect(byName).toEqual({ "mut-a": [0, null], "mut-b": [0, null], "mut-c": [89, null] });
      // 3 partitions below zero at 2 a second.
      expect(strict.throttleTimeMs).toBeGreaterThan(1000);
      expect(strict.throttleTimeMs).toBeLessThanOrEqual(1500);
      // The permissive version creates it anyway (after the mute) and throttles the answer.
      const permissive = await m.request<Any>(19, 5, { topics: [topic("mut-c", 4)], timeoutMs: 30_000, validateOnly: false }, 60_000);
      expect(permissive.topics[0].errorCode).toBe(0);
      expect(permissive.throttleTimeMs).toBeGreaterThan(0);
    } finally {
      m.close();
    }
  }, 90_000);

  test("request_percentage: a client over its share of request time gets throttle_time_ms", async () => {
    // At users/<default>/clients/busy-client: the first test's users/<default>/clients/<default> (50.5)
    // outranks a clients/busy-client quota, as in Kafka's precedence.
    const r = await alter([entry([["user", null], ["client-id", "busy-client"]], [["request_percentage", 0.01]])]);
    expect(r.entries[0].errorCode).toBe(0);
    await until("the quota in the image", async () => Object.keys(await describeQuotas([["client-id", 0, "busy-client"]])).length === 1, 15_000);
    const b = await KafkaTestClient.connect(target.port);
    try {
      b.clientId = "busy-client";
      // 0.01% of a second over 10 windows is 10 µs of handling: a handful of Metadata requests exceed it.
      const throttled = await until("a throttled Metadata answer", async () => {
        const res = await b.request<Any>(3, 12, { topics: null, allowAutoTopicCreation: false, includeTopicAuthorizedOperations: false }, 60_000);
        return res.throttleTimeMs > 0 ? res : null;
      }, 60_000, 0);
      // ClientRequestQuotaManager bounds the throttle by one quota window (quota.window.size.seconds = 1).
      expect(throttled.throttleTimeMs).toBeLessThanOrEqual(1000);
      // A throttled Fetch is answered empty (Kafka's getThrottledResponse), whatever the log holds.
      const fetched = await until("a throttled, empty Fetch answer", async () => {
        const res = await b.request<Any>(1, 12, {
          replicaId: -1, maxWaitMs: 0, minBytes: 1, maxBytes: 1 << 20, isolationLevel: 0, sessionId: 0, sessionEpoch: -1,
          topics: [{ topic: "quota-api", partitions: [{ partition: 0, currentLeaderEpoch: -1, fetchOffset: 0n, lastFetchedEpoch: -1, logStartOffset: -1n, partitionMaxBytes: 1 << 20 }] }],
          forgottenTopicsData: [], rackId: "",
        }, 60_000);
        return res.throttleTimeMs > 0 ? res : null;
      }, 60_000, 0);
      expect(fetched.errorCode).toBe(0);
      expect(fetched.responses).toEqual([]);
    } finally {
      b.close();
    }
  }, 90_000);

  test("connection_creation_rate: connections from an ip past its rate are held unread and closed", async () => {
    const r = await alter([entry([["ip", "127.0.0.1"]], [["connection_creation_rate", 1]])]);
    expect(r.entries[0].errorCode).toBe(0);
    await until("the quota in the image", async () => Object.keys(await describeQuotas([["ip", 0, "127.0.0.1"]])).length === 1, 15_000);
    let accepted = 0;
    let refused = 0;
    try {
      // 1 a second over 11 windows of 1 s: the first 10 fit (the Rate counts at least 10 s), then
      // connections are refused until the window moves on.
      for (let i = 0; i < 15; i++) {
        const k = await KafkaTestClient.connect(target.port);
        try {
          await k.request<Any>(18, 3, { clientSoftwareName: "quota-test", clientSoftwareVersion: "1" }, 5_000);
          accepted++;
        } catch {
          refused++;
        } finally {
          k.close();
        }
      }
    } finally {
      const removed = await alter([entry([["ip", "127.0.0.1"]], [["connection_creation_rate", null]])]);
      expect(removed.entries[0].errorCode).toBe(0);
    }
    expect(accepted).toBeGreaterThanOrEqual(9);
    expect(accepted).toBeLessThanOrEqual(11);
    expect(refused).toBe(15 - accepted);
  }, 90_000);

  test("the quotas survive a restart", async () => {
    const before = await describeQuotas([]);
    expect(Object.keys(before).length).toBeGreaterThan(2);
    c.close();
    await target.restart("SIGTERM");
    c = await KafkaTestClient.connect(target.port);
    const after = await until("the quotas after the restart", async () => {
      const d = await describeQuotas([]).catch(() => null);
      return d !== null && Object.keys(d).length === Object.keys(before).length ? d : null;
    }, 60_000);
    expect(after).toEqual(before);
  }, 120_000);
});
