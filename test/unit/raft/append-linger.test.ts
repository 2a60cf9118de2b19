// The leader's accumulator: controller.quorum.append.linger.ms is the longest a write waits. A write
// to an idle log (everything before it committed, no flush running) is appended at once; writes that
// arrive while an earlier one is flushed or not yet committed batch together (group commit), so a
// chain of dependent writes (a node's start-up) does not pay the linger per step.
import { afterEach, expect, test } from "bun:test";
import { LeaderState } from "../../../src/raft/leader-state.ts";
import { RaftSimulation } from "../../support/raft-sim.ts";

const SEED = Number(process.env.STRAND_TEST_SEED ?? 20261202);
let sim: RaftSimulation | null = null;
afterEach(() => {
  sim?.close();
  sim = null;
}, 120_000);
const enc = new TextEncoder();

test("idle log: appended at once; while a flush runs: held until it returns, not for the linger", async () => {
  console.log(`append-linger seed ${SEED}`);
  sim = new RaftSimulation({ voters: 1, observers: 0, seed: SEED });
  await sim.run(3_000);
  const leader = sim.liveLeader()!;
  const client = leader.client!;
  expect(client.quorum.current).toBeInstanceOf(LeaderState);
  const epoch = client.quorum.epoch;
  // Everything so far is committed: the log is idle.
  const end0 = leader.log.endOffset().offset;
  expect(client.highWatermark()).toBe(end0);

  client.scheduleAtomicAppend(epoch, [enc.encode("a")]);
  // No time passed: appended by the call itself.
  expect(leader.log.endOffset().offset).toBe(end0 + 1);

  // Its flush is running: these two wait for it (not for the linger), then are appended together.
  client.scheduleAtomicAppend(epoch, [enc.encode("b")]);
  client.scheduleAtomicAppend(epoch, [enc.encode("c")]);
  expect(leader.log.endOffset().offset).toBe(end0 + 1);
  const t0 = sim.clock.nowMs();
  for (let i = 0; i < 100 && leader.log.endOffset().offset < end0 + 3; i++) await sim.run(1);
  expect(leader.log.endOffset().offset).toBe(end0 + 3);
  expect(sim.clock.nowMs() - t0).toBeLessThan(25); // DEFAULT linger: not waited out
  await sim.run(50);
  expect(client.highWatermark()).toBe(end0 + 3);
});
