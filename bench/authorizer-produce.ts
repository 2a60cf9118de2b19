// What the authorizer costs on the produce path (issue 14, ACLs): Strand over PLAINTEXT, Kafka's own
// ProducerPerformance as the client, with no authorizer (the default) and with StandardAuthorizer and a
// few ACLs (the client's WRITE on the topic, the node's cluster ACLs, and 40 other principals'
// literal and prefixed ACLs, so each check goes through the index). Alternating rounds on fresh
// brokers; prints the median records/s and broker CPU seconds per million records of each, then a
// micro-measure of one authorize() call against 1000 ACLs.
//
//   bun bench/authorizer-produce.ts [--records N] [--rounds N]
import { readFileSync } from "node:fs";
import { AclOperation as Op, AclPermissionType, PatternType, ResourceType, type StandardAcl } from "../src/metadata/authorizer/acl.ts";
import { StandardAuthorizerData } from "../src/metadata/authorizer/authorizer-data.ts";
import { KafkaTestClient } from "../test/support/kafka-client.ts";
import { startStrand } from "../test/support/strand.ts";
import { createTopics } from "../test/interop/topics.ts";
import { producerPerf } from "./lib/kafka-perf.ts";

const argv = process.argv.slice(2);
const opt = (name: string, dflt: number): number => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? Number(argv[i + 1]) : dflt;
};
const RECORDS = opt("records", 1_000_000);
const ROUNDS = opt("rounds", 3);
const TOPIC = "bench-acl";

/** user + system CPU seconds of a process (Linux /proc). */
function cpuSeconds(pid: number): number {
  const f = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = f.slice(f.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const entry = (resourceType: number, resourceName: string, patternType: number, principal: string, operation: number) => ({ resourceType, resourceName, resourcePatternType: patternType, principal, host: "*", operation, permissionType: AclPermissionType.ALLOW });

async function once(withAuthorizer: boolean): Promise<{ recordsPerSec: number; brokerCpuPerMillion: number }> {
  const strand = await startStrand({
    overrides: withAuthorizer ? { "authorizer.class.name": "org.apache.kafka.metadata.authorizer.StandardAuthorizer", "super.users": "User:admin", "allow.everyone.if.no.acl.found": "true" } : {},
  });
  try {
    await createTopics(strand.port, [{ name: TOPIC, partitions: 3 }]);
    if (withAuthorizer) {
      const c = await KafkaTestClient.connect(strand.port);
      const others = Array.from({ length: 20 }, (_, i) => [entry(ResourceType.TOPIC, `other-${i}`, PatternType.LITERAL, `User:u${i}`, Op.READ), entry(ResourceType.TOPIC, `bench-${i}`, PatternType.PREFIXED, `User:u${i}`, Op.WRITE)]).flat();
      const r = await c.request<{ results: Array<{ errorCode: number }> }>(30, 3, {
        creations: [
          entry(ResourceType.CLUSTER, "kafka-cluster", PatternType.LITERAL, "User:ANONYMOUS", Op.CLUSTER_ACTION),
          entry(ResourceType.CLUSTER, "kafka-cluster", PatternType.LITERAL, "User:ANONYMOUS", Op.ALTER),
          entry(ResourceType.TOPIC, TOPIC, PatternType.LITERAL, "User:ANONYMOUS", Op.WRITE),
          ...others,
        ],
      });
      c.close();
      if (r.results.some((x) => x.errorCode !== 0)) throw new Error(`CreateAcls failed: ${JSON.stringify(r.results)}`);
    }
    const cpu0 = cpuSeconds(strand.pid);
    const p = await producerPerf(strand.bootstrap, {
      topic: TOPIC,
      numRecords: RECORDS,
      recordBytes: 100,
      throughput: -1,
      producerProps: { acks: 1, "batch.size": 65536, "linger.ms": 5 },
      timeoutMs: 300_000,
    });
    const cpu = cpuSeconds(strand.pid) - cpu0;
    if (p.records !== RECORDS) throw new Error(`sent ${p.records} of ${RECORDS}:\n${p.stdout}`);
    return { recordsPerSec: p.recordsPerSec, brokerCpuPerMillion: (cpu * 1_000_000) / RECORDS };
  } finally {
    await strand.stop();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const off: Array<{ recordsPerSec: number; brokerCpuPerMillion: number }> = [];
const on: typeof off = [];
for (let round = 0; round < ROUNDS; round++) {
  // Alternate which goes first, so a machine that warms up or gets busier favours neither.
  for (const mode of round % 2 === 0 ? [false, true] : [true, false]) {
    const r = await once(mode);
    (mode ? on : off).push(r);
    console.log(JSON.stringify({ round, authorizer: mode, ...r }));
  }
}
const summary = (rs: typeof off) => ({ recordsPerSec: Math.round(median(rs.map((r) => r.recordsPerSec))), brokerCpuSecondsPerMillionRecords: Number(median(rs.map((r) => r.brokerCpuPerMillion)).toFixed(2)) });
console.log(JSON.stringify({ records: RECORDS, rounds: ROUNDS, off: summary(off), on: summary(on) }));

// One check against a large ACL set: the index makes it a few map lookups.
const acls: StandardAcl[] = [];
for (let i = 0; i < 1000; i++) {
  acls.push({ resourceType: ResourceType.TOPIC, resourceName: `t-${i}`, patternType: i % 2 ? PatternType.PREFIXED : PatternType.LITERAL, principal: `User:u${i % 50}`, host: "*", operation: Op.WRITE, permissionType: AclPermissionType.ALLOW });
}
const data = new StandardAuthorizerData(acls, new Set(), false);
const N = 1_000_000;
let allowed = 0;
const t0 = performance.now();
for (let i = 0; i < N; i++) if (data.authorize("User:u7", "127.0.0.1", Op.WRITE, ResourceType.TOPIC, "t-7-orders")) allowed++;
const ns = ((performance.now() - t0) * 1e6) / N;
console.log(JSON.stringify({ micro: "authorize() against 1000 ACLs", nsPerCall: Math.round(ns), allowed: allowed === N }));
