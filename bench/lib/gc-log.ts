// The brokers' garbage collections during a workload, read from their own GC logs (issue 18, item 3):
//
// - Strand runs with BUN_JSC_logGC=1: JavaScriptCore's Heap writes to stderr, per collection, a line
//   "[GC<addr>: START M <kb> => EdenCollection|FullCollection, ..." and, each time it lets the mutator run
//   again, "p=<ms>ms (max ...)": that stop-the-world pause. A concurrent collection has several pauses
//   ("...]" lines continue it); its last line ends "cycle <ms>ms END]". Bun adds "Requesting GC because ..."
//   and "GC END!" lines, ignored here.
// - Kafka runs with -Xlog:gc:file=...: unified logging at info level, one line per pause,
//   "[1.234s][info][gc] GC(12) Pause Young (Normal) (G1 Evacuation Pause) 120M->30M(1024M) 4.567ms";
//   a concurrent cycle's Remark and Cleanup pauses carry the cycle's GC(n), and its
//   "Concurrent Mark Cycle 12.3ms" line is not a pause. (Kafka's kafka-server-start.sh logs gc* to a file
//   by default, so this is the broker as shipped.)
//
// Pure functions; unit-tested in test/unit/bench/gc-log.test.ts.

export interface GcEvents {
  /** Collections started (JSC: START lines; JVM: distinct GC(n) ids with a pause). */
  collections: number;
  /** JSC only: full (not eden) collections; JVM: Pause Full and concurrent cycles' remarks. */
  full: number;
  /** Every stop-the-world pause, in ms, in log order. */
  pausesMs: number[];
}

const JSC_START = /\[GC<[0-9a-fx]+>: START .*?=> (\w+)/;
const JSC_PAUSE = /\bp=([\d.]+)ms/g;

export function parseJscGcLog(text: string): GcEvents {
  const ev: GcEvents = { collections: 0, full: 0, pausesMs: [] };
  // Bounded by the text's lines (the caller passes one workload's window of the broker's output).
  for (const line of text.split("\n")) {
    if (!line.includes("[GC<")) continue;
    const start = JSC_START.exec(line);
    if (start) {
      ev.collections++;
      if (start[1] !== "EdenCollection") ev.full++;
    }
    for (const m of line.matchAll(JSC_PAUSE)) ev.pausesMs.push(Number(m[1]));
  }
  return ev;
}

const JVM_PAUSE = /\[gc\s*\] GC\((\d+)\) Pause (\w+).*?\s([\d.]+)ms\s*$/;

export function parseJvmGcLog(text: string): GcEvents {
  const ids = new Set<string>();
  const ev: GcEvents = { collections: 0, full: 0, pausesMs: [] };
  for (const line of text.split("\n")) {
    const m = JVM_PAUSE.exec(line.trimEnd());
    if (!m) continue;
    ids.add(m[1]);
    if (m[2] === "Full" || m[2] === "Remark") ev.full++;
    ev.pausesMs.push(Number(m[3]));
  }
  ev.collections = ids.size;
  return ev;
}

/** Nearest-rank percentile (p in 0..1) of unsorted values; null when there are none. */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((x, y) => x - y);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(p * s.length) - 1))];
}

export interface GcSummary {
  collections: number;
  full: number;
  pauses: number;
  /** null when there was no pause in the window. */
  p99PauseMs: number | null;
  maxPauseMs: number | null;
  totalPauseMs: number;
  /** Characters of GC log written in the window (what logging cost the broker to write). */
  logChars: number;
}

export function summarizeGc(ev: GcEvents, logChars: number): GcSummary {
  return {
    collections: ev.collections, full: ev.full, pauses: ev.pausesMs.length,
    p99PauseMs: percentile(ev.pausesMs, 0.99), maxPauseMs: ev.pausesMs.length === 0 ? null : Math.max(...ev.pausesMs),
    totalPauseMs: ev.pausesMs.reduce((s, x) => s + x, 0), logChars,
  };
}

/**
 * A broker's GC log, read by window: mark() before a workload, since(mark) after it. `read(from)` returns
 * what was written from character/byte `from` on, or null when that part is no longer kept.
 */
export interface GcLogSource {
  kind: "jsc" | "jvm";
  position(): number;
  read(from: number): string | null;
}

export interface GcWindow {
  source: GcLogSource;
  from: number;
}

export function gcMark(source: GcLogSource): GcWindow {
  return { source, from: source.position() };
}

/** The window's summary; throws when the log no longer holds it. */
export function gcSince(w: GcWindow): GcSummary {
  const text = w.source.read(w.from);
  if (text === null) throw new Error("the broker's GC log no longer holds this workload's lines (it wrote more than the harness keeps)");
  return summarizeGc(w.source.kind === "jsc" ? parseJscGcLog(text) : parseJvmGcLog(text), text.length);
}
