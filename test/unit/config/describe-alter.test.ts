import { describe, expect, test } from "bun:test";
import { ErrorCode } from "../../../src/protocol/errors.ts";
import { describeBrokerConfigs, describeTopicConfigs } from "../../../src/config/describe.ts";
import { applyChanges, validateBrokerAlter, validateTopicAlter } from "../../../src/metadata/config-alter.ts";
import { runAlterConfigs } from "../../../src/metadata/config-alter-run.ts";
import type { BrokerLayers } from "../../../src/config/topic-config.ts";
import type { MetadataImage } from "../../../src/metadata/image.ts";
import type { MetadataLayer } from "../../../src/metadata/layer.ts";

const layers = (staticConfig: Record<string, string> = {}, dynamicDefault: Record<string, string> = {}, dynamicBroker: Record<string, string> = {}): BrokerLayers => ({
  staticConfig: new Map(Object.entries(staticConfig)),
  dynamicDefault: new Map(Object.entries(dynamicDefault)),
  dynamicBroker: new Map(Object.entries(dynamicBroker)),
});
const syn = { includeSynonyms: true, includeDocumentation: false };

describe("describe", () => {
  test("topic: the answer Kafka 4.4.0 gave for retention.ms after a dynamic default (probe of a real broker)", () => {
    const [r] = describeTopicConfigs(layers({ "log.retention.minutes": "300" }, { "log.retention.ms": "77777" }), new Map([["retention.ms", "9000"]]), ["retention.ms"], syn);
    expect(r).toMatchObject({ name: "retention.ms", value: "9000", configSource: 1, readOnly: false, configType: 5 });
    expect(r!.synonyms).toEqual([
      { name: "retention.ms", value: "9000", source: 1 },
      { name: "log.retention.ms", value: "77777", source: 3 },
      { name: "log.retention.minutes", value: "300", source: 4 },
      { name: "log.retention.hours", value: "168", source: 5 },
    ]);
  });
  test("broker: values, read-only flags, family synonyms, passwords hidden, 350+ keys", () => {
    const all = describeBrokerConfigs(layers({ "log.retention.minutes": "300", "node.id": "1", "ssl.keystore.password": "secret" }), null, { ...syn, perBroker: true });
    expect(all.length).toBeGreaterThanOrEqual(350);
    const by = (n: string) => all.find((c) => c.name === n)!;
    expect(by("log.retention.minutes")).toMatchObject({ value: "300", configSource: 4, readOnly: true, configType: 3 });
    expect(by("log.retention.minutes").synonyms).toEqual([{ name: "log.retention.minutes", value: "300", source: 4 }, { name: "log.retention.hours", value: "168", source: 5 }]);
    expect(by("log.retention.ms")).toMatchObject({ value: null, configSource: 5, readOnly: false, synonyms: [] });
    expect(by("log.retention.hours").synonyms).toEqual([{ name: "log.retention.hours", value: "168", source: 5 }]);
    expect(by("ssl.keystore.password")).toMatchObject({ value: null, isSensitive: true, configType: 9 });
    expect(by("ssl.keystore.password").synonyms.every((s) => s.value === null)).toBe(true);
    expect(all.find((c) => c.name === "inter.broker.protocol.version")).toBeUndefined();
  });
  test("cluster default lists only dynamic defaults, without the per-broker layer", () => {
    const all = describeBrokerConfigs(layers({}, { "log.retention.ms": "5" }, { "log.retention.ms": "6" }), null, { ...syn, perBroker: false });
    expect(all.map((c) => [c.name, c.value, c.configSource])).toEqual([["log.retention.ms", "5", 3]]);
  });
});

describe("alter validation", () => {
  test("append and subtract start from the default", () => {
    expect(applyChanges(new Map(), [{ name: "cleanup.policy", value: "compact", op: "append" }], true, () => "delete").get("cleanup.policy")).toBe("delete,compact");
    expect(applyChanges(new Map([["cleanup.policy", "delete,compact"]]), [{ name: "cleanup.policy", value: "delete", op: "subtract" }], true, () => null).get("cleanup.policy")).toBe("compact");
  });
  test("topic errors as Kafka 4.4.0 answers them", () => {
    const ctx = { exists: true, current: new Map<string, string>() };
    expect(validateTopicAlter("bad/name", [], true, ctx)!.errorCode).toBe(ErrorCode.INVALID_TOPIC_EXCEPTION);
    expect(validateTopicAlter("nope", [{ name: "retention.ms", value: "1", op: "set" }], true, { ...ctx, exists: false })).toEqual({ errorCode: ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, errorMessage: "The topic 'nope' does not exist." });
    expect(validateTopicAlter("nope", [{ name: "foo", value: "1", op: "set" }], true, { ...ctx, exists: false })).toEqual({ errorCode: ErrorCode.INVALID_CONFIG, errorMessage: "Unknown topic config name: foo" });
    expect(validateTopicAlter("t", [{ name: "retention.ms", value: "1", op: "append" }], true, ctx)!.errorMessage).toBe("Can't APPEND to key retention.ms because its type is not LIST.");
    expect(validateTopicAlter("t", [{ name: "retention.ms", value: "1", op: "set" }, { name: "retention.ms", value: "2", op: "set" }], true, ctx)!.errorMessage).toBe("Error due to duplicate config keys");
    expect(validateTopicAlter("t", [{ name: "retention.ms", value: null, op: "set" }], true, ctx)!.errorMessage).toBe("Null value not supported for : retention.ms");
    expect(validateTopicAlter("t", [{ name: "cleanup.policy", value: "bogus", op: "append" }], true, ctx)!.errorCode).toBe(ErrorCode.INVALID_CONFIG);
    expect(validateTopicAlter("t", [{ name: "foo", value: null, op: "delete" }], true, ctx)).toBeNull();
  });
  test("broker errors as Kafka 4.4.0 answers them", () => {
    const ctx = { nodeId: 1, current: new Map<string, string>() };
    expect(validateBrokerAlter("2", [], true, ctx)!.errorMessage).toBe("Unexpected broker id, expected 1, but received 2");
    expect(validateBrokerAlter("1", [{ name: "log.dirs", value: "/x", op: "set" }], true, ctx)).toEqual({ errorCode: ErrorCode.INVALID_REQUEST, errorMessage: "Cannot update these configs dynamically: [log.dirs]" });
    expect(validateBrokerAlter("1", [{ name: "log.retention.ms", value: "abc", op: "set" }], true, ctx)!.errorCode).toBe(ErrorCode.INVALID_REQUEST);
    expect(validateBrokerAlter("1", [{ name: "foo.bar", value: "1", op: "set" }], true, ctx)).toBeNull();
    expect(validateBrokerAlter("", [{ name: "listeners", value: "PLAINTEXT://:1", op: "set" }], true, ctx)!.errorCode).toBe(ErrorCode.INVALID_REQUEST);
    expect(validateBrokerAlter("", [{ name: "log.retention.ms", value: "1000", op: "set" }], true, ctx)).toBeNull();
  });
});

describe("runAlterConfigs with a fake metadata layer", () => {
  const image = { topicsByName: new Map([["t", {}]]), configs: new Map() } as unknown as MetadataImage;
  const calls: unknown[] = [];
  const metadata = {
    image,
    alterConfigs: async (resources: Array<{ resourceType: string; resourceName: string }>, opts: unknown) => {
      calls.push({ resources, opts });
      return resources.map((r) => ({ resourceType: r.resourceType, resourceName: r.resourceName, errorCode: 0, errorMessage: null }));
    },
  } as unknown as MetadataLayer;
  test("only valid resources reach the metadata layer; results keep the request's order", async () => {
    const out = await runAlterConfigs({ nodeId: 1, metadata }, [
      { resourceType: 2, resourceName: "t", changes: [{ name: "retention.ms", value: "5000", op: "set" }] },
      { resourceType: 2, resourceName: "nope", changes: [{ name: "retention.ms", value: "5000", op: "set" }] },
      { resourceType: 99, resourceName: "x", changes: [] },
      { resourceType: 4, resourceName: "1", changes: [null] },
      { resourceType: 8, resourceName: "1", changes: [{ name: "root", value: "DEBUG", op: "set" }] },
    ], { validateOnly: true, incremental: true });
    expect(out.map((o) => o.errorCode)).toEqual([0, ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, ErrorCode.INVALID_REQUEST, ErrorCode.UNKNOWN_SERVER_ERROR, 0]);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ opts: { validateOnly: true, incremental: true }, resources: [{ resourceType: "topic", resourceName: "t" }] });
  });
  test("a resource named twice fails both times", async () => {
    const out = await runAlterConfigs({ nodeId: 1, metadata }, [
      { resourceType: 2, resourceName: "t", changes: [] },
      { resourceType: 2, resourceName: "t", changes: [] },
    ], { validateOnly: false, incremental: true });
    expect(out.map((o) => o.errorMessage)).toEqual(["Each resource must appear at most once.", "Each resource must appear at most once."]);
  });
});
