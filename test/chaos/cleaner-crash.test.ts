// Cleaner crash loop: a child appends keyed records with fsync-before-ack while the log cleaner
// (worker) compacts the log; it is SIGKILLed at random moments. After each kill the log is loaded
// (`.cleaned` files dropped, `.swap` files completed) and must hold, for every key, its latest
// acknowledged write or a later one (no acknowledged key lost, none resurrected from an older value),
// offsets increasing, and each key at most once below the cleaner checkpoint.
// STRAND_CHAOS_ROUNDS (default 8 here) and STRAND_CHAOS_SEED as the other chaos tests.
import { expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { RecordBatchView } from "../../src/protocol/records/batch-view.ts";
import { readOffsetCheckpoint } from "../../src/storage/checkpoint-file.ts";
import { LogManager } from "../../src/storage/log-manager.ts";
import { tempDir } from "../unit/storage/helpers.ts";
import { CLEANER_CRASH_CONFIG } from "./cleaner-crash-child.ts";

const ROUNDS = Number(process.env.STRAND_CHAOS_ROUNDS ?? 8);
const SEED = Number(process.env.STRAND_CHAOS_SEED ?? Date.now() % 100000);
const dec = new TextDecoder();

test(`the log survives ${ROUNDS} SIGKILLs while the cleaner runs`, async () => {
  console.log(`cleaner crash seed=${SEED}`);
  let rand = SEED >>> 0;
  const next = (): number => ((rand = (Math.imul(rand, 1103515245) + 12345) >>> 0) / 4294967296);
  const d = tempDir("strand-cleaner-crash-");
  // key -> the latest acknowledged seq (and whether it was a tombstone)
  const acked = new Map<string, { seq: number; tomb: boolean }>();
  let seqBase = 0;
  let swapsSeen = 0;
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const child = Bun.spawn([process.execPath, join(import.meta.dir, "cleaner-crash-child.ts"), d.path, String(seqBase)], { stdout: "pipe", stderr: "pipe" });
      let out = "";
      const reading = (async () => {
        // Bounded by the child's lifetime.
        for await (const chunk of child.stdout) out += dec.decode(chunk);
      })();
      const readyBy = Date.now() + 15_000;
      while (!out.includes("READY") && Date.now() < readyBy && child.exitCode === null) await Bun.sleep(5);
      if (!out.includes("READY")) throw new Error(`child did not start: ${await new Response(child.stderr).text()}`);
      await Bun.sleep(300 + Math.floor(next() * 900));
      child.kill("SIGKILL");
      await child.exited;
      await reading;
      for (const line of out.split("\n")) {
        const m = /^ACK (\d+) (\S+) ([01])$/.exec(line);
        if (!m) continue;
        const seq = Number(m[1]);
        if ((acked.get(m[2]!)?.seq ?? -1) < seq) acked.set(m[2]!, { seq, tomb: m[3] === "1" });
      }
      seqBase += 1_000_000;
      const dir = join(d.path, "cc-0");
      if (readdirSync(dir).some((n) => n.endsWith(".swap") || n.endsWith(".cleaned"))) swapsSeen++;

      const manager = LogManager.open({ logDirs: [d.path], nodeId: 1, clusterId: "cleanercrashclusterAAA", defaultConfig: CLEANER_CRASH_CONFIG });
      try {
        expect(manager.offlinePartitions()).toEqual([]);
        const log = manager.getLog({ topic: "cc", partition: 0 })!;
        expect(readdirSync(dir).some((n) => n.endsWith(".swap") || n.endsWith(".cleaned"))).toBe(false);
        const cpFile = join(d.path, "cleaner-offset-checkpoint");
        const cp = existsSync(cpFile) ? (readOffsetCheckpoint(cpFile).get("cc-0")?.offset ?? 0) : 0;
        const seen = new Map<string, number>();
        const belowCp = new Set<string>();
        let lastOffset = -1;
        for (const seg of log.segments) {
          const bytes = readFileSync(seg.logPath);
          for (let p = 0; p < bytes.length; ) {
            const v = new RecordBatchView(bytes, p);
            v.assertValid({ strictRecordCount: false });
            expect(Number(v.baseOffset)).toBeGreaterThan(lastOffset);
            lastOffset = Number(v.lastOffset);
            for (const r of v.records()) {
              const key = dec.decode(r.key!);
              const seq = r.value === null ? -2 : Number(dec.decode(r.value).split(":")[0]);
              if (Number(r.offset) < cp) {
                expect(belowCp.has(key)).toBe(false);
                belowCp.add(key);
              }
              seen.set(key, seq);
            }
            p += v.sizeInBytes;
          }
        }
        for (const [key, a] of acked) {
          const s = seen.get(key);
          if (a.tomb) {
            // Gone, still a tombstone, or written again later.
            if (s !== undefined && s !== -2) expect(s).toBeGreaterThan(a.seq);
          } else {
            expect(s).toBeDefined();
            // A tombstone after it (unacknowledged) is possible; an older value is not.
            if (s !== -2) expect(s!).toBeGreaterThanOrEqual(a.seq);
          }
        }
      } finally {
        await manager.close();
      }
    }
    console.log(`cleaner crash: ${ROUNDS} rounds, ${acked.size} keys, ${swapsSeen} kills left .cleaned/.swap files`);
  } finally {
    d.cleanup();
  }
}, 600_000);
