// The client side of the replication chaos scenario (replication-chaos.ts), for tests that drive their
// own cluster changes: idempotent acks=all Java producers (chaos-produce) and a consumer
// (chaos-consume) started against any bootstrap and running while the test changes the cluster; then
// stop() ends them, reads every partition once more from the start (the final read) and runs the checker
// (replication-checker.ts) over what was acknowledged and what was read. kill() stops every process it
// started (for afterAll). The caller asserts on the result.
//
//   const w = startReplicationWorkload({ java, bootstrap, topic, partitions: 3, clientTimeoutMs: 240_000 });
//   await w.progressSince("first acks", 0, 20);  ...change the cluster...
//   const r = await w.stop();  // r.report.lost === 0, ...
import type { FileSink, Subprocess } from "bun";
import { collect, eventOf } from "../interop/driver-output.ts";
import type { DriverEvent, DriverResult } from "../interop/driver-output.ts";
import type { JavaClient } from "./clients/java.ts";
import { checkHistory } from "./replication-checker.ts";
import type { AckedRecord, CheckReport, ReadRecord } from "./replication-checker.ts";
import { until } from "./until.ts";

export interface ReplicationWorkloadOptions {
  java: JavaClient;
  bootstrap: string;
  topic: string;
  partitions: number;
  producers?: number;
  /** Records per second of each producer. */
  ratePerProducer?: number;
  /** The longest the running Java clients may live (they are killed after it). */
  clientTimeoutMs: number;
}

export interface ReplicationWorkloadResult {
  report: CheckReport;
  producers: Array<{ id: string; sent: number; acked: number; failed: number; failures: string[] }>;
  outOfRange: number;
  finalReadComplete: boolean;
}

export interface ReplicationWorkload {
  /** Every acknowledgement so far, in arrival order. */
  readonly acks: readonly AckedRecord[];
  /**
   * Waits (bounded) until every partition has `perPartition` acknowledgements of records sent at or
   * after `sinceMs`; a client that exits early fails it at once.
   */
  progressSince(what: string, sinceMs: number, perPartition: number, timeoutMs?: number): Promise<void>;
  /** Ends the clients, reads everything, checks the history. */
  stop(): Promise<ReplicationWorkloadResult>;
  /** SIGKILLs every client still running. */
  kill(): void;
}

type JavaProc = Subprocess<"pipe" | "ignore", "pipe", "pipe">;

/** Closes a driver's stdin: its signal to finish. */
function endInput(p: JavaProc): void {
  try {
    (p.stdin as FileSink).end();
  } catch {
    // already closed (the process is gone)
  }
}

export function startReplicationWorkload(o: ReplicationWorkloadOptions): ReplicationWorkload {
  const acks: AckedRecord[] = [];
  const duringRun: ReadRecord[] = [];
  let outOfRange = 0;
  const procs: JavaProc[] = [];
  const spawn = (args: string[]): JavaProc => {
    const p = o.java.spawn(args, { stdin: "pipe", jvmArgs: ["-Xmx256m"] });
    procs.push(p);
    return p;
  };
  const common = ["--bootstrap", o.bootstrap, "--topic", o.topic, "--partitions", `${o.partitions}`];
  const producerIds = Array.from({ length: o.producers ?? 2 }, (_, i) => `p${i}`);
  const producerProcs = producerIds.map((id) => spawn(["chaos-produce", ...common, "--id", id, "--rate", `${o.ratePerProducer ?? 100}`]));
  const onProducerEvent = (id: string) => (e: DriverEvent) => {
    if (e.event !== "acks") return;
    for (const [partition, offset, seq, sentAtMs, ackedAtMs] of e.r as number[][]) acks.push({ partition: partition!, offset: offset!, value: `${id}-${seq}`, sentAtMs: sentAtMs!, ackedAtMs: ackedAtMs! });
  };
  const producing = producerIds.map((id, i) => collect(`chaos-produce ${id}`, producerProcs[i]!, { timeoutMs: o.clientTimeoutMs, onEvent: onProducerEvent(id) }));
  const consumerProc = spawn(["chaos-consume", ...common, "--until", "stdin", "--timeout-ms", `${o.clientTimeoutMs}`]);
  const consuming = collect("chaos-consume (during the run)", consumerProc, {
    timeoutMs: o.clientTimeoutMs,
    onEvent: (e) => {
      if (e.event === "records") for (const [partition, offset, value] of e.r as Array<[number, number, string]>) duringRun.push({ partition, offset, value });
      else if (e.event === "outOfRange") outOfRange++;
    },
  });
  let stopping = false;
  // A client that exits before stop() fails the waits at once rather than at the end.
  const early = Promise.race([...producing, consuming]).then((r) => {
    if (stopping) return new Promise<never>(() => {});
    throw new Error(`a client exited during the run: ${JSON.stringify(r.events.slice(-3)).slice(0, 2000)}\n${r.stderr.slice(-3000)}`);
  });
  early.catch(() => {});

  return {
    acks,
    async progressSince(what, sinceMs, perPartition, timeoutMs = 90_000) {
      const counts = new Array<number>(o.partitions).fill(0);
      let scanned = 0;
      await Promise.race([early, until(what, async () => {
        for (; scanned < acks.length; scanned++) {
          const a = acks[scanned]!;
          if (a.sentAtMs >= sinceMs) counts[a.partition] = (counts[a.partition] ?? 0) + 1;
        }
        return counts.every((n) => n >= perPartition);
      }, timeoutMs, 200, () => `acknowledged per partition since ${sinceMs}: ${counts.join(",")}`)]);
    },
    async stop() {
      stopping = true;
      for (const p of producerProcs) endInput(p);
      const produced = await Promise.all(producing);
      endInput(consumerProc);
      await consuming;
      const finalRead: ReadRecord[] = [];
      const fin = await collect("chaos-consume (final read)", spawn(["chaos-consume", ...common, "--until", "end", "--timeout-ms", "120000"]), {
        timeoutMs: 180_000,
        onEvent: (e) => {
          if (e.event === "records") for (const [partition, offset, value] of e.r as Array<[number, number, string]>) finalRead.push({ partition, offset, value });
        },
      });
      const consumed = eventOf(fin, "consumed");
      const sent = new Set<string>();
      const producers = produced.map((r: DriverResult, i) => {
        const id = producerIds[i]!;
        const e = eventOf(r, "produced");
        const n = Number(e.sent);
        for (let s = 0; s < n; s++) sent.add(`${id}-${s}`);
        const failures = r.events.filter((x) => x.event === "failed").flatMap((x) => (x.r as Array<[number, string]>).map(([seq, err]) => `${id}-${seq}: ${err}`));
        return { id, sent: n, acked: Number(e.acked), failed: Number(e.failed), failures: failures.slice(0, 20) };
      });
      return { report: checkHistory({ acks, duringRun, final: finalRead, sent }), producers, outOfRange, finalReadComplete: consumed.complete === true };
    },
    kill() {
      for (const p of procs) if (p.exitCode === null) p.kill("SIGKILL");
    },
  };
}
