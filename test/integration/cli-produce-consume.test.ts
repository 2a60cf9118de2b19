// `strand produce` / `strand consume` against a Strand broker, KIP-848 heartbeats every 500 ms so group
// hand-overs take a second, not ten (the scenario is shared with the interop
// variant, test/interop/cli-produce-consume.test.ts, which runs it against Apache Kafka 4.4.0).
import { startTarget } from "../interop/target.ts";
import { cliDataSuite } from "../interop/cli-data-scenario.ts";

cliDataSuite("strand", async () => {
  const t = await startTarget({ overrides: { "num.partitions": 1, "group.consumer.min.heartbeat.interval.ms": 500, "group.consumer.heartbeat.interval.ms": 500 } });
  return { bootstrap: t.bootstrap, remove: () => t.remove() };
});
