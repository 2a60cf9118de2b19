// Issue 19 item 3 (CLIENT_METRICS resources, KIP-714): kafka-client-metrics.sh and kafka-configs.sh
// --entity-type client-metrics as against Kafka 4.4.0, Kafka's validation errors, ListConfigResources,
// and GetTelemetrySubscriptions / PushTelemetry over the raw protocol: subscription matching, the
// subscription id, throttling and every error code. Written once for both targets
// (STRAND_INTEROP_TARGET=kafka runs it against Kafka 4.4.0; the expectations are what Kafka answered).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { probeKafkaDist, runKafkaClass } from "../support/kafka-dist.ts";
import { encodeOtlpMetrics } from "../support/otlp.ts";
import { computeSubscriptionId } from "../../src/server/telemetry/subscription-id.ts";
import { startTarget } from "./target.ts";
import type { InteropTarget } from "./target.ts";
import { interopTarget } from "./targets.ts";

type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const dist = await probeKafkaDist();
const CLIENT_METRICS_COMMAND = "org.apache.kafka.tools.ClientMetricsCommand"; // kafka-client-metrics.sh
const CONFIG_COMMAND = "org.apache.kafka.tools.ConfigCommand"; // kafka-configs.sh
const ZERO = "AAAAAAAAAAAAAAAAAAAAAA";

describe.skipIf(!dist.ok)(`client-metrics resources and KIP-714 telemetry vs ${interopTarget()}`, () => {
  let target: InteropTarget;

  beforeAll(async () => {
    target = await startTarget({ overrides: { "offsets.topic.num.partitions": 1 } });
  }, 120_000);

  afterAll(async () => {
    await target?.remove();
  }, 120_000);

  async function tool(main: string, args: string[]): Promise<{ exitCode: number; out: string[]; error: string }> {
    const r = await runKafkaClass(main, ["--bootstrap-server", target.bootstrap, ...args], { timeoutMs: 60_000 });
    const cause = (r.stdout + r.stderr).split("\n").find((l) => l.startsWith("java.util.concurrent.ExecutionException: ")) ?? "";
    return { exitCode: r.exitCode, out: r.stdout.trim().split("\n").map((l) => l.trim()).filter((l) => l !== ""), error: cause.replace("java.util.concurrent.ExecutionException: ", "") };
  }
  const cm = (...args: string[]) => tool(CLIENT_METRICS_COMMAND, args);
  const configs = (...args: string[]) => tool(CONFIG_COMMAND, args);

  // A describe right after an alter may read a broker metadata cache one record behind (Kafka answers
  // the alter once the controller committed): poll until the expected answer, bounded.
  async function eventually<T>(read: () => Promise<T>, want: T, timeoutMs = 20_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const got = await read();
      if (Bun.deepEquals(got, want) || Date.now() > deadline) return got;
      await Bun.sleep(200);
    }
  }

  test("kafka-client-metrics.sh --alter, --describe, --list, --delete", async () => {
    expect((await cm("--list")).out).toEqual([]);
    const alter = await cm("--alter", "--name", "X", "--metrics", "org.apache.kafka.producer.", "--interval", "1000", "--match", "client_id=.*");
    expect([alter.exitCode, alter.out]).toEqual([0, ["Altered client metrics config for X."]]);
    const described = ["Client metrics configs for X are:", "interval.ms=1000", "match=client_id=.*", "metrics=org.apache.kafka.producer."];
    expect((await eventually(async () => (await cm("--describe", "--name", "X")).out, described))).toEqual(described);
    expect((await cm("--describe")).out).toEqual(described);
    expect((await cm("--list")).out).toEqual(["X"]);
    expect((await cm("--describe", "--name", "nosuch")).out).toEqual(["The client metric resource nosuch doesn't exist and doesn't have dynamic config."]);

    expect((await configs("--describe", "--entity-type", "client-metrics", "--entity-name", "X")).out).toEqual([
      "Dynamic configs for client-metric X are:",
      "interval.ms=1000 sensitive=false synonyms={DYNAMIC_CLIENT_METRICS_CONFIG:interval.ms=1000}",
      "match=client_id=.* sensitive=false synonyms={DYNAMIC_CLIENT_METRICS_CONFIG:match=client_id=.*}",
      "metrics=org.apache.kafka.producer. sensitive=false synonyms={DYNAMIC_CLIENT_METRICS_CONFIG:metrics=org.apache.kafka.producer.}",
    ]);
    expect((await configs("--describe", "--entity-type", "client-metrics", "--entity-name", "nosuch")).out).toEqual(["The client-metric 'nosuch' doesn't exist and doesn't have dynamic config."]);

    const del = await cm("--delete", "--name", "X");
    expect([del.exitCode, del.out]).toEqual([0, ["Deleted client metrics config for X."]]);
    expect(await eventually(async () => (await cm("--list")).out, [])).toEqual([]);
  }, 180_000);

  test("kafka-configs.sh --entity-type client-metrics: alter with Kafka's errors and stored forms, delete", async () => {
    const y = (...rest: string[]) => ["--entity-type", "client-metrics", "--entity-name", "Y", ...rest];
    const set = await configs("--alter", ...y("--add-config", "metrics=[ a. , b. ,a.],interval.ms=0200"));
    expect([set.exitCode, set.out]).toEqual([0, ["Completed updating config for client-metric Y."]]);
    const want = [
      "Dynamic configs for client-metric Y are:",
      "interval.ms=200 sensitive=false synonyms={DYNAMIC_CLIENT_METRICS_CONFIG:interval.ms=200}",
      "metrics=a.,b. sensitive=false synonyms={DYNAMIC_CLIENT_METRICS_CONFIG:metrics=a.,b.}",
    ];
    expect(await eventually(async () => (await configs("--describe", ...y())).out, want)).toEqual(want);
    const refused = async (kv: string) => {
      const r = await configs("--alter", ...y("--add-config", kv));
      return [r.exitCode, r.error];
    };
    expect(await refused("interval.ms=50")).toEqual([1, "org.apache.kafka.common.errors.InvalidRequestException: Invalid value 50 for interval.ms, interval must be between 100 and 3600000 (1 hour)"]);
    expect(await refused("bogus=1")).toEqual([1, "org.apache.kafka.common.errors.InvalidRequestException: Unknown client metrics configuration: bogus"]);
    expect(await refused("match=[foo=bar]")).toEqual([1, "org.apache.kafka.common.errors.InvalidConfigurationException: Illegal client matching pattern: foo=bar"]);
    expect(await refused("match=[client_id=(]")).toEqual([1, "org.apache.kafka.common.errors.InvalidConfigurationException: Illegal client matching pattern: client_id=("]);
    const nan = await refused("interval.ms=abc");
    expect(nan[0]).toBe(1);
    // Strand adds detail after Kafka's words (issue 19 item 11).
    expect(nan[1]).toStartWith("org.apache.kafka.common.errors.InvalidConfigurationException: Invalid value abc for configuration interval.ms: Not a number of type INT");
    expect((await configs("--alter", ...y("--delete-config", "metrics,interval.ms"))).out).toEqual(["Completed updating config for client-metric Y."]);
    const gone = ["The client-metric 'Y' doesn't exist and doesn't have dynamic config."];
    expect(await eventually(async () => (await configs("--describe", ...y())).out, gone)).toEqual(gone);
  }, 180_000);

  test("IncrementalAlterConfigs / DescribeConfigs / ListConfigResources on client-metrics resources", async () => {
    const c = await KafkaTestClient.connect(target.port);
    try {
      const inc = async (name: string, cfgs: Any[], validateOnly = false) =>
        ((await c.request(44, 1, { resources: [{ resourceType: 16, resourceName: name, configs: cfgs }], validateOnly })) as Any).responses.map((r: Any) => [r.errorCode, r.errorMessage]);
      const S = (name: string, value: string | null) => ({ name, configOperation: 0, value });
      expect(await inc("", [S("metrics", "a.")])).toEqual([[42, "Subscription name can't be empty"]]);
      expect(await inc("R", [{ name: "metrics", configOperation: 2, value: "b." }])).toEqual([[40, "Can't APPEND to key metrics because its type is not LIST."]]);
      expect(await inc("R", [S("metrics", null)])).toEqual([[42, "Null value not supported for : metrics"]]);
      expect(await inc("R", [S("metrics", "a"), S("metrics", "b")])).toEqual([[42, "Error due to duplicate config keys"]]);
      expect(await inc("R", [S("metrics", "a.,,b.")])).toEqual([[40, "Configuration 'metrics' values must not be empty."]]);
      expect(await inc("R", [S("match", "client_id=a=b")])).toEqual([[40, "Illegal client matching pattern: client_id=a=b"]]);
      expect(await inc("R", [S("interval.ms", "5"), S("match", "x=y")])).toEqual([[42, "Invalid value 5 for interval.ms, interval must be between 100 and 3600000 (1 hour)"]]);
      expect(await inc("V", [S("metrics", "x")], true)).toEqual([[0, null]]);
      expect(await inc("R", [S("metrics", "r."), S("match", " client_id = r.* ")])).toEqual([[0, null]]);

      const describe = async (name: string, keys: string[] | null = null) => {
        const d = (await c.request(32, 4, { resources: [{ resourceType: 16, resourceName: name, configurationKeys: keys }], includeSynonyms: true, includeDocumentation: true })) as Any;
        return d.results.map((r: Any) => [r.errorCode, r.errorMessage, r.configs.map((e: Any) => [e.name, e.value, e.configSource, e.readOnly, e.configType, e.documentation, e.synonyms.map((s: Any) => [s.name, s.value, s.source])])]);
      };
      const rDescribed = [[0, "", [
        ["interval.ms", "300000", 5, false, 3, "Metrics push interval in milliseconds", []],
        ["match", "client_id = r.*", 7, false, 7, "Client match criteria", [["match", "client_id = r.*", 7]]],
        ["metrics", "r.", 7, false, 7, "Telemetry metric name prefix list", [["metrics", "r.", 7]]],
      ]]];
      expect(await eventually(() => describe("R"), rDescribed)).toEqual(rDescribed);
      // A resource that does not exist (V was only validated) is described with the defaults.
      expect((await describe("V"))[0][2].map((e: Any) => [e[0], e[1], e[2]])).toEqual([["interval.ms", "300000", 5], ["match", "", 5], ["metrics", "", 5]]);
      expect((await describe("R", ["metrics", "bogus"]))[0][2].map((e: Any) => e[0])).toEqual(["metrics"]);
      expect((await describe(""))[0].slice(0, 2)).toEqual([42, "Client metrics subscription name must not be empty"]);

      const list = async (v: number, resourceTypes: number[]) => {
        const l = (await c.request(74, v, { resourceTypes })) as Any;
        return [l.errorCode, l.configResources.map((r: Any) => [r.resourceType, r.resourceName])];
      };
      expect(await list(1, [16])).toEqual([0, [[16, "R"]]]);
      expect(await list(0, [])).toEqual([0, [[16, "R"]]]);
      // Kafka lists types in its own order whatever the request's.
      expect(await list(1, [4, 16])).toEqual([0, [[16, "R"], [4, "1"]]]);
      expect(await inc("R", ["metrics", "match", "interval.ms"].map((name) => ({ name, configOperation: 1, value: null })))).toEqual([[0, null]]);
      expect(await eventually(() => list(1, [16]), [0, []])).toEqual([0, []]);
    } finally {
      c.close();
    }
  }, 60_000);

  test("GetTelemetrySubscriptions and PushTelemetry: matching, subscription id, throttling, errors", async () => {
    const c = await KafkaTestClient.connect(target.port);
    const other = await KafkaTestClient.connect(target.port);
    try {
      c.clientId = "probe-1";
      other.clientId = "other";
      await c.request(18, 3, { clientSoftwareName: "probe", clientSoftwareVersion: "1.0" });
      const set = async (name: string, kv: Record<string, string | null>) =>
        ((await c.request(44, 1, { resources: [{ resourceType: 16, resourceName: name, configs: Object.entries(kv).map(([k, v]) => ({ name: k, configOperation: v === null ? 1 : 0, value: v })) }], validateOnly: false })) as Any).responses[0].errorCode;
      const get = async (id: string, via = c) => (await via.request(71, 0, { clientInstanceId: id })) as Any;
      const push = async (p: Any) => ((await c.request(72, 0, { clientInstanceId: ZERO, subscriptionId: 0, terminating: false, compressionType: 0, metrics: new Uint8Array(0), ...p })) as Any).errorCode;

      // No subscription: no metrics, Kafka's default interval, and Kafka's id for "[]" + 300000.
      const none = await get(ZERO);
      expect([none.errorCode, none.requestedMetrics, none.pushIntervalMs, none.acceptedCompressionTypes, none.telemetryMaxBytes, none.deltaTemporality]).toEqual([0, [], 300_000, [4, 3, 1, 2], 1_048_576, true]);
      expect(none.clientInstanceId).not.toBe(ZERO);
      expect(none.subscriptionId).toBe(computeSubscriptionId([], 300_000, none.clientInstanceId));

      expect(await set("T", { metrics: "org.apache.kafka.producer.,org.apache.kafka.consumer.", "interval.ms": "100000", match: "client_id=probe-.*,client_software_name=probe" })).toBe(0);
      expect(await set("U", { metrics: "org.apache.kafka.client.", "interval.ms": "200000", match: "client_software_version=1\\..*" })).toBe(0);
      expect(await set("W", { metrics: "nomatch.", "interval.ms": "100", match: "client_id=zzz" })).toBe(0);
      const want = ["org.apache.kafka.producer.", "org.apache.kafka.consumer.", "org.apache.kafka.client."];
      // The subscriptions reach the broker's metadata cache shortly after the alter returns.
      let g = await get(ZERO);
      for (let i = 0; i < 100 && g.requestedMetrics.length < 3; i++) {
        await Bun.sleep(200);
        g = await get(ZERO);
      }
      // In Kafka's HashSet order; the id is Kafka's CRC of that set and the interval, xor the instance id.
      expect([g.errorCode, g.requestedMetrics, g.pushIntervalMs]).toEqual([0, want, 100_000]);
      expect(g.subscriptionId).toBe(computeSubscriptionId(want, 100_000, g.clientInstanceId));
      const o = await get(ZERO, other);
      expect([o.errorCode, o.requestedMetrics, o.pushIntervalMs]).toEqual([0, [], 300_000]);

      const id = g.clientInstanceId;
      expect((await get(id)).errorCode).toBe(89); // THROTTLING_QUOTA_EXCEEDED
      expect(await push({ clientInstanceId: id, subscriptionId: g.subscriptionId + 1 })).toBe(117); // UNKNOWN_SUBSCRIPTION_ID
      // After UNKNOWN_SUBSCRIPTION_ID a client may ask again at once.
      expect((await get(id)).errorCode).toBe(0);

      const gz = Bun.gzipSync(encodeOtlpMetrics([{ name: "org.apache.kafka.producer.record.send.rate", kind: "gauge", value: 2.5 }]));
      // Each error below on a fresh instance: the first push after GetTelemetrySubscriptions is never early.
      const fresh = async () => {
        const f = await get(ZERO);
        expect(f.errorCode).toBe(0);
        return { clientInstanceId: f.clientInstanceId, subscriptionId: f.subscriptionId };
      };
      expect(await push({ ...(await fresh()), compressionType: 9 })).toBe(76); // UNSUPPORTED_COMPRESSION_TYPE
      expect(await push({ ...(await fresh()), metrics: new Uint8Array(1_048_577) })).toBe(118); // TELEMETRY_TOO_LARGE
      expect(await push({ ...(await fresh()), compressionType: 1, metrics: gz.subarray(0, gz.length - 9) })).toBe(87); // INVALID_RECORD
      const ok = await fresh();
      expect(await push({ ...ok, compressionType: 1, metrics: gz })).toBe(0);
      expect(await push({ ...ok, compressionType: 1, metrics: gz })).toBe(89);
      expect(await push({ ...ok, compressionType: 1, metrics: gz, terminating: true })).toBe(0);
      expect(await push({ ...ok, compressionType: 1, metrics: gz, terminating: true })).toBe(42); // after terminating
      expect(await push({})).toBe(42); // the zero id
      expect(await push({ clientInstanceId: "AAAAAAAAAAAAAAAAAAAAAQ" })).toBe(42); // Uuid.ONE_UUID, reserved
      expect(await push({ clientInstanceId: "AAAAAAAAAAAAAAAAAAAABB", subscriptionId: 5 })).toBe(117);
      // A payload that decompresses but is not OTLP is accepted (Kafka hands it to its plugin as is).
      const junk = await fresh();
      expect(await push({ ...junk, metrics: new Uint8Array([1, 2, 3]) })).toBe(0);

      // A subscription change gives the instance its new subscription at once, not throttled.
      expect(await set("T", { "interval.ms": "50000" })).toBe(0);
      let changed = await get(ok.clientInstanceId);
      for (let i = 0; i < 100 && changed.errorCode === 89; i++) {
        await Bun.sleep(200);
        changed = await get(ok.clientInstanceId);
      }
      expect([changed.errorCode, changed.pushIntervalMs]).toEqual([0, 50_000]);
      expect(changed.subscriptionId).toBe(computeSubscriptionId(want, 50_000, ok.clientInstanceId));
      for (const n of ["T", "U", "W"]) expect(await set(n, { metrics: null, "interval.ms": null, match: null })).toBe(0);
    } finally {
      c.close();
      other.close();
    }
  }, 60_000);
});
