// Issue 19 item 11: invalid config values are refused in Kafka's words. The same CreateTopics
// (validate_only) and IncrementalAlterConfigs requests go to Kafka 4.4.0 and to Strand: same error
// codes, and each Strand message is Kafka's message, optionally followed by Strand's detail in
// parentheses (" (a whole number between ...)").
import { afterAll, expect, test } from "bun:test";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { probeKafkaDist, startKafka, type KafkaHandle } from "../support/kafka-dist.ts";
import { startStrand, type StrandHandle } from "../support/strand.ts";
import { createTopic } from "../unit/produce/wire-helpers.ts";

const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
}, 120_000);

const BAD: Array<[string, string]> = [
  ["retention.ms", "abc"],
  ["retention.ms", "99999999999999999999"],
  ["segment.bytes", "1.5"],
  ["segment.bytes", "3000000000"],
  ["segment.bytes", "1000"],
  ["min.cleanable.dirty.ratio", "half"],
  ["min.cleanable.dirty.ratio", "1.5"],
  ["preallocate", "yes"],
  ["message.timestamp.type", "createtime"],
  ["compression.type", "GZIP"],
  ["compression.gzip.level", "0"],
  ["cleanup.policy", "Delete"],
  ["cleanup.policy", "compact,Delete"],
  ["leader.replication.throttled.replicas", "x"],
  ["follower.replication.throttled.replicas", "0:1,x"],
  ["min.insync.replicas", "0"],
];

async function answers(port: number): Promise<Array<[string, number, string | null]>> {
  const c = await KafkaTestClient.connect(port);
  const out: Array<[string, number, string | null]> = [];
  try {
    await createTopic(c, "texts", 1);
    for (const [name, value] of BAD) {
      const created = await c.request<{ topics: Array<{ errorCode: number; errorMessage: string | null }> }>(19, 7, {
        topics: [{ name: "texts.new", numPartitions: 1, replicationFactor: 1, assignments: [], configs: [{ name, value }] }],
        timeoutMs: 5000,
        validateOnly: true,
      });
      out.push([`CreateTopics ${name}=${value}`, created.topics[0]!.errorCode, created.topics[0]!.errorMessage]);
      const altered = await c.request<{ responses: Array<{ errorCode: number; errorMessage: string | null }> }>(44, 1, {
        resources: [{ resourceType: 2, resourceName: "texts", configs: [{ name, configOperation: 0, value }] }],
        validateOnly: true,
      });
      out.push([`IncrementalAlterConfigs ${name}=${value}`, altered.responses[0]!.errorCode, altered.responses[0]!.errorMessage]);
    }
  } finally {
    c.close();
  }
  return out;
}

test("config value errors: Kafka 4.4.0's codes and texts, Strand's detail only appended", async () => {
  const strand: StrandHandle = await startStrand();
  cleanups.push(() => strand.kill());
  const mine = await answers(strand.port);
  const probe = await probeKafkaDist();
  if (!probe.ok) {
    console.warn(`comparison with Kafka skipped: Kafka jars unavailable (${probe.reason})`);
    return;
  }
  const kafka: KafkaHandle = await startKafka();
  cleanups.push(() => kafka.remove());
  const theirs = await answers(kafka.port);
  if (process.env.STRAND_PRINT_SCENARIO) console.log(JSON.stringify(theirs, null, 1), JSON.stringify(mine, null, 1));
  expect(mine.length).toBe(theirs.length);
  for (let i = 0; i < theirs.length; i++) {
    const [label, code, message] = theirs[i]!;
    const [, myCode, myMessage] = mine[i]!;
    expect([label, myCode]).toEqual([label, code]);
    if (message === null) expect([label, myMessage]).toEqual([label, null]);
    else {
      const detail = myMessage?.startsWith(message) ? myMessage.slice(message.length) : myMessage;
      // Nothing, or " (...)" (with a final period when Kafka's ends in one) after Kafka's text.
      expect([label, detail === "" || /^ \(.*\)\.?$/.test(detail ?? "") ? "kafka's text" : myMessage]).toEqual([label, "kafka's text"]);
    }
  }
}, 180_000);
