// The admin listener of a real broker: /health/live and /health/ready answer, and /metrics changes as
// the workload says after producing, consuming and committing (bytes and messages in per topic and in
// total, bytes out, log size and end offset per partition, the consumer group's offset and lag, request
// counts per request name, the fsync histogram with fsync-before-ack, ReplicaManager and controller
// gauges). Stopping the broker closes the admin port.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { removeDataDir, startStrand, type StrandHandle } from "../support/strand.ts";
import { runWorkload, scrape, valueOf, type Workload } from "../support/metrics-scrape.ts";

let broker: StrandHandle;
let client: KafkaTestClient;

beforeAll(async () => {
  broker = await startStrand({ overrides: { "offsets.topic.num.partitions": 3, "strand.log.fsync.before.ack": true } });
  client = await KafkaTestClient.connect(broker.port);
}, 60_000);

afterAll(async () => {
  client?.close();
  if (broker) {
    await broker.stop();
    removeDataDir(broker.dataDir);
  }
}, 60_000);

test("the admin URL is in the start line; /health/live and /health/ready answer 200 with JSON", async () => {
  expect(broker.adminUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  expect(broker.output()).toContain(`admin=${broker.adminUrl}`);
  const live = await fetch(`${broker.adminUrl}/health/live`);
  expect([live.status, await live.json()]).toEqual([200, { status: "live" }]);
  const ready = await fetch(`${broker.adminUrl}/health/ready`);
  expect(ready.status).toBe(200);
  expect(await ready.json()).toMatchObject({ status: "ready", checks: { logsLoaded: true, metadataCaughtUp: true, listenersOpen: true, brokerState: "RUNNING", phase: "started" } });
  expect((await fetch(`${broker.adminUrl}/nope`)).status).toBe(404);
});

test("/metrics follows the workload: bytes and messages in, bytes out, log size, group lag, request counts, fsyncs", async () => {
  const r = await fetch(`${broker.adminUrl}/metrics`);
  expect(r.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
  const before = await scrape(broker.adminUrl!);
  const totalIn0 = valueOf(before, "kafka_server_brokertopicmetrics_bytesin_total")!;
  const produce0 = valueOf(before, "kafka_network_requestmetrics_totaltimems_count", { request: "Produce" }) ?? 0;
  const syncs0 = valueOf(before, "kafka_log_logflushstats_logflushrateandtimems_count")!;
  expect(valueOf(before, "kafka_controller_kafkacontroller_activecontrollercount")).toBe(1);

  const w: Workload = await runWorkload(client, "metered", "metered-group");
  const after = await scrape(broker.adminUrl!);
  const t = { topic: "metered" };
  expect(valueOf(after, "kafka_server_brokertopicmetrics_bytesin_total", t)).toBe(w.bytesIn[0]! + w.bytesIn[1]!);
  expect(valueOf(after, "kafka_server_brokertopicmetrics_messagesin_total", t)).toBe(w.records[0]! + w.records[1]!);
  // The total counts every topic (the commit's __consumer_offsets record too).
  expect(valueOf(after, "kafka_server_brokertopicmetrics_bytesin_total")! - totalIn0).toBeGreaterThanOrEqual(w.bytesIn[0]! + w.bytesIn[1]!);
  expect(w.bytesOut).toBe(w.bytesIn[0]!);
  expect(valueOf(after, "kafka_server_brokertopicmetrics_bytesout_total", t)).toBe(w.bytesOut);
  for (const p of [0, 1]) {
    expect(valueOf(after, "kafka_log_log_size", { topic: "metered", partition: String(p) })).toBe(w.bytesIn[p]!);
    expect(valueOf(after, "kafka_log_log_logendoffset", { topic: "metered", partition: String(p) })).toBe(w.records[p]!);
  }
  const g = { group: "metered-group", topic: "metered", partition: "0" };
  expect(valueOf(after, "kafka_consumergroup_group_offset", g)).toBe(w.committed);
  expect(valueOf(after, "kafka_consumergroup_group_lag", g)).toBe(w.records[0]! - w.committed);
  expect(valueOf(after, "kafka_consumergroup_group_sum_lag", { group: "metered-group" })).toBe(w.records[0]! - w.committed);
  expect(valueOf(after, "kafka_network_requestmetrics_totaltimems_count", { request: "Produce" })! - produce0).toBe(8);
  expect(valueOf(after, "kafka_network_requestmetrics_totaltimems_count", { request: "FetchConsumer" })).toBeGreaterThanOrEqual(1);
  expect(valueOf(after, "kafka_network_requestmetrics_totaltimems_bucket", { request: "Produce", le: "+Inf" })).toBe(valueOf(after, "kafka_network_requestmetrics_totaltimems_count", { request: "Produce" }));
  // fsync before ack: every acknowledged produce waited for at least one group-commit fdatasync.
  expect(valueOf(after, "kafka_log_logflushstats_logflushrateandtimems_count")! - syncs0).toBeGreaterThanOrEqual(1);
  expect(valueOf(after, "kafka_server_replicamanager_partitioncount")).toBeGreaterThanOrEqual(2 + 3);
  expect(valueOf(after, "kafka_server_replicamanager_leadercount")).toBe(valueOf(after, "kafka_server_replicamanager_partitioncount"));
  expect(valueOf(after, "kafka_server_replicamanager_underreplicatedpartitions")).toBe(0);
  expect(valueOf(after, "kafka_controller_kafkacontroller_offlinepartitionscount")).toBe(0);
  expect(valueOf(after, "kafka_controller_kafkacontroller_globaltopiccount")).toBeGreaterThanOrEqual(2);
  expect(valueOf(after, "kafka_server_delayedoperationpurgatory_purgatorysize", { delayedOperation: "Produce" })).toBe(0);
  expect(valueOf(after, "process_resident_memory_bytes")).toBeGreaterThan(1 << 20);
  expect(valueOf(after, "process_cpu_seconds_total")).toBeGreaterThan(0);
  expect(valueOf(after, "strand_eventloop_delay_seconds_count")).toBeGreaterThanOrEqual(1);
  expect(valueOf(after, "strand_metrics_collect_errors_total")).toBe(0);

  // Consuming the rest of partition 0 and committing its end brings the lag to 0.
  await client.request(8, 8, { groupId: "metered-group", generationIdOrMemberEpoch: -1, memberId: "", topics: [{ name: "metered", partitions: [{ partitionIndex: 0, committedOffset: BigInt(w.records[0]!), committedLeaderEpoch: -1, committedMetadata: null }] }] });
  expect(valueOf(await scrape(broker.adminUrl!), "kafka_consumergroup_group_lag", g)).toBe(0);
});

test("stopping the broker closes the admin listener", async () => {
  const other = await startStrand();
  const url = other.adminUrl!;
  expect((await fetch(`${url}/health/live`)).status).toBe(200);
  expect(await other.stop()).toBe(0);
  removeDataDir(other.dataDir);
  expect(await fetch(`${url}/health/live`).then(() => "answered", () => "refused")).toBe("refused");
}, 60_000);
