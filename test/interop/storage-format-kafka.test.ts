// `strand storage format` against Apache Kafka 4.4.0's `kafka-storage.sh format` (kafka.tools.StorageTool):
// the same server.properties is formatted by each into its own temp dir, in each quorum mode
// (--standalone, --initial-controllers, --no-initial-controllers, a static quorum, a broker), and:
//   - both write the same files (meta.properties, and for a controller the bootstrap snapshot
//     __cluster_metadata-0/00000000000000000000-0000000000.checkpoint, read-only), the same
//     meta.properties keys, and this node's directory id where --initial-controllers gives it;
//   - kafka-dump-log --cluster-metadata-decoder reads Strand's snapshot (every batch valid) and shows the
//     same control batches (SnapshotHeader, KRaftVersion, KRaftVoters, SnapshotFooter: sizes and all),
//     timestamps, CRCs and random directory ids aside; the data batch holds Kafka's FeatureLevelRecords
//     for the features Strand finalizes, in Kafka's order (Kafka also finalizes
//     eligible.leader.replicas.version, which Strand does not
//     finalize: src/metadata/supported-features.ts);
//   - Strand's readBootstrapVoters reads Kafka's snapshot;
//   - the configurations Kafka refuses, Strand refuses, with Kafka's text in its message.
// Needs java and the Kafka 4.4.0 jars (test/support/kafka-dist.ts fetches them); skipped only when Maven
// Central cannot be reached to fetch them.
import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { readBootstrapVoters } from "../../src/raft/bootstrap-snapshot.ts";
import { bootstrapFeatureLevels } from "../../src/metadata/supported-features.ts";
import { parseProperties } from "../../src/storage/meta-properties.ts";
import { KAFKA_MAIN, probeKafkaDist, runKafkaClass } from "../support/kafka-dist.ts";

const dist = await probeKafkaDist();
const ROOT = resolve(import.meta.dir, "../..");
const CLUSTER_ID = "AAAAAAAAAAAAAAAAAAAAAw";
const DIR_1 = "KOINANiBSzS7zTWlw6IcQQ";
const DIR_2 = "AAAAAAAAAAAAAAAAAAAAAg";
const SNAPSHOT = "__cluster_metadata-0/00000000000000000000-0000000000.checkpoint";
const TIMEOUT_MS = 120_000;

const temps: string[] = [];
afterAll(() => {
  for (const d of temps.splice(0)) rmSync(d, { recursive: true, force: true });
}, 120_000);

/** The brief's controller: node 1, CONTROLLER://127.0.0.1:19093, a dynamic quorum; `extra` on top. */
function properties(logDir: string, extra: Record<string, string | null>): string {
  const props = new Map<string, string>([
    ["process.roles", "controller"],
    ["node.id", "1"],
    ["controller.listener.names", "CONTROLLER"],
    ["listeners", "CONTROLLER://127.0.0.1:19093"],
    ["controller.quorum.bootstrap.servers", "127.0.0.1:19093"],
    ["log.dirs", logDir],
  ]);
  for (const [k, v] of Object.entries(extra)) {
    if (v === null) props.delete(k);
    else props.set(k, v);
  }
  return [...props].map(([k, v]) => `${k}=${v}`).join("\n") + "\n";
}

interface Formatted {
  exitCode: number;
  stdout: string;
  stderr: string;
  logDir: string;
}

/** Formats a fresh dir with the same configuration by `who`. */
async function format(who: "kafka" | "strand", extra: Record<string, string | null>, flags: string[]): Promise<Formatted> {
  const d = mkdtempSync(join(tmpdir(), `strand-format-${who}-`));
  temps.push(d);
  const logDir = join(d, "logs");
  const propsFile = join(d, "server.properties");
  writeFileSync(propsFile, properties(logDir, extra));
  const args = ["format", "-t", CLUSTER_ID, "-c", propsFile, ...flags];
  if (who === "kafka") {
    const r = await runKafkaClass(KAFKA_MAIN.storage, args, { timeoutMs: TIMEOUT_MS });
    return { exitCode: r.exitCode, stdout: r.stdout, stderr: r.stderr, logDir };
  }
  const p = Bun.spawn([process.execPath, join(ROOT, "src/cli/main.ts"), "storage", ...args], { stdout: "pipe", stderr: "pipe" });
  const timer = setTimeout(() => p.kill("SIGKILL"), TIMEOUT_MS);
  const [stdout, stderr, exitCode] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text(), p.exited]);
  clearTimeout(timer);
  return { exitCode, stdout, stderr, logDir };
}

/** Every file under `dir`, relative, with its permission bits. */
function files(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string, depth: number) => {
    if (depth > 4) return;
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p, depth + 1);
      else out.push(`${relative(dir, p)} ${(statSync(p).mode & 0o777).toString(8)}`);
    }
  };
  walk(dir, 0);
  return out.sort();
}

function metaProperties(logDir: string): Map<string, string> {
  return parseProperties(readFileSync(join(logDir, "meta.properties"), "utf8"));
}

interface SnapshotDump {
  /** The header control batch and its records, then "Snapshot end offset" etc.: normalised lines. */
  header: string[];
  /** FeatureLevelRecord payloads of the data batch(es), in order. */
  features: string[];
  /** The footer batch and record without their offsets and position. */
  footer: string[];
  /** Every batch line's isvalid. */
  valid: boolean[];
}

/** kafka-dump-log --cluster-metadata-decoder of both snapshots in one JVM run. */
async function dumpSnapshots(paths: string[]): Promise<SnapshotDump[]> {
  const r = await runKafkaClass(KAFKA_MAIN.dumpLog, ["--cluster-metadata-decoder", "--files", paths.join(",")], { timeoutMs: TIMEOUT_MS });
  expect(r.stderr).toBe("");
  expect(r.exitCode).toBe(0);
  const parts = r.stdout.split(/^Dumping .*$/m).slice(1);
  expect(parts.length).toBe(paths.length);
  return parts.map((text) => {
    const lines = text.split("\n").filter((l) => l.trim() !== "");
    const norm = (l: string) =>
      l
        .replace(/ CreateTime: \d+/, "")
        .replace(/ crc: \d+/, "")
        .replace(/"lastContainedLogTimestamp":\d+/, '"lastContainedLogTimestamp":T')
        .replace(/"voterDirectoryId":"[A-Za-z0-9_-]{22}"/g, (m) => (m.includes(DIR_1) || m.includes(DIR_2) ? m : '"voterDirectoryId":"RANDOM"'));
    const batchStarts = lines.map((l, i) => (l.startsWith("baseOffset:") ? i : -1)).filter((i) => i >= 0);
    const batches = batchStarts.map((s, k) => lines.slice(s, batchStarts[k + 1] ?? lines.length));
    const header = [...lines.slice(0, batchStarts[0]), ...batches[0]!].map(norm);
    const data = batches.slice(1, -1).flat().filter((l) => l.startsWith("| offset:"));
    const features = data.map((l) => l.slice(l.indexOf("payload: ") + "payload: ".length));
    const footer = batches.at(-1)!.map((l) => norm(l).replace(/(base|last)?[oO]ffset: \d+ ?/g, "").replace(/ position: \d+/, ""));
    const valid = batches.map((b) => b[0]!.includes("isvalid: true"));
    return { header, features, footer, valid };
  });
}

const STRAND_FEATURES = new Set(bootstrapFeatureLevels().map((f) => f.name));
const nameOf = (payload: string) => (JSON.parse(payload) as { data: { name: string } }).data.name;

interface Mode {
  readonly name: string;
  readonly extra: Record<string, string | null>;
  readonly flags: string[];
  /** The voter directory id of this node that both must write (else each draws its own). */
  readonly directoryId: string | null;
  readonly snapshot: boolean;
}

const MODES: Mode[] = [
  { name: "--standalone", extra: {}, flags: ["--standalone"], directoryId: null, snapshot: true },
  { name: "--initial-controllers (two voters)", extra: {}, flags: ["--initial-controllers", `1@127.0.0.1:19093:${DIR_1},2@[::1]:19094:${DIR_2}`], directoryId: DIR_1, snapshot: true },
  { name: "--initial-controllers without this node", extra: {}, flags: ["-I", `2@ctl2.example:19094:${DIR_2}`], directoryId: null, snapshot: true },
  { name: "--no-initial-controllers", extra: {}, flags: ["--no-initial-controllers"], directoryId: null, snapshot: true },
  { name: "a static quorum (controller.quorum.voters)", extra: { "controller.quorum.voters": "1@127.0.0.1:19093", "controller.quorum.bootstrap.servers": null }, flags: [], directoryId: null, snapshot: true },
  { name: "--standalone on a combined node, advertised controller listener", extra: { "process.roles": "broker,controller", listeners: "PLAINTEXT://127.0.0.1:19092,CONTROLLER://0.0.0.0:19093", "advertised.listeners": "PLAINTEXT://127.0.0.1:19092,CONTROLLER://ctl.example:29093" }, flags: ["-s"], directoryId: null, snapshot: true },
  { name: "a broker", extra: { "process.roles": "broker", listeners: "PLAINTEXT://127.0.0.1:19092" }, flags: [], directoryId: null, snapshot: false },
];

describe.skipIf(!dist.ok)("storage format against Kafka 4.4.0's kafka-storage format", () => {
  for (const mode of MODES) {
    test(mode.name, async () => {
      const [kafka, strand] = [await format("kafka", mode.extra, mode.flags), await format("strand", mode.extra, mode.flags)];
      expect(kafka.exitCode).toBe(0);
      expect(strand.stderr).toBe("");
      expect(strand.exitCode).toBe(0);
      // Kafka prints its BootstrapMetadata first; the "Formatting ..." lines are the same.
      const formatting = (out: string, dir: string) => out.split("\n").filter((l) => l.startsWith("Formatting ")).map((l) => l.replace(dir, "DIR"));
      expect(formatting(strand.stdout, strand.logDir)).toEqual(formatting(kafka.stdout, kafka.logDir));
      expect(files(strand.logDir)).toEqual(files(kafka.logDir));

      const [km, sm] = [metaProperties(kafka.logDir), metaProperties(strand.logDir)];
      expect([...sm.keys()].sort()).toEqual([...km.keys()].sort());
      for (const k of ["version", "cluster.id", "node.id"]) expect(sm.get(k)).toBe(km.get(k)!);
      if (mode.directoryId) {
        expect(km.get("directory.id")).toBe(mode.directoryId);
        expect(sm.get("directory.id")).toBe(mode.directoryId);
      }
      if (!mode.snapshot) return;

      const [kd, sd] = await dumpSnapshots([join(kafka.logDir, SNAPSHOT), join(strand.logDir, SNAPSHOT)]);
      expect(sd!.valid.every(Boolean)).toBe(true);
      expect(sd!.header).toEqual(kd!.header);
      expect(sd!.footer).toEqual(kd!.footer);
      expect(sd!.features).toEqual(kd!.features.filter((p) => STRAND_FEATURES.has(nameOf(p))));
      expect(kd!.features.map(nameOf).filter((n) => !STRAND_FEATURES.has(n))).toEqual(["eligible.leader.replicas.version"]);

      // A standalone voter's directory id is drawn at random: each must be that side's meta.properties one.
      const [kb, sb] = [readBootstrapVoters(kafka.logDir)!, readBootstrapVoters(strand.logDir)!];
      expect(sb.kraftVersion).toBe(kb.kraftVersion);
      expect(sb.voters?.voterIds() ?? null).toEqual(kb.voters?.voterIds() ?? null);
      if (mode.flags.includes("-s") || mode.flags.includes("--standalone")) {
        expect(kb.voters!.voters()[0]!.key.directoryId).toBe(km.get("directory.id")!);
        expect(sb.voters!.voters()[0]!.key.directoryId).toBe(sm.get("directory.id")!);
      } else {
        expect(sb.voters?.voters() ?? null).toEqual(kb.voters?.voters() ?? null);
      }
    }, 4 * TIMEOUT_MS);
  }

  const REFUSED: Array<{ name: string; extra: Record<string, string | null>; flags: string[] }> = [
    { name: "a dynamic controller without any of the three flags", extra: {}, flags: [] },
    { name: "--standalone with controller.quorum.voters", extra: { "controller.quorum.voters": "1@127.0.0.1:19093", "controller.quorum.bootstrap.servers": null }, flags: ["-s"] },
    { name: "--initial-controllers with controller.quorum.voters", extra: { "controller.quorum.voters": "1@127.0.0.1:19093", "controller.quorum.bootstrap.servers": null }, flags: ["-I", `1@h:1:${DIR_1}`] },
    { name: "--standalone on a broker", extra: { "process.roles": "broker", listeners: "PLAINTEXT://127.0.0.1:19092" }, flags: ["-s"] },
    { name: "a bad --initial-controllers value", extra: {}, flags: ["-I", "1@h:1"] },
    { name: "--initial-controllers listing a node twice", extra: {}, flags: ["-I", `1@h:1:${DIR_1},1@h:2:${DIR_2}`] },
    { name: "two of the three flags", extra: {}, flags: ["-s", "-N"] },
  ];
  for (const r of REFUSED) {
    test(`refused by both: ${r.name}`, async () => {
      const [kafka, strand] = [await format("kafka", r.extra, r.flags), await format("strand", r.extra, r.flags)];
      expect(kafka.exitCode).toBe(1);
      expect(strand.exitCode).toBe(2);
      expect(existsSync(strand.logDir)).toBe(false); // refused before any dir is made
      // Kafka's message: its TerseFailure line, or the IllegalArgumentException's (argparse4j's usage errors aside).
      const thrown = /Exception in thread "main" java\.lang\.\w+: (.*)/.exec(kafka.stderr)?.[1];
      const kafkaText = thrown ?? (kafka.stderr.includes("usage: kafka-storage") ? null : kafka.stderr.trim());
      if (kafkaText !== null) expect(strand.stderr).toContain(kafkaText);
      else expect(strand.stderr).toContain("not allowed with");
    }, 2 * TIMEOUT_MS);
  }
});
