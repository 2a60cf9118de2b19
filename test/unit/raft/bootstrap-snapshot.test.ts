// The bootstrap snapshot 0-0 of `storage format` (src/raft/bootstrap-snapshot.ts) read back with
// readBootstrapVoters and the initial-voter parsing of src/raft/dynamic-voters.ts.
import { afterEach, describe, expect, test } from "bun:test";
import { chmodSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { encodeMetadataRecord, metadataRecord, RecordType } from "../../../src/metadata/record-serde.ts";
import { bootstrapSnapshotPath, metadataPartitionDir, readBootstrapVoters, writeBootstrapSnapshot } from "../../../src/raft/bootstrap-snapshot.ts";
import { javaHostString, parseDynamicVoters, parseKafkaUuid, toVoters } from "../../../src/raft/dynamic-voters.ts";
import { FileRawSnapshotReader } from "../../../src/raft/snapshot/file-raw-snapshot.ts";
import { CorruptSnapshotError, RecordsSnapshotReader } from "../../../src/raft/snapshot/records-snapshot-reader.ts";
import { BOOTSTRAP_SNAPSHOT_ID } from "../../../src/raft/snapshot/snapshots.ts";

const DIR_A = "KOINANiBSzS7zTWlw6IcQQ";
const DIR_B = "AAAAAAAAAAAAAAAAAAAAAg";
const FEATURES = [
  { name: "metadata.version", featureLevel: 33 },
  { name: "group.version", featureLevel: 1 },
];
const records = () => FEATURES.map((f) => encodeMetadataRecord(metadataRecord(RecordType.FEATURE_LEVEL, f)));

const temps: string[] = [];
afterEach(() => {
  for (const d of temps.splice(0)) rmSync(d, { recursive: true, force: true });
}, 120_000);
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), "strand-bootstrap-"));
  temps.push(d);
  return d;
}

describe("dynamic voters (Kafka's DynamicVoters.parse)", () => {
  test("entries by node id, bracketed IPv6 hosts, padded directory ids made canonical", () => {
    const v = parseDynamicVoters(` 3@ctl3:9095:${DIR_B}, 1@[::1]:9093:${DIR_A}==,`);
    expect(v).toEqual([
      { nodeId: 1, host: "::1", port: 9093, directoryId: DIR_A },
      { nodeId: 3, host: "ctl3", port: 9095, directoryId: DIR_B },
    ]);
    expect(toVoters(v, "CONTROLLER")).toEqual([
      { key: { id: 1, directoryId: DIR_A }, endpoints: [{ name: "CONTROLLER", host: "0:0:0:0:0:0:0:1", port: 9093 }], kraftVersion: { min: 0, max: 1 } },
      { key: { id: 3, directoryId: DIR_B }, endpoints: [{ name: "CONTROLLER", host: "ctl3", port: 9095 }], kraftVersion: { min: 0, max: 1 } },
    ]);
    // Kafka takes an empty host and port 0 as written.
    expect(parseDynamicVoters(`1@:0:${DIR_A}`)[0]).toEqual({ nodeId: 1, host: "", port: 0, directoryId: DIR_A });
    expect(() => parseDynamicVoters(`1@h:1:${DIR_A}, ,2@h:1:${DIR_B}`)).toThrow("No @ found in dynamic voter string.");
  });

  test("Kafka Uuids: 22 characters of base64url, or 24 with the padding", () => {
    expect(parseKafkaUuid(DIR_A)).toBe(DIR_A);
    expect(parseKafkaUuid(`${DIR_A}==`)).toBe(DIR_A);
    expect(parseKafkaUuid("KOINANiBSzS7zTWlw6IcQ")).toBeNull();
    expect(parseKafkaUuid("KOINANiBSzS7zTWlw6Ic+Q")).toBeNull();
  });

  test("hosts as Java's InetSocketAddress.getHostString gives them (checked with Java 17)", () => {
    const cases: Array<[string, string]> = [
      ["::ffff:1.2.3.4", "1.2.3.4"],
      ["fe80::1", "fe80:0:0:0:0:0:0:1"],
      ["2001:DB8::0:1", "2001:db8:0:0:0:0:0:1"],
      ["::", "0:0:0:0:0:0:0:0"],
      ["1::", "1:0:0:0:0:0:0:0"],
      ["::1.2.3.4", "0:0:0:0:0:0:102:304"],
      ["fe80::1%1", "fe80:0:0:0:0:0:0:1%1"],
      ["127.0.0.1", "127.0.0.1"],
      ["LocalHost", "LocalHost"],
    ];
    for (const [host, java] of cases) expect(javaHostString(host)).toBe(java);
  });
});

describe("writeBootstrapSnapshot / readBootstrapVoters", () => {
  test("round trip: kraft.version 1 with the voters, the records in one data batch, a read-only file", async () => {
    const d = tempDir();
    const voters = toVoters(parseDynamicVoters(`1@127.0.0.1:19093:${DIR_A},2@127.0.0.2:19094:${DIR_B}`), "CONTROLLER");
    const path = await writeBootstrapSnapshot(d, { kraftVersion: 1, voters, records: records(), nowMs: () => 1_700_000_000_000 });
    expect(path).toBe(join(d, "__cluster_metadata-0", "00000000000000000000-0000000000.checkpoint"));
    expect(path).toBe(bootstrapSnapshotPath(d));
    expect(statSync(path).mode & 0o777).toBe(0o400);
    expect(readdirSync(metadataPartitionDir(d))).toEqual(["00000000000000000000-0000000000.checkpoint"]); // no .part left
    const b = readBootstrapVoters(d)!;
    expect(b.kraftVersion).toBe(1);
    expect(b.voters!.voters()).toEqual(voters);
    const raw = FileRawSnapshotReader.open(metadataPartitionDir(d), BOOTSTRAP_SNAPSHOT_ID);
    const reader = RecordsSnapshotReader.of(raw);
    expect(reader.lastContainedLogTimestampMs).toBe(1_700_000_000_000);
    const batches = [...reader.batches()];
    raw.close();
    // Header batch: offsets 0-2 (header, KRaftVersion, Voters); data 3-4; footer 5.
    expect(batches.map((x) => [x.baseOffset, x.lastOffset, x.epoch])).toEqual([[3, 4, 0]]);
    expect(batches[0]!.records).toEqual(records());
  });

  test("kraft.version 0 (a static quorum) and 1 without voters (--no-initial-controllers)", async () => {
    const d0 = tempDir();
    await writeBootstrapSnapshot(d0, { kraftVersion: 0, voters: null, records: records() });
    expect(readBootstrapVoters(d0)).toEqual({ kraftVersion: 0, voters: null });
    const d1 = tempDir();
    await writeBootstrapSnapshot(d1, { kraftVersion: 1, voters: null, records: records() });
    expect(readBootstrapVoters(d1)).toEqual({ kraftVersion: 1, voters: null });
  });

  test("no snapshot: null; one cut short: CorruptSnapshotError", async () => {
    const d = tempDir();
    expect(readBootstrapVoters(d)).toBeNull();
    await writeBootstrapSnapshot(d, { kraftVersion: 1, voters: toVoters(parseDynamicVoters(`1@h:1:${DIR_A}`), "CONTROLLER"), records: records() });
    const path = bootstrapSnapshotPath(d);
    const whole = readFileSync(path);
    chmodSync(path, 0o600);
    writeFileSync(path, whole.subarray(0, whole.length - 75)); // the 75-byte footer batch
    expect(() => readBootstrapVoters(d)).toThrow(CorruptSnapshotError);
    writeFileSync(path, whole.subarray(0, whole.length - 10)); // a torn footer batch
    expect(() => readBootstrapVoters(d)).toThrow(CorruptSnapshotError);
  });
});
