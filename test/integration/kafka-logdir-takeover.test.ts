// Issue 19 item 9: Strand takes over the data dir of an Apache Kafka 4.4.0 broker, after a clean stop
// (Kafka's controlled shutdown leaves every partition leaderless, ISR [], ELR [1]) and after SIGKILL,
// and leads every partition as Kafka itself does on restart: the same leader (after a clean stop also
// the same leader epoch) as a Kafka restarted on a copy of the same dir, and every record readable.
// Every feature level Kafka 4.4.0 finalizes (share.version 2, streams.version 1 included) is one Strand
// supports, so no downgrade comes first. (The refusal of a finalized level a broker does not support,
// and its fix in the log, is tested in test/unit/metadata/cluster-control.test.ts.)
import { afterAll, expect, test } from "bun:test";
import { cpSync } from "node:fs";
import { join } from "node:path";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { probeKafkaDist, startKafka, type KafkaHandle } from "../support/kafka-dist.ts";
import { createTopic, produceConsole } from "../support/kafka-tools.ts";
import { startStrand, type StrandHandle } from "../support/strand.ts";
import { tempDir } from "../unit/storage/helpers.ts";
import { batchViews, fetchOnce, ZERO_UUID } from "../unit/produce/wire-helpers.ts";
import { waitForOutput } from "../support/output.ts";

const TOPIC = "takeover";
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
}, 120_000);

type Leaders = Array<[number, number, number]>;

/** [partition, leader, leaderEpoch] of the topic through Metadata v12. */
async function leaders(port: number): Promise<Leaders> {
  const c = await KafkaTestClient.connect(port);
  try {
    // Bounded: a broker that just started may answer LEADER_NOT_AVAILABLE for a moment.
    for (let i = 0; ; i++) {
      const md = await c.request<{ topics: Array<{ errorCode: number; partitions: Array<{ partitionIndex: number; leaderId: number; leaderEpoch: number }> }> }>(3, 12, {
        topics: [{ topicId: ZERO_UUID, name: TOPIC }],
        allowAutoTopicCreation: false,
        includeTopicAuthorizedOperations: false,
      });
      const parts = md.topics[0]!.partitions.map((p): [number, number, number] => [p.partitionIndex, p.leaderId, p.leaderEpoch]).sort((a, b) => a[0] - b[0]);
      if ((md.topics[0]!.errorCode === 0 && parts.every((p) => p[1] >= 0)) || i >= 50) return parts;
      await Bun.sleep(100);
    }
  } finally {
    c.close();
  }
}

async function recordCount(port: number, partitions: number): Promise<number> {
  const c = await KafkaTestClient.connect(port);
  try {
    let n = 0;
    for (let p = 0; p < partitions; p++) {
      let offset = 0n;
      // Bounded by the records produced: every round moves the offset on or ends.
      for (let round = 0; round < 1000; round++) {
        const f = await fetchOnce(c, TOPIC, [{ partition: p, offset }]);
        expect(f.partitions[0]!.errorCode).toBe(0);
        const batches = batchViews(f.partitions[0]!.records);
        if (batches.length === 0) break;
        // Console-producer batches: no control batches, no compaction.
        for (const b of batches) if (b.lastOffset >= offset) n += b.recordCount;
        offset = batches[batches.length - 1]!.lastOffset + 1n;
      }
    }
    return n;
  } finally {
    c.close();
  }
}

async function kafkaWithData(stop: "clean" | "kill"): Promise<{ logDir: string; values: string[] } | null> {
  const probe = await probeKafkaDist();
  if (!probe.ok) {
    console.warn(`skipped: Kafka jars unavailable (${probe.reason})`);
    return null;
  }
  const d = tempDir("strand-takeover-");
  cleanups.push(d.cleanup);
  const logDir = join(d.path, "data");
  const kafka: KafkaHandle = await startKafka({ logDir });
  cleanups.push(() => kafka.remove());
  await createTopic(kafka.bootstrap, TOPIC, { partitions: 2 });
  const values = Array.from({ length: 200 }, (_, i) => `v${i}`);
  await produceConsole(kafka.bootstrap, TOPIC, values);
  if (stop === "clean") await kafka.stop();
  else await kafka.kill();
  return { logDir, values };
}

/** Kafka 4.4.0 restarted on a copy of the dir: its leaders and epochs are what Strand must show. */
async function kafkaRestartLeaders(logDir: string): Promise<Leaders> {
  const copy = tempDir("strand-takeover-copy-");
  cleanups.push(copy.cleanup);
  const dir = join(copy.path, "data");
  cpSync(logDir, dir, { recursive: true });
  const k = await startKafka({ logDir: dir });
  try {
    return await leaders(k.port);
  } finally {
    await k.stop();
  }
}

async function strandOn(logDir: string): Promise<StrandHandle> {
  const h = await startStrand({ overrides: { "log.dirs": logDir, "node.id": 1 } });
  cleanups.push(() => h.kill().catch(() => {}));
  return h;
}

for (const stop of ["clean", "kill"] as const) {
  test(`a Kafka 4.4.0 log dir after ${stop === "clean" ? "a clean stop (leaderless, ELR [1])" : "SIGKILL"}: Strand leads every partition as Kafka does on restart`, async () => {
    const k = await kafkaWithData(stop);
    if (!k) return;
    const expected = await kafkaRestartLeaders(k.logDir);
    expect(expected.map((p) => p[1])).toEqual([1, 1]);
    const h = await strandOn(k.logDir);
    const got = await leaders(h.port);
    if (stop === "clean") expect(got).toEqual(expected);
    else {
      // Known difference: after SIGKILL, Kafka's controller first fences the old registration
      // (leader -1, epoch +1), then elects from the last known ELR with leaderRecoveryState RECOVERING
      // (epoch +1 again). Strand keeps the leader the log names (the broker never stopped leading) and
      // its epoch, as after its own SIGKILL: same leaders, lower epochs.
      expect(got.map((p) => [p[0], p[1]])).toEqual(expected.map((p) => [p[0], p[1]]));
    }
    expect(await recordCount(h.port, 2)).toBe(k.values.length);
    // Unfencing the broker elected both partitions from their ELR [1], as Kafka's controller does.
    if (stop === "clean") await waitForOutput(h, /broker unfenced .*leadersElected=2 fromElr=2/);
    expect(await h.stop()).toBe(0);
  }, 240_000);
}
