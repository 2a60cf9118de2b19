// Restart of a Strand broker holding many partitions (issue 20, bug 11): one topic of `partitions`
// partitions is created (each active segment gets its preallocated 10 MiB .index and .timeindex), the
// broker is stopped with SIGKILL (or SIGTERM) and started again on the same data; the figure is the
// time from that second spawn to the first acknowledged produce, with the broker's read bytes
// (/proc/PID/io rchar at that moment) beside it.
//
// Strand only: the harness starts Kafka on a fresh, formatted directory per session, and a Kafka
// restart on the same directory after SIGKILL is not part of it (its recovery of 2,000 partitions
// would need its own session); the table shows "—" for Kafka.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { startStrand } from "../../test/support/strand.ts";
import type { StrandHandle } from "../../test/support/strand.ts";
import { COMMON_OVERRIDES, STRAND_ONLY_OVERRIDES } from "./brokers.ts";
import { BenchClient, firstAckMs } from "./wire.ts";

export const RESTART_PARTITIONS = 2000;
const START_TIMEOUT_MS = 300_000;
const overrides = { ...COMMON_OVERRIDES, ...STRAND_ONLY_OVERRIDES, "num.partitions": 1 };

export interface RestartSample {
  /** Spawn to the first acknowledged produce of the restarted broker. */
  ms: number;
  /** rchar of the restarted broker at that moment (-1 when /proc is unreadable). */
  readBytes: number;
}

/** rchar of /proc/PID/io: bytes the process read through read(2) and friends (page cache included). */
export function readBytesOf(pid: number): number {
  try {
    const m = /^rchar: (\d+)$/m.exec(readFileSync(`/proc/${pid}/io`, "utf8"));
    return m ? Number(m[1]) : -1;
  } catch {
    return -1;
  }
}

async function timedStart(dataDir: string, binary: string | undefined): Promise<{ h: StrandHandle; sample: RestartSample }> {
  let port: number | null = null;
  const stopFlag = { stopped: false };
  const t0 = performance.now();
  const started = startStrand({ dataDir, binary, overrides, startTimeoutMs: START_TIMEOUT_MS });
  started.then((h) => (port = h.port), () => (stopFlag.stopped = true));
  const ack = firstAckMs(() => port, "bench-restart-probe", t0, START_TIMEOUT_MS, 5, stopFlag);
  const h = await started;
  try {
    const ms = await ack;
    return { h, sample: { ms, readBytes: readBytesOf(h.pid) } };
  } catch (e) {
    await h.kill();
    throw e;
  }
}

/** One restart measurement on a fresh data dir under `root`; the broker and its data are gone after. */
export async function measureRestart(o: { root: string; partitions: number; binary?: string; how: "kill" | "stop" }): Promise<RestartSample> {
  const dataDir = mkdtempSync(join(o.root, "bench-restart-"));
  try {
    const first = await startStrand({ dataDir, binary: o.binary, overrides, startTimeoutMs: START_TIMEOUT_MS });
    try {
      const c = await BenchClient.connect(first.port);
      try {
        await c.createTopic("many", o.partitions, 120_000);
      } finally {
        c.close();
      }
    } catch (e) {
      await first.kill();
      throw e;
    }
    if (o.how === "kill") await first.kill();
    else await first.stop(120_000);
    const second = await timedStart(dataDir, o.binary);
    await second.h.stop(120_000).catch(() => second.h.kill());
    return second.sample;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
