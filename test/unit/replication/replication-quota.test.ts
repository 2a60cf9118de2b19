import { describe, expect, test } from "bun:test";
import { parseThrottledReplicas, ReplicationQuotaManager, SampledRate, shouldThrottle, UNLIMITED_RATE, type ReplicaQuota } from "../../../src/replication/replication-quota.ts";
import { throttledRateOf } from "../../../src/server/replication-quotas.ts";

function manager(opts: { rate?: number; replicas?: Record<string, string>; brokerId?: number } = {}) {
  let now = 1_000_000;
  let rate = opts.rate ?? UNLIMITED_RATE;
  const m = new ReplicationQuotaManager({
    replicationType: "leader",
    brokerId: opts.brokerId ?? 1,
    windowNum: 11,
    windowSizeMs: 1000,
    nowMs: () => now,
    rateBytesPerSec: () => rate,
    throttledReplicas: (t) => opts.replicas?.[t] ?? "",
  });
  return { m, advance: (ms: number) => (now += ms), setRate: (r: number) => (rate = r) };
}

describe("parseThrottledReplicas (Kafka's parseThrottledPartitions)", () => {
  test("empty, wildcard and the pairs naming this broker", () => {
    expect(parseThrottledReplicas("", 1)).toEqual(new Set());
    expect(parseThrottledReplicas(" * ", 1)).toBe("all");
    expect(parseThrottledReplicas("0:1,1:2,2:1", 1)).toEqual(new Set([0, 2]));
    expect(parseThrottledReplicas("0:1,1:2,2:1", 2)).toEqual(new Set([1]));
    expect(parseThrottledReplicas("0:1", 3)).toEqual(new Set());
  });
});

describe("SampledRate (Kafka's SimpleRate)", () => {
  test("a first burst is divided by one whole window, not the time since it started", () => {
    const r = new SampledRate(11, 1000);
    r.record(5000, 0);
    expect(r.measure(0)).toBe(5000);
    expect(r.measure(500)).toBe(5000);
    expect(r.measure(2000)).toBe(2500);
  });

  test("the rate over many windows, and samples older than the span forgotten", () => {
    const r = new SampledRate(11, 1000);
    for (let t = 0; t < 20_000; t += 100) r.record(100, t);
    // 1000 bytes/s recorded steadily: the measure stays close to it.
    const m = r.measure(20_000);
    expect(m).toBeGreaterThan(900);
    expect(m).toBeLessThan(1100);
    // Nothing recorded for the whole span (11 s): every sample is reset.
    expect(r.measure(20_000 + 11_000)).toBe(0);
  });
});

describe("ReplicationQuotaManager", () => {
  test("isThrottled follows the topic config as it changes", () => {
    const replicas: Record<string, string> = { a: "0:1,1:2" };
    const { m } = manager({ replicas });
    expect(m.isThrottled("a", 0)).toBe(true);
    expect(m.isThrottled("a", 1)).toBe(false);
    expect(m.isThrottled("b", 0)).toBe(false);
    replicas.a = "*";
    expect(m.isThrottled("a", 1)).toBe(true);
    replicas.a = "";
    expect(m.isThrottled("a", 0)).toBe(false);
  });

  test("exceeded once the measured rate is above the bound; under it again as time passes", () => {
    const { m, advance } = manager({ rate: 1000 });
    expect(m.isQuotaExceeded()).toBe(false);
    m.record(1000);
    expect(m.isQuotaExceeded()).toBe(false); // 1000 B over one window: at the bound, not above
    m.record(1);
    expect(m.isQuotaExceeded()).toBe(true);
    advance(1500);
    expect(m.isQuotaExceeded()).toBe(false); // 1001 B over 1.5 s
  });

  test("the default rate (Long.MAX) is never exceeded; a dynamic change applies at once", () => {
    const { m, setRate } = manager();
    m.record(1e12);
    expect(m.isQuotaExceeded()).toBe(false);
    setRate(100);
    expect(m.isQuotaExceeded()).toBe(true);
    setRate(UNLIMITED_RATE);
    expect(m.isQuotaExceeded()).toBe(false);
  });
});

describe("shouldThrottle (shouldLeaderThrottle / shouldFollowerThrottle)", () => {
  const quota = (throttled: boolean, exceeded: boolean): ReplicaQuota => ({ isThrottled: () => throttled, isQuotaExceeded: () => exceeded, record: () => undefined });
  test("only a replica out of sync, of a throttled partition, over the quota", () => {
    expect(shouldThrottle(quota(true, true), false, "t", 0)).toBe(true);
    expect(shouldThrottle(quota(true, true), true, "t", 0)).toBe(false);
    expect(shouldThrottle(quota(false, true), false, "t", 0)).toBe(false);
    expect(shouldThrottle(quota(true, false), false, "t", 0)).toBe(false);
  });
});

describe("throttledRateOf (Kafka's BrokerConfigHandler.getOrDefault)", () => {
  const image = (m: Record<string, Record<string, string>>) => ({ configs: new Map(Object.entries(m).map(([k, v]) => [k, new Map(Object.entries(v))])) });
  test("this broker's value, else the cluster default, else Long.MAX", () => {
    const key = "leader.replication.throttled.rate";
    expect(throttledRateOf(null, 1, key)).toBe(UNLIMITED_RATE);
    expect(throttledRateOf(image({ "broker:": { [key]: "500" } }), 1, key)).toBe(500);
    expect(throttledRateOf(image({ "broker:": { [key]: "500" }, "broker:1": { [key]: "700" } }), 1, key)).toBe(700);
    expect(throttledRateOf(image({ "broker:2": { [key]: "700" } }), 1, key)).toBe(UNLIMITED_RATE);
  });
});
