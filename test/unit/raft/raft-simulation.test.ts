// Kafka's RaftEventSimulationTest in small: 3 and 5 voters + 1 observer over MemoryTransport + FakeClock
// (test/support/raft-sim.ts), with message loss and latency, kills and restarts, partitions. The
// invariants (one leader per epoch, committed offsets never going back, committed prefixes equal on all
// nodes, the leader holding every committed batch, listeners seeing only committed records once) are
// checked after every step; liveness: once the network heals a leader is elected and appends commit.
import { expect, test } from "bun:test";
import { logBatches, RaftSimulation } from "../../support/raft-sim.ts";

const SEED = Number(process.env.STRAND_TEST_SEED ?? Date.now() % 1_000_000);
console.log(`raft-simulation seed=${SEED} (STRAND_TEST_SEED=${SEED} repeats it)`);

async function expectLiveness(sim: RaftSimulation, withinMs: number): Promise<void> {
  sim.healAll();
  for (const n of sim.nodes.values()) if (!n.alive) sim.start(n.id);
  sim.dropRate = 0;
  const healedAt = sim.clock.nowMs();
  const deadline = healedAt + withinMs;
  while (!sim.liveLeader() && sim.clock.nowMs() < deadline) await sim.run(50);
  expect(sim.liveLeader(), `no leader within ${withinMs} ms of healing (seed ${sim.opts.seed})`).not.toBeNull();
  // An append to a leader about to lose its epoch may be lost (it never committed): keep appending; one
  // made after the heal must reach every node's listener in the time bound.
  const fromIndex = sim.appended.length;
  const everywhere = () => sim.appended.slice(fromIndex).some((v) => [...sim.nodes.values()].every((n) => n.listener!.delivered.some((d) => d.value === v)));
  while (!everywhere() && sim.clock.nowMs() < deadline) await sim.run(100, { appendEveryMs: 100 });
  expect(everywhere(), `no append committed on every node within ${withinMs} ms of healing (seed ${sim.opts.seed}):\n${sim.describe()}`).toBe(true);
  console.log(`  healed at ${healedAt}: leader ${sim.liveLeader()?.id} in epoch ${sim.liveLeader()?.client!.quorum.epoch}, an append committed everywhere after ${sim.clock.nowMs() - healedAt} ms simulated`);
}

test("3 voters + 1 observer elect one leader, commit appends on every node, LeaderChange first", async () => {
  const sim = new RaftSimulation({ voters: 3, observers: 1, seed: SEED });
  await sim.run(5_000, { appendEveryMs: 100 });
  const leader = sim.liveLeader();
  expect(leader).not.toBeNull();
  await sim.run(1_000);
  const values = leader!.listener!.delivered.map((d) => d.value);
  expect(values.length).toBeGreaterThan(10);
  for (const n of sim.nodes.values()) expect(n.listener!.delivered.map((d) => d.value)).toEqual(values);
  // Each epoch opens with a LeaderChange control batch (attributes bit 5), which listeners never see.
  const first = logBatches(leader!.log).find((b) => b.epoch === leader!.client!.quorum.epoch)!;
  expect(new DataView(first.bytes.buffer, first.bytes.byteOffset).getInt16(21) & 0x20).toBe(0x20);
  expect(values.every((v) => v.startsWith("v"))).toBe(true);
  // The observer (node 4) never voted or led.
  expect(sim.nodes.get(4)!.client!.quorum.current.name).toBe("Follower");
  sim.close();
}, 20_000);

for (const voters of [3, 5]) {
  test(`${voters} voters + 1 observer under loss, latency, kills, restarts and partitions keep Raft's invariants`, async () => {
    const sim = new RaftSimulation({ voters, observers: 1, seed: SEED + voters, dropRate: 0.05, maxLatencyMs: 20 });
    const r = sim.random;
    for (let round = 0; round < 6; round++) {
      const action = r();
      const victim = 1 + Math.floor(r() * voters);
      if (action < 0.35) sim.kill(sim.liveLeader()?.id ?? victim);
      else if (action < 0.6) sim.isolate(sim.liveLeader()?.id ?? victim);
      else if (action < 0.8) sim.cut(victim, 1 + ((victim + Math.floor(r() * (voters - 1))) % voters));
      await sim.run(1_500 + Math.floor(r() * 2_000), { appendEveryMs: 50 });
      if (r() < 0.5) sim.healAll();
      for (const n of sim.nodes.values()) if (!n.alive && r() < 0.7) sim.start(n.id);
      await sim.run(500, { appendEveryMs: 50 });
    }
    await expectLiveness(sim, 15_000);
    expect(sim.committedOffsets().length).toBeGreaterThan(0);
    sim.close();
  }, 60_000);
}
