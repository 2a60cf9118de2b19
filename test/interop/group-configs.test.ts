// Issue 19 item 3 (GROUP resources): kafka-configs.sh --entity-type groups as against Kafka 4.4.0 —
// describe --all of a group that does not exist (every listed key at its broker default), alter with
// Kafka's validation errors (range, unknown key, type), delete, and the coordinator honouring
// consumer.heartbeat.interval.ms at the next heartbeat. Written once for both targets
// (STRAND_INTEROP_TARGET=kafka runs it against Kafka 4.4.0).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { KAFKA_MAIN, probeKafkaDist, runKafkaClass } from "../support/kafka-dist.ts";
import { startTarget } from "./target.ts";
import type { InteropTarget } from "./target.ts";
import { interopTarget } from "./targets.ts";

type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const dist = await probeKafkaDist();

const ALL_DEFAULTS = [
  "consumer.assignment.interval.ms=1000 sensitive=false synonyms={DEFAULT_CONFIG:group.consumer.assignment.interval.ms=1000}",
  "consumer.heartbeat.interval.ms=5000 sensitive=false synonyms={DEFAULT_CONFIG:group.consumer.heartbeat.interval.ms=5000}",
  "consumer.session.timeout.ms=45000 sensitive=false synonyms={DEFAULT_CONFIG:group.consumer.session.timeout.ms=45000}",
  "errors.deadletterqueue.copy.record.enable=false sensitive=false synonyms={DEFAULT_CONFIG:errors.deadletterqueue.copy.record.enable=false}",
  "errors.deadletterqueue.topic.name= sensitive=false synonyms={DEFAULT_CONFIG:errors.deadletterqueue.topic.name=}",
  "share.assignment.interval.ms=1000 sensitive=false synonyms={DEFAULT_CONFIG:group.share.assignment.interval.ms=1000}",
  "share.auto.offset.reset=latest sensitive=false synonyms={DEFAULT_CONFIG:share.auto.offset.reset=latest}",
  "share.delivery.count.limit=5 sensitive=false synonyms={DEFAULT_CONFIG:group.share.delivery.count.limit=5}",
  "share.heartbeat.interval.ms=5000 sensitive=false synonyms={DEFAULT_CONFIG:group.share.heartbeat.interval.ms=5000}",
  "share.isolation.level=read_uncommitted sensitive=false synonyms={DEFAULT_CONFIG:share.isolation.level=read_uncommitted}",
  "share.partition.max.record.locks=2000 sensitive=false synonyms={DEFAULT_CONFIG:group.share.partition.max.record.locks=2000}",
  "share.record.lock.duration.ms=30000 sensitive=false synonyms={DEFAULT_CONFIG:group.share.record.lock.duration.ms=30000}",
  "share.renew.acknowledge.enable=true sensitive=false synonyms={DEFAULT_CONFIG:share.renew.acknowledge.enable=true}",
  "share.session.timeout.ms=45000 sensitive=false synonyms={DEFAULT_CONFIG:group.share.session.timeout.ms=45000}",
  "streams.assignment.interval.ms=1000 sensitive=false synonyms={DEFAULT_CONFIG:group.streams.assignment.interval.ms=1000}",
  "streams.assignor.name=sticky sensitive=false synonyms={DEFAULT_CONFIG:group.streams.assignors=sticky}",
  "streams.heartbeat.interval.ms=5000 sensitive=false synonyms={DEFAULT_CONFIG:group.streams.heartbeat.interval.ms=5000}",
  "streams.initial.rebalance.delay.ms=3000 sensitive=false synonyms={DEFAULT_CONFIG:group.streams.initial.rebalance.delay.ms=3000}",
  "streams.num.standby.replicas=0 sensitive=false synonyms={DEFAULT_CONFIG:group.streams.num.standby.replicas=0}",
  "streams.rack.aware.assignment.tags= sensitive=false synonyms={DEFAULT_CONFIG:group.streams.rack.aware.assignment.tags=}",
  "streams.session.timeout.ms=45000 sensitive=false synonyms={DEFAULT_CONFIG:group.streams.session.timeout.ms=45000}",
];

describe.skipIf(!dist.ok)(`kafka-configs --entity-type groups vs ${interopTarget()}`, () => {
  let target: InteropTarget;

  beforeAll(async () => {
    target = await startTarget({ overrides: { "offsets.topic.num.partitions": 1 } });
  }, 120_000);

  afterAll(async () => {
    await target?.remove();
  }, 120_000);

  async function configs(args: string[]): Promise<{ exitCode: number; out: string[]; error: string }> {
    const r = await runKafkaClass(KAFKA_MAIN.configs, ["--bootstrap-server", target.bootstrap, ...args], { timeoutMs: 60_000 });
    const cause = (r.stdout + r.stderr).split("\n").find((l) => l.startsWith("java.util.concurrent.ExecutionException: ")) ?? "";
    return { exitCode: r.exitCode, out: r.stdout.trim().split("\n").map((l) => l.trim()), error: cause.replace("java.util.concurrent.ExecutionException: ", "") };
  }
  const group = (...rest: string[]) => ["--entity-type", "groups", "--entity-name", "gc", ...rest];

  test("describe, alter with Kafka's errors, delete", async () => {
    expect((await configs(["--describe", ...group()])).out).toEqual(["The group 'gc' doesn't exist and doesn't have dynamic config."]);
    expect((await configs(["--describe", ...group("--all")])).out).toEqual(["All configs for group gc are:", ...ALL_DEFAULTS]);
    const set = await configs(["--alter", ...group("--add-config", "consumer.session.timeout.ms=50000,consumer.heartbeat.interval.ms=6000")]);
    expect(set.out).toEqual(["Completed updating config for group gc."]);
    expect((await configs(["--describe", ...group()])).out).toEqual([
      "Dynamic configs for group gc are:",
      "consumer.heartbeat.interval.ms=6000 sensitive=false synonyms={DYNAMIC_GROUP_CONFIG:consumer.heartbeat.interval.ms=6000, DEFAULT_CONFIG:group.consumer.heartbeat.interval.ms=5000}",
      "consumer.session.timeout.ms=50000 sensitive=false synonyms={DYNAMIC_GROUP_CONFIG:consumer.session.timeout.ms=50000, DEFAULT_CONFIG:group.consumer.session.timeout.ms=45000}",
    ]);
    const refused = async (kv: string) => {
      const r = await configs(["--alter", ...group("--add-config", kv)]);
      return [r.exitCode, r.error];
    };
    expect(await refused("consumer.session.timeout.ms=1000")).toEqual([1, "org.apache.kafka.common.errors.InvalidConfigurationException: consumer.session.timeout.ms must be in the range 45000 to 60000 inclusive."]);
    expect(await refused("bogus.key=1")).toEqual([1, "org.apache.kafka.common.errors.InvalidConfigurationException: Unknown group config name: bogus.key"]);
    const notANumber = await refused("consumer.heartbeat.interval.ms=abc");
    expect(notANumber[0]).toBe(1);
    // Strand adds detail after Kafka's words (issue 19 item 11).
    expect(notANumber[1]).toStartWith("org.apache.kafka.common.errors.InvalidConfigurationException: Invalid value abc for configuration consumer.heartbeat.interval.ms: Not a number of type INT");
    expect((await configs(["--alter", ...group("--delete-config", "consumer.heartbeat.interval.ms")])).out).toEqual(["Completed updating config for group gc."]);
    expect((await configs(["--describe", ...group()])).out).toEqual([
      "Dynamic configs for group gc are:",
      "consumer.session.timeout.ms=50000 sensitive=false synonyms={DYNAMIC_GROUP_CONFIG:consumer.session.timeout.ms=50000, DEFAULT_CONFIG:group.consumer.session.timeout.ms=45000}",
    ]);
  }, 180_000);

  test("share-group configs (issue 17): share.* keys set, described and refused as Kafka", async () => {
    const gs = (...rest: string[]) => ["--entity-type", "groups", "--entity-name", "gs", ...rest];
    const set = await configs(["--alter", ...gs("--add-config", "share.record.lock.duration.ms=20000,share.auto.offset.reset=earliest,share.delivery.count.limit=3")]);
    expect(set.out).toEqual(["Completed updating config for group gs."]);
    expect((await configs(["--describe", ...gs()])).out).toEqual([
      "Dynamic configs for group gs are:",
      "share.auto.offset.reset=earliest sensitive=false synonyms={DYNAMIC_GROUP_CONFIG:share.auto.offset.reset=earliest, DEFAULT_CONFIG:share.auto.offset.reset=latest}",
      "share.delivery.count.limit=3 sensitive=false synonyms={DYNAMIC_GROUP_CONFIG:share.delivery.count.limit=3, DEFAULT_CONFIG:group.share.delivery.count.limit=5}",
      "share.record.lock.duration.ms=20000 sensitive=false synonyms={DYNAMIC_GROUP_CONFIG:share.record.lock.duration.ms=20000, DEFAULT_CONFIG:group.share.record.lock.duration.ms=30000}",
    ]);
    const refused = async (kv: string) => {
      const r = await configs(["--alter", ...gs("--add-config", kv)]);
      return [r.exitCode, r.error];
    };
    expect(await refused("share.record.lock.duration.ms=1000")).toEqual([1, "org.apache.kafka.common.errors.InvalidConfigurationException: share.record.lock.duration.ms must be in the range 15000 to 60000 inclusive."]);
    expect(await refused("share.isolation.level=sometimes")).toEqual([1, "org.apache.kafka.common.errors.InvalidConfigurationException: Invalid value sometimes for configuration share.isolation.level: String must be one of: read_committed, read_uncommitted"]);
    expect(await refused("share.auto.offset.reset=by_duration:forever")).toEqual([1, "org.apache.kafka.common.errors.InvalidConfigurationException: Invalid value by_duration:forever for configuration share.auto.offset.reset: Invalid value `by_duration:forever` for configuration share.auto.offset.reset. The value must be either 'earliest', 'latest' or of the format 'by_duration:<PnDTnHnMn.nS>'."]);
    expect(await refused("share.auto.offset.reset=sometimes")).toEqual([1, "org.apache.kafka.common.errors.InvalidConfigurationException: Invalid value sometimes for configuration share.auto.offset.reset: Invalid value `sometimes` for configuration share.auto.offset.reset. The value must be either 'earliest', 'latest' or of the format 'by_duration:<PnDTnHnMn.nS>'."]);
  }, 180_000);

  test("IncrementalAlterConfigs errors for group resources, and the coordinator's heartbeat interval", async () => {
    const c = await KafkaTestClient.connect(target.port);
    try {
      const a = (await c.request(44, 1, {
        resources: [
          { resourceType: 32, resourceName: "", configs: [{ name: "consumer.session.timeout.ms", configOperation: 0, value: "50000" }] },
          { resourceType: 32, resourceName: "gh", configs: [{ name: "consumer.heartbeat.interval.ms", configOperation: 0, value: "20000" }] },
        ],
        validateOnly: true,
      })) as Any;
      expect(a.responses.map((r: Any) => [r.errorCode, r.errorMessage])).toEqual([
        [42, "Default group resources are not allowed."],
        [40, "consumer.heartbeat.interval.ms must be in the range 5000 to 15000 inclusive."],
      ]);
      const created = (await c.request(19, 5, { topics: [{ name: "t-gc", numPartitions: 1, replicationFactor: 1, assignments: [], configs: [] }], timeoutMs: 10_000 })) as Any;
      expect(created.topics[0].errorCode).toBe(0);
      const hb = (over: Any) => ({ groupId: "gh", memberId: "m1", memberEpoch: 0, instanceId: null, rackId: null, rebalanceTimeoutMs: 30_000, subscribedTopicNames: ["t-gc"], subscribedTopicRegex: null, serverAssignor: null, topicPartitions: [], ...over });
      const deadline = Date.now() + 60_000;
      let joined: Any;
      for (;;) {
        const f = (await c.request(10, 4, { key: "", keyType: 0, coordinatorKeys: ["gh"] })) as Any;
        if (f.coordinators[0].errorCode === 0) {
          joined = (await c.request(68, 1, hb({}))) as Any;
          if (joined.errorCode === 0) break;
        }
        if (Date.now() > deadline) throw new Error("group coordinator not ready within 60 s");
        await Bun.sleep(100);
      }
      expect(joined.heartbeatIntervalMs).toBe(5000);
      const set = (await c.request(44, 1, { resources: [{ resourceType: 32, resourceName: "gh", configs: [{ name: "consumer.heartbeat.interval.ms", configOperation: 0, value: "7000" }] }], validateOnly: false })) as Any;
      expect(set.responses[0].errorCode).toBe(0);
      const next = (await c.request(68, 1, hb({ memberEpoch: joined.memberEpoch, rebalanceTimeoutMs: -1, subscribedTopicNames: null, topicPartitions: null }))) as Any;
      expect([next.errorCode, next.heartbeatIntervalMs]).toEqual([0, 7000]);
      const d = (await c.request(32, 4, { resources: [{ resourceType: 32, resourceName: "gh", configurationKeys: ["consumer.heartbeat.interval.ms"] }], includeSynonyms: true, includeDocumentation: false })) as Any;
      expect(d.results[0].configs.map((e: Any) => [e.name, e.value, e.configSource, e.readOnly, e.configType])).toEqual([["consumer.heartbeat.interval.ms", "7000", 8, false, 3]]);
    } finally {
      c.close();
    }
  }, 120_000);
});

describe.skipIf(!dist.ok)(`ListConfigResources vs ${interopTarget()}`, () => {
  let target: InteropTarget;

  beforeAll(async () => {
    target = await startTarget();
  }, 120_000);

  afterAll(async () => {
    await target?.remove();
  }, 120_000);

  test("every asked type as Kafka 4.4.0 lists it; an unknown type is UNSUPPORTED_VERSION", async () => {
    const c = await KafkaTestClient.connect(target.port);
    try {
      const t = (await c.request(19, 5, { topics: [{ name: "t74", numPartitions: 1, replicationFactor: 1, assignments: [], configs: [] }], timeoutMs: 10_000 })) as Any;
      expect(t.topics[0].errorCode).toBe(0);
      const a = (await c.request(44, 1, { resources: [{ resourceType: 32, resourceName: "gx", configs: [{ name: "consumer.heartbeat.interval.ms", configOperation: 0, value: "7000" }] }], validateOnly: false })) as Any;
      expect(a.responses[0].errorCode).toBe(0);
      const list = async (v: number, resourceTypes: number[]) => {
        const r = (await c.request(74, v, { resourceTypes })) as Any;
        return [r.errorCode, r.configResources.map((x: Any) => `${x.resourceType}:${x.resourceName}`).sort()];
      };
      // The config record reaches Kafka's broker shortly after the controller commits it.
      const deadline = Date.now() + 15_000;
      while (!(await list(1, [32]))[1].includes("32:gx")) {
        if (Date.now() > deadline) throw new Error("group gx not listed within 15 s");
        await Bun.sleep(100);
      }
      expect(await list(1, [])).toEqual([0, ["2:t74", "32:gx", "4:1", "8:1"]]);
      expect(await list(1, [32])).toEqual([0, ["32:gx"]]);
      expect(await list(1, [2, 4])).toEqual([0, ["2:t74", "4:1"]]);
      expect(await list(1, [99])).toEqual([35, []]);
      expect(await list(0, [])).toEqual([0, []]);
    } finally {
      c.close();
    }
  }, 60_000);
});
