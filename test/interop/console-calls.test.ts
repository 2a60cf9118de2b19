// Issue 16 point 6: third-party consoles work on first contact. The admin calls that kafka-ui, AKHQ and
// Redpanda Console make on their overview pages (cluster, brokers, topics list/detail, consumer groups
// with lag) are replayed against Strand and against Apache Kafka 4.4.0, both started here (once each) on
// the same prepared state, and the answers are compared after normalising only what legitimately
// differs (console-calls-normalise.ts says what and why). Three clients do the calling:
//   - a Java AdminClient, kafka-clients 4.4.0 (test/interop/java/ConsoleCallsCommand.java, which also
//     prepares the state in ConsoleState.java and holds it while the others run);
//   - franz-go's kadm, as Redpanda Console calls it (test/interop/go/console.go);
//   - Kafka 4.4.0's kafka-consumer-groups.sh --describe --all-groups (the lag table operators read).
//
// What the consoles call (read from their sources):
// - kafka-ui (kafbat/kafka-ui, api/.../service/ReactiveAdminClient.java, StatisticsService, BrokerService,
//   ConsumerGroupService, TopicsService): describeCluster(includeAuthorizedOperations) for the overview;
//   describeConfigs(BROKER <controller id>) at connect, from which it reads inter.broker.protocol.version
//   (its version guess) and delete.topic.enable; describeLogDirs(all brokers) for sizes;
//   listTopics(listInternal) + describeTopics; describeConfigs(TOPIC, includeSynonyms, includeDocumentation)
//   per topic; listConsumerGroups + describeConsumerGroups + listConsumerGroupOffsets (all partitions or
//   chosen ones) + listOffsets(latest/earliest) for lag; listOffsets(maxTimestamp) and describeProducers on
//   the topic page; describeAcls(ANY) to decide whether ACLs are on (SecurityDisabledException: off);
//   describeClientQuotas; describeUserScramCredentials.
// - AKHQ (tchiotludo/akhq, src/main/java/org/akhq/modules/AbstractKafkaWrapper.java): describeCluster
//   (clusterId, nodes, controller); listTopics(listInternal).listings(); describeTopics(names).all();
//   a consumer's beginningOffsets/endOffsets (ListOffsets earliest/latest); listConsumerGroups().all();
//   describeConsumerGroups; listConsumerGroupOffsets(group); describeLogDirs(all nodes);
//   describeConfigs(BROKER/TOPIC names) without synonyms; describeAcls(filter).
// - Redpanda Console (redpanda-data/console, backend/pkg/console/cluster_info.go, overview_kafka.go,
//   consumer_group_overview.go, log_dir_broker.go, broker_config.go, topic_config.go; franz-go kadm):
//   Metadata; ApiVersions for its version label (kversion's VersionGuess); DescribeACLs(ANY);
//   DescribeLogDirs; DescribeConfigs per broker, for the cluster defaults and per topic; ListGroups,
//   DescribeGroups and kadm's Lag (OffsetFetch, ListOffsets start and end).
//
// Prepared state, the same on both brokers: console-orders (3 partitions; retention.ms, max.message.bytes,
// message.timestamp.type overrides) with 20/30/40 records of chosen timestamps, the largest in record 5;
// console-compacted (compact, min.cleanable.dirty.ratio, segment.bytes) with 6 records; console-txn with
// a committed, an aborted and an open transaction; console-group, a live classic member owning
// console-orders with half of each partition committed (lag = the other half); console-group-848, a live
// KIP-848 member; console-empty, an Empty group whose offsets an admin set.
//
// Differences this test found, fixed in Strand: DescribeLogDirs listed the metadata log
// (__cluster_metadata-0); DescribeConfigs on a broker listed cluster.id, which is no Kafka key;
// ConsumerGroupDescribe gave a member without a regex a null SubscribedTopicRegex where Kafka gives ""
// (and Strand wrote null where Kafka writes "" in the member's record, and would have replayed a Kafka
// log's "" as a subscribed regex ""). Left as
// they are, by design (console-calls-normalise.ts): the features Strand does not finalize, and the APIs
// it does not serve (share and streams groups), which also make
// Redpanda Console's version label read "at least v3.9" (before AlterClientQuotas was served: "between
// v2.5 and v2.6") where Kafka's reads "v4.4"; skipping those keys, kversion labels both v4.4.
//
// Measured 26-63 s on the shared 2-core machine (load average up to 26): two broker starts, two Java
// drivers, two kadm runs, two tool runs; the broker starts and the JVMs are most of it.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { ensureJavaClient, KAFKA_CLIENTS_VERSION } from "../support/clients/java.ts";
import type { JavaClient } from "../support/clients/java.ts";
import { probeInstall } from "../support/clients/cache.ts";
import { ensureGoClient } from "../support/clients/go.ts";
import { KAFKA_MAIN, probeKafkaDist, runKafkaClass } from "../support/kafka-dist.ts";
import { startKafka } from "../support/kafka-broker.ts";
import type { KafkaHandle } from "../support/kafka-broker.ts";
import { removeDataDir, startStrand } from "../support/strand.ts";
import type { StrandHandle } from "../support/strand.ts";
import { collect, eventOf } from "./driver-output.ts";
import { freshT0 } from "./spec.ts";
import { normaliseAnswers, NOT_SERVED_KEYS, STRAND_ONLY_KEYS } from "./console-calls-normalise.ts";
import type { Answers } from "./console-calls-normalise.ts";

const java = await probeInstall("kafka-clients", ensureJavaClient);
const goClient = await probeInstall("franz-go", ensureGoClient);
const dist = await probeKafkaDist();
const ready = java.ok && dist.ok;
if (!java.ok) console.warn(`[console-calls] skipped: ${java.reason}`);
if (!goClient.ok) console.warn(`[console-calls] kadm calls skipped: ${goClient.reason}`);
if (!dist.ok) console.warn(`[console-calls] skipped: ${dist.reason}`);

/** The topics ConsoleState.java creates. */
const TOPICS = ["console-orders", "console-compacted", "console-txn"];

/**
 * The settings Kafka's test broker runs with (test/support/kafka-broker.ts), given to Strand as well so
 * both brokers describe the same static configuration.
 */
const SHARED_OVERRIDES: Record<string, string | number | boolean> = {
  "node.id": 1,
  "process.roles": "broker,controller",
  "controller.listener.names": "CONTROLLER",
  "inter.broker.listener.name": "PLAINTEXT",
  "listener.security.protocol.map": "CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT",
  "num.partitions": 1,
  "offsets.topic.replication.factor": 1,
  "offsets.topic.num.partitions": 1,
  "transaction.state.log.replication.factor": 1,
  "transaction.state.log.min.isr": 1,
  "transaction.state.log.num.partitions": 1,
  "share.coordinator.state.topic.replication.factor": 1,
  "share.coordinator.state.topic.min.isr": 1,
  "group.initial.rebalance.delay.ms": 0,
  "auto.create.topics.enable": true,
};

describe.skipIf(!ready)(`console admin calls, Java kafka-clients ${KAFKA_CLIENTS_VERSION}: Strand vs Kafka 4.4.0`, () => {
  let strand: StrandHandle | undefined;
  let kafka: KafkaHandle | undefined;
  let client: JavaClient;
  let strandAnswers: Answers = {};
  let kafkaAnswers: Answers = {};
  const timings: Record<string, number> = {};

  /** The Java driver on one broker: prepares the state, replays the calls, then holds the state. */
  function startJava(name: string, bootstrap: string, t0: number): { answers: Promise<Answers>; release: () => Promise<void> } {
    const t = performance.now();
    const proc = client.spawn(["console-calls", "--bootstrap", bootstrap, "--t0", `${t0}`, "--hold", "true"], { stdin: "pipe" });
    let gotAnswers: (a: Answers) => void = () => {};
    const answers = new Promise<Answers>((resolve) => (gotAnswers = resolve));
    const done = collect(`java console-calls (${name})`, proc, {
      timeoutMs: 120_000,
      onEvent: (e) => {
        if (e.event !== "answers") return;
        console.log(`[console-calls] ${name}: java ${Math.round(performance.now() - t)} ms, phases ${JSON.stringify(e.phaseMs)}`);
        gotAnswers(e.calls as Answers);
      },
    });
    return {
      // A driver that exits before answering fails here with its output (DriverError or eventOf's
      // "no answers event"), not by waiting for the hook's timeout.
      answers: Promise.race([answers, done.then((r) => eventOf(r, "answers").calls as Answers)]),
      async release() {
        const sink = proc.stdin as import("bun").FileSink;
        sink.write("done\n");
        await sink.end();
        await done;
      },
    };
  }

  /** Redpanda Console's kadm calls, read-only, while the Java driver holds the state. */
  async function kadmCalls(name: string, bootstrap: string): Promise<Answers> {
    if (!goClient.ok) return {};
    const r = await collect(`kadm console-kadm (${name})`, goClient.value.spawn(["console-kadm", "--bootstrap", bootstrap, "--topics", TOPICS.join(","), "--skip-keys", NOT_SERVED_KEYS.join(",")]), { timeoutMs: 60_000 });
    const calls = eventOf(r, "answers").calls as Answers;
    return Object.fromEntries(Object.entries(calls).map(([k, v]) => [`kadm.${k}`, v]));
  }

  /**
   * kafka-consumer-groups.sh --describe --all-groups on the held state, as operators read lag (stdout as
   * the answer). kafka-get-offsets.sh --time -3 and kafka-log-dirs.sh --describe printed the same as on
   * Kafka when tried, but each JVM costs seconds; their calls are compared above (listOffsets.maxTimestamp,
   * describeLogDirs).
   */
  async function consumerGroupsTool(bootstrap: string): Promise<Answers> {
    const r = await runKafkaClass(KAFKA_MAIN.consumerGroups, ["--bootstrap-server", bootstrap, "--describe", "--all-groups"], { timeoutMs: 60_000 });
    return { "tool.kafka-consumer-groups.describe": r.exitCode === 0 ? r.stdout : { exitCode: r.exitCode, stderr: r.stderr.slice(-2000) } };
  }

  beforeAll(async () => {
    if (!java.ok) return;
    client = java.value;
    let t = performance.now();
    [strand, kafka] = await Promise.all([startStrand({ overrides: SHARED_OVERRIDES }), startKafka()]);
    timings.startMs = performance.now() - t;
    const t0 = freshT0();
    t = performance.now();
    const drivers = [startJava("strand", strand.bootstrap, t0), startJava("kafka", kafka.bootstrap, t0)];
    try {
      [strandAnswers, kafkaAnswers] = await Promise.all(drivers.map((d) => d.answers));
      timings.javaMs = performance.now() - t;
      t = performance.now();
      const [sk, kk] = await Promise.all([kadmCalls("strand", strand.bootstrap), kadmCalls("kafka", kafka.bootstrap)]);
      timings.kadmMs = performance.now() - t;
      t = performance.now();
      const [st, kt] = await Promise.all([consumerGroupsTool(strand.bootstrap), consumerGroupsTool(kafka.bootstrap)]);
      timings.toolsMs = performance.now() - t;
      strandAnswers = { ...strandAnswers, ...sk, ...st };
      kafkaAnswers = { ...kafkaAnswers, ...kk, ...kt };
    } finally {
      await Promise.all(drivers.map((d) => d.release().catch(() => {})));
    }
    if (process.env.STRAND_CONSOLE_CALLS_DUMP) {
      await Bun.write(process.env.STRAND_CONSOLE_CALLS_DUMP, JSON.stringify({ strand: strandAnswers, kafka: kafkaAnswers }, null, 1));
    }
  }, 240_000);

  afterAll(async () => {
    if (strand) {
      await strand.stop().catch(() => strand?.kill());
      removeDataDir(strand.dataDir);
    }
    await kafka?.remove();
    console.log(`[console-calls] ms: ${JSON.stringify(Object.fromEntries(Object.entries(timings).map(([k, v]) => [k, Math.round(v)])))}`);
  }, 120_000);

  test("every call answers on both brokers", () => {
    expect(Object.keys(strandAnswers).sort()).toEqual(Object.keys(kafkaAnswers).sort());
    expect(Object.keys(kafkaAnswers).length).toBeGreaterThan(30);
  });

  const CALLS = [
    "describeCluster",
    "describeConfigs.broker.synonyms",
    "describeConfigs.broker",
    "describeConfigs.topic.console-orders",
    "describeConfigs.topic.console-compacted",
    "describeConfigs.topic.documentation",
    "describeConfigs.topic.console-txn",
    "describeConfigs.topic.missing",
    "describeLogDirs",
    "listTopics",
    "listTopics.internal",
    "describeTopics",
    "describeTopics.missing",
    "listConsumerGroups",
    "listGroups",
    "describeConsumerGroups",
    "describeConsumerGroups.missing",
    "listOffsets.earliest",
    "listOffsets.latest",
    "listOffsets.maxTimestamp",
    "listOffsets.forTimestamp.t0+7500",
    "listOffsets.forTimestamp.future",
    "listOffsets.latest.readCommitted",
    "listConsumerGroupOffsets.console-group",
    "listConsumerGroupOffsets.console-group-848",
    "listConsumerGroupOffsets.console-empty",
    "listConsumerGroupOffsets.console-no-such-group",
    "listConsumerGroupOffsets.partitions",
    "describeProducers",
    "describeUserScramCredentials",
    "describeUserScramCredentials.missing",
    "listTransactions",
    "describeTransactions",
    "describeFeatures",
    "describeClientQuotas",
    "describeAcls",
  ];
  test.skipIf(!goClient.ok)("kadm ApiVersions: Kafka's ranges, less only the APIs Strand does not serve", () => {
    const s = strandAnswers["kadm.apiVersions"] as Record<string, [number, number]>;
    const k = kafkaAnswers["kadm.apiVersions"] as Record<string, [number, number]>;
    const strandLacks = Object.keys(k).filter((key) => !(key in s)).map(Number);
    expect(strandLacks.filter((key) => !NOT_SERVED_KEYS.includes(key))).toEqual([]);
    const common = (r: Record<string, [number, number]>) => Object.fromEntries(Object.entries(r).filter(([key]) => key in s && key in k));
    expect(common(s)).toEqual(common(k));
    expect(Object.keys(s).filter((key) => !(key in k)).map(Number)).toEqual([...STRAND_ONLY_KEYS]);
    // Redpanda Console's version label: printed for the report; the guess skipping NOT_SERVED_KEYS is compared below.
    const guess = (a: Answers) => JSON.stringify(a["kadm.versionGuess"]);
    console.log(`[console-calls] kversion guess: strand ${guess(strandAnswers)}, kafka ${guess(kafkaAnswers)}; Strand lacks ${strandLacks.join(",")}`);
    expect((kafkaAnswers["kadm.versionGuess"] as Record<string, { guess: string }>)["1"]!.guess).toBe("v4.4");
  });

  const KADM_CALLS = ["metadata", "versionGuess", "describeAllLogDirs", "listGroups", "describeGroups", "describeConsumerGroups", "lag", "listStartOffsets", "listEndOffsets",
    "describeBrokerConfigs", "describeClusterConfigs", "describeTopicConfigs", "describeACLs"];
  for (const call of KADM_CALLS) {
    test.skipIf(!goClient.ok)(`kadm ${call} (Redpanda Console): Strand answers as Kafka`, () => {
      const [s, k] = [normaliseAnswers(strandAnswers), normaliseAnswers(kafkaAnswers)];
      expect(k[`kadm.${call}`]).toBeDefined();
      expect(s[`kadm.${call}`]).toEqual(k[`kadm.${call}`]);
    });
  }

  test("kafka-consumer-groups.sh --describe --all-groups: Strand's output as Kafka's", () => {
    const [s, k] = [normaliseAnswers(strandAnswers), normaliseAnswers(kafkaAnswers)];
    expect(typeof k["tool.kafka-consumer-groups.describe"]).toBe("string");
    expect(s["tool.kafka-consumer-groups.describe"]).toEqual(k["tool.kafka-consumer-groups.describe"]);
  });

  for (const call of CALLS) {
    test(`${call}: Strand answers as Kafka`, () => {
      const [s, k] = [normaliseAnswers(strandAnswers), normaliseAnswers(kafkaAnswers)];
      expect(s[call]).toEqual(k[call]);
    });
  }
});
