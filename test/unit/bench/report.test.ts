// The benchmark's pure parts: tool-output parsers, medians/ratios/targets, the README section and the SVG.
// (The benchmark itself is not a test: nothing here starts a broker or asserts a time.)
import { expect, test } from "bun:test";
import { addSample, emptyResult, median, ratioOf, summarize, targetStatus } from "../../../bench/lib/metrics.ts";
import type { BenchResult } from "../../../bench/lib/metrics.ts";
import { parseConsumerPerf, parseDd, parseFranzTxnPerf, parseProducerPerf, parseRateLatency, parseTxnCommitLatency, ParseError } from "../../../bench/lib/parse.ts";
import { franzTxnPerfArgs } from "../../../bench/lib/kafka-perf.ts";
import { skipped } from "../../../bench/lib/session.ts";
import { fmtRatio, loadWarning, markdownTable, README_END, README_START, readmeSection, replaceSection } from "../../../bench/lib/report.ts";
import { chartSvg } from "../../../bench/lib/svg.ts";
import { parseOptions, OptionError } from "../../../bench/lib/options.ts";

function sample(): BenchResult {
  const r = emptyResult({
    startedAt: "2026-01-02T03:04:05.000Z",
    quick: false,
    machine: { nproc: 2, memGiB: 24, cpuModel: "Test CPU <x>", kernel: "6.1", bun: "1.4.5", java: "openjdk 17" },
    options: { rounds: 3 },
    systems: { a: { system: "kafka", label: "Kafka 4.4.0" }, b: { system: "strand", label: "Strand" } },
  });
  r.finishedAt = "2026-01-02T03:30:00.000Z";
  for (const [a, b] of [[100, 200], [110, 90], [90, 210]]) {
    addSample(r, "produce.acks1.none", "a", a);
    addSample(r, "produce.acks1.none", "b", b);
  }
  addSample(r, "e2e.p99", "a", 4);
  addSample(r, "e2e.p99", "b", 3);
  addSample(r, "startup", "a", 6000);
  addSample(r, "startup", "b", 100);
  r.ceilings.loopbackTcpMiBps.push(2000, 3000);
  r.ceilings.pageCacheWriteMiBps.push(1500);
  return r;
}

test("median, ratio and target status", () => {
  expect(median([])).toBeNull();
  expect(median([3, 1, 2])).toBe(2);
  expect(median([4, 1, 3, 2])).toBe(2.5);
  expect(ratioOf(0, 5)).toBeNull();
  expect(ratioOf(100, 150)).toBe(1.5);
  expect(targetStatus({ op: ">=", ratio: 1.5, text: "" }, 1.5)).toBe("met");
  expect(targetStatus({ op: "<=", ratio: 0.5, text: "" }, 0.75)).toBe("missed");
  expect(targetStatus({ op: "<=", ratio: 0.5, text: "" }, null)).toBe("n/a");
  expect(targetStatus(undefined, 2)).toBe("");
});

test("summary: medians per slot, ratio b/a, targets from issue 6", () => {
  const rows = summarize(sample());
  const produce = rows.find((x) => x.def.id === "produce.acks1.none")!;
  expect([produce.a, produce.b, produce.ratio, produce.status]).toEqual([100, 200, 2, "met"]);
  const p99 = rows.find((x) => x.def.id === "e2e.p99")!;
  expect(p99.status).toBe("missed"); // 0.75 > 0.5
  const startup = rows.find((x) => x.def.id === "startup")!;
  expect(startup.status).toBe("met"); // 1/60 <= 1/20
  expect(rows.find((x) => x.def.id === "consume")!.status).toBe("n/a");
  expect(() => addSample(sample(), "nope", "a", 1)).toThrow(RangeError);
  expect(() => addSample(sample(), "startup", "a", Number.NaN)).toThrow(RangeError);
});

test("table, README section replacement and ratio formatting", () => {
  const r = sample();
  const table = markdownTable(r);
  expect(table).toContain("| produce acks=1, none | MiB/s | 100 | 200 | 2.00× | ≥ 1.5× ✅ met |");
  expect(table).toContain("| start-up to first acked produce | ms | 6,000 | 100 | 1/60.0 | ≤ 1/20 ✅ met |");
  expect(fmtRatio(0.004)).toBe("1/250");
  expect(markdownTable({ ...r, options: { manyPartitions: 10000 } })).toContain("| Metadata latency, 10,000 partitions | ms |");
  addSample(r, "txn.produce", "a", 86.7);
  addSample(r, "txn.produce", "b", 117.8);
  addSample(r, "txn.produce.franz", "a", 100);
  addSample(r, "txn.produce.franz", "b", 250);
  const txnRows = markdownTable(r).split("\n").filter((l) => l.startsWith("| transactional produce"));
  expect(txnRows).toEqual([
    "| transactional produce (acks=all, none) | MiB/s | 86.7 | 118 | 1.36× |  |",
    "| transactional produce, franz-go client (acks=all, none) | MiB/s | 100 | 250 | 2.50× |  |",
  ]);
  const section = readmeSection(r, "bench/results/x.json", "bench/results/x.svg");
  expect(section.startsWith(README_START) && section.endsWith(README_END)).toBe(true);
  expect(section).toContain("2026-01-02");
  expect(section).toContain("2 cores (Test CPU <x>), 24 GiB RAM");
  const before = `# T\n\nintro\n\n${README_START}\nold\n${README_END}\n\n## After\n`;
  const after = replaceSection(before, section);
  expect(after).not.toContain("\nold\n");
  expect(after).toContain("## After");
  expect(replaceSection(after, section)).toBe(after); // idempotent
  expect(replaceSection("# T\n", section)).toContain("## Benchmark");
  expect(loadWarning(r)).toBeNull();
  r.loadAvg1m = [1.2, 3.9];
  expect(loadWarning(r)).toBeNull(); // the benchmark's own two tasks
  r.loadAvg1m = [1.2, 5.5];
  expect(loadWarning(r)).toContain("load average up to 5.5 on 2 cores");
  expect(readmeSection(r, "a.json", "a.svg")).toContain("**Note:** the machine was busy");
});

test("SVG chart: well-formed, escaped, one bar per slot and charted metric", () => {
  const svg = chartSvg(sample());
  expect(svg.startsWith("<svg")).toBe(true);
  expect(svg.trimEnd().endsWith("</svg>")).toBe(true);
  expect(svg).toContain("Test CPU &lt;x&gt;");
  expect(svg).not.toContain("<x>");
  const charted = summarize(sample()).filter((x) => x.def.chart).length;
  expect((svg.match(/<rect x="250"/g) ?? []).length).toBe(2 * charted);
  expect(svg).toContain("2.00× ✓");
});

test("parsers of ProducerPerformance, ConsumerPerformance, RateLatency and dd", () => {
  const pp = parseProducerPerf(
    "50000 records sent, 24975.0 records/sec (24.39 MB/sec), 3.1 ms avg latency, 250.0 ms max latency.\n" +
    "100000 records sent, 49975.0 records/sec (48.80 MB/sec), 5.29 ms avg latency, 301.00 ms max latency, 2 ms 50th, 20 ms 95th, 45 ms 99th, 60 ms 99.9th.\n");
  expect(pp).toEqual({ records: 100000, recordsPerSec: 49975, mbPerSec: 48.8, avgLatencyMs: 5.29, maxLatencyMs: 301, p50Ms: 2, p95Ms: 20, p99Ms: 45, p999Ms: 60 });
  const cp = parseConsumerPerf(
    "start.time, end.time, data.consumed.in.MB, MB.sec, data.consumed.in.nMsg, nMsg.sec, rebalance.time.ms, fetch.time.ms, fetch.MB.sec, fetch.nMsg.sec\n" +
    "2026-01-02 03:04:05:006, 2026-01-02 03:04:15:006, 2048.0000, 204.8000, 2097152, 209715.2000, 3000, 7000, 292.5714, 299593.1429\n");
  expect(cp.fetchMbPerSec).toBeCloseTo(292.5714);
  expect(cp.records).toBe(2097152);
  expect(cp.rebalanceMs).toBe(3000);
  expect(parseRateLatency('noise\n{"sent":10,"received":10,"counted":8,"p50Us":300,"p99Us":900,"p999Us":950,"maxUs":990,"avgUs":350.5,"rate":1000}\n').p99Us).toBe(900);
  expect(parseDd("2048+0 records in\n2048+0 records out\n2147483648 bytes (2.1 GB, 2.0 GiB) copied, 1.07374 s, 2.0 GB/s\n")).toBeCloseTo(2147483648 / 1.07374);
  expect(() => parseProducerPerf("Exception in thread main")).toThrow(ParseError);
  expect(() => parseConsumerPerf("")).toThrow(ParseError);
  const txn = parseTxnCommitLatency('[main] INFO x\n{"transactions":200,"counted":180,"commitP50Us":2100,"commitP99Us":5400,' +
    '"commitMaxUs":9000,"commitAvgUs":2300,"txnP50Us":4100,"txnP99Us":8800}\n');
  expect([txn.counted, txn.commitP50Us, txn.commitP99Us, txn.txnP99Us]).toEqual([180, 2100, 5400, 8800]);
  expect(() => parseTxnCommitLatency('{"transactions":200,"counted":"x"}')).toThrow(ParseError);
  expect(() => parseTxnCommitLatency("")).toThrow(ParseError);
});

test("franz-go txn-perf: result line parser and driver arguments", () => {
  const line = '{"bytes":67108864,"commitMaxMs":40.5,"commitP50Ms":3.2,"commitP99Ms":12.25,"commits":5,"elapsedMs":500,' +
    '"endTxnP50Ms":1.1,"endTxnP99Ms":2.5,"event":"txn-perf","mibPerSec":128,"records":65536,"recordsPerSec":131072}';
  const r = parseFranzTxnPerf(`12:00:00.000 [WARN] noise\n${line}\n`);
  expect(r).toEqual({ records: 65536, bytes: 67108864, elapsedMs: 500, mibPerSec: 128, recordsPerSec: 131072, commits: 5,
    commitP50Ms: 3.2, commitP99Ms: 12.25, commitMaxMs: 40.5, endTxnP50Ms: 1.1, endTxnP99Ms: 2.5 });
  expect(() => parseFranzTxnPerf("")).toThrow(ParseError);
  expect(() => parseFranzTxnPerf('{"event":"txn-produced","committed":10}')).toThrow(ParseError); // another command's line
  expect(() => parseFranzTxnPerf(line.replace('"commits":5', '"commits":"5"'))).toThrow(ParseError);
  expect(() => parseFranzTxnPerf(line.replace('"mibPerSec":128,', ""))).toThrow(ParseError);

  const o = parseOptions(["--quick", "--txn-duration-ms", "50"]);
  const args = franzTxnPerfArgs("127.0.0.1:9092", { topic: "t", dataMiB: o.dataMiB, recordBytes: o.recordBytes,
    txnDurationMs: o.txnDurationMs, transactionalId: "bench-txn-franz-1", timeoutMs: 60_000 });
  const flag = (f: string) => args[args.indexOf(f) + 1];
  expect(args[0]).toBe("txn-perf");
  expect([flag("--bootstrap"), flag("--data-mib"), flag("--record-size"), flag("--txn-duration-ms"), flag("--txn-id")])
    .toEqual(["127.0.0.1:9092", "64", "1024", "50", "bench-txn-franz-1"]);
  expect([flag("--linger-ms"), flag("--batch-bytes")]).toEqual(["5", "65536"]); // as the Java txn.produce workload
  expect(skipped(parseOptions(["--skip", "txn"]), "txn.produce.franz")).toBe(true);
  expect(skipped(parseOptions(["--skip", "produce,latency"]), "txn.produce.franz")).toBe(false);
});

test("options: make bench defaults, --quick, validation", () => {
  const full = parseOptions([]);
  expect([full.rounds, full.dataMiB, full.manyPartitions, full.writeReadme, full.pair]).toEqual([3, 2048, 10_000, true, ["kafka", "strand"]]);
  const quick = parseOptions(["--quick", "--pair", "kafka,kafka", "--rounds", "2"]);
  expect([quick.rounds, quick.dataMiB, quick.writeReadme, quick.pair]).toEqual([2, 64, false, ["kafka", "kafka"]]);
  expect(() => parseOptions(["--rounds", "0"])).toThrow(OptionError);
  expect(() => parseOptions(["--pair", "kafka"])).toThrow(OptionError);
  expect(() => parseOptions(["--bogus"])).toThrow(OptionError);
  expect([full.txnDurationMs, full.txnCommits, full.txnRecords, full.txnWarmup]).toEqual([100, 1000, 10, 100]);
  expect([quick.txnCommits, quick.txnWarmup]).toEqual([200, 20]);
  expect(parseOptions(["--txn-duration-ms", "50", "--txn-commits", "30", "--txn-warmup", "3"]).txnDurationMs).toBe(50);
  expect(() => parseOptions(["--txn-commits", "10", "--txn-warmup", "10"])).toThrow(OptionError);
});
