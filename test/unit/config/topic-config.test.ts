import { describe, expect, test } from "bun:test";
import { ErrorCode } from "../../../src/protocol/errors.ts";
import { makeLogConfig } from "../../../src/storage/log-config.ts";
import { BROKER_CONFIG_DEFS, ACCEPTED_KEYS } from "../../../src/config/broker-defs.ts";
import { checkValue } from "../../../src/config/def.ts";
import { TOPIC_CONFIG_DEFS, DESCRIBED_TOPIC_KEYS } from "../../../src/config/topic-defs.ts";
import { brokerDef } from "../../../src/config/broker-keys.ts";
import { effectiveTopicConfig, logConfigFor, resolveTopicKey, validateTopicConfigs, type BrokerLayers } from "../../../src/config/topic-config.ts";
import { TOPIC_DEFS_BY_NAME } from "../../../src/config/topic-defs.ts";

const layers = (staticConfig: Record<string, string> = {}, dynamicDefault: Record<string, string> = {}, dynamicBroker: Record<string, string> = {}): BrokerLayers => ({
  staticConfig: new Map(Object.entries(staticConfig)),
  dynamicDefault: new Map(Object.entries(dynamicDefault)),
  dynamicBroker: new Map(Object.entries(dynamicBroker)),
});
const def = (n: string) => TOPIC_DEFS_BY_NAME.get(n)!;

describe("topic config definitions", () => {
  test("every default parses and passes its own validator", () => {
    for (const d of TOPIC_CONFIG_DEFS) if (d.default !== null) expect(() => checkValue(d, d.default!)).not.toThrow();
  });
  test("every broker synonym is a known broker key with a valid default", () => {
    for (const d of TOPIC_CONFIG_DEFS) {
      for (const s of d.synonyms) {
        const b = brokerDef(s.name);
        expect(b, `${d.name} <- ${s.name}`).toBeDefined();
        if (b!.default !== null) expect(() => checkValue(b!, b!.default!)).not.toThrow();
      }
    }
  });
  test("Kafka 4.4.0's 37 described topic keys", () => {
    expect(DESCRIBED_TOPIC_KEYS.length).toBe(37);
    expect(DESCRIBED_TOPIC_KEYS).toContain("retention.ms");
    expect(DESCRIBED_TOPIC_KEYS).not.toContain("internal.segment.bytes");
  });
  test("broker defaults parse, and topic-synonym broker keys are typed, not merely accepted", () => {
    for (const d of BROKER_CONFIG_DEFS) if (d.default !== null) expect(() => checkValue(d, d.default!)).not.toThrow();
    const names = new Set(BROKER_CONFIG_DEFS.map((d) => d.name));
    for (const k of ["log.cleaner.delete.retention.ms", "log.preallocate", "log.flush.scheduler.interval.ms", "num.recovery.threads.per.data.dir", "compression.zstd.level"]) {
      expect(names.has(k)).toBe(true);
      expect(ACCEPTED_KEYS.has(k)).toBe(false);
    }
    // The cleaner's and the replica fetcher's own keys are typed now that they act on them; replica.selector.class (KIP-392, left out) is still only accepted.
    expect(names.has("log.cleaner.threads")).toBe(true);
    expect(ACCEPTED_KEYS.has("log.cleaner.threads")).toBe(false);
    expect(names.has("num.replica.fetchers")).toBe(true);
    expect(ACCEPTED_KEYS.has("num.replica.fetchers")).toBe(false);
    expect(names.has("replica.selector.class")).toBe(true); // typed: KIP-392 serves Kafka's two selectors
  });
});

describe("validateTopicConfigs", () => {
  const bad = (pairs: Array<[string, string | null]>) => {
    const r = validateTopicConfigs(pairs.map(([name, value]) => ({ name, value })));
    if (r.ok) throw new Error("expected a failure");
    expect(r.errorCode).toBe(ErrorCode.INVALID_CONFIG);
    return r.message;
  };
  test("accepts what Kafka 4.4.0 accepts", () => {
    const r = validateTopicConfigs([
      { name: "cleanup.policy", value: "compact, delete" },
      { name: "preallocate", value: "TRUE" },
      { name: "retention.ms", value: " 5 " },
      { name: "compression.gzip.level", value: "-1" },
      { name: "leader.replication.throttled.replicas", value: "0:1,1:2" },
      { name: "follower.replication.throttled.replicas", value: "*" },
      { name: "retention.bytes", value: "-5" },
      { name: "cleanup.policy", value: "" },
      { name: "internal.segment.bytes", value: "100" },
    ]);
    expect(r.ok).toBe(true);
  });
  test("refuses what Kafka 4.4.0 refuses, naming key, value and what is allowed", () => {
    expect(bad([["foo.bar", "1"]])).toBe("Unknown topic config name: foo.bar");
    expect(bad([["segment.bytes", "1000"]])).toBe("Invalid value 1000 for configuration segment.bytes: Value must be at least 1048576");
    expect(bad([["cleanup.policy", "Delete"]])).toContain("cleanup.policy");
    expect(bad([["compression.type", "GZIP"]])).toContain("String must be one of: uncompressed, zstd, lz4, snappy, gzip, producer");
    expect(bad([["message.timestamp.type", "createtime"]])).toContain("CreateTime, LogAppendTime");
    expect(bad([["preallocate", "yes"]])).toContain("true or false");
    expect(bad([["retention.ms", "-2"]])).toContain("at least -1");
    expect(bad([["retention.ms", "99999999999999999999"]])).toContain("retention.ms");
    expect(bad([["min.cleanable.dirty.ratio", "1.5"]])).toContain("between 0 and 1");
    expect(bad([["compression.gzip.level", "0"]])).toContain("between 1 and 9 or equal to -1");
    expect(bad([["leader.replication.throttled.replicas", "x"]])).toContain("'*'");
    expect(bad([["segment.ms", "0"]])).toContain("at least 1");
    expect(bad([["local.retention.ms", "-3"]])).toContain("at least -2");
    expect(bad([["min.insync.replicas", "0"]])).toContain("at least 1");
    expect(bad([["flush.ms", ""]])).toContain("flush.ms");
    expect(bad([["retention.ms", null]])).toBe("Null value not supported for topic configs: retention.ms");
    expect(bad([["min.compaction.lag.ms", "10"], ["max.compaction.lag.ms", "5"]])).toContain("min.compaction.lag.ms (10) > max.compaction.lag.ms (5)");
    expect(bad([["remote.storage.enable", "true"]])).toContain("Tiered Storage");
  });
  test("the reasons are Kafka 4.4.0's ConfigDef texts, Strand's detail after them in parentheses", () => {
    const reason = (k: string, v: string) => bad([[k, v]])!.replace(/^Invalid value .*? for configuration [a-z.]+: /, "");
    expect(reason("retention.ms", "abc")).toBe("Not a number of type LONG (expected a whole number)");
    expect(reason("retention.ms", "99999999999999999999")).toBe("Not a number of type LONG (a whole number between -9223372036854775808 and 9223372036854775807)");
    expect(reason("segment.bytes", "1.5")).toBe("Not a number of type INT (expected a whole number)");
    expect(reason("segment.bytes", "3000000000")).toBe("Not a number of type INT (a whole number between -2147483648 and 2147483647)");
    expect(reason("min.cleanable.dirty.ratio", "half")).toBe("Not a number of type DOUBLE");
    expect(reason("min.cleanable.dirty.ratio", "1.5")).toBe("Value must be no more than 1 (between 0 and 1)");
    expect(reason("min.cleanable.dirty.ratio", "-1")).toBe("Value must be at least 0 (between 0 and 1)");
    expect(reason("preallocate", "yes")).toBe("Expected value to be either true or false");
    expect(reason("message.timestamp.type", "createtime")).toBe("String must be one of: CreateTime, LogAppendTime");
    expect(reason("cleanup.policy", "Delete")).toBe("String must be one of: compact, delete");
    expect(bad([["leader.replication.throttled.replicas", "0:1,x"]])).toStartWith("Invalid value [0:1, x] for configuration leader.replication.throttled.replicas: ");
    expect(bad([["cleanup.policy", "compact,Delete"]])).toBe("Invalid value Delete for configuration cleanup.policy: String must be one of: compact, delete");
    expect(reason("compression.gzip.level", "0")).toBe("Value must be between 1 and 9 or equal to -1");
    expect(reason("leader.replication.throttled.replicas", "x")).toBe(
      "leader.replication.throttled.replicas must be the literal '*' or a list of replicas in the following format: [partitionId]:[brokerId],[partitionId]:[brokerId],...",
    );
  });
});

describe("effective topic config", () => {
  test("defaults: retention.ms comes from log.retention.hours' default; no synonyms until log.retention.ms is set (as Kafka 4.4.0)", () => {
    const r = resolveTopicKey(def("retention.ms"), layers(), new Map());
    expect(r.value).toBe("604800000");
    expect(r.source).toBe("DEFAULT_CONFIG");
    expect(r.synonyms).toEqual([]);
    const m = resolveTopicKey(def("max.message.bytes"), layers(), new Map());
    expect(m.synonyms).toEqual([{ name: "message.max.bytes", value: "1048588", source: "DEFAULT_CONFIG" }]);
  });
  test("static minutes beat default hours; a dynamic default beats both; the topic override beats all", () => {
    let r = resolveTopicKey(def("retention.ms"), layers({ "log.retention.minutes": "5" }), new Map());
    expect([r.value, r.source]).toEqual(["300000", "DEFAULT_CONFIG"]); // Kafka 4.4.0 reports it so
    r = resolveTopicKey(def("retention.ms"), layers({ "log.retention.minutes": "5" }, { "log.retention.ms": "1234" }), new Map());
    expect([r.value, r.source]).toEqual(["1234", "DYNAMIC_DEFAULT_BROKER_CONFIG"]);
    r = resolveTopicKey(def("retention.ms"), layers({ "log.retention.minutes": "5" }, { "log.retention.ms": "1234" }, { "log.retention.ms": "999" }), new Map([["retention.ms", "42"]]));
    expect([r.value, r.source]).toEqual(["42", "DYNAMIC_TOPIC_CONFIG"]);
    expect(r.synonyms.map((s) => `${s.name}:${s.source}`)).toEqual([
      "retention.ms:DYNAMIC_TOPIC_CONFIG",
      "log.retention.ms:DYNAMIC_BROKER_CONFIG",
      "log.retention.ms:DYNAMIC_DEFAULT_BROKER_CONFIG",
      "log.retention.minutes:STATIC_BROKER_CONFIG",
      "log.retention.hours:DEFAULT_CONFIG",
    ]);
  });
  test("negative hours mean unlimited; keys without synonyms report their own default", () => {
    expect(resolveTopicKey(def("retention.ms"), layers({ "log.retention.hours": "-1" }), new Map()).value).toBe("-1");
    const r = resolveTopicKey(def("leader.replication.throttled.replicas"), layers(), new Map());
    expect([r.value, r.source, r.synonyms.length]).toEqual(["", "DEFAULT_CONFIG", 0]);
  });
  test("flush.ms falls back to log.flush.scheduler.interval.ms", () => {
    const r = resolveTopicKey(def("flush.ms"), layers({ "log.flush.scheduler.interval.ms": "2000" }), new Map());
    expect([r.value, r.source, r.synonyms.length]).toEqual(["2000", "DEFAULT_CONFIG", 0]); // as Kafka 4.4.0 reports it
  });
  test("effectiveTopicConfig lists every described key", () => {
    const all = effectiveTopicConfig(layers({ "message.max.bytes": "2000000" }), new Map([["cleanup.policy", "compact"]]));
    expect([...all.keys()]).toEqual([...DESCRIBED_TOPIC_KEYS]);
    expect(all.get("max.message.bytes")!.value).toBe("2000000");
    expect(all.get("cleanup.policy")!.source).toBe("DYNAMIC_TOPIC_CONFIG");
  });
});

describe("logConfigFor", () => {
  test("defaults match storage's defaults", () => {
    expect(logConfigFor(layers(), new Map())).toEqual(makeLogConfig());
  });
  test("overrides, broker synonyms and the Strand fsync knob map onto LogConfig", () => {
    const c = logConfigFor(
      layers({ "log.segment.bytes": "2097152", "log.roll.hours": "1", "strand.log.fsync.before.ack": "true", "log.flush.interval.messages": "10" }),
      new Map([["retention.bytes", "5000"], ["message.timestamp.type", "LogAppendTime"], ["flush.ms", "100"], ["max.message.bytes", "500"]]),
    );
    expect(c).toMatchObject({ segmentBytes: 2097152, segmentMs: 3600000, retentionBytes: 5000, timestampType: "LogAppendTime", flushMs: 100, flushMessages: 10, maxMessageBytes: 500, fsyncBeforeAck: true });
    expect(() => makeLogConfig(c)).not.toThrow();
  });
  test("internal.segment.bytes allows tests small segments, as in Kafka", () => {
    expect(logConfigFor(layers(), new Map([["internal.segment.bytes", "4096"]])).segmentBytes).toBe(4096);
  });
});
