// A Kafka Connect 4.4.0 distributed worker for the interop tests (test/interop/connect-distributed.test.ts):
// one JVM (ConnectDistributed, through test/interop/java-connect/ConnectDriver) on a free loopback REST
// port, its log in a file of the test's work dir, and a small client for its REST API with bounded
// waits that fail with what was last seen and the workers' log tails.
import { closeSync, openSync, readFileSync, readSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Subprocess } from "bun";
import type { JavaClient } from "../support/clients/java.ts";
import { freePort } from "../support/ports.ts";

export interface WorkerOptions {
  name: string;
  bootstrap: string;
  groupId: string;
  workDir: string;
  /** Connect's group sub-protocol offer: sessioned (the default) or compatible. */
  protocol: "sessioned" | "compatible";
  /** A restarted worker keeps its REST port, so its worker id (host:port) stays the same. */
  restPort?: number;
}

export interface RestResponse {
  status: number;
  body: unknown;
  text: string;
}

/** The internal topics, named here so the test can check Connect created them compacted. */
export const CONNECT_TOPICS = { config: "connect-configs", offset: "connect-offsets", status: "connect-status" } as const;

/**
 * Topic configs Connect sets on its internal topics when it creates them (KIP-605's
 * <prefix>.<topic config>): segments roll every second and any dirt is worth cleaning, so a broker with
 * a log cleaner compacts them while the test runs and the restarted workers read compacted topics.
 */
const COMPACT_SOON = { "segment.ms": 1000, "min.cleanable.dirty.ratio": 0.01, "min.compaction.lag.ms": 0 };

function workerProperties(o: WorkerOptions, restPort: number): string {
  const topicSettings = Object.fromEntries(["config.storage", "offset.storage", "status.storage"]
    .flatMap((prefix) => Object.entries(COMPACT_SOON).map(([k, v]) => [`${prefix}.${k}`, v])));
  const props: Record<string, string | number> = {
    ...topicSettings,
    "bootstrap.servers": o.bootstrap,
    "group.id": o.groupId,
    "connect.protocol": o.protocol,
    "key.converter": "org.apache.kafka.connect.storage.StringConverter",
    "value.converter": "org.apache.kafka.connect.storage.StringConverter",
    "config.storage.topic": CONNECT_TOPICS.config,
    "config.storage.replication.factor": 1,
    "offset.storage.topic": CONNECT_TOPICS.offset,
    "offset.storage.partitions": 3,
    "offset.storage.replication.factor": 1,
    "status.storage.topic": CONNECT_TOPICS.status,
    "status.storage.partitions": 2,
    "status.storage.replication.factor": 1,
    // Commit offsets every second (default 60 s), so restarts lose little and the test waits little.
    "offset.flush.interval.ms": 1000,
    listeners: `http://127.0.0.1:${restPort}`,
    "rest.advertised.host.name": "127.0.0.1",
    "rest.advertised.port": restPort,
    "rest.advertised.listener": "http",
    // Only the ServiceLoader manifests (ours in java-connect/META-INF/services, Connect's in its jars):
    // no reflective scan of the classpath at start-up.
    "plugin.discovery": "service_load",
    // Connect's group: a dead worker is noticed in 6 s (the broker's minimum), and the tasks it held
    // are reassigned after 3 s instead of scheduled.rebalance.max.delay.ms's default 5 minutes.
    "session.timeout.ms": 6000,
    "heartbeat.interval.ms": 1000,
    "rebalance.timeout.ms": 20_000,
    "scheduled.rebalance.max.delay.ms": 3000,
    // The sink tasks' consumers: the same short session, so a SIGKILLed worker's sink member goes in 6 s.
    "consumer.session.timeout.ms": 6000,
    "consumer.heartbeat.interval.ms": 1000,
    "task.shutdown.graceful.timeout.ms": 10_000,
    // KIP-618: source records and their offsets go in one transaction per poll (transactional producers,
    // zombie fencing through Admin.fenceProducers, the offsets topic read read_committed), so the topic's
    // committed records hold each sequence number exactly once, SIGKILL or not.
    "exactly.once.source.support": "enabled",
    // A SIGKILLed task can leave its transaction open on the offsets topic, and a restarted worker reads
    // that topic (read_committed) up to the end offset before it joins the group and fences the old
    // producers: it waits for the broker to abort the transaction at its timeout (60 s by default).
    // The brokers check every second (BROKER_OVERRIDES in the test).
    "producer.transaction.timeout.ms": 5000,
    // The sink reads only committed records (the aborted ones of a SIGKILLed source stay out of its files).
    "consumer.isolation.level": "read_committed",
  };
  return Object.entries(props).map(([k, v]) => `${k}=${v}`).join("\n") + "\n";
}

/** Numbers the JVMs started, so a restarted worker logs to a new file (slf4j-simple truncates). */
let started = 0;

export class ConnectWorker {
  readonly id: string;
  readonly url: string;
  private proc: Subprocess<"pipe" | "ignore", "pipe", "pipe"> | null = null;
  private readonly logFile: string;
  private exited: Promise<number> | null = null;

  private constructor(
    readonly opts: WorkerOptions,
    readonly restPort: number,
  ) {
    this.id = `127.0.0.1:${restPort}`;
    this.url = `http://127.0.0.1:${restPort}`;
    this.logFile = join(opts.workDir, `${++started}-${opts.name}.log`);
  }

  /** Spawns the JVM; call healthy() to wait until it has joined the group and read the config topic. */
  static async start(java: JavaClient, opts: WorkerOptions): Promise<ConnectWorker> {
    const w = new ConnectWorker(opts, opts.restPort ?? (await freePort()));
    const propsFile = join(opts.workDir, `${opts.name}.properties`);
    writeFileSync(propsFile, workerProperties(opts, w.restPort));
    // C1 only: on a busy 2-core machine the workers' start-up is mostly JIT; they move little data.
    const proc = java.spawn(["worker", propsFile], {
      stdin: "pipe",
      jvmArgs: ["-Xmx512m", "-XX:TieredStopAtLevel=1", "-Dorg.slf4j.simpleLogger.log.org.apache.kafka.connect=info",
        `-Dorg.slf4j.simpleLogger.logFile=${w.logFile}`, "-Dorg.slf4j.simpleLogger.showDateTime=true"],
    });
    w.proc = proc;
    // Drain the pipes (a full pipe would block the JVM); the log itself goes to logFile.
    void new Response(proc.stdout).text();
    void new Response(proc.stderr).text();
    w.exited = proc.exited;
    return w;
  }

  /** The last maxBytes of this worker's log. */
  logTail(maxBytes = 4000): string {
    try {
      const size = statSync(this.logFile).size;
      const len = Math.min(size, maxBytes);
      const buf = Buffer.alloc(len);
      const fd = openSync(this.logFile, "r");
      try {
        readSync(fd, buf, 0, len, size - len);
      } finally {
        closeSync(fd);
      }
      return buf.toString("utf8");
    } catch {
      return "(no log)";
    }
  }

  /** Lines of the log matching `re` (for checks on what the worker said). */
  logLines(re: RegExp): string[] {
    try {
      return readFileSync(this.logFile, "utf8").split("\n").filter((l) => re.test(l));
    } catch {
      return [];
    }
  }

  get running(): boolean {
    return this.proc !== null && this.proc.exitCode === null && this.proc.signalCode === null;
  }

  async rest(method: "GET" | "PUT" | "POST" | "PATCH" | "DELETE", path: string, body?: unknown): Promise<RestResponse> {
    const res = await fetch(`${this.url}${path}`, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    const text = await res.text();
    let parsed: unknown = null;
    try {
      parsed = text === "" ? null : JSON.parse(text);
    } catch {
      parsed = null;
    }
    return { status: res.status, body: parsed, text };
  }

  /**
   * A clean stop (Connect.stop(), what its SIGTERM hook runs; see ConnectDriver.worker for why not
   * SIGTERM itself): the tasks stop and commit their offsets, the worker leaves the group.
   */
  async stop(timeoutMs = 60_000): Promise<number> {
    if (!this.proc || !this.exited || !this.running) return 0;
    const stdin = this.proc.stdin as import("bun").FileSink;
    stdin.write("stop\n");
    await stdin.end();
    const code = await Promise.race([this.exited, Bun.sleep(timeoutMs).then(() => null)]);
    if (code === null) {
      this.proc.kill("SIGKILL");
      throw new Error(`${this.opts.name} did not stop within ${timeoutMs} ms:\n${this.logTail()}`);
    }
    if (code !== 0) throw new Error(`${this.opts.name} exited with ${code} on stop:\n${this.logTail()}`);
    return code;
  }

  async kill(): Promise<void> {
    if (!this.proc || !this.exited) return;
    this.proc.kill("SIGKILL");
    await this.exited;
  }
}

/**
 * Polls `probe` every pollMs until it returns a value (not undefined) or timeoutMs passes; then throws
 * "<what> not reached within N ms", with the last thing seen (what `probe` stored through `seen`)
 * and `context()` (the workers' log tails). A probe that throws (e.g. a refused connection while the
 * REST server starts) counts as not yet.
 */
export async function waitFor<T>(
  what: string,
  timeoutMs: number,
  probe: (seen: (s: unknown) => void) => Promise<T | undefined>,
  context: () => string = () => "",
  pollMs = 250,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown = "(nothing)";
  const seen = (s: unknown) => {
    last = s;
  };
  for (;;) {
    try {
      const v = await probe(seen);
      if (v !== undefined) return v;
    } catch (e) {
      last = e instanceof Error ? e.message : String(e);
    }
    if (Date.now() >= deadline) break;
    await Bun.sleep(pollMs);
  }
  const lastText = typeof last === "string" ? last : JSON.stringify(last);
  throw new Error(`${what} not reached within ${timeoutMs} ms; last seen: ${lastText.slice(0, 2000)}\n${context()}`);
}
