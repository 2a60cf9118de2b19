// The on-disk variant of the Raft fuzz (test/unit/raft/raft-fuzz.test.ts): node 1 of a RaftSimulation
// keeps its log in a KafkaMetadataLog under a temp dir; after the fuzzing it is stopped, its log closed,
// re-opened and replayed (the same batches, CRC-valid, contiguous, epochs never going down) and the node
// restarted on the re-opened log.
import { expect } from "bun:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { MessageSetIterator } from "../../src/protocol/records/index.ts";
import { KafkaMetadataLog } from "../../src/raft/kafka-metadata-log.ts";
import { MockLog } from "../../src/raft/mock-log.ts";
import type { ReplicatedLog } from "../../src/raft/replicated-log.ts";
import { createLogger } from "../../src/util/log.ts";
import { logBatches, type RaftSimulation } from "./raft-sim.ts";

const logger = createLogger("error");

/** SimOptions.logFor: node 1 on disk under `dir`, the others in memory. */
export function diskNode(dir: string, id: number): ReplicatedLog {
  if (id !== 1) return new MockLog();
  mkdirSync(join(dir, `n${id}`), { recursive: true });
  return KafkaMetadataLog.open({ dir: join(dir, `n${id}`), logger, config: { fileDeleteDelayMs: 0 } });
}

/** Every batch of a re-opened log validates and continues the one before it. */
function replay(log: ReplicatedLog): void {
  const { records } = log.read(log.startOffset(), "UNCOMMITTED", 1 << 30);
  let next = log.startOffset();
  let epoch = -1;
  const it = new MessageSetIterator(records);
  for (const b of it) {
    expect(b.validate({ strictRecordCount: true }), `batch at ${b.baseOffset}`).toBeNull();
    expect(Number(b.baseOffset)).toBe(next);
    expect(b.partitionLeaderEpoch).toBeGreaterThanOrEqual(epoch);
    epoch = b.partitionLeaderEpoch;
    next = Number(b.lastOffset) + 1;
  }
  expect(it.stop === "corrupt").toBe(false);
  expect(next).toBe(log.endOffset().offset);
}

/** Stops node `id`, flushes and closes its disk log, re-opens and replays it, and restarts the node on it. */
export async function reopenDiskNode(sim: RaftSimulation, dir: string, id: number): Promise<void> {
  const n = sim.nodes.get(id)!;
  await n.log.flush();
  const before = logBatches(n.log).map((b) => ({ ...b, bytes: Buffer.from(b.bytes).toString("base64") }));
  sim.kill(id);
  await n.log.close();
  const log = KafkaMetadataLog.open({ dir: join(dir, `n${id}`), logger, config: { fileDeleteDelayMs: 0 } });
  replay(log);
  const after = logBatches(log).map((b) => ({ ...b, bytes: Buffer.from(b.bytes).toString("base64") }));
  expect(after.length).toBeGreaterThan(0);
  // The log start offset is not checkpointed (Kafka's is not either): a snapshot moved it inside the
  // first segment, which could not be deleted, so the re-opened log starts at that segment's base and
  // still holds the older batches. From the old start on it is the same log.
  expect(after[0]!.baseOffset).toBeLessThanOrEqual(before[0]?.baseOffset ?? after[0]!.baseOffset);
  const from = before.length === 0 ? after.length : after.findIndex((b) => b.baseOffset === before[0]!.baseOffset);
  expect(from).toBeGreaterThanOrEqual(0);
  expect(after.slice(from)).toEqual(before);
  n.log = log;
  sim.start(id);
}

/** Closes the disk logs (sim.close() stops the clients only). */
export async function closeDiskLogs(sim: RaftSimulation): Promise<void> {
  for (const n of sim.nodes.values()) if (!(n.log instanceof MockLog)) await n.log.close();
}
