// The metrics registry and the Prometheus text format 0.0.4: HELP/TYPE lines, label escaping, counters
// and callback gauges with and without labels, cumulative histogram buckets with +Inf, _sum and _count,
// a failing callback left out (and counted) while the rest render, bad names refused at registration.
import { expect, test } from "bun:test";
import { Histogram, MetricsRegistry, type Sample } from "../../../src/util/metrics/index.ts";
import type { Readiness } from "../../../src/server/admin/health-route.ts";
import { formatValue } from "../../../src/util/metrics/exposition.ts";
import { RequestMetrics } from "../../../src/server/metrics/request-metrics.ts";
import { brokerReadiness } from "../../../src/server/admin/broker-readiness.ts";
import { healthRoutes } from "../../../src/server/admin/health-route.ts";

/** The sample lines of `text` (no comments). */
const samples = (text: string) => text.split("\n").filter((l) => l !== "" && !l.startsWith("#"));

test("counters and gauges render HELP, TYPE and samples; labels are escaped", () => {
  const reg = new MetricsRegistry();
  const c = reg.counter("requests_total", "Requests.\nSecond line with a \\ backslash.");
  c.inc();
  c.inc(2);
  reg.gaugeFn("queue_size", "Queued.", () => 7);
  reg.gaugeFn("per_topic", "Per topic.", (): Sample[] => [{ labels: { topic: 'a"b\\c\nd' }, value: 1.5 }, { labels: { topic: "x", partition: "0" }, value: -2 }]);
  const text = reg.render();
  expect(text).toContain("# HELP requests_total Requests.\\nSecond line with a \\\\ backslash.\n# TYPE requests_total counter\nrequests_total 3\n");
  expect(text).toContain("# TYPE queue_size gauge\nqueue_size 7\n");
  expect(samples(text)).toContain('per_topic{topic="a\\"b\\\\c\\nd"} 1.5');
  expect(samples(text)).toContain('per_topic{topic="x",partition="0"} -2');
  expect(text.endsWith("\n")).toBe(true);
});

test("a histogram renders cumulative buckets, +Inf, _sum and _count; le is inclusive", () => {
  const reg = new MetricsRegistry();
  const h = reg.histogram("latency_ms", "Latency.", [1, 10, 100]);
  for (const v of [0.5, 1, 5, 10, 50, 1000]) h.observe(v);
  const lines = samples(reg.render()).filter((l) => l.startsWith("latency_ms"));
  expect(lines).toEqual(['latency_ms_bucket{le="1"} 2', 'latency_ms_bucket{le="10"} 4', 'latency_ms_bucket{le="100"} 5', 'latency_ms_bucket{le="+Inf"} 6', "latency_ms_sum 1066.5", "latency_ms_count 6"]);
  expect(reg.render()).toContain("# TYPE latency_ms histogram\n");
});

test("a labelled histogram family puts le after the labels", () => {
  const reg = new MetricsRegistry();
  const rm = new RequestMetrics();
  reg.histogramFn("kafka_network_requestmetrics_totaltimems", "t", () => rm.samples());
  rm.observe(0, false, 3);
  rm.observe(1, false, 0.2);
  rm.observe(1, true, 700);
  const lines = samples(reg.render());
  expect(lines).toContain('kafka_network_requestmetrics_totaltimems_bucket{request="Produce",le="5"} 1');
  expect(lines).toContain('kafka_network_requestmetrics_totaltimems_count{request="FetchConsumer"} 1');
  expect(lines).toContain('kafka_network_requestmetrics_totaltimems_bucket{request="FetchFollower",le="500"} 0');
  expect(lines).toContain('kafka_network_requestmetrics_totaltimems_bucket{request="FetchFollower",le="1000"} 1');
});

test("a failing callback leaves its family out, is counted, and the others still render", () => {
  const reg = new MetricsRegistry();
  reg.gaugeFn("before", "b", () => 1);
  reg.gaugeFn("broken", "x", () => {
    throw new Error("source gone");
  });
  reg.gaugeFn("after", "a", () => 2);
  const text = reg.render();
  expect(samples(text)).toEqual(["strand_metrics_collect_errors_total 0", "before 1", "after 2"]);
  expect(text).toContain("# broken left out: source gone");
  // The counter renders first, so a scrape shows the failures of the scrapes before it.
  expect(samples(reg.render())[0]).toBe("strand_metrics_collect_errors_total 1");
});

test("names are checked at registration; a name is registered once; bounds must ascend", () => {
  const reg = new MetricsRegistry();
  expect(() => reg.gaugeFn("bad-name", "x", () => 0)).toThrow("not a Prometheus metric name");
  reg.gaugeFn("ok", "x", () => 0);
  expect(() => reg.gaugeFn("ok", "x", () => 0)).toThrow("registered twice");
  reg.gaugeFn("bad_label", "x", () => [{ labels: { "a-b": "1" }, value: 1 }]);
  expect(reg.render()).toContain("# bad_label left out: not a Prometheus label name: a-b");
  expect(() => new Histogram([1, 1])).toThrow("ascending");
  expect(() => new Histogram([1, Infinity])).toThrow("finite");
});

test("values are Go-parsable: NaN, +Inf, -Inf, exponents", () => {
  expect([NaN, Infinity, -Infinity, 1e-7, 12345678901234567890, 0.25].map(formatValue)).toEqual(["NaN", "+Inf", "-Inf", "1e-7", "12345678901234567000", "0.25"]);
});

test("readiness: each missing condition is the reason, in start-up order; ready only when all hold", () => {
  const ok = { phase: "started", stopping: false, logsLoaded: true, offlinePartitions: 0, metadataCaughtUp: true, quorumLeaderId: 1, brokerState: "RUNNING", listenersOpen: true };
  expect(brokerReadiness(ok)).toMatchObject({ ready: true, checks: { brokerState: "RUNNING", listenersOpen: true } });
  expect(brokerReadiness({ ...ok, offlinePartitions: 2 }).ready).toBe(true);
  expect(brokerReadiness({ ...ok, phase: "loading logs", logsLoaded: false, metadataCaughtUp: false, listenersOpen: false }).reason).toBe("log dirs not loaded yet (loading logs)");
  expect(brokerReadiness({ ...ok, phase: "catching up", metadataCaughtUp: false }).reason).toBe("metadata not caught up with the quorum yet (catching up)");
  expect(brokerReadiness({ ...ok, listenersOpen: false }).reason).toContain("listeners not open");
  expect(brokerReadiness({ ...ok, brokerState: "RECOVERY" }).reason).toContain("broker state is RECOVERY");
  expect(brokerReadiness({ ...ok, brokerState: null }).ready).toBe(true);
  expect(brokerReadiness({ ...ok, quorumLeaderId: -1 }).reason).toBe("no metadata quorum leader known");
  expect(brokerReadiness({ ...ok, stopping: true }).reason).toBe("shutting down");
});

test("/health/ready answers 503 with the reason as JSON; /health/live 200; other paths pass", async () => {
  let ready = false;
  const route = healthRoutes((): Readiness => (ready ? { ready: true, checks: {} } : { ready: false, reason: "metadata not caught up", checks: { metadataCaughtUp: false } }));
  const ask = async (path: string) => {
    const r = await route(new Request(`http://x${path}`), new URL(`http://x${path}`));
    return r ? { status: r.status, body: await r.json() } : undefined;
  };
  expect(await ask("/health/ready")).toEqual({ status: 503, body: { status: "not ready", reason: "metadata not caught up", checks: { metadataCaughtUp: false } } });
  expect(await ask("/health/live")).toEqual({ status: 200, body: { status: "live" } });
  ready = true;
  expect((await ask("/health/ready"))?.status).toBe(200);
  expect(await ask("/metrics")).toBeUndefined();
});
