// The elections rows (bench/lib/elections.ts): every kill is one sample; the .max rows report the
// slowest of all of them, the others the median; --election-kills sets the kills per session.
import { expect, test } from "bun:test";
import { addSample, emptyResult, summarize } from "../../../bench/lib/metrics.ts";
import { parseOptions } from "../../../bench/lib/options.ts";
import { killDelays } from "../../../bench/lib/elections.ts";

test("elections: median rows and slowest rows of the same samples, ratio per row", () => {
  const r = emptyResult({ startedAt: "", quick: false, machine: { nproc: 2, memGiB: 1, cpuModel: "", kernel: "", bun: "", java: "" }, options: {}, systems: { a: { system: "kafka", label: "Kafka" }, b: { system: "strand", label: "Strand" } } });
  for (const [a, b] of [[1800, 2000], [3300, 2100], [3700, 2050], [1900, 4000], [3200, 2060]] as const) {
    for (const id of ["elections.leader", "elections.leader.max"]) {
      addSample(r, id, "a", a);
      addSample(r, id, "b", b);
    }
  }
  const rows = new Map(summarize(r).map((x) => [x.def.id, x]));
  expect([rows.get("elections.leader")!.a, rows.get("elections.leader")!.b]).toEqual([3200, 2060]);
  expect([rows.get("elections.leader.max")!.a, rows.get("elections.leader.max")!.b]).toEqual([3700, 4000]);
  expect(rows.get("elections.leader")!.ratio).toBeCloseTo(2060 / 3200, 6);
  expect(rows.get("elections.create.max")!.a).toBeNull();
});

test("--election-kills: default 5, quick 2, bounded", () => {
  expect(parseOptions([]).electionKills).toBe(5);
  expect(parseOptions(["--quick"]).electionKills).toBe(2);
  expect(parseOptions(["--election-kills", "3"]).electionKills).toBe(3);
  expect(() => parseOptions(["--election-kills", "0"])).toThrow(/election-kills/);
});

test("kill delays: seeded, the same sequence for both systems, spread over 0-999 ms", () => {
  const a = killDelays(12_001);
  const b = killDelays(12_001);
  const xs = Array.from({ length: 200 }, () => a());
  expect(Array.from({ length: 200 }, () => b())).toEqual(xs);
  expect(xs.every((x) => Number.isInteger(x) && x >= 0 && x < 1_000)).toBe(true);
  // Spread over the fetch cycle: both halves of a 500 ms cycle are hit.
  expect(xs.some((x) => x % 500 < 250)).toBe(true);
  expect(xs.some((x) => x % 500 >= 250)).toBe(true);
  expect(killDelays(12_002)()).not.toBe(killDelays(12_001)());
});
