// make chaos's long loop of the replication chaos test (issue 13, test/interop/replication-chaos-suite.ts):
// STRAND_CHAOS_ROUNDS faults drawn from every kind (SIGKILL, SIGSTOP and network isolation of a
// partition leader or the active controller; clean and hard rolling restarts of every node) on three
// combined nodes of STRAND_INTEROP_TARGET, with idempotent acks=all Java producers and a consumer
// throughout; then the checker, the totals, the failover times and the seed (STRAND_CHAOS_SEED).
// STRAND_CHAOS_FAULTS=kind,kind narrows the kinds. Without STRAND_CHAOS_ROUNDS (make test) it runs one
// hard rolling restart; make test's quick faults are in test/interop/replication-chaos.test.ts.
import { replicationChaosSuite } from "../interop/replication-chaos-suite.ts";
import { ALL_FAULTS, parseFaultKinds } from "../support/replication-faults.ts";

const rounds = process.env.STRAND_CHAOS_ROUNDS;
// make test (no STRAND_CHAOS_ROUNDS) runs one rolling restart, the kind the short interop run leaves out;
// make chaos runs STRAND_CHAOS_ROUNDS faults of every kind.
await replicationChaosSuite({
  label: rounds === undefined ? "make test, one rolling restart" : "make chaos, long",
  rounds: Math.max(1, Number(rounds ?? 1)),
  kinds: parseFaultKinds(process.env.STRAND_CHAOS_FAULTS, rounds === undefined ? ["rolling-hard"] : ALL_FAULTS),
  ratePerProducer: 200,
});
