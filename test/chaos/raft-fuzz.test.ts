// The long version of test/unit/raft/raft-fuzz (make chaos): STRAND_CHAOS_ROUNDS seeds, each a fresh
// 3-voter + 1-observer cluster whose captured traffic is mutated and fed back into its live nodes
// (test/support/raft-fuzz.ts): STRAND_FUZZ_ITERATIONS mutations (default 10,000) with liveness
// required afterwards, then a fifth as many with the last epochs (safety only); every third round with
// node 1 on a KafkaMetadataLog, re-opened, replayed and rejoined after the fuzzing.
// STRAND_CHAOS_SEED (printed) repeats a run.
import { expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { captureRaftTraffic } from "../support/raft-capture.ts";
import { describeStats, expectLiveAfterFuzz, fuzzRaftHandlers } from "../support/raft-fuzz.ts";
import { closeDiskLogs, diskNode, reopenDiskNode } from "../support/raft-fuzz-disk.ts";
import { RaftSimulation } from "../support/raft-sim.ts";
import { seededRandom } from "../support/seeded-random.ts";

// make test runs one short round (the unit fuzz covers the rest); make chaos sets STRAND_CHAOS_ROUNDS.
const LONG = process.env.STRAND_CHAOS_ROUNDS !== undefined;
const ROUNDS = Math.max(1, Number(process.env.STRAND_CHAOS_ROUNDS ?? 1));
const SEED = Number(process.env.STRAND_CHAOS_SEED ?? Date.now() % 1_000_000);
const ITERATIONS = Number(process.env.STRAND_FUZZ_ITERATIONS ?? (LONG ? 10_000 : 4_000));

test(`raft fuzz: ${ROUNDS} clusters x ${ITERATIONS} mutations (seed ${SEED})`, async () => {
  console.log(`[chaos raft-fuzz] seed=${SEED} rounds=${ROUNDS} iterations=${ITERATIONS} (STRAND_CHAOS_SEED=${SEED} repeats it)`);
  for (let i = 0; i < ROUNDS; i++) {
    const seed = SEED * 1000 + i;
    const onDisk = i % 3 === 2;
    const dir = onDisk ? mkdtempSync(join(tmpdir(), "strand-chaos-raft-fuzz-")) : null;
    try {
      const sim = new RaftSimulation({ voters: 3, observers: 1, seed, logFor: dir ? (id) => diskNode(dir, id) : undefined });
      const { requests } = await captureRaftTraffic(sim);
      const stats = await fuzzRaftHandlers(sim, requests, { seed, iterations: ITERATIONS, random: seededRandom(seed * 7 + 1) });
      const left = await expectLiveAfterFuzz(sim, 30_000);
      if (dir) {
        await reopenDiskNode(sim, dir, 1);
        // Unwedge a node following a forged far-future epoch: a leader change (see expectLiveAfterFuzz).
        const leader = sim.liveLeader();
        leader?.client!.resign(leader.client!.quorum.epoch);
        await expectLiveAfterFuzz(sim, 60_000, [1]);
      }
      const last = await fuzzRaftHandlers(sim, requests, { seed, iterations: Math.ceil(ITERATIONS / 5), random: seededRandom(seed * 7 + 3), exhaustEpochs: true });
      console.log(`  cluster ${i} (seed ${seed}${dir ? ", node 1 on disk" : ""}): ${describeStats(stats)}; left out after: ${left.join(",") || "none"}; with the last epochs: delivered ${last.delivered}`);
      expect(stats.delivered).toBeGreaterThan(ITERATIONS / 2);
      sim.close();
      await closeDiskLogs(sim);
    } finally {
      if (dir) rmSync(dir, { recursive: true, force: true });
    }
  }
}, { timeout: 60_000 + ROUNDS * 120_000 });
