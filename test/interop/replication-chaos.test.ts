// make test's short run of the replication chaos test (issue 13, replication-chaos-suite.ts): three
// combined nodes of STRAND_INTEROP_TARGET, STRAND_CHAOS_ROUNDS faults (default 3) drawn from the quick
// kinds (SIGKILL, SIGSTOP and network isolation of a partition leader or the active controller), with
// idempotent acks=all Java producers and a consumer throughout; then the checker. STRAND_INTEROP_TARGET=kafka runs
// it against Apache Kafka 4.4.0. make chaos runs the long loop (test/chaos/replication-chaos.test.ts).
import { parseFaultKinds, QUICK_FAULTS } from "../support/replication-faults.ts";
import { replicationChaosSuite } from "./replication-chaos-suite.ts";

await replicationChaosSuite({
  label: "make test, short",
  rounds: Math.max(1, Number(process.env.STRAND_CHAOS_ROUNDS ?? 3)),
  kinds: parseFaultKinds(process.env.STRAND_CHAOS_FAULTS, QUICK_FAULTS),
  ratePerProducer: 100,
});
