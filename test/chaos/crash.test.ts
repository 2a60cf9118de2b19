// Crash test: a child appends with fsync-before-ack and reports acknowledged offsets; it is killed
// with SIGKILL at random moments; after each kill the log is recovered and must hold every
// acknowledged batch (same offsets, same bytes), verify batch by batch, and take appends again.
import { expect, test } from "bun:test";
import { join } from "node:path";
import { checkBatch } from "../../src/storage/batch.ts";
import { LogManager } from "../../src/storage/log-manager.ts";
import { batchesIn, readSlice, recordValues, tempDir } from "../unit/storage/helpers.ts";
import { valuesBatch } from "../unit/storage/batch-builder.ts";

const ROUNDS = 50;
const BUN = process.execPath;

interface Ack {
  first: number;
  last: number;
  tag: number;
}

test(`survives ${ROUNDS} SIGKILLs during fsync-before-ack appends`, async () => {
  const d = tempDir("strand-crash-");
  let tagBase = 0;
  const acked: Ack[] = [];
  let totalAcks = 0;
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const child = Bun.spawn([BUN, join(import.meta.dir, "crash-child.ts"), d.path, String(tagBase)], { stdout: "pipe", stderr: "pipe" });
      let out = "";
      const reader = child.stdout.getReader();
      const readAll = (async () => {
        const dec = new TextDecoder();
        // Bounded by the child's lifetime: the stream ends when it dies.
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          out += dec.decode(value, { stream: true });
        }
      })();
      // Wait for READY, then kill at a random moment (0-250 ms later).
      const readyBy = Date.now() + 15_000;
      while (!out.includes("READY") && Date.now() < readyBy && child.exitCode === null) await Bun.sleep(5);
      if (!out.includes("READY")) throw new Error(`child did not start: ${await new Response(child.stderr).text()}`);
      await Bun.sleep(Math.floor(Math.random() * 250));
      child.kill("SIGKILL");
      await child.exited;
      await readAll;
      for (const line of out.split("\n")) {
        const m = /^ACK (\d+) (\d+) (\d+)$/.exec(line);
        if (m) {
          acked.push({ first: Number(m[1]), last: Number(m[2]), tag: Number(m[3]) });
          totalAcks++;
        }
      }
      tagBase += 1_000_000;

      // Recover in this process and verify.
      const manager = LogManager.open({ logDirs: [d.path], nodeId: 1, clusterId: "crashtestclusterAAAAAA", defaultConfig: { segmentBytes: 96 * 1024, indexIntervalBytes: 1024 } });
      expect(manager.offlinePartitions()).toEqual([]);
      const log = manager.getLog({ topic: "crash", partition: 0 })!;
      const byBase = new Map<number, { lastOffset: number; tag: number }>();
      let next = log.logStartOffset;
      // Bounded by the log end offset: each read advances past at least one batch.
      while (next < log.logEndOffset) {
        const r = log.read(next, 4 << 20);
        const bytes = readSlice(r.slice!);
        const batches = batchesIn(bytes);
        expect(batches.length).toBeGreaterThan(0);
        for (const b of batches) {
          expect(checkBatch(bytes, b.position, b.position + b.size, 1 << 30)).toBeNull();
          expect(b.baseOffset).toBe(next);
          const first = recordValues(bytes, b.position)[0]!;
          const tag = new DataView(first.buffer, first.byteOffset).getUint32(0);
          byBase.set(b.baseOffset, { lastOffset: b.lastOffset, tag });
          next = b.lastOffset + 1;
        }
      }
      for (const a of acked) {
        const b = byBase.get(a.first);
        expect(b).toEqual({ lastOffset: a.last, tag: a.tag });
      }
      // Appends continue after recovery.
      const leo = log.logEndOffset;
      const r = log.append(valuesBatch(1, 16, 0xfffffff0 + (round % 8)));
      expect(r.firstOffset).toBe(leo);
      // Alternate a clean close and an abandoned one, so the child sees both kinds of restart.
      if (round % 2 === 0) await manager.close();
      else manager.abandon();
    }
    console.log(`crash test: ${ROUNDS} kills, ${totalAcks} acknowledged batches verified`);
    expect(totalAcks).toBeGreaterThan(ROUNDS);
  } finally {
    d.cleanup();
  }
}, 170_000);
