// Start-up refusals that name what is wrong (issue 20, bugs 7 and 10), against the real broker process:
// a data dir whose meta.properties is gone is refused (Kafka refuses to start on it) instead of being
// formatted with a new cluster id; an empty log.dirs and a log dir that cannot be created name the key,
// the dir and the OS error.
import { afterEach, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildRecordBatch } from "../../src/protocol/records/index.ts";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { removeDataDir, startStrand, type StrandHandle } from "../support/strand.ts";
import { batchViews, createTopic, fetchOnce, produce } from "../unit/produce/wire-helpers.ts";

let broker: StrandHandle | null = null;
const dirs: string[] = [];
afterEach(async () => {
  if (broker) await broker.kill();
  broker = null;
  for (const d of dirs.splice(0)) removeDataDir(d);
}, 120_000);

function batchOf(n: number, tag: number): Uint8Array {
  return buildRecordBatch({ records: Array.from({ length: n }, (_, i) => ({ value: new Uint8Array(100).fill((tag + i) & 0xff) })) });
}

function tempDataDir(): string {
  const d = mkdtempSync(join(tmpdir(), "strand-it-"));
  dirs.push(d);
  return d;
}

/** The message startStrand throws when the broker exits before starting ("" if it started). */
async function startFailure(o: Parameters<typeof startStrand>[0]): Promise<string> {
  try {
    broker = await startStrand(o);
  } catch (e) {
    return (e as Error).message;
  }
  return "";
}

test("a data dir whose meta.properties was deleted is refused, not formatted with a new cluster id", async () => {
  broker = await startStrand();
  const dataDir = broker.dataDir;
  dirs.push(dataDir);
  const c = await KafkaTestClient.connect(broker.port);
  await createTopic(c, "kept", 1);
  for (let i = 0; i < 2; i++) expect((await produce(c, "kept", 0, batchOf(2, i))).errorCode).toBe(0);
  c.close();
  expect(await broker.stop()).toBe(0);
  broker = null;
  const logDir = join(dataDir, "logs");
  const meta = join(logDir, "meta.properties");
  const before = readFileSync(meta, "utf8");
  rmSync(meta);

  const failure = await startFailure({ dataDir });
  expect(failure).toContain(`No meta.properties found in ${logDir}`);
  expect(failure).toMatch(/kept-0\//);
  expect(failure).toContain("refusing to start");
  expect(existsSync(meta)).toBe(false); // not re-formatted

  // Restored, the broker starts with its old cluster id and data.
  writeFileSync(meta, before);
  broker = await startStrand({ dataDir });
  const c2 = await KafkaTestClient.connect(broker.port);
  const r = await produce(c2, "kept", 0, batchOf(1, 9));
  expect(Number(r.baseOffset)).toBe(4);
  const f = await fetchOnce(c2, "kept", [{ partition: 0, offset: 0n }]);
  expect(batchViews(f.partitions[0]!.records).map((b) => Number(b.baseOffset))).toEqual([0, 2, 4]);
  c2.close();
}, 60_000);

test("an empty log.dirs is refused naming log.dirs", async () => {
  const failure = await startFailure({ dataDir: tempDataDir(), overrides: { "log.dirs": "" } });
  expect(failure).toContain('invalid value "" for configuration log.dirs: at least one directory');
}, 30_000);

test("a log dir that cannot be created is refused naming the key, the dir and the OS error", async () => {
  const failure = await startFailure({ dataDir: tempDataDir(), overrides: { "log.dirs": "/proc/self/nonexistent/logs" } });
  expect(failure).toContain('invalid value "/proc/self/nonexistent/logs" for configuration log.dirs');
  expect(failure).toContain("ENOENT");
}, 30_000);

test("KRaft keys are checked as Kafka 4.4.0 checks them at start-up, with its texts (src/config/kraft-config.ts)", async () => {
  const notAVoter = await startFailure({ dataDir: tempDataDir(), overrides: { "controller.quorum.voters": "2@localhost:9093" } });
  expect(notAVoter).toContain("requirement failed: If process.roles contains the 'controller' role, the node id 1 must be included in the set of voters controller.quorum.voters=Set(2)");
  const badRole = await startFailure({ dataDir: tempDataDir(), overrides: { "process.roles": "broker,leader" } });
  expect(badRole).toContain("process.roles");
  expect(badRole).toContain("leader");
  // The defaults (a combined node that is its own only voter) start.
  broker = await startStrand({ dataDir: tempDataDir() });
  expect(broker.port).toBeGreaterThan(0);
}, 60_000);
