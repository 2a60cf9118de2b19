// `strand storage format` with Kafka 4.4.0's rules (src/cli/storage-format.ts): the three quorum flags,
// their refusals with Kafka's texts, and what each mode writes (meta.properties, the bootstrap snapshot
// 0-0 of a controller and nothing else). The texts were taken from running Kafka 4.4.0's
// kafka-storage format on the same configurations; test/interop/storage-format-kafka.test.ts compares
// the files with Kafka's.
import { afterEach, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { formatStorage, formattingLine, quorumFlagOf } from "../../../src/cli/storage-format.ts";
import type { FormatOptions, QuorumFlag } from "../../../src/cli/storage-format.ts";
import { BrokerConfig } from "../../../src/config/broker-config.ts";
import { decodeMetadataRecord } from "../../../src/metadata/record-serde.ts";
import { bootstrapSnapshotPath, metadataPartitionDir, readBootstrapVoters } from "../../../src/raft/bootstrap-snapshot.ts";
import { FileRawSnapshotReader } from "../../../src/raft/snapshot/file-raw-snapshot.ts";
import { RecordsSnapshotReader } from "../../../src/raft/snapshot/records-snapshot-reader.ts";
import { BOOTSTRAP_SNAPSHOT_ID } from "../../../src/raft/snapshot/snapshots.ts";
import { readMetaProperties } from "../../../src/storage/meta-properties.ts";

const CLUSTER_ID = "AAAAAAAAAAAAAAAAAAAAAw";
const DIR_ID = "KOINANiBSzS7zTWlw6IcQQ";
const ROOT = resolve(import.meta.dir, "../../..");

const temps: string[] = [];
afterEach(() => {
  for (const d of temps.splice(0)) rmSync(d, { recursive: true, force: true });
}, 120_000);

function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), "strand-format-"));
  temps.push(d);
  return d;
}

/** A controller of a dynamic quorum on 127.0.0.1:19093 (the brief's config), with `extra` on top. */
function config(dir: string, extra: Record<string, string | null> = {}): BrokerConfig {
  const props = new Map<string, string>([
    ["process.roles", "controller"],
    ["node.id", "1"],
    ["controller.listener.names", "CONTROLLER"],
    ["listeners", "CONTROLLER://127.0.0.1:19093"],
    ["controller.quorum.bootstrap.servers", "127.0.0.1:19093"],
    ["log.dirs", join(dir, "logs")],
  ]);
  for (const [k, v] of Object.entries(extra)) {
    if (v === null) props.delete(k);
    else props.set(k, v);
  }
  return BrokerConfig.from(props, []);
}

const STATIC = { "controller.quorum.voters": "1@127.0.0.1:19093", "controller.quorum.bootstrap.servers": null };
const BROKER = { "process.roles": "broker", listeners: "PLAINTEXT://127.0.0.1:19092", "listener.security.protocol.map": "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT" };

async function format(c: BrokerConfig, quorum: QuorumFlag | null, opts: Partial<FormatOptions> = {}) {
  return formatStorage(c, CLUSTER_ID, { ignoreFormatted: false, quorum, ...opts });
}

async function failure(p: Promise<unknown>): Promise<Error> {
  try {
    await p;
  } catch (e) {
    return e as Error;
  }
  throw new Error("expected a failure");
}

/** The FeatureLevelRecords of a bootstrap snapshot, as name=level. */
function featureLevels(metadataLogDir: string): string[] {
  const raw = FileRawSnapshotReader.open(metadataPartitionDir(metadataLogDir), BOOTSTRAP_SNAPSHOT_ID);
  try {
    const out: string[] = [];
    for (const b of RecordsSnapshotReader.of(raw).batches()) {
      for (const r of b.records) {
        const rec = decodeMetadataRecord(r, 0n);
        const m = rec.message as { name: string; featureLevel: number };
        out.push(`${m.name}=${m.featureLevel}`);
      }
    }
    return out;
  } finally {
    raw.close();
  }
}

describe("the quorum flags (kafka-storage format's mutually exclusive group)", () => {
  test("each flag in its short and long form, --initial-controllers with its value", () => {
    expect(quorumFlagOf(["-t", "x", "-c", "f"])).toBeNull();
    expect(quorumFlagOf(["-s"])).toEqual({ kind: "standalone" });
    expect(quorumFlagOf(["--standalone"])).toEqual({ kind: "standalone" });
    expect(quorumFlagOf(["-N"])).toEqual({ kind: "no-initial-controllers" });
    expect(quorumFlagOf(["--no-initial-controllers"])).toEqual({ kind: "no-initial-controllers" });
    expect(quorumFlagOf(["-I", "1@h:1:x"])).toEqual({ kind: "initial-controllers", value: "1@h:1:x" });
    expect(quorumFlagOf(["--initial-controllers", "1@h:1:x"])).toEqual({ kind: "initial-controllers", value: "1@h:1:x" });
    expect(quorumFlagOf(["--initial-controllers=1@h:1:x"])).toEqual({ kind: "initial-controllers", value: "1@h:1:x" });
    // The values of -t, -c and --override are not flags; a flag given twice is that flag.
    expect(quorumFlagOf(["-c", "-s", "--override", "-N", "-t", "-I"])).toBeNull();
    expect(quorumFlagOf(["-s", "--standalone"])).toEqual({ kind: "standalone" });
  });

  test("two different flags are refused, naming both", () => {
    const text = "give at most one of --standalone/-s, --initial-controllers/-I and --no-initial-controllers/-N";
    expect(() => quorumFlagOf(["-s", "-N"])).toThrow(`invalid --no-initial-controllers/-N "true": not allowed with --standalone/-s: ${text}`);
    expect(() => quorumFlagOf(["-s", "-I", "1@h:1:x"])).toThrow(`invalid --initial-controllers/-I "1@h:1:x": not allowed with --standalone/-s: ${text}`);
    expect(() => quorumFlagOf(["--no-initial-controllers", "--standalone"])).toThrow(`invalid --standalone/-s "true": not allowed with --no-initial-controllers/-N`);
    expect(() => quorumFlagOf(["-I"])).toThrow('invalid --initial-controllers/-I "": expected one argument');
  });
});

describe("refusals, with Kafka 4.4.0's texts", () => {
  test("--standalone and --initial-controllers with controller.quorum.voters (a static quorum)", async () => {
    const d = tempDir();
    const kafka = "You cannot specify controller.quorum.voters and format the node with --initial-controllers or --standalone. If you want to use dynamic quorum, please remove controller.quorum.voters and specify controller.quorum.bootstrap.servers instead.";
    const e1 = await failure(format(config(d, STATIC), { kind: "standalone" }));
    expect(e1.message).toBe(`invalid --standalone/-s "true": ${kafka} (controller.quorum.voters is 1@127.0.0.1:19093)`);
    const e2 = await failure(format(config(d, STATIC), { kind: "initial-controllers", value: `1@h:1:${DIR_ID}` }));
    expect(e2.message).toStartWith(`invalid --initial-controllers/-I "1@h:1:${DIR_ID}": ${kafka}`);
    expect(existsSync(join(d, "logs"))).toBe(false); // refused before any dir is made
  });

  test("--standalone on a broker; a dynamic controller without any of the three flags", async () => {
    const d = tempDir();
    const e1 = await failure(format(config(d, BROKER), { kind: "standalone" }));
    expect(e1.message).toBe('invalid --standalone/-s "true": You can only use --standalone on a controller. (process.roles is broker)');
    const e2 = await failure(format(config(d), null));
    expect(e2.message).toBe(
      'invalid --standalone/--initial-controllers/--no-initial-controllers "none given": Because controller.quorum.voters is not set on this controller, you must specify one of the following: --standalone, --initial-controllers, or --no-initial-controllers.',
    );
  });

  test("--initial-controllers values Kafka refuses", async () => {
    const d = tempDir();
    const cases: Array<[string, string]> = [
      ["1@h:1", "No colon following port could be found."],
      [`x@h:1:${DIR_ID}`, "Failed to parse node id in dynamic voter string."],
      [`@h:1:${DIR_ID}`, "Invalid @ at beginning of dynamic voter string."],
      ["1h:1:K", "No @ found in dynamic voter string."],
      [`-1@h:1:${DIR_ID}`, "Invalid negative node id -1 in dynamic voter string."],
      [`1@h:99999:${DIR_ID}`, "Invalid port 99999 in dynamic voter string."],
      [`1@h:x:${DIR_ID}`, "Failed to parse port in dynamic voter string."],
      ["1@h:1:bad", "Failed to parse directory ID in dynamic voter string."],
      [`1@h:1:${DIR_ID},1@h:2:AAAAAAAAAAAAAAAAAAAAAg`, "Node id 1 was specified more than once."],
      [`1@[::1:1:${DIR_ID}`, "Hostname began with left bracket, but no right bracket was found."],
      [`1@[::1]x1:${DIR_ID}`, "Port section must start with a colon."],
      ["1@", "No hostname found after node id."],
      ["1@h", "No colon following hostname could be found."],
      [",", "No voters given."],
    ];
    for (const [value, kafka] of cases) {
      const e = await failure(format(config(d), { kind: "initial-controllers", value }));
      expect(e.message).toBe(`invalid --initial-controllers/-I "${value}": ${kafka} Expected a comma-separated list of id@host:port:directoryId, e.g. 1@ctl1:9093:JEXY6aqzQY-32P5TStzaFg`);
    }
  });

  test("formatted dirs: another cluster id or node id is refused; without --ignore-formatted any formatted dir is", async () => {
    const d = tempDir();
    await format(config(d, STATIC), null);
    const other = await failure(formatStorage(config(d, STATIC), "AAAAAAAAAAAAAAAAAAAAAg", { ignoreFormatted: true }));
    const meta = join(d, "logs", "meta.properties");
    expect(other.message).toBe(`invalid --cluster-id "AAAAAAAAAAAAAAAAAAAAAg": Invalid cluster.id in: ${meta}. Expected AAAAAAAAAAAAAAAAAAAAAg, but read ${CLUSTER_ID}`);
    const node = await failure(format(config(d, { ...STATIC, "node.id": "2", "controller.quorum.voters": "2@127.0.0.1:19093" }), null, { ignoreFormatted: true }));
    expect(node.message).toContain(`Stored node id 1 doesn't match previous node id 2 in ${meta}.`);
    const again = await failure(format(config(d, STATIC), null));
    expect(again.message).toContain("is already formatted");
    expect(again.message).toContain("Use --ignore-formatted to ignore this directory and format the others.");
    expect(await format(config(d, STATIC), null, { ignoreFormatted: true })).toEqual([]);
  });
});

describe("what each mode writes", () => {
  test("--standalone: meta.properties with the voter's directory id and the snapshot with this voter on the controller listener", async () => {
    const d = tempDir();
    const out = await format(config(d), { kind: "standalone" });
    const logs = join(d, "logs");
    expect(out.map(formattingLine)).toEqual([`Formatting dynamic metadata voter directory ${logs} with metadata.version 4.4-IV2.`]);
    const meta = readMetaProperties(logs)!;
    expect(meta).toMatchObject({ version: 1, clusterId: CLUSTER_ID, nodeId: 1 });
    expect(meta.directoryId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(out[0]!.bootstrapSnapshot).toBe(bootstrapSnapshotPath(logs));
    expect(readdirSync(join(logs, "__cluster_metadata-0"))).toEqual(["00000000000000000000-0000000000.checkpoint"]);
    const b = readBootstrapVoters(logs)!;
    expect(b.kraftVersion).toBe(1);
    expect(b.voters!.voters()).toEqual([{ key: { id: 1, directoryId: meta.directoryId }, endpoints: [{ name: "CONTROLLER", host: "127.0.0.1", port: 19093 }], kraftVersion: { min: 0, max: 1 } }]);
    // Strand's bootstrap feature levels (the ones it finalizes), metadata.version first.
    expect(featureLevels(logs)).toEqual(["metadata.version=33", "group.version=1", "share.version=2", "streams.version=1", "transaction.version=2"]);
    expect(existsSync(join(logs, "bootstrap.checkpoint"))).toBe(false); // Kafka 4.4.0 writes none
  });

  test("--standalone takes the advertised controller listener, and localhost for no host or 0.0.0.0", async () => {
    const hostOf = async (extra: Record<string, string>) => {
      const d = tempDir();
      await format(config(d, extra), { kind: "standalone" });
      return readBootstrapVoters(join(d, "logs"))!.voters!.voters()[0]!.endpoints[0];
    };
    expect(await hostOf({ listeners: "CONTROLLER://:19093" })).toEqual({ name: "CONTROLLER", host: "localhost", port: 19093 });
    expect(await hostOf({ listeners: "CONTROLLER://0.0.0.0:19093" })).toEqual({ name: "CONTROLLER", host: "localhost", port: 19093 });
    expect(await hostOf({ listeners: "CONTROLLER://0.0.0.0:19093", "advertised.listeners": "CONTROLLER://ctl.example:29093" })).toEqual({ name: "CONTROLLER", host: "ctl.example", port: 29093 });
    // The first controller listener name that has a listener (Kafka: effectiveAdvertisedControllerListeners.head).
    const two = { "controller.listener.names": "CTL2,CONTROLLER", listeners: "CONTROLLER://localhost:19093,CTL2://127.0.0.9:19094", "listener.security.protocol.map": "CONTROLLER:PLAINTEXT,CTL2:PLAINTEXT" };
    expect(await hostOf(two)).toEqual({ name: "CTL2", host: "127.0.0.9", port: 19094 });
  });

  test("--initial-controllers: this node's metadata dir takes the directory id given for it; every voter on the first controller listener", async () => {
    const d = tempDir();
    const out = await format(config(d), { kind: "initial-controllers", value: ` 2@127.0.0.2:19094:AAAAAAAAAAAAAAAAAAAAAg,1@[::1]:19093:${DIR_ID}== , ` });
    const logs = join(d, "logs");
    expect(out[0]!.type).toBe("DYNAMIC_METADATA_VOTER_DIRECTORY");
    expect(readMetaProperties(logs)!.directoryId).toBe(DIR_ID);
    const b = readBootstrapVoters(logs)!;
    expect(b.kraftVersion).toBe(1);
    // By node id; an IPv6 literal as Java's InetSocketAddress gives it back.
    expect(b.voters!.voters().map((v) => [v.key.id, v.key.directoryId, v.endpoints[0]!.host, v.endpoints[0]!.port])).toEqual([
      [1, DIR_ID, "0:0:0:0:0:0:0:1", 19093],
      [2, "AAAAAAAAAAAAAAAAAAAAAg", "127.0.0.2", 19094],
    ]);
  });

  test("--initial-controllers without this node: a dynamic metadata directory with a new directory id", async () => {
    const d = tempDir();
    const out = await format(config(d), { kind: "initial-controllers", value: `2@h:1:${DIR_ID}` });
    expect(formattingLine(out[0]!)).toStartWith("Formatting dynamic metadata directory ");
    expect(readMetaProperties(join(d, "logs"))!.directoryId).not.toBe(DIR_ID);
    expect(readBootstrapVoters(join(d, "logs"))!.voters!.voterIds()).toEqual([2]);
  });

  test("--no-initial-controllers: kraft.version 1 and no voters; a static quorum: kraft.version 0", async () => {
    const d1 = tempDir();
    const out = await format(config(d1), { kind: "no-initial-controllers" });
    expect(formattingLine(out[0]!)).toStartWith("Formatting metadata directory ");
    expect(readBootstrapVoters(join(d1, "logs"))).toEqual({ kraftVersion: 1, voters: null });
    const d2 = tempDir();
    await format(config(d2, STATIC), null);
    expect(readBootstrapVoters(join(d2, "logs"))).toEqual({ kraftVersion: 0, voters: null });
    // --no-initial-controllers is allowed with static voters too: still kraft.version 0.
    const d3 = tempDir();
    await format(config(d3, STATIC), { kind: "no-initial-controllers" });
    expect(readBootstrapVoters(join(d3, "logs"))).toEqual({ kraftVersion: 0, voters: null });
  });

  test("a broker gets meta.properties only (with --initial-controllers naming it, its directory id)", async () => {
    const d1 = tempDir();
    await format(config(d1, BROKER), null);
    expect(readdirSync(join(d1, "logs"))).toEqual(["meta.properties"]);
    const d2 = tempDir();
    await format(config(d2, BROKER), { kind: "initial-controllers", value: `1@h:1:${DIR_ID}` });
    expect(readdirSync(join(d2, "logs"))).toEqual(["meta.properties"]);
    expect(readMetaProperties(join(d2, "logs"))!.directoryId).toBe(DIR_ID);
  });

  test("several dirs: only metadata.log.dir gets the snapshot; it is listed first, the data dirs after, by name", async () => {
    const d = tempDir();
    const c = config(d, { "log.dirs": `${join(d, "b")},${join(d, "a")}`, "metadata.log.dir": join(d, "meta") });
    const out = await format(c, { kind: "standalone" });
    expect(out.map(formattingLine)).toEqual([
      `Formatting dynamic metadata voter directory ${join(d, "meta")} with metadata.version 4.4-IV2.`,
      `Formatting data directory ${join(d, "a")} with metadata.version 4.4-IV2.`,
      `Formatting data directory ${join(d, "b")} with metadata.version 4.4-IV2.`,
    ]);
    expect(readdirSync(join(d, "a"))).toEqual(["meta.properties"]);
    expect(readdirSync(join(d, "b"))).toEqual(["meta.properties"]);
    expect(readBootstrapVoters(join(d, "meta"))!.voters!.voterIds()).toEqual([1]);
    const ids = ["a", "b", "meta"].map((n) => readMetaProperties(join(d, n))!.directoryId);
    expect(new Set(ids).size).toBe(3);
  });

  test("the implicit format of `server start` refuses a dir holding a metadata partition but no meta.properties", async () => {
    const d = tempDir();
    mkdirSync(join(d, "logs", "__cluster_metadata-0"), { recursive: true });
    writeFileSync(join(d, "logs", "__cluster_metadata-0", "00000000000000000000.log"), "");
    const e = await failure(format(config(d, STATIC), null, { ignoreFormatted: true, onlyEmpty: true }));
    expect(e.message).toContain("__cluster_metadata-0/");
  });
});

describe("the command line", () => {
  const run = (args: string[]) => Bun.spawnSync([process.execPath, join(ROOT, "src/cli/main.ts"), "storage", "format", ...args], { stdout: "pipe", stderr: "pipe", timeout: 30_000 });

  test("--no-initial-controllers in its long form (citty alone would read it as --initial-controllers negated)", () => {
    const d = tempDir();
    const props = join(d, "server.properties");
    writeFileSync(props, ["process.roles=controller", "node.id=1", "controller.listener.names=CONTROLLER", "listeners=CONTROLLER://127.0.0.1:19093", "controller.quorum.bootstrap.servers=127.0.0.1:19093", `log.dirs=${join(d, "logs")}`].join("\n"));
    const p = run(["-t", CLUSTER_ID, "-c", props, "--no-initial-controllers"]);
    expect(p.stderr.toString()).toBe("");
    expect(p.stdout.toString()).toBe(`Formatting metadata directory ${join(d, "logs")} with metadata.version 4.4-IV2.\n`);
    expect(p.exitCode).toBe(0);
    expect(readBootstrapVoters(join(d, "logs"))).toEqual({ kraftVersion: 1, voters: null });
    const again = run(["-t", CLUSTER_ID, "-c", props, "-N", "-g"]);
    expect(again.stdout.toString()).toBe("All of the log directories are already formatted.\n");
    const both = run(["-t", CLUSTER_ID, "-c", props, "-s", "--no-initial-controllers"]);
    expect(both.exitCode).toBe(2);
    expect(both.stderr.toString()).toContain('strand: invalid --no-initial-controllers/-N "true": not allowed with --standalone/-s');
  }, 60_000);
});
