// make chaos's long loop of the replication chaos test (issue 13, test/interop/replication-chaos-suite.ts):
// STRAND_CHAOS_ROUNDS faults drawn from every kind (SIGKILL, SIGSTOP and network isolation of a
// partition leader or the active controller; clean and hard rolling restarts of every node) on three
// combined nodes of STRAND_INTEROP_TARGET, with idempotent acks=all Java producers and a consumer
// throughout; then the checker, the totals, the failover times and the seed (STRAND_CHAOS_SEED).
// STRAND_CHAOS_FAULTS=kind,kind narrows the kinds. It runs only when STRAND_CHAOS_ROUNDS is set (make
// chaos sets it): make test runs the short version, test/interop/replication-chaos.test.ts.
import { replicationChaosSuite } from "../interop/replication-chaos-suite.ts";
import { ALL_FAULTS, parseFaultKinds } from "../support/replication-faults.ts";

const rounds = process.env.STRAND_CHAOS_ROUNDS;
await replicationChaosSuite({
  label: "make chaos, long",
  rounds: Math.max(1, Number(rounds ?? 1)),
  kinds: parseFaultKinds(process.env.STRAND_CHAOS_FAULTS, ALL_FAULTS),
  ratePerProducer: 200,
  skipReason: rounds === undefined ? "STRAND_CHAOS_ROUNDS is not set (make chaos sets it; make test runs test/interop/replication-chaos.test.ts)" : undefined,
});
