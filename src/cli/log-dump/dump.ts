// `strand log dump FILE...`: Kafka's kafka-dump-log (DumpLogSegments) for the files of a log directory,
// chosen by suffix: `.log` and KRaft `.checkpoint` segments, `.index`, `.timeindex`, `.txnindex`,
// producer-state `.snapshot`. Output matches Kafka 4.4.0's tool line for line; problems the index
// checks find are printed on stderr after every file was dumped, in Kafka's words.
import { basename } from "node:path";
import { CliError } from "../protocol-decode.ts";
import { dumpOffsetIndex, dumpProducerSnapshot, dumpTimeIndex, dumpTxnIndex, newIndexReport } from "./index-files.ts";
import type { IndexReport } from "./index-files.ts";
import { dumpSegment, INT32_MAX } from "./segment.ts";
import type { DumpSink, OffsetPairs } from "./segment.ts";
import { javaHashMapOrder } from "./java-order.ts";

export interface LogDumpOptions {
  files: string[];
  printDataLog: boolean;
  deepIteration: boolean;
  verifyIndexOnly: boolean;
  indexSanityCheck: boolean;
  skipRecordMetadata: boolean;
  maxBytes: number;
}

const FLAGS = new Set(["--print-data-log", "--deep-iteration", "--verify-index-only", "--index-sanity-check", "--skip-record-metadata"]);
const VALUED = new Set(["--files", "--max-bytes", "--max-message-size"]);

function intFlag(flag: string, v: string): number {
  const n = Number(v);
  if (!/^-?\d+$/.test(v) || !Number.isSafeInteger(n) || n < 1 || n > INT32_MAX) throw new CliError(flag, v, `an integer from 1 to ${INT32_MAX}`);
  return n;
}

/** Options from the raw arguments after `log dump` (files as arguments, or Kafka's --files a,b). */
export function parseLogDumpArgs(rawArgs: readonly string[]): LogDumpOptions {
  const o: LogDumpOptions = { files: [], printDataLog: false, deepIteration: false, verifyIndexOnly: false, indexSanityCheck: false, skipRecordMetadata: false, maxBytes: INT32_MAX };
  // Bounded by the argument count.
  for (let i = 0; i < rawArgs.length; i++) {
    const a = rawArgs[i]!;
    const eq = a.indexOf("=");
    const name = a.startsWith("--") && eq > 0 ? a.slice(0, eq) : a;
    if (FLAGS.has(a)) {
      if (a === "--print-data-log") o.printDataLog = true;
      else if (a === "--deep-iteration") o.deepIteration = true;
      else if (a === "--verify-index-only") o.verifyIndexOnly = true;
      else if (a === "--index-sanity-check") o.indexSanityCheck = true;
      else o.skipRecordMetadata = true;
    } else if (VALUED.has(name)) {
      const v = eq > 0 && name !== a ? a.slice(eq + 1) : rawArgs[++i];
      if (v === undefined) throw new CliError(name, "", "needs a value");
      if (name === "--files") o.files.push(...v.split(",").filter((f) => f !== ""));
      else if (name === "--max-bytes") o.maxBytes = intFlag(name, v);
      else intFlag(name, v); // --max-message-size: accepted for Kafka's command lines; Strand reads a batch whatever its size
    } else if (a.startsWith("-")) {
      throw new CliError("flag", a, `one of ${[...FLAGS, ...VALUED].join(", ")}`);
    } else {
      o.files.push(a);
    }
  }
  if (o.files.length === 0) throw new CliError("FILE", "", "give at least one segment, index or snapshot file");
  return o;
}

/** Per-file lists in Kafka's HashMap order; `sorted` orders a file's pairs as Kafka's TreeMap does. */
function printPairs(
  sink: DumpSink,
  m: Map<string, Iterable<[bigint, bigint]>>,
  heading: (file: string) => string,
  line: (a: bigint, b: bigint) => string,
  sorted: "ascending" | "descending" | "insertion" = "insertion",
): void {
  for (const file of javaHashMapOrder([...m.keys()])) {
    sink.err(heading(file));
    const pairs = [...m.get(file)!];
    if (sorted !== "insertion") pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0) * (sorted === "ascending" ? 1 : -1));
    for (const [a, b] of pairs) sink.err(line(a, b));
  }
}

function printReport(sink: DumpSink, r: IndexReport, nonConsecutive: OffsetPairs): void {
  printPairs(sink, r.offsetMismatches, (f) => `Mismatches in :${f}`, (a, b) => `  Index offset: ${a}, log offset: ${b}`, "descending");
  printPairs(sink, r.timeMismatches, (f) => `Found timestamp mismatch in :${f}`, (a, b) => `  Index timestamp: ${a}, log timestamp: ${b}`);
  printPairs(sink, r.outOfOrder, (f) => `Found out of order timestamp in :${f}`, (a, b) => `  Index timestamp: ${a}, Previously indexed timestamp: ${b}`);
  printPairs(sink, r.shallowNotFound, (f) => `The following indexed offsets are not found in :${f}`, (a, b) => `Indexed offset: ${a}, found log offset: ${b}`);
  printPairs(sink, nonConsecutive, (f) => `Non-consecutive offsets in ${f}`, (a, b) => `  ${a} is followed by ${b}`, "ascending");
}

/** A path as java.io.File prints it: repeated separators collapsed, no trailing separator. */
export function javaFilePath(path: string): string {
  const p = path.replace(/\/+/g, "/");
  return p.length > 1 && p.endsWith("/") ? p.slice(0, -1) : p;
}

/** File.getAbsolutePath: relative paths joined to the working directory, "." and ".." kept as they are. */
function javaAbsolutePath(path: string): string {
  return path.startsWith("/") ? path : `${process.cwd()}/${path}`;
}

/** Dump every file; throws on a file that cannot be read (the lines before it are already out). */
export function runLogDump(o: LogDumpOptions, sink: DumpSink): void {
  const report = newIndexReport();
  const nonConsecutive: OffsetPairs = new Map();
  const mode = { sanity: o.indexSanityCheck, verifyOnly: o.verifyIndexOnly };
  for (const given of o.files) {
    const file = javaFilePath(given);
    sink.out(`Dumping ${file}`);
    const abs = javaAbsolutePath(file);
    const name = basename(file);
    const dot = name.lastIndexOf(".");
    const suffix = dot < 0 ? "" : name.slice(dot);
    if (suffix === ".log" || suffix === ".checkpoint") {
      dumpSegment(file, abs, { printDataLog: o.printDataLog, deepIteration: o.deepIteration, skipRecordMetadata: o.skipRecordMetadata, maxBytes: o.maxBytes }, sink, nonConsecutive);
    } else if (suffix === ".index") dumpOffsetIndex(file, abs, mode, sink, report);
    else if (suffix === ".timeindex") dumpTimeIndex(file, abs, mode, sink, report);
    else if (suffix === ".snapshot") dumpProducerSnapshot(file, sink);
    else if (suffix === ".txnindex") dumpTxnIndex(file, sink);
    else sink.err(`Ignoring unknown file ${file}`);
  }
  printReport(sink, report, nonConsecutive);
}
