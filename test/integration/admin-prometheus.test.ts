// A real Prometheus server (Debian's package, installed by the test when missing) scrapes the broker's
// admin listener every second; the values read back through Prometheus's HTTP API (/api/v1/query) are
// the workload's: bytes and messages in per topic, bytes out, log size, the consumer group's lag, and
// the Produce request-time histogram (usable by histogram_quantile). Also checks that Prometheus parsed
// every family (no scrape errors: up == 1).
import { afterAll, beforeAll, expect, test } from "bun:test";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { removeDataDir, startStrand, type StrandHandle } from "../support/strand.ts";
import { startPrometheus, type PrometheusHandle } from "../support/prometheus.ts";
import { runWorkload, type Workload } from "../support/metrics-scrape.ts";
import { until } from "../support/until.ts";

let broker: StrandHandle;
let prometheus: PrometheusHandle | null = null;
let w: Workload;

beforeAll(async () => {
  broker = await startStrand({ overrides: { "offsets.topic.num.partitions": 3 } });
  const c = await KafkaTestClient.connect(broker.port);
  try {
    w = await runWorkload(c, "scraped", "scraped-group");
  } finally {
    c.close();
  }
  // Installs Debian's prometheus first when /usr/bin/prometheus is missing (fails with apt-get's reason).
  prometheus = await startPrometheus({ targets: [new URL(broker.adminUrl!).host], scrapeIntervalS: 1 });
}, 600_000);

afterAll(async () => {
  await prometheus?.stop();
  if (broker) {
    await broker.stop();
    removeDataDir(broker.dataDir);
  }
}, 60_000);

/** The single value of an instant query, once Prometheus has it (it scrapes every second). */
async function queried(expr: string, want?: number): Promise<number> {
  return await until(
    `${expr}${want === undefined ? "" : ` = ${want}`}`,
    async () => {
      const r = await prometheus!.query(expr);
      if (r.length !== 1) return null;
      const v = Number(r[0]!.value[1]);
      return want === undefined || v === want ? { v } : null;
    },
    30_000,
    250,
    () => prometheus!.output().slice(-2000),
  ).then((x) => x.v);
}

test("Prometheus scrapes the admin listener: the target is up and the workload's values come back", async () => {
  expect(await queried('up{job="strand"}', 1)).toBe(1);
  expect(await queried('kafka_server_brokertopicmetrics_bytesin_total{topic="scraped"}', w.bytesIn[0]! + w.bytesIn[1]!)).toBeGreaterThan(0);
  expect(await queried('kafka_server_brokertopicmetrics_messagesin_total{topic="scraped"}', w.records[0]! + w.records[1]!)).toBe(40);
  expect(await queried('kafka_server_brokertopicmetrics_bytesout_total{topic="scraped"}', w.bytesOut)).toBe(w.bytesIn[0]!);
  expect(await queried('kafka_log_log_size{topic="scraped",partition="1"}', w.bytesIn[1]!)).toBe(w.bytesIn[1]!);
  expect(await queried('kafka_consumergroup_group_lag{group="scraped-group",topic="scraped",partition="0"}', w.records[0]! - w.committed)).toBe(17);
  expect(await queried('kafka_network_requestmetrics_totaltimems_count{request="Produce"}', 8)).toBe(8);
  expect(await queried("kafka_controller_kafkacontroller_activecontrollercount", 1)).toBe(1);
  // The buckets form a histogram Prometheus can read quantiles from (the exporter's 99thPercentile).
  const p99 = await queried('histogram_quantile(0.99, sum by (le) (kafka_network_requestmetrics_totaltimems_bucket{request="Produce"}))');
  expect(p99).toBeGreaterThan(0);
  // Every family parsed: a scrape with a format error would leave up at 0 and samples at none.
  expect(await queried('scrape_samples_scraped{job="strand"}')).toBeGreaterThan(50);
}, 120_000);
