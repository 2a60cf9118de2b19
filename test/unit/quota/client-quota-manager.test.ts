// The client quota math (Kafka's Rate, QuotaUtils.throttleTime) and ClientQuotaManager's choice among
// the 8 quota levels: which bound applies to a (user, client-id), which clients share a sensor, the
// resolution cache dropped when the image's quotas change, getMaxValueInQuotaWindow, a throttled
// fetch's unrecord, the controller mutation token bucket (strict and permissive), and a producer
// simulated against the quota converging to its bound. Time is a
// hand-moved clock; the simulation's request sizes come from a seeded generator (seed printed).
import { expect, test } from "bun:test";
import { entityKey } from "../../../src/metadata/client-quota-control.ts";
import { emptyImage } from "../../../src/metadata/image-builder.ts";
import type { ClientQuotaImage, MetadataImage } from "../../../src/metadata/image.ts";
import { ClientQuotaManager } from "../../../src/server/quota/client-quota-manager.ts";
import { QuotaRate, recordAndThrottleMs } from "../../../src/server/quota/quota-rate.ts";

test("Rate: at least samples - 1 windows, the sum over the retained samples, idle samples expire", () => {
  const r = new QuotaRate(11, 1000);
  r.record(1000, 0);
  // 10 full windows assumed at the start: 1000 bytes over 10 s.
  expect(r.windowSizeMs(0)).toBe(10_000);
  expect(r.measure(0)).toBeCloseTo(100, 6);
  for (let t = 1000; t <= 20_000; t += 1000) r.record(1000, t);
  // The sample of t=9000 is samples × window old: reset. 11 samples (10000..20000) over the 10 s since
  // the oldest began.
  expect(r.windowSizeMs(20_000)).toBe(10_000);
  expect(r.measure(20_000)).toBeCloseTo(11_000 / 10, 6);
  // Nothing for samples × window: every sample is reset.
  expect(r.measure(40_000)).toBe(0);
});

test("throttle time: (observed - bound) / bound × window, bounded when asked", () => {
  const r = new QuotaRate(2, 1000);
  // 3000 bytes at t=0: window 1 s (samples - 1), rate 3000/s against 1000/s: (3000-1000)/1000 × 1000 ms.
  expect(recordAndThrottleMs(r, 3000, 1000, 0)).toBe(2000);
  const r2 = new QuotaRate(2, 1000);
  expect(recordAndThrottleMs(r2, 3000, 1000, 0, 1000)).toBe(1000);
  const r3 = new QuotaRate(2, 1000);
  expect(recordAndThrottleMs(r3, 999, 1000, 0)).toBe(0);
});

function imageWith(entities: Array<[Array<[string, string | null]>, Record<string, number>]>): MetadataImage {
  const q = new Map<string, ClientQuotaImage>();
  for (const [entity, quotas] of entities) {
    const e = new Map(entity);
    q.set(entityKey(e), { entity: e, quotas: new Map(Object.entries(quotas)) });
  }
  return { ...emptyImage("c", 1), clientQuotas: q };
}

const P = "producer_byte_rate";

test("precedence: the 8 levels, most specific first, and who shares a sensor", () => {
  const levels: Array<[Array<[string, string | null]>, number]> = [
    [[["user", "u"], ["client-id", "c"]], 1],
    [[["user", "u"], ["client-id", null]], 2],
    [[["user", "u"]], 3],
    [[["user", null], ["client-id", "c"]], 4],
    [[["user", null], ["client-id", null]], 5],
    [[["user", null]], 6],
    [[["client-id", "c"]], 7],
    [[["client-id", null]], 8],
  ];
  // Removing the levels one by one from the most specific, the next one applies.
  for (let i = 0; i < levels.length; i++) {
    const image = imageWith(levels.slice(i).map(([e, v]) => [e, { [P]: v * 100 }]));
    const m = new ClientQuotaManager({ quotaKey: P, numSamples: 11, windowMs: 1000, image: () => image, nowMs: () => 0 });
    expect(m.quotaFor("u", "c")).toBe((i + 1) * 100);
  }
  // Another key's quotas do not count; no level for this key: unlimited and disabled.
  const other = imageWith([[[["user", "u"]], { consumer_byte_rate: 5 }]]);
  const none = new ClientQuotaManager({ quotaKey: P, numSamples: 11, windowMs: 1000, image: () => other });
  expect(none.enabled).toBe(false);
  expect(none.quotaFor("u", "c")).toBe(Infinity);
  expect(none.recordAndGetThrottleTimeMs("u", "c", 1e12)).toBe(0);
  expect(none.maxValueInQuotaWindow("u", "c")).toBe(Infinity);

  // A user quota is shared by every client of the user; a client-id default is per client-id.
  let t = 0;
  const image = imageWith([
    [[["user", "u"]], { [P]: 1000 }],
    [[["client-id", null]], { [P]: 1000 }],
  ]);
  const m = new ClientQuotaManager({ quotaKey: P, numSamples: 2, windowMs: 1000, image: () => image, nowMs: () => t });
  expect(m.recordAndGetThrottleTimeMs("u", "a", 900)).toBe(0);
  expect(m.recordAndGetThrottleTimeMs("u", "b", 900)).toBeGreaterThan(0);
  expect(m.recordAndGetThrottleTimeMs("v", "a", 900)).toBe(0);
  expect(m.recordAndGetThrottleTimeMs("v", "b", 900)).toBe(0);
  expect(m.quotaFor("v", "b")).toBe(1000);
  // A fetch over the quota is taken back out.
  t = 5000;
  expect(m.recordAndGetThrottleTimeMs("w", "z", 2500)).toBeGreaterThan(0);
  m.recordNoThrottle("w", "z", -2500);
  expect(m.measured("w", "z")).toBe(0);
  // getMaxValueInQuotaWindow: bound × (samples - 1) × window seconds.
  expect(m.maxValueInQuotaWindow("u", "x")).toBe(1000);
});

test("the resolution is cached until the image's quotas change", () => {
  let image = imageWith([[[["client-id", "c"]], { [P]: 100 }]]);
  const m = new ClientQuotaManager({ quotaKey: P, numSamples: 11, windowMs: 1000, image: () => image });
  expect(m.quotaFor("u", "c")).toBe(100);
  image = imageWith([[[["client-id", "c"]], { [P]: 200 }]]);
  expect(m.quotaFor("u", "c")).toBe(200);
  image = emptyImage("c", 1);
  expect(m.enabled).toBe(false);
});

test("a producer sending as fast as it is let converges to its quota", () => {
  const seed = Number(process.env.QUOTA_SEED ?? Date.now() % 100000);
  console.log(`client-quota-manager simulation seed ${seed} (QUOTA_SEED=${seed} to repeat)`);
  let s = seed;
  const rand = () => ((s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32);
  let t = 0;
  const bound = 1_000_000;
  const image = imageWith([[[["client-id", "p"]], { [P]: bound }]]);
  const m = new ClientQuotaManager({ quotaKey: P, numSamples: 11, windowMs: 1000, image: () => image, nowMs: () => t });
  let sent = 0;
  let sentAtStart = 0;
  // 120 simulated seconds; a request every 5 ms unless throttled (the client waits the throttle time).
  while (t < 120_000) {
    const bytes = 8000 + Math.floor(rand() * 16000);
    const throttle = m.recordAndGetThrottleTimeMs("ANONYMOUS", "p", bytes);
    sent += bytes;
    if (t < 20_000) sentAtStart = sent;
    t += 5 + throttle;
  }
  const rate = (sent - sentAtStart) / ((t - 20_000) / 1000);
  expect(rate).toBeGreaterThan(bound * 0.95);
  expect(rate).toBeLessThan(bound * 1.05);
});

test("controller_mutation_rate: a token bucket of samples × window × rate; strict refuses below zero, permissive throttles", () => {
  let t = 0;
  const image = imageWith([[[["client-id", "m"]], { controller_mutation_rate: 2 }]]);
  const m = new ClientQuotaManager({ quotaKey: "controller_mutation_rate", numSamples: 11, windowMs: 1000, image: () => image, nowMs: () => t });
  // Full at the start: 22 tokens. 20 then 5 go ahead (strict checks before taking), leaving -3.
  expect(m.recordMutation("u", "m", 20, true)).toEqual({ allowed: true, throttleMs: 0 });
  expect(m.recordMutation("u", "m", 5, true)).toEqual({ allowed: true, throttleMs: 0 });
  // Below zero: refused, 3 tokens at 2 a second away.
  expect(m.recordMutation("u", "m", 1, true)).toEqual({ allowed: false, throttleMs: 1500 });
  // Permissive: goes ahead and is throttled by what it took.
  expect(m.recordMutation("u", "m", 1, false)).toEqual({ allowed: true, throttleMs: 2000 });
  // Refilled after 2 s: 0 tokens, not below zero, so the next one goes ahead again.
  t = 2000;
  expect(m.recordMutation("u", "m", 1, true).allowed).toBe(true);
  // Another client-id has no quota.
  expect(m.recordMutation("u", "other", 1000, true)).toEqual({ allowed: true, throttleMs: 0 });
});
