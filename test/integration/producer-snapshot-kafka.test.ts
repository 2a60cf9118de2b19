// Producer snapshots are Kafka's files byte for byte (issue 10, item 6): Apache Kafka 4.4.0's own
// ProducerStateManager (test/support/java/ProducerSnapshotInterop.java, run on the Kafka jars) writes
// a snapshot that Strand reads and re-encodes to the same bytes, reads the snapshot Strand writes, and
// rejects a damaged one with the message Strand gives.
import { expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { readBatchHeader } from "../../src/storage/batch.ts";
import { CorruptSnapshotError } from "../../src/storage/errors.ts";
import { readProducerSnapshotBytes, writeProducerSnapshotBytes } from "../../src/storage/producer-snapshot.ts";
import { ProducerStateManager } from "../../src/storage/producer-state.ts";
import { probeKafkaDist, runKafkaClass } from "../support/kafka-dist.ts";
import { valuesBatch } from "../unit/storage/batch-builder.ts";
import { tempDir } from "../unit/storage/helpers.ts";

const INTEROP = join(import.meta.dir, "..", "support", "java", "ProducerSnapshotInterop.java");

async function kafka(...args: string[]): Promise<{ exitCode: number; stdout: string }> {
  const r = await runKafkaClass(INTEROP, args, { timeoutMs: 120_000 });
  if (r.exitCode !== 0 && r.exitCode !== 3) throw new Error(`ProducerSnapshotInterop ${args.join(" ")} exited ${r.exitCode}: ${r.stderr.slice(0, 2000)}`);
  return { exitCode: r.exitCode, stdout: r.stdout };
}

function strandError(bytes: Uint8Array): string {
  try {
    readProducerSnapshotBytes(bytes, "f");
  } catch (e) {
    if (e instanceof CorruptSnapshotError) return e.reason;
    throw e;
  }
  throw new Error("Strand accepted a corrupt snapshot");
}

test("Kafka 4.4.0 and Strand read each other's producer snapshots, and reject the same damage", async () => {
  const probe = await probeKafkaDist();
  if (!probe.ok) {
    console.warn(`skipped: Kafka jars unavailable (${probe.reason})`);
    return;
  }
  const d = tempDir("strand-pidsnap-");
  try {
    // Kafka writes; Strand reads the entries and encodes them back to the very same bytes.
    await kafka("write", d.path);
    const kafkaFile = join(d.path, "00000000000000000015.snapshot");
    const kafkaBytes = new Uint8Array(readFileSync(kafkaFile));
    const entries = readProducerSnapshotBytes(kafkaBytes, kafkaFile);
    const byId = new Map(entries.map((e) => [e.producerId, e]));
    expect(entries).toHaveLength(3);
    expect(byId.get(1000n)).toEqual({ producerId: 1000n, epoch: 0, lastSequence: 9, lastOffset: 9n, offsetDelta: 4, timestamp: 1_700_000_000_009n, coordinatorEpoch: -1, currentTxnFirstOffset: -1n });
    expect(byId.get(77n)).toEqual({ producerId: 77n, epoch: 3, lastSequence: 1, lastOffset: 13n, offsetDelta: 3, timestamp: 1_700_000_000_100n, coordinatorEpoch: -1, currentTxnFirstOffset: -1n });
    expect(byId.get(123456789012345n)).toMatchObject({ epoch: 32767, lastSequence: 0, lastOffset: 14n, currentTxnFirstOffset: 14n });
    expect(writeProducerSnapshotBytes(entries)).toEqual(kafkaBytes);
    const loaded = new ProducerStateManager(d.path);
    expect(loaded.loadLatest(15, 1_700_000_001_000)).toBe(15);
    expect(loaded.get(77n)!.lastBatches).toEqual([{ firstSequence: 2147483646, lastSequence: 1, firstOffset: 10, lastOffset: 13, timestamp: 1_700_000_000_100 }]);

    // Strand writes; Kafka's readSnapshot reads what Strand holds.
    const s = tempDir("strand-pidsnap-s-");
    try {
      const m = new ProducerStateManager(s.path);
      const batch = (pid: bigint, epoch: number, seq: number, n: number, offset: number, ts: number) =>
        readBatchHeader(valuesBatch(n, 8, 0, { producerId: pid, producerEpoch: epoch, baseSequence: seq, baseOffset: offset, baseTimestamp: ts }), 0);
      m.update(batch(5n, 1, 0, 3, 0, 1_700_000_000_000));
      m.update(batch(6n, 2, 2147483647, 2, 3, 1_700_000_000_500)); // sequences 2^31-1, 0
      m.update(batch(5n, 1, 3, 2, 5, 1_700_000_000_900));
      const path = m.takeSnapshot(7);
      const read = await kafka("read", path);
      expect(read.exitCode).toBe(0);
      expect(read.stdout.trim().split("\n").sort()).toEqual(["5 1 -1 1700000000901 -1 4 6 1", "6 2 -1 1700000000501 -1 0 4 1"]);

      // Damage: Kafka and Strand refuse it with the same message.
      const good = new Uint8Array(readFileSync(path));
      const flipped = good.slice();
      flipped[good.length - 5]! ^= 0x40;
      writeFileSync(path, flipped);
      const k1 = await kafka("read", path);
      expect(k1.exitCode).toBe(3);
      expect(k1.stdout.trim()).toBe(`CorruptSnapshotException: ${strandError(flipped)}`);
      expect(k1.stdout).toContain("Snapshot is corrupt (CRC is no longer valid). Stored crc:");
      const v2 = good.slice();
      new DataView(v2.buffer).setInt16(0, 2);
      writeFileSync(path, v2);
      const k2 = await kafka("read", path);
      expect(k2.stdout.trim()).toBe(`CorruptSnapshotException: ${strandError(v2)}`);
      const truncated = good.subarray(0, 20);
      writeFileSync(path, truncated);
      const k3 = await kafka("read", path);
      expect(k3.exitCode).toBe(3);
      expect(k3.stdout).toStartWith("CorruptSnapshotException: Snapshot failed schema validation: ");
      expect(strandError(truncated)).toStartWith("Snapshot failed schema validation: ");
    } finally {
      s.cleanup();
    }
  } finally {
    d.cleanup();
  }
}, 240_000);
