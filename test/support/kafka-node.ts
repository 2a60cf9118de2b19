// One Apache Kafka 4.4.0 KRaft process with exactly the server.properties a test gives (a controller
// only, a broker only, or a voter of a mixed quorum), for the mixed Strand/Kafka cluster tests.
// kafka-broker.ts starts a self-contained combined node; this one starts a node that needs others:
// readiness is a log line (Kafka's "Kafka Server started"), not a client round trip, because a
// controller-only node has no client listener and a broker waits for its controller quorum.
//
//   const node = await startKafkaNode({ clusterId, properties: { "process.roles": "controller", ... } });
//   await node.remove();   // SIGTERM (SIGKILL after the timeout), delete the temp dir
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Subprocess } from "bun";
import { brokerJvmArgs, ensureKafkaDist, KAFKA_MAIN, runKafkaClass } from "./kafka-dist.ts";

export interface KafkaNodeOptions {
  clusterId: string;
  /** server.properties, complete except log.dirs (a temp dir unless given). */
  properties: Record<string, string | number | boolean>;
  /** Added to `kafka-storage format -t ID -c FILE` (e.g. --feature NAME=LEVEL). */
  formatArgs?: string[];
  /** Default 60 s: format + JVM start on 2 cores. */
  startTimeoutMs?: number;
  heapMb?: number;
  /** Resolve once this appears in the log (default: Kafka's "Kafka Server started"). */
  readyPattern?: RegExp;
}

export interface KafkaNodeHandle {
  workDir: string;
  logDir: string;
  logFile: string;
  pid: number;
  exited: Promise<number>;
  logTail(maxBytes?: number): string;
  stop(timeoutMs?: number): Promise<void>;
  kill(): Promise<void>;
  remove(): Promise<void>;
}

const live = new Set<Subprocess>();
let hooked = false;

function tail(path: string, maxBytes = 8_000): string {
  if (!existsSync(path)) return "(no log file)";
  const text = readFileSync(path, "utf8");
  return text.length > maxBytes ? text.slice(-maxBytes) : text;
}

export async function startKafkaNode(opts: KafkaNodeOptions): Promise<KafkaNodeHandle> {
  const dist = await ensureKafkaDist();
  const workDir = mkdtempSync(join(tmpdir(), "strand-kafka-node-"));
  const logDir = join(workDir, "data");
  mkdirSync(logDir, { recursive: true });
  const logFile = join(workDir, "kafka.log");
  const propsFile = join(workDir, "server.properties");
  const props = { "log.dirs": logDir, ...opts.properties };
  writeFileSync(propsFile, `${Object.entries(props).map(([k, v]) => `${k}=${String(v)}`).join("\n")}\n`);
  const fmt = await runKafkaClass(KAFKA_MAIN.storage, ["format", "-t", opts.clusterId, "-c", propsFile, ...(opts.formatArgs ?? [])], { timeoutMs: 60_000 });
  writeFileSync(logFile, `--- kafka-storage format (exit ${fmt.exitCode}) ---\n${fmt.stdout}${fmt.stderr}\n`);
  if (fmt.exitCode !== 0) {
    rmSync(workDir, { recursive: true, force: true });
    throw new Error(`kafka-storage format exited ${fmt.exitCode}:\n${fmt.stdout}${fmt.stderr}`);
  }
  const fd = openSync(logFile, "a");
  const proc = Bun.spawn({
    cmd: [dist.javaBin, ...brokerJvmArgs(dist, opts.heapMb ?? 384), "-cp", dist.classpath, KAFKA_MAIN.broker, propsFile],
    cwd: workDir,
    stdin: "ignore",
    stdout: fd,
    stderr: fd,
  });
  closeSync(fd);
  if (!hooked) {
    hooked = true;
    process.on("exit", () => {
      for (const p of live) p.kill("SIGKILL");
    });
  }
  live.add(proc);
  let exitCode: number | null = null;
  const exited = proc.exited.then((c) => {
    live.delete(proc);
    exitCode = c;
    return c;
  });
  const handle: KafkaNodeHandle = {
    workDir,
    logDir,
    logFile,
    pid: proc.pid,
    exited,
    logTail: (maxBytes?: number) => tail(logFile, maxBytes),
    async stop(timeoutMs = 20_000) {
      if (exitCode !== null) return;
      proc.kill("SIGTERM");
      const timer = setTimeout(() => proc.kill("SIGKILL"), timeoutMs);
      await exited;
      clearTimeout(timer);
    },
    async kill() {
      if (exitCode !== null) return;
      proc.kill("SIGKILL");
      await exited;
    },
    async remove() {
      await handle.stop();
      rmSync(workDir, { recursive: true, force: true });
    },
  };
  const ready = opts.readyPattern ?? /Kafka Server started/;
  const timeoutMs = opts.startTimeoutMs ?? 60_000;
  const deadline = Date.now() + timeoutMs;
  // Bounded by the deadline: one look at the log every 200 ms.
  while (Date.now() < deadline) {
    if (exitCode !== null) {
      const t = tail(logFile);
      rmSync(workDir, { recursive: true, force: true });
      throw new Error(`Kafka exited with ${exitCode} before it was ready:\n${t}`);
    }
    if (ready.test(tail(logFile, 1 << 20))) return handle;
    await Bun.sleep(200);
  }
  const t = tail(logFile);
  await handle.remove();
  throw new Error(`Kafka was not ready within ${timeoutMs} ms:\n${t}`);
}
