// The CLI is a Kafka client: `strand produce` / `strand consume` against the broker STRAND_INTEROP_TARGET
// names, with the assertions test/integration/cli-produce-consume.test.ts makes against Strand.
// Against Strand (the default) that file already runs the scenario, so this one runs only with
// STRAND_INTEROP_TARGET=kafka (Apache Kafka 4.4.0, skipped with a reason when its jars are unavailable).
import { probeKafkaDist } from "../support/kafka-dist.ts";
import { cliDataSuite } from "./cli-data-scenario.ts";
import { startTarget } from "./target.ts";
import { interopTarget } from "./targets.ts";

cliDataSuite(interopTarget(), async () => {
  if (interopTarget() !== "kafka") {
    console.warn("cli-produce-consume: Strand is covered by test/integration/cli-produce-consume.test.ts; set STRAND_INTEROP_TARGET=kafka to run this against Apache Kafka 4.4.0");
    return null;
  }
  const probe = await probeKafkaDist();
  if (!probe.ok) {
    console.warn(`skipped: Kafka jars unavailable (${probe.reason})`);
    return null;
  }
  const t = await startTarget({ overrides: { "num.partitions": 1, "group.consumer.min.heartbeat.interval.ms": 500, "group.consumer.heartbeat.interval.ms": 500 } });
  return { bootstrap: t.bootstrap, remove: () => t.remove() };
});
