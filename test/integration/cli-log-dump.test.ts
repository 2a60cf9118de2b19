// `strand log dump` against Apache Kafka 4.4.0's kafka-dump-log on the same files: a Strand broker writes
// a topic with every codec, keys, headers, tombstones, UTF-8, an idempotent producer, committed and
// aborted transactions (so control batches and a .txnindex) and a LogAppendTime topic, over several
// segments; after a clean stop both tools dump every file of the partition directories and of
// __cluster_metadata, and their stdout and stderr must be equal byte for byte.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { buildRecordBatch } from "../../src/protocol/records/index.ts";
import type { RecordInput } from "../../src/protocol/records/index.ts";
import { withClient, type KafkaTestClient } from "../support/kafka-client.ts";
import { KAFKA_MAIN, probeKafkaDist, runKafkaClass } from "../support/kafka-dist.ts";
import { removeDataDir, startStrand, type StrandHandle } from "../support/strand.ts";
import { produceTransactions } from "../support/txn-produce.ts";
import { createTopic, produce, waitForLeaders } from "../unit/produce/wire-helpers.ts";

type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const ROOT = resolve(import.meta.dir, "../..");
const enc = new TextEncoder();
const TOPIC = "dumped";
const LAT_TOPIC = "dumped-lat";
const TXN_ID = "dump-txn";
const BASE_TS = 1_760_000_000_000;

let strand: StrandHandle | null = null;
let skipped = "";

function rec(i: number, o: { key?: string | null; value?: string | null; headers?: Record<string, string | null> } = {}): RecordInput {
  return {
    key: o.key === null ? null : enc.encode(o.key ?? `key-${i}`),
    value: o.value === null ? null : enc.encode(o.value ?? `value-${i}-${"x".repeat(i % 50)}`),
    headers: Object.entries(o.headers ?? {}).map(([k, v]) => ({ key: k, value: v === null ? null : enc.encode(v) })),
    timestamp: BASE_TS + i * 10,
  };
}

async function plainAndIdempotent(c: KafkaTestClient): Promise<void> {
  const init = await c.request<Any>(22, 4, { transactionalId: null, transactionTimeoutMs: 60_000, producerId: -1n, producerEpoch: -1 });
  expect(init.errorCode).toBe(0);
  let seq = 0;
  for (let b = 0; b < 40; b++) {
    const compression = b % 5;
    const records = Array.from({ length: 1 + (b % 4) }, (_, j) => {
      const i = b * 4 + j;
      if (j === 1) return rec(i, { value: null }); // a tombstone
      if (j === 2) return rec(i, { key: null, headers: { trace: `t${i}`, empty: null, "h\u00e9": "v" } });
      return rec(i, { value: b % 7 === 0 ? `caf\u00e9 \u{1F600} ${i}` : undefined });
    });
    const idempotent = b % 2 === 1;
    const batch = buildRecordBatch({
      records,
      compression,
      ...(idempotent ? { producerId: init.producerId, producerEpoch: init.producerEpoch, baseSequence: seq } : {}),
    });
    if (idempotent) seq += records.length;
    const r = await produce(c, TOPIC, 0, batch);
    expect(r.errorCode).toBe(0);
  }
}

async function transactions(c: KafkaTestClient): Promise<void> {
  const txns = Array.from({ length: 6 }, (_, t) => ({
    records: Array.from({ length: 3 }, (_, j) => rec(1000 + t * 3 + j, { headers: { txn: String(t) } })),
    commit: t % 3 !== 1,
    compression: t % 2 === 0 ? 0 : 4,
  }));
  await produceTransactions(c, TXN_ID, TOPIC, 0, txns);
}

beforeAll(async () => {
  const probe = await probeKafkaDist();
  if (!probe.ok) {
    skipped = `Kafka jars unavailable (${probe.reason})`;
    return;
  }
  strand = await startStrand();
  await withClient(strand.port, async (c) => {
    // Small segments (Kafka's testing key) and dense indexes: several segments from a few kilobytes.
    const small = { "internal.segment.bytes": "4096", "index.interval.bytes": "256" };
    await createTopic(c, TOPIC, 1, small);
    await createTopic(c, LAT_TOPIC, 1, { ...small, "message.timestamp.type": "LogAppendTime" });
    await waitForLeaders(c, TOPIC);
    await waitForLeaders(c, LAT_TOPIC);
    await plainAndIdempotent(c);
    await transactions(c);
    const lat = await produce(c, LAT_TOPIC, 0, buildRecordBatch({ records: [rec(1), rec(2, { key: null })], compression: 1 }));
    expect(lat.errorCode).toBe(0);
  });
  // A consumer group's commits, so __consumer_offsets holds binary keys and values to print as text.
  const group = Bun.spawn([process.execPath, join(ROOT, "src/cli/main.ts"), "consume", TOPIC, "--group", "dumpers", "-n", "5"], {
    stdout: "ignore",
    stderr: "pipe",
    env: { ...process.env, STRAND_BROKERS: strand.bootstrap },
  });
  expect(await group.exited).toBe(0);
  expect(await strand.stop()).toBe(0);
}, 120_000);

afterAll(async () => {
  if (strand) removeDataDir(strand.dataDir);
}, 30_000);

function filesOf(dir: string, suffixes: string[]): string[] {
  return readdirSync(dir).filter((n) => suffixes.some((s) => n.endsWith(s))).sort().map((n) => join(dir, n));
}

async function kafkaDump(args: string[], cwd?: string): Promise<{ stdout: string; stderr: string }> {
  // UTF-8 output whatever the machine's locale, so non-ASCII payloads compare.
  const r = await runKafkaClass(KAFKA_MAIN.dumpLog, args, { cwd, extraJvmArgs: ["-Dstdout.encoding=UTF-8", "-Dstderr.encoding=UTF-8", "-Dfile.encoding=UTF-8"] });
  expect(r.exitCode).toBe(0);
  return { stdout: r.stdout, stderr: r.stderr };
}

async function strandDump(args: string[], cwd?: string): Promise<{ stdout: string; stderr: string; exitCode: number }> {
  const p = Bun.spawn([process.execPath, join(ROOT, "src/cli/main.ts"), "log", "dump", ...args], { cwd, stdout: "pipe", stderr: "pipe" });
  const [stdout, stderr, exitCode] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text(), p.exited]);
  return { stdout, stderr, exitCode };
}

async function compare(args: string[], cwd?: string): Promise<string> {
  const [k, s] = await Promise.all([kafkaDump(args, cwd), strandDump(args, cwd)]);
  expect(s.exitCode).toBe(0);
  expect(s.stdout).toBe(k.stdout);
  expect(s.stderr).toBe(k.stderr);
  return s.stdout;
}

test("segments, indexes, snapshots and txnindex print as kafka-dump-log prints them", async () => {
  if (skipped) return console.warn(`skipped: ${skipped}`);
  const logs = join(strand!.dataDir, "logs");
  const dir = join(logs, `${TOPIC}-0`);
  const all = filesOf(dir, [".log", ".index", ".timeindex", ".snapshot", ".txnindex"]);
  expect(all.filter((f) => f.endsWith(".log")).length).toBeGreaterThanOrEqual(3);
  const deep = await compare(["--files", all.join(","), "--print-data-log"]);
  for (const codec of ["none", "gzip", "snappy", "lz4", "zstd"]) expect(deep).toContain(`compresscodec: ${codec}`);
  expect(deep).toContain("endTxnMarker: ABORT");
  expect(deep).toContain("endTxnMarker: COMMIT");
  expect(deep).toMatch(/^version: 0 producerId: \d+ firstOffset/m);
  expect(deep).toContain("headerKeys: [trace,empty,h\u00e9]");
  expect(deep).toContain("\u{1F600}");

  const latFiles = filesOf(join(logs, `${LAT_TOPIC}-0`), [".log", ".index", ".timeindex"]);
  const lat = await compare(["--files", latFiles.join(","), "--deep-iteration"]);
  expect(lat).toContain("LogAppendTime:");
}, 120_000);

test("shallow iteration, --skip-record-metadata, --max-bytes, index checks", async () => {
  if (skipped) return console.warn(`skipped: ${skipped}`);
  const dir = join(strand!.dataDir, "logs", `${TOPIC}-0`);
  const logs = filesOf(dir, [".log"]);
  await compare(["--files", logs.join(",")]);
  await compare(["--files", logs.slice(0, 2).join(","), "--print-data-log", "--skip-record-metadata", "--max-bytes", "1500"]);
  const indexes = filesOf(dir, [".index", ".timeindex"]);
  const sanity = await compare(["--files", indexes.join(","), "--index-sanity-check"]);
  expect(sanity.match(/passed sanity check/g)?.length).toBe(indexes.length);
  await compare(["--files", indexes.join(","), "--verify-index-only"]);
  // Relative paths, as java.io.File prints them ("//" collapsed) and reports them (made absolute, "./" kept).
  const relative = logs.map((f) => `.//${f.slice(dir.length + 1)}`);
  await compare(["--files", relative.join(","), "--deep-iteration"], dir);
}, 120_000);

test("__cluster_metadata segments and control records", async () => {
  if (skipped) return console.warn(`skipped: ${skipped}`);
  const dir = join(strand!.dataDir, "logs", "__cluster_metadata-0");
  const files = filesOf(dir, [".log", ".checkpoint"]);
  expect(files.length).toBeGreaterThan(0);
  const out = await compare(["--files", files.join(","), "--deep-iteration"]);
  // The bootstrap snapshot `storage format` wrote, and the log's leader-change records.
  for (const s of ["Snapshot end offset: 0, epoch: 0", "SnapshotHeader {", "SnapshotFooter {", "LeaderChange: {"]) expect(out).toContain(s);
}, 120_000);

test("a dynamic quorum's bootstrap snapshot: KRaftVersion and KRaftVoters as Kafka's JSON", async () => {
  if (skipped) return console.warn(`skipped: ${skipped}`);
  const d = mkdtempSync(join(tmpdir(), "strand-dump-format-"));
  try {
    const props = join(d, "server.properties");
    writeFileSync(props, ["process.roles=controller", "node.id=1", "controller.listener.names=CONTROLLER", "listeners=CONTROLLER://127.0.0.1:19093",
      "controller.quorum.bootstrap.servers=127.0.0.1:19093", `log.dirs=${join(d, "logs")}`].join("\n") + "\n");
    const f = Bun.spawn([process.execPath, join(ROOT, "src/cli/main.ts"), "storage", "format", "-t", "AAAAAAAAAAAAAAAAAAAAAw", "-c", props, "-I", "1@127.0.0.1:19093:KOINANiBSzS7zTWlw6IcQQ"], { stdout: "ignore", stderr: "pipe" });
    expect(await f.exited).toBe(0);
    const snapshot = join(d, "logs", "__cluster_metadata-0", "00000000000000000000-0000000000.checkpoint");
    const out = await compare(["--files", snapshot, "--deep-iteration"]);
    for (const s of ["KRaftVersion {", 'KRaftVoters {"version":0,"voters":[{"voterId":1,"voterDirectoryId":"KOINANiBSzS7zTWlw6IcQQ"']) expect(out).toContain(s);
  } finally {
    rmSync(d, { recursive: true, force: true });
  }
}, 120_000);

test("__consumer_offsets with binary keys and values printed as text", async () => {
  if (skipped) return console.warn(`skipped: ${skipped}`);
  const logs = join(strand!.dataDir, "logs");
  const dirs = readdirSync(logs).filter((d) => d.startsWith("__consumer_offsets-")).map((d) => join(logs, d));
  const files = dirs.flatMap((d) => filesOf(d, [".log"])).filter((f) => Bun.file(f).size > 0);
  expect(files.length).toBeGreaterThan(0);
  const out = await compare(["--files", files.join(","), "--print-data-log"]);
  expect(out).toContain("dumpers");
}, 120_000);

test("bad flags and unknown files", async () => {
  const bad = await strandDump(["--max-bytes", "lots", "x.log"]);
  expect(bad.exitCode).toBe(2);
  expect(bad.stderr).toContain('invalid --max-bytes "lots": an integer from 1 to 2147483647');
  const none = await strandDump([]);
  expect(none.exitCode).toBe(2);
  const unknown = await strandDump(["notes.txt"]);
  expect(unknown.exitCode).toBe(0);
  expect(unknown.stdout).toBe("Dumping notes.txt\n");
  expect(unknown.stderr).toBe("Ignoring unknown file notes.txt\n");
}, 30_000);
