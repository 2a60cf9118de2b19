// KRaftControlRecordStateMachine (src/raft/kraft-control-record-state-machine.ts): the voter set and
// kraft.version from the bootstrap snapshot `storage format` writes, VotersRecords in the log by offset,
// a truncation reverting an uncommitted change, and VoterSet's add/remove/update (Kafka's rules).
import { afterEach, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ControlRecordType } from "../../../src/protocol/records/control-batch.ts";
import { metadataPartitionDir, writeBootstrapSnapshot } from "../../../src/raft/bootstrap-snapshot.ts";
import { KafkaMetadataLog } from "../../../src/raft/kafka-metadata-log.ts";
import { KRaftControlRecordStateMachine } from "../../../src/raft/kraft-control-record-state-machine.ts";
import { MockLog } from "../../../src/raft/mock-log.ts";
import { controlBatch, dataBatch } from "../../../src/raft/raft-records.ts";
import { encodeVoters } from "../../../src/raft/snapshot/control-records.ts";
import type { Voter } from "../../../src/raft/types.ts";
import { VoterSet } from "../../../src/raft/voter-set.ts";
import { createLogger } from "../../../src/util/log.ts";

const dir = (id: number) => Buffer.alloc(16, id).toString("base64url");
const voter = (id: number, port = 9093): Voter => ({ key: { id, directoryId: dir(id) }, endpoints: [{ name: "CONTROLLER", host: `c${id}`, port }], kraftVersion: { min: 0, max: 1 } });
const votersBatch = (ids: number[]) => controlBatch([{ type: ControlRecordType.KRAFT_VOTERS, value: encodeVoters(ids.map((i) => voter(i))) }], 0);
const data = () => dataBatch([new Uint8Array([1])], 0);

const temps: string[] = [];
afterEach(() => {
  for (const d of temps.splice(0)) rmSync(d, { recursive: true, force: true });
}, 120_000);

test("static voters when the log has no KRaft control records (kraft.version 0)", () => {
  const log = new MockLog();
  const staticVoters = VoterSet.parseStatic("1@a:1,2@b:2", "CONTROLLER");
  const sm = new KRaftControlRecordStateMachine(log, staticVoters);
  log.appendAsLeader(data(), 1);
  sm.updateState();
  expect(sm.lastVoterSet()).toBe(staticVoters);
  expect(sm.lastVoterSetOffset()).toBeNull();
  expect(sm.lastKraftVersion()).toBe(0);
});

test("voters by offset from the log; truncation drops an uncommitted change; the history reverts", () => {
  const log = new MockLog();
  const sm = new KRaftControlRecordStateMachine(log, VoterSet.empty());
  log.appendAsLeader(votersBatch([1]), 1); // offset 0
  log.appendAsLeader(data(), 1); // 1
  log.appendAsLeader(votersBatch([1, 2]), 1); // 2
  expect(sm.updateState()).toBe(true);
  expect(sm.lastVoterSet().voterIds()).toEqual([1, 2]);
  expect(sm.lastVoterSetOffset()).toBe(2);
  expect(sm.voterSetAtOffset(1).voterIds()).toEqual([1]);
  log.updateHighWatermark(3);
  log.appendAsLeader(votersBatch([1, 2, 3]), 1); // 3, never committed
  sm.updateState();
  expect(sm.lastVoterSet().voterIds()).toEqual([1, 2, 3]);
  log.truncateTo(3);
  expect(sm.updateState()).toBe(true);
  expect(sm.lastVoterSet().voterIds()).toEqual([1, 2]);
  expect(sm.lastVoterSetOffset()).toBe(2);
  // Nothing new: no change reported, nothing re-read.
  expect(sm.updateState()).toBe(false);
});

test("the bootstrap snapshot on disk: --standalone gives voters at offset -1, --no-initial-controllers none", async () => {
  const logger = createLogger("error");
  for (const [voters, want] of [[[voter(1)], [1]], [null, []]] as const) {
    const d = mkdtempSync(join(tmpdir(), "strand-kraft-control-"));
    temps.push(d);
    await writeBootstrapSnapshot(d, { kraftVersion: 1, voters, records: [] });
    const log = KafkaMetadataLog.open({ dir: d, logger, config: { fileDeleteDelayMs: 0 } });
    try {
      expect(metadataPartitionDir(d)).toContain("__cluster_metadata-0");
      const sm = new KRaftControlRecordStateMachine(log, VoterSet.empty());
      sm.updateState();
      expect(sm.lastVoterSet().voterIds()).toEqual([...want]);
      expect(sm.lastKraftVersion()).toBe(1);
      expect(sm.lastVoterSetOffset()).toBe(voters ? -1 : null);
    } finally {
      await log.close();
    }
  }
});

test("VoterSet add/remove/update as Kafka's: ids once, directory ids must match, the last voter stays", () => {
  const vs = new VoterSet([voter(1)]);
  expect(vs.addVoter(voter(1))).toBeNull();
  const two = vs.addVoter(voter(2))!;
  expect(two.voterIds()).toEqual([1, 2]);
  expect(two.removeVoter({ id: 2, directoryId: dir(9) })).toBeNull();
  expect(two.removeVoter({ id: 2, directoryId: dir(2) })!.voterIds()).toEqual([1]);
  expect(vs.removeVoter({ id: 1, directoryId: dir(1) })).toBeNull();
  expect(two.updateVoter(voter(2, 9999))!.endpoint(2, "CONTROLLER")!.port).toBe(9999);
  expect(two.updateVoter(voter(3))).toBeNull();
  expect(VoterSet.empty().size).toBe(0);
  expect(() => new VoterSet([])).toThrow();
});
