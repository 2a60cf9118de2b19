// The long version of test/unit/raft/raft-simulation (make chaos): STRAND_CHAOS_ROUNDS seeds (each a
// fresh 3- or 5-voter cluster + 1 observer) of 20 fault rounds each — kills, restarts, isolations,
// cut links, message loss and latency — with Raft's invariants checked after every simulated step and
// liveness required once the network heals. STRAND_CHAOS_SEED (printed) repeats a run.
import { expect, test } from "bun:test";
import { RaftSimulation } from "../support/raft-sim.ts";
import { seededRandom } from "../support/seeded-random.ts";

const ROUNDS = Math.max(1, Number(process.env.STRAND_CHAOS_ROUNDS ?? 3));
const SEED = Number(process.env.STRAND_CHAOS_SEED ?? Date.now() % 1_000_000);

test(`raft simulation: ${ROUNDS} clusters under faults (seed ${SEED})`, async () => {
  console.log(`[chaos raft-simulation] seed=${SEED} rounds=${ROUNDS} (STRAND_CHAOS_SEED=${SEED} repeats it)`);
  const pick = seededRandom(SEED);
  for (let i = 0; i < ROUNDS; i++) {
    const voters = pick() < 0.5 ? 3 : 5;
    const sim = new RaftSimulation({ voters, observers: 1, seed: SEED * 1000 + i, dropRate: 0.02 + pick() * 0.1, maxLatencyMs: Math.floor(pick() * 50) });
    const r = sim.random;
    for (let round = 0; round < 20; round++) {
      const action = r();
      const victim = 1 + Math.floor(r() * voters);
      if (action < 0.3) sim.kill(sim.liveLeader()?.id ?? victim);
      else if (action < 0.45) sim.kill(victim);
      else if (action < 0.65) sim.isolate(sim.liveLeader()?.id ?? victim);
      else if (action < 0.85) sim.cut(victim, 1 + ((victim + Math.floor(r() * (voters - 1))) % voters));
      await sim.run(500 + Math.floor(r() * 3_000), { appendEveryMs: 20 + Math.floor(r() * 100) });
      if (r() < 0.5) sim.healAll();
      for (const n of sim.nodes.values()) if (!n.alive && r() < 0.6) sim.start(n.id);
    }
    sim.healAll();
    for (const n of sim.nodes.values()) if (!n.alive) sim.start(n.id);
    sim.dropRate = 0;
    const healedAt = sim.clock.nowMs();
    const from = sim.appended.length;
    const everywhere = () => sim.appended.slice(from).some((v) => [...sim.nodes.values()].every((n) => n.listener!.delivered.some((d) => d.value === v)));
    while (!everywhere() && sim.clock.nowMs() < healedAt + 20_000) await sim.run(100, { appendEveryMs: 100 });
    expect(everywhere(), `cluster ${i} (sim seed ${sim.opts.seed}) not live 20 s after healing:\n${sim.describe()}`).toBe(true);
    console.log(`  cluster ${i}: ${voters} voters, ${sim.committedOffsets().length} committed batches, live again ${sim.clock.nowMs() - healedAt} ms after healing`);
    sim.close();
  }
}, { timeout: 60_000 + ROUNDS * 60_000 });
