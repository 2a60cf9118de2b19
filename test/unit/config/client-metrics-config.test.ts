// Client-metrics config validation and stored forms, with Kafka 4.4.0's texts (seen from a running
// Kafka 4.4.0, see test/interop/client-metrics.test.ts), and the match patterns' semantics.
import { describe, expect, test } from "bun:test";
import { describeClientMetricsConfigs, parseMatchingPatterns, subscriptionOf, validateClientMetricsConfigs } from "../../../src/config/client-metrics-config.ts";
import { validateClientMetricsAlter } from "../../../src/metadata/config-alter.ts";

const v = (name: string, kv: Record<string, string>) => {
  const r = validateClientMetricsConfigs(name, new Map(Object.entries(kv)));
  return r instanceof Map ? Object.fromEntries(r) : [r.errorCode, r.errorMessage];
};

describe("validateClientMetricsConfigs", () => {
  test("stored forms: ints re-serialized, lists trimmed and deduplicated", () => {
    expect(v("s", { "interval.ms": " +0200 ", metrics: " a. , b. ,a.", match: "client_id = x.* " })).toEqual({ metrics: "a.,b.", "interval.ms": "200", match: "client_id = x.*" });
    expect(v("s", { metrics: " ", match: "" })).toEqual({ metrics: "", match: "" });
  });

  test("errors in Kafka's order and words", () => {
    expect(v("", { metrics: "a" })).toEqual([42, "Subscription name can't be empty"]);
    expect(v("s", { "interval.ms": "abc", bogus: "1" })).toEqual([42, "Unknown client metrics configuration: bogus"]);
    expect(v("s", { metrics: "a.,,b." })).toEqual([40, "Configuration 'metrics' values must not be empty."]);
    expect(v("s", { match: "," })).toEqual([40, "Configuration 'match' values must not be empty."]);
    expect((v("s", { "interval.ms": "2e3" }) as unknown[])[1]).toStartWith("Invalid value 2e3 for configuration interval.ms: Not a number of type INT");
    expect((v("s", { "interval.ms": "99999999999" }) as unknown[])[0]).toBe(40);
    expect(v("s", { "interval.ms": "99", match: "x=y" })).toEqual([42, "Invalid value 99 for interval.ms, interval must be between 100 and 3600000 (1 hour)"]);
    expect(v("s", { "interval.ms": "3600001" })).toEqual([42, "Invalid value 3600001 for interval.ms, interval must be between 100 and 3600000 (1 hour)"]);
    expect(v("s", { "interval.ms": "100" })).toEqual({ "interval.ms": "100" });
    expect(v("s", { "interval.ms": "3600000" })).toEqual({ "interval.ms": "3600000" });
    for (const bad of ["foo=bar", "client_id", "client_id=", "client_id=a=b", "=x", "client_id=("]) {
      expect(v("s", { match: bad })).toEqual([40, `Illegal client matching pattern: ${bad}`]);
    }
  });

  test("match patterns: six parameters, whole-value regex, a later entry for a parameter wins", () => {
    const p = parseMatchingPatterns(["client_id=a.*", "client_software_version=4\\.4\\..*", "client_id=b.*"]);
    if (!(p instanceof Map)) throw new Error(p.errorMessage);
    expect([...p.keys()]).toEqual(["client_id", "client_software_version"]);
    expect(p.get("client_id")!.test("bx")).toBe(true);
    expect(p.get("client_id")!.test("ax")).toBe(false);
    expect(p.get("client_software_version")!.test("4.4.0")).toBe(true);
    expect(p.get("client_software_version")!.test("x4.4.0")).toBe(false);
    for (const param of ["client_instance_id", "client_source_address", "client_source_port", "client_software_name"]) {
      expect(parseMatchingPatterns([`${param}=.*`]) instanceof Map).toBe(true);
    }
  });

  test("subscriptionOf falls back to defaults for a stored value that no longer parses", () => {
    const s = subscriptionOf("s", new Map([["interval.ms", "x"], ["metrics", "a.,b."], ["match", "bad"]]));
    expect([s.intervalMs, s.metrics, s.match.size]).toEqual([300_000, ["a.", "b."], 0]);
  });

  test("DescribeConfigs: stored value (source 7, its own synonym) or default (source 5, none)", () => {
    const d = describeClientMetricsConfigs(new Map([["metrics", "a."]]), null, { includeSynonyms: true, includeDocumentation: false });
    expect(d.map((e) => [e.name, e.value, e.configSource, e.configType, e.synonyms.length, e.documentation])).toEqual([
      ["interval.ms", "300000", 5, 3, 0, null],
      ["match", "", 5, 7, 0, null],
      ["metrics", "a.", 7, 7, 1, null],
    ]);
  });
});

describe("validateClientMetricsAlter", () => {
  const cur = new Map([["metrics", "a."], ["interval.ms", "1000"]]);
  test("incremental: changes to write are the normalized result, removed keys deleted", () => {
    const r = validateClientMetricsAlter("s", [{ name: "interval.ms", value: null, op: "delete" }, { name: "match", value: " client_id=x ", op: "set" }], true, cur);
    expect(r).toEqual({ changes: [{ name: "metrics", value: "a.", op: "set" }, { name: "match", value: "client_id=x", op: "set" }, { name: "interval.ms", value: null, op: "delete" }] });
  });
  test("APPEND / SUBTRACT refused as Kafka refuses them; shape errors first", () => {
    expect(validateClientMetricsAlter("s", [{ name: "metrics", value: "b.", op: "append" }], true, cur)).toEqual({ errorCode: 40, errorMessage: "Can't APPEND to key metrics because its type is not LIST." });
    expect(validateClientMetricsAlter("", [{ name: "metrics", value: "b.", op: "set" }, { name: "metrics", value: "c.", op: "set" }], true, cur)).toEqual({ errorCode: 42, errorMessage: "Error due to duplicate config keys" });
  });
  test("legacy AlterConfigs replaces the resource", () => {
    const r = validateClientMetricsAlter("s", [{ name: "match", value: "client_id=x", op: "set" }], false, cur);
    expect(r).toEqual({ changes: [{ name: "match", value: "client_id=x", op: "set" }, { name: "metrics", value: null, op: "delete" }, { name: "interval.ms", value: null, op: "delete" }] });
  });
});
