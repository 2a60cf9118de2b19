// One Apache Kafka 4.4.0 KRaft process with exactly the server.properties a test gives (a controller
// only, a broker only, or a voter of a mixed quorum), for the mixed Strand/Kafka cluster tests.
// kafka-broker.ts starts a self-contained combined node; this one starts a node that needs others:
// readiness is a log line (Kafka's "Kafka Server started"), not a client round trip, because a
// controller-only node has no client listener and a broker waits for its controller quorum.
//
//   const node = await startKafkaNode({ clusterId, properties: { "process.roles": "controller", ... } });
//   await node.remove();   // SIGTERM (SIGKILL after the timeout), delete the temp dir
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { jvmControls, tail } from "./kafka-broker.ts";
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
  const jvm = jvmControls(proc, workDir, 20_000);
  const handle: KafkaNodeHandle = {
    workDir,
    logDir,
    logFile,
    pid: proc.pid,
    exited: jvm.exited,
    logTail: (maxBytes?: number) => tail(logFile, maxBytes),
    stop: jvm.stop,
    kill: jvm.kill,
    remove: jvm.remove,
  };
  const ready = opts.readyPattern ?? /Kafka Server started/;
  const timeoutMs = opts.startTimeoutMs ?? 60_000;
  const deadline = Date.now() + timeoutMs;
  // Bounded by the deadline: one look at the log every 200 ms.
  while (Date.now() < deadline) {
    if (jvm.exitCode() !== null) {
      const t = tail(logFile);
      rmSync(workDir, { recursive: true, force: true });
      throw new Error(`Kafka exited with ${jvm.exitCode()} before it was ready:\n${t}`);
    }
    if (ready.test(tail(logFile, 1 << 20))) return handle;
    await Bun.sleep(200);
  }
  const t = tail(logFile);
  await handle.remove();
  throw new Error(`Kafka was not ready within ${timeoutMs} ms:\n${t}`);
}
