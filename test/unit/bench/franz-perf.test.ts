// The franz-go load generator's harness side (bench/lib/franz-perf.ts): driver arguments, the split of
// records and partitions over processes, the result line's parser and the sum over processes; the
// options and rows it adds (bench/lib/options.ts, metrics.ts, report.ts).
import { expect, test } from "bun:test";
import { franzConsumeArgs, franzProduceArgs, parseFranzPerf, splitPartitions, splitRecords, sumFranzPerf } from "../../../bench/lib/franz-perf.ts";
import type { FranzPerfLine } from "../../../bench/lib/franz-perf.ts";
import { addSample, displayLabel, emptyResult, METRICS, summarize } from "../../../bench/lib/metrics.ts";
import { OptionError, parseOptions } from "../../../bench/lib/options.ts";
import { ParseError } from "../../../bench/lib/parse.ts";
import { clientsLine, markdownTable } from "../../../bench/lib/report.ts";
import { MAIN_SESSION_WORKLOADS, mainSessionSkipped, skipped } from "../../../bench/lib/session.ts";

const line = (o: Partial<FranzPerfLine> = {}): FranzPerfLine => ({
  records: 1000, bytes: 1_024_000, startUnixUs: 1_000_000, endUnixUs: 2_000_000, elapsedMs: 1000,
  mibPerSec: 0.9765625, recordsPerSec: 1000, cpuSeconds: 0.25, cpuSecondsTotal: 0.3, ...o,
});

test("produce-perf and consume-perf arguments", () => {
  expect(franzProduceArgs("127.0.0.1:9092", { topic: "t", records: 10, recordBytes: 1024, acks: "1", compression: "lz4", seed: 7, timeoutMs: 5000 })).toEqual([
    "produce-perf", "--bootstrap", "127.0.0.1:9092", "--topic", "t", "--records", "10", "--record-size", "1024", "--acks", "1",
    "--compression", "lz4", "--linger-ms", "5", "--batch-bytes", "65536", "--seed", "7", "--timeout-ms", "5000",
  ]);
  expect(franzConsumeArgs("h:1", "t", [1, 4], 9000)).toEqual(["consume-perf", "--bootstrap", "h:1", "--topic", "t", "--partitions", "1,4", "--timeout-ms", "9000"]);
});

test("records and partitions split over processes", () => {
  expect(splitRecords(10, 3)).toEqual([4, 3, 3]);
  expect(splitRecords(65_536, 2)).toEqual([32_768, 32_768]);
  expect(splitRecords(5, 1)).toEqual([5]);
  expect(() => splitRecords(1, 2)).toThrow(RangeError);
  expect(() => splitRecords(10, 0)).toThrow(RangeError);
  expect(splitPartitions(6, 2)).toEqual([[0, 2, 4], [1, 3, 5]]);
  expect(splitPartitions(6, 4)).toEqual([[0, 4], [1, 5], [2], [3]]);
  expect(splitPartitions(2, 5)).toEqual([[0], [1]]); // never an empty list
  expect(() => splitPartitions(0, 2)).toThrow(RangeError);
});

test("result line parser: the last line of its event, every field a finite number", () => {
  const out = [
    "12:00:00.000 WARN something the client logged",
    '{"event":"consume-perf","records":1,"bytes":1,"startUnixUs":1,"endUnixUs":2,"elapsedMs":0,"mibPerSec":1,"recordsPerSec":1,"cpuSeconds":0,"cpuSecondsTotal":0}',
    '{"bytes":2048,"cpuSeconds":0.03,"cpuSecondsTotal":0.04,"elapsedMs":10.5,"endUnixUs":1796667919196950,"event":"produce-perf","mibPerSec":0.19,"records":2,"recordsPerSec":190.4,"startUnixUs":1796667919186450}',
  ].join("\n");
  const r = parseFranzPerf(out, "produce-perf");
  expect(r.records).toBe(2);
  expect(r.bytes).toBe(2048);
  expect(r.endUnixUs - r.startUnixUs).toBe(10_500);
  expect(parseFranzPerf(out, "consume-perf").records).toBe(1);
  // The share-group workload's line (share-perf.go) carries joinMs too; the same fields are required.
  const share = '{"event":"share-consume-perf","records":8192,"bytes":8388608,"startUnixUs":10,"endUnixUs":20010,"elapsedMs":20,"mibPerSec":400,"recordsPerSec":409600,"cpuSeconds":0.05,"cpuSecondsTotal":0.2,"joinMs":6500}';
  expect(parseFranzPerf(`${out}\n${share}`, "share-consume-perf").records).toBe(8192);
  expect(() => parseFranzPerf(out, "share-consume-perf")).toThrow(ParseError);
  expect(() => parseFranzPerf("flush: context deadline exceeded", "produce-perf")).toThrow(ParseError);
  expect(() => parseFranzPerf('{"event":"produce-perf","records":"2"}', "produce-perf")).toThrow(ParseError);
  expect(() => parseFranzPerf('{"event":"produce-perf","records":1,"bytes":1,"startUnixUs":5,"endUnixUs":4,"elapsedMs":0,"mibPerSec":1,"recordsPerSec":1,"cpuSeconds":0,"cpuSecondsTotal":0}', "produce-perf")).toThrow(ParseError);
});

test("processes added up over the span from the earliest start to the latest end", () => {
  // Two processes of 1 MiB each: one over 0..1 s, one over 0.5..2 s -> 2 MiB in 2 s.
  const t = sumFranzPerf([
    line({ bytes: 2 ** 20, records: 1024, startUnixUs: 10_000_000, endUnixUs: 11_000_000, cpuSeconds: 0.5 }),
    line({ bytes: 2 ** 20, records: 1024, startUnixUs: 10_500_000, endUnixUs: 12_000_000, cpuSeconds: 0.25 }),
  ]);
  expect(t.processes).toBe(2);
  expect(t.records).toBe(2048);
  expect(t.spanMs).toBe(2000);
  expect(t.mibPerSec).toBeCloseTo(1, 9);
  expect(t.recordsPerSec).toBeCloseTo(1024, 9);
  expect(t.selfCpuSeconds).toBeCloseTo(0.75, 9);
  expect(() => sumFranzPerf([])).toThrow(RangeError);
});

test("options: --franz-procs, --no-gc-log; skip and only of the franz workloads", () => {
  const d = parseOptions([]);
  expect(d.franzProcs).toBe(2);
  expect(d.gcLog).toBe(true);
  const o = parseOptions(["--quick", "--franz-procs", "3", "--no-gc-log"]);
  expect(o.franzProcs).toBe(3);
  expect(o.gcLog).toBe(false);
  expect(() => parseOptions(["--franz-procs", "0"])).toThrow(OptionError);
  expect(() => parseOptions(["--franz-procs", "17"])).toThrow(OptionError);
  expect(() => parseOptions(["--franz-procs"])).toThrow(OptionError);
  expect(MAIN_SESSION_WORKLOADS).toContain("franz");
  const only = parseOptions(["--only", "franz"]);
  expect(mainSessionSkipped(only)).toBe(false);
  expect(skipped(only, "franz.produce.acksall.lz4")).toBe(false);
  expect(skipped(only, "franz.consume")).toBe(false);
  expect(skipped(only, "produce.acks1.none")).toBe(true);
  expect(skipped(parseOptions(["--skip", "franz"]), "franz.consume")).toBe(true);
  expect(skipped(parseOptions(["--skip", "franz"]), "txn.produce.franz")).toBe(false);
});

test("rows: franz-go beside each Java row, broker CPU per GiB for every throughput workload, labels with the process count", () => {
  const ids = METRICS.map((m) => m.id);
  for (const w of ["produce.acks1.none", "produce.acks1.lz4", "produce.acksall.none", "produce.acksall.lz4", "consume"]) {
    expect(ids.indexOf(`franz.${w}`)).toBe(ids.indexOf(w) + 1);
    expect(METRICS.find((m) => m.id === `franz.${w}`)?.target?.ratio).toBe(2);
  }
  // Every throughput row of the main session has a broker-CPU-per-GiB row.
  const cpuOf: Record<string, string> = { "produce.acks1.none": "cpu.produce", consume: "cpu.consume" };
  for (const w of ["produce.acks1.none", "produce.acks1.lz4", "produce.acksall.none", "produce.acksall.lz4", "consume", "txn.produce", "txn.produce.franz",
    "franz.produce.acks1.none", "franz.produce.acks1.lz4", "franz.produce.acksall.none", "franz.produce.acksall.lz4", "franz.consume"]) {
    expect(ids).toContain(cpuOf[w] ?? `cpu.${w}`);
  }
  for (const g of ["gc.produce", "gc.consume", "gc.franz.produce", "gc.franz.consume"]) {
    expect(ids).toContain(`${g}.count`);
    expect(ids).toContain(`${g}.p99`);
  }
  const r = emptyResult({
    startedAt: "", quick: true, machine: { nproc: 2, memGiB: 1, cpuModel: "", kernel: "", bun: "", java: "" },
    options: { franzProcs: 2, only: ["franz"] }, systems: { a: { system: "kafka", label: "Kafka" }, b: { system: "strand", label: "Strand" } },
  });
  addSample(r, "franz.produce.acks1.none", "a", 150);
  addSample(r, "franz.produce.acks1.none", "b", 330);
  addSample(r, "gc.franz.produce.p99", "b", 1.5);
  const def = METRICS.find((m) => m.id === "franz.produce.acks1.none")!;
  expect(displayLabel(def, r)).toBe("produce acks=1, none — franz-go, 2 processes");
  expect(summarize(r).find((x) => x.def.id === def.id)?.status).toBe("met");
  const table = markdownTable(r);
  expect(table).toContain("| produce acks=1, none — franz-go, 2 processes | MiB/s | 150 | 330 | 2.20× | ≥ 2× ✅ met |");
  expect(table).toContain("| broker GC pause p99, produce — franz-go, 2 processes | ms | — | 1.50 | — |  |");
  expect(clientsLine(r)).toContain("2 franz-go processes at once");
});
