// Child of the cleaner crash test: a compacted log with small segments, the log cleaner running in
// its worker (backoff 20 ms), and four producers appending keyed single-record batches with
// fsync-before-ack; each prints `ACK <seq> <key> <tombstone 0|1>` only after waitDurable. The parent
// SIGKILLs it at a random moment (while the cleaner reads, writes `.cleaned` files or swaps).
import { writeSync } from "node:fs";
import { buildRecordBatch } from "../../src/protocol/records/builder.ts";
import { LogManager } from "../../src/storage/log-manager.ts";
import { DEFAULT_CLEANER_CONFIG } from "../../src/storage/cleaner/log-cleaner.ts";

export const CLEANER_CRASH_CONFIG = { segmentBytes: 8 * 1024, indexIntervalBytes: 512, compact: true, delete: false, minCleanableDirtyRatio: 0.01, deleteRetentionMs: 50, fsyncBeforeAck: true };

if (import.meta.main) {
  const [dir, seqBaseArg] = process.argv.slice(2);
  if (!dir || !seqBaseArg) throw new Error("usage: cleaner-crash-child <dir> <seqBase>");
  let seq = Number(seqBaseArg);
  const manager = LogManager.open({ logDirs: [dir], nodeId: 1, clusterId: "cleanercrashclusterAAA", defaultConfig: CLEANER_CRASH_CONFIG, cleaner: { ...DEFAULT_CLEANER_CONFIG, backoffMs: 20, dedupeBufferBytes: 1 << 20 } });
  manager.startScheduler({ flushCheckMs: 50, checkpointMs: 30, retentionCheckMs: 100_000 });
  const log = manager.getOrCreateLog({ topic: "cc", partition: 0 });
  log.setHighWatermark(log.logEndOffset);
  writeSync(1, `READY ${log.logEndOffset}\n`);
  const enc = new TextEncoder();
  const producer = async (): Promise<void> => {
    // Runs until the parent kills the process.
    for (;;) {
      const s = seq++;
      const key = `k${(s * 7919) % 150}`;
      const tomb = s % 11 === 0;
      const r = log.append(buildRecordBatch({ records: [{ key: enc.encode(key), value: tomb ? null : enc.encode(`${s}:${"x".repeat(s % 200)}`) }], compression: s % 5 }));
      log.setHighWatermark(log.logEndOffset);
      await log.waitDurable(r.lastOffset + 1);
      writeSync(1, `ACK ${s} ${key} ${tomb ? 1 : 0}\n`);
    }
  };
  await Promise.all([producer(), producer(), producer(), producer()]);
}
