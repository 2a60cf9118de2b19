// Process metrics, read at scrape time, with the names Prometheus client libraries use
// (process_cpu_seconds_total, process_resident_memory_bytes, process_start_time_seconds,
// process_open_fds; prom-client's nodejs_heap_* for the JavaScript heap), plus the event-loop delay
// as a histogram: a timer every EVENT_LOOP_PROBE_MS measures how late it fires.
//
// Left out: GC pause times. Bun 1.4 emits no "gc" performance entries (PerformanceObserver's
// supportedEntryTypes has none) and bun:jsc has no pause timings; a long collection shows up in the
// event-loop delay instead, and the heap gauges show what it freed.

import { readdirSync } from "node:fs";
import { LATENCY_S_BUCKETS } from "./histogram.ts";
import type { MetricsRegistry } from "./registry.ts";

/** How often the event-loop probe fires: 50 wake-ups a second, far below the loop's work. */
const EVENT_LOOP_PROBE_MS = 20;

export interface ProcessMetrics {
  /** Stops the event-loop probe. */
  stop(): void;
}

export function registerProcessMetrics(reg: MetricsRegistry): ProcessMetrics {
  reg.counterFn("process_cpu_seconds_total", "Total user and system CPU time spent in seconds.", () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1e6;
  });
  reg.gaugeFn("process_resident_memory_bytes", "Resident memory size in bytes.", () => process.memoryUsage.rss());
  reg.gaugeFn("process_start_time_seconds", "Start time of the process since unix epoch in seconds.", () => Math.floor(performance.timeOrigin / 1000));
  // Linux only; elsewhere the family is left out of the scrape (the read throws).
  reg.gaugeFn("process_open_fds", "Number of open file descriptors.", () => readdirSync("/proc/self/fd").length);
  reg.gaugeFn("nodejs_heap_size_used_bytes", "JavaScript heap in use, in bytes (Bun's process.memoryUsage().heapUsed).", () => process.memoryUsage().heapUsed);
  reg.gaugeFn("nodejs_heap_size_total_bytes", "JavaScript heap size, in bytes (Bun's process.memoryUsage().heapTotal).", () => process.memoryUsage().heapTotal);
  reg.gaugeFn("nodejs_external_memory_bytes", "Memory held outside the JavaScript heap by buffers, in bytes.", () => process.memoryUsage().external);

  const delay = reg.histogram("strand_eventloop_delay_seconds", `How late a timer set every ${EVENT_LOOP_PROBE_MS} ms fires: the time the event loop was busy (requests, GC) before it could run.`, LATENCY_S_BUCKETS);
  let expected = performance.now() + EVENT_LOOP_PROBE_MS;
  const probe = setInterval(() => {
    const now = performance.now();
    delay.observe(Math.max(0, now - expected) / 1000);
    expected = now + EVENT_LOOP_PROBE_MS;
  }, EVENT_LOOP_PROBE_MS);
  // The probe must not keep a stopped broker's process alive.
  probe.unref();
  return { stop: () => clearInterval(probe) };
}
