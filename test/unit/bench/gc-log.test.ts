// bench/lib/gc-log.ts: JavaScriptCore's BUN_JSC_logGC=1 lines and the JVM's -Xlog:gc lines (both copied
// from real runs: Bun 1.4.5, OpenJDK 17 G1), the percentile, and reading a window of a log.
import { expect, test } from "bun:test";
import { appendFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileGcLog, outputGcLog } from "../../../bench/lib/brokers.ts";
import { gcMark, gcSince, parseJscGcLog, parseJvmGcLog, percentile, summarizeGc } from "../../../bench/lib/gc-log.ts";
import type { GcLogSource } from "../../../bench/lib/gc-log.ts";

const JSC = [
  "2026-12-07T18:24:03.121Z INFO strand started version=0.1.0 nodeId=1",
  "[GC<0x4c1ce79c118>: starting 0.024096ms]",
  "Requesting GC because bytes allocated this cycle: 8403198 exceed bytes allowed: 8388608 normal bytes: 7496942 oversized bytes: 906256 last oversized: 347904",
  "[GC<0x4c1ce79c118>: START M 8875kb => EdenCollection, a=0kb hf=0.000 mu=0.600 v=0kb (C:0 M:0 P1:0) o=0 b=0 i#1:N<CsMsrShDMsm(0)SrbBcs> 22+0 p=2.174705ms (max 2.174705)...]",
  "[GC<0x4c1ce79c118>: M a=269kb hf=0.082 mu=0.551 v=5244kb (C:4068 M:0 P1:1176) o=1 b=2 0+2 p=0.837402ms (max 2.174705)...]",
  "[GC<0x4c1ce79c118>: M a=1023kb hf=0.312 mu=0.413 v=7965kb (C:4506 M:0 P1:3458) o=1 b=0 0+2 v=8256kb i#5:P<Msm(0)SrbBcsCbDomoJwWsO>Pbc => 9706kb, p=2.189597ms (max 2.189597), cycle 6.940514ms END]",
  "GC END!",
  "[GC<0x4c1ce79c118>: epilogue 0.032869ms]",
  "[GC<0x4c1ce79c118>: START M 18700kb => FullCollection, a=0kb hf=0.000 mu=0.600 v=0kb (C:0 M:0 P1:0) o=0 b=3 i#3:P<OJwWsMsrShCsSrbMsm(0)DBcsCbDomo>Pbc => 275kb, p=0.657294ms (max 2.189597), cycle 0.649333ms END]",
  "GC END!",
].join("\n");

const JVM = [
  "[0.051s][info][gc] Using G1",
  "[0.788s][info][gc] GC(0) Pause Young (Normal) (G1 Evacuation Pause) 6M->3M(64M) 22.905ms",
  "[1.114s][info][gc] GC(1) Pause Young (Concurrent Start) (G1 Humongous Allocation) 7M->4M(64M) 5.395ms",
  "[1.115s][info][gc] GC(2) Concurrent Mark Cycle",
  "[1.130s][info][gc] GC(2) Pause Remark 9M->9M(64M) 1.250ms",
  "[1.140s][info][gc] GC(2) Pause Cleanup 9M->9M(64M) 0.050ms",
  "[1.141s][info][gc] GC(2) Concurrent Mark Cycle 26.000ms",
  "[1.504s][info][gc] GC(3) Pause Full (System.gc()) 8M->4M(20M) 9.804ms",
].join("\n");

test("JSC log: a collection per START line, a pause per p=, broker lines and Bun's own lines ignored", () => {
  const ev = parseJscGcLog(JSC);
  expect(ev.collections).toBe(2);
  expect(ev.full).toBe(1);
  expect(ev.pausesMs).toEqual([2.174705, 0.837402, 2.189597, 0.657294]);
  expect(parseJscGcLog("no collections here\nGC END!")).toEqual({ collections: 0, full: 0, pausesMs: [] });
});

test("JVM log: a collection per GC(n) with a pause, a pause per Pause line, concurrent phases are not pauses", () => {
  const ev = parseJvmGcLog(JVM);
  expect(ev.collections).toBe(4);
  expect(ev.full).toBe(2); // the Full pause and the concurrent cycle's Remark
  expect(ev.pausesMs).toEqual([22.905, 5.395, 1.25, 0.05, 9.804]);
});

test("nearest-rank percentile and the summary", () => {
  expect(percentile([], 0.99)).toBeNull();
  expect(percentile([5], 0.99)).toBe(5);
  const xs = Array.from({ length: 200 }, (_, i) => 200 - i); // 1..200, unsorted
  expect(percentile(xs, 0.99)).toBe(198);
  expect(percentile(xs, 0.5)).toBe(100);
  const s = summarizeGc(parseJvmGcLog(JVM), 123);
  expect(s).toMatchObject({ collections: 4, full: 2, pauses: 5, p99PauseMs: 22.905, maxPauseMs: 22.905, logChars: 123 });
  expect(s.totalPauseMs).toBeCloseTo(39.404, 9);
  expect(summarizeGc({ collections: 0, full: 0, pausesMs: [] }, 0)).toMatchObject({ p99PauseMs: null, maxPauseMs: null, totalPauseMs: 0 });
});

test("a window of a log: only what was written after the mark; an error once the log no longer holds it", () => {
  let text = "[0.051s][info][gc] Using G1\n[0.788s][info][gc] GC(0) Pause Young (Normal) (G1 Evacuation Pause) 6M->3M(64M) 22.905ms\n";
  let dropped = 0; // characters the source no longer keeps (as test/support/strand.ts trims its output)
  const src: GcLogSource = {
    kind: "jvm",
    position: () => dropped + text.length,
    read: (from) => (from < dropped ? null : text.slice(from - dropped)),
  };
  const w = gcMark(src);
  text += "[1.114s][info][gc] GC(1) Pause Young (Normal) (G1 Evacuation Pause) 7M->4M(64M) 5.395ms\n";
  const s = gcSince(w);
  expect(s.collections).toBe(1);
  expect(s.p99PauseMs).toBe(5.395);
  dropped += text.length;
  text = "";
  expect(() => gcSince(w)).toThrow(/no longer holds/);
  expect(gcSince(gcMark(src)).collections).toBe(0);
});

test("the brokers' GC log sources: Strand's kept output by character count, Kafka's file by byte offset", () => {
  // Strand: test/support/strand.ts keeps the last part of the output once it grows; outputChars() counts it all.
  let out = "strand started\n";
  let total = out.length;
  const write = (s: string) => {
    out += s;
    total += s.length;
  };
  const jsc = outputGcLog({ output: () => out, outputChars: () => total });
  const w = gcMark(jsc);
  write(JSC);
  expect(gcSince(w).collections).toBe(2);
  expect(jsc.read(jsc.position())).toBe("");
  out = out.slice(-10); // trimmed past the mark
  expect(jsc.read(w.from)).toBeNull();
  // Kafka: the -Xlog file (absent until the JVM writes it).
  const dir = mkdtempSync(join(tmpdir(), "strand-gc-log-test-"));
  try {
    const jvm = fileGcLog(join(dir, "gc.log"));
    expect(jvm.position()).toBe(0);
    expect(jvm.read(0)).toBe("");
    appendFileSync(join(dir, "gc.log"), "[0.051s][info][gc] Using G1\n");
    const m = gcMark(jvm);
    appendFileSync(join(dir, "gc.log"), JVM.split("\n").slice(1).join("\n") + "\n");
    const s = gcSince(m);
    expect(s.collections).toBe(4);
    expect(s.pauses).toBe(5);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
