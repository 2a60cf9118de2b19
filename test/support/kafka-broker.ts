// A single-node Apache Kafka 4.4.0 in KRaft combined mode (broker + controller, node.id=1), started
// from the Maven Central jars for interop tests and benchmarks. Listeners bind 127.0.0.1 only.
//
//   const kafka = await startKafka();          // formats a temp log dir, starts, waits until ready
//   ... kafka.bootstrap === "127.0.0.1:PORT" ...
//   await kafka.stop();                        // SIGTERM, clean shutdown; log dir kept for reading
//   readdirSync(join(kafka.logDir, "t-0"))     // Kafka's own segments, ready for Strand to open
//   await kafka.remove();                      // stop (if needed) and delete the temp dir
//
// Passing the same `logDir` again restarts Kafka on existing data (it is formatted only once).
import type { Subprocess } from "bun";
import { existsSync, mkdirSync, mkdtempSync, openSync, closeSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { ensureKafkaDist, KAFKA_MAIN, runKafkaClass } from "./kafka-dist.ts";
import type { KafkaDist } from "./kafka-dist.ts";
import { freePorts } from "./ports.ts";
import { probeKafka } from "./kafka-probe.ts";

export interface StartKafkaOptions {
  /** Data directory (log.dirs; the KRaft metadata log lives there too, as Kafka does by default). */
  logDir?: string;
  /** Client listener port; a free one by default. */
  port?: number;
  controllerPort?: number;
  /** server.properties entries, applied last (e.g. advertised.listeners for a capture proxy). */
  overrides?: Record<string, string | number | boolean>;
  /** Broker heap (-Xmx = -Xms). Default 512; Kafka's own scripts use 1024. */
  heapMb?: number;
  /** Replaces the broker JVM flags entirely (default: brokerJvmArgs(dist, heapMb)). */
  jvmArgs?: string[];
  /** Appended to the JVM flags (e.g. -D system properties). */
  extraJvmArgs?: string[];
  /** Default 90 s: formatting + JVM start + KRaft election take ~5–10 s on 2 cores. */
  startTimeoutMs?: number;
}

export interface KafkaHandle {
  bootstrap: string;
  host: "127.0.0.1";
  port: number;
  controllerPort: number;
  /** log.dirs: topic partitions appear as <logDir>/<topic>-<partition>/ */
  logDir: string;
  /** Temp directory holding server.properties, kafka.log and (by default) logDir. */
  workDir: string;
  /** The broker's stdout+stderr. */
  logFile: string;
  serverProperties: string;
  clusterId: string;
  pid: number;
  /** Resolves with the exit code when the JVM exits. */
  exited: Promise<number>;
  /** SIGTERM (clean shutdown: segments flushed, indexes trimmed), SIGKILL after timeoutMs (default 30 s). */
  stop(timeoutMs?: number): Promise<void>;
  /** SIGKILL now (an unclean stop); resolves when the process is gone. */
  kill(): Promise<void>;
  /** Stops the broker if it runs and deletes workDir (never a caller-supplied logDir outside it). */
  remove(): Promise<void>;
  /** The last `maxBytes` of the broker log. */
  logTail(maxBytes?: number): string;
}

export class KafkaStartError extends Error {
  constructor(
    readonly reason: string,
    readonly logFile: string,
    readonly logTail: string,
  ) {
    super(`Kafka failed to start: ${reason}\n--- ${logFile} (tail) ---\n${logTail}`);
    this.name = "KafkaStartError";
  }
}

/** Kafka processes started by this process: killed if the test runner exits without stopping them. */
const live = new Set<Subprocess>();
let exitHookInstalled = false;
export function track(proc: Subprocess): void {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on("exit", () => {
      for (const p of live) p.kill("SIGKILL");
    });
  }
  live.add(proc);
  void proc.exited.then(() => live.delete(proc));
}

/** The last `maxBytes` of a Kafka log file. */
export function tail(path: string, maxBytes = 8_000): string {
  if (!existsSync(path)) return "(no log file)";
  const text = readFileSync(path, "utf8");
  return text.length > maxBytes ? text.slice(-maxBytes) : text;
}

/** The lifecycle of one tracked Kafka JVM: SIGTERM then SIGKILL after a timeout, SIGKILL, and stop + delete its work dir. */
export interface JvmControls {
  exited: Promise<number>;
  exitCode(): number | null;
  stop(timeoutMs?: number): Promise<void>;
  kill(): Promise<void>;
  remove(): Promise<void>;
}

export function jvmControls(proc: Subprocess, workDir: string, defaultStopTimeoutMs: number): JvmControls {
  track(proc);
  let code: number | null = null;
  const exited = proc.exited.then((c) => (code = c));
  const controls: JvmControls = {
    exited,
    exitCode: () => code,
    async stop(timeoutMs = defaultStopTimeoutMs) {
      if (code !== null) return;
      proc.kill("SIGTERM");
      const timer = setTimeout(() => proc.kill("SIGKILL"), timeoutMs);
      await exited;
      clearTimeout(timer);
    },
    async kill() {
      if (code !== null) return;
      proc.kill("SIGKILL");
      await exited;
    },
    async remove() {
      await controls.stop();
      rmSync(workDir, { recursive: true, force: true });
    },
  };
  return controls;
}

/** A Kafka cluster id: 16 random bytes, base64url without padding (Kafka's Uuid text form). */
export function newClusterId(): string {
  // Kafka's StorageTool parses "-..." as an option, so redraw ids starting with '-' (1 in 64).
  // Bounded: the chance of 100 draws all starting with '-' is 2^-600.
  for (let i = 0; i < 100; i++) {
    const id = randomBytes(16).toString("base64url");
    if (!id.startsWith("-")) return id;
  }
  throw new Error("could not draw a cluster id");
}

function readClusterId(logDir: string): string | null {
  const metaFile = join(logDir, "meta.properties");
  if (!existsSync(metaFile)) return null;
  const m = readFileSync(metaFile, "utf8").match(/^cluster\.id=(.+)$/m);
  return m ? m[1].trim() : null;
}

function serverProperties(
  port: number,
  controllerPort: number,
  logDir: string,
  overrides: Record<string, string | number | boolean>,
): string {
  const props: Record<string, string | number | boolean> = {
    "process.roles": "broker,controller",
    "node.id": 1,
    "controller.quorum.voters": `1@127.0.0.1:${controllerPort}`,
    listeners: `PLAINTEXT://127.0.0.1:${port},CONTROLLER://127.0.0.1:${controllerPort}`,
    "advertised.listeners": `PLAINTEXT://127.0.0.1:${port}`,
    "controller.listener.names": "CONTROLLER",
    "inter.broker.listener.name": "PLAINTEXT",
    "listener.security.protocol.map": "CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT",
    "log.dirs": logDir,
    "num.partitions": 1,
    "offsets.topic.replication.factor": 1,
    "offsets.topic.num.partitions": 1, // 50 by default: slow to create for a test broker
    "transaction.state.log.replication.factor": 1,
    "transaction.state.log.min.isr": 1,
    "transaction.state.log.num.partitions": 1,
    "share.coordinator.state.topic.replication.factor": 1,
    "share.coordinator.state.topic.min.isr": 1,
    "group.initial.rebalance.delay.ms": 0,
    "auto.create.topics.enable": true,
    ...overrides,
  };
  const lines = Object.entries(props).map(([k, v]) => `${k}=${String(v)}`);
  return `# Generated by test/support/kafka-broker.ts\n${lines.join("\n")}\n`;
}

/** Kafka's kafka-server-start.sh flags (G1, 20 ms pause goal) with a configurable heap. */
export function brokerJvmArgs(dist: KafkaDist, heapMb = 512): string[] {
  if (!Number.isInteger(heapMb) || heapMb < 128) throw new RangeError(`heapMb must be an integer >= 128, got ${heapMb}`);
  return [`-Xmx${heapMb}m`, `-Xms${heapMb}m`, "-XX:+UseG1GC", "-XX:MaxGCPauseMillis=20",
    "-XX:InitiatingHeapOccupancyPercent=35", "-XX:+ExplicitGCInvokesConcurrent", "-XX:-UsePerfData",
    "-Djava.awt.headless=true", `-Dlog4j2.configurationFile=${dist.brokerLog4jConfig}`];
}

async function formatIfNeeded(logDir: string, propsFile: string, clusterId: string, logFile: string): Promise<void> {
  if (existsSync(join(logDir, "meta.properties"))) return;
  const r = await runKafkaClass(KAFKA_MAIN.storage, ["format", "-t", clusterId, "-c", propsFile, "--ignore-formatted"], {
    timeoutMs: 60_000,
  });
  writeFileSync(logFile, `--- kafka-storage format (exit ${r.exitCode}) ---\n${r.stdout}${r.stderr}\n`, { flag: "a" });
  if (r.exitCode !== 0) throw new KafkaStartError(`kafka-storage format exited ${r.exitCode}`, logFile, tail(logFile));
}

async function startOnce(opts: StartKafkaOptions, port: number, controllerPort: number): Promise<KafkaHandle> {
  const dist = await ensureKafkaDist();
  const workDir = mkdtempSync(join(tmpdir(), "strand-kafka-"));
  const logDir = opts.logDir ?? join(workDir, "data");
  mkdirSync(logDir, { recursive: true });
  const logFile = join(workDir, "kafka.log");
  const propsFile = join(workDir, "server.properties");
  const clusterId = readClusterId(logDir) ?? newClusterId();
  writeFileSync(propsFile, serverProperties(port, controllerPort, logDir, opts.overrides ?? {}));
  await formatIfNeeded(logDir, propsFile, clusterId, logFile);

  const fd = openSync(logFile, "a");
  const proc = Bun.spawn({
    cmd: [dist.javaBin, ...(opts.jvmArgs ?? brokerJvmArgs(dist, opts.heapMb)), ...(opts.extraJvmArgs ?? []), "-cp", dist.classpath, KAFKA_MAIN.broker, propsFile],
    cwd: workDir,
    stdin: "ignore",
    stdout: fd,
    stderr: fd,
  });
  closeSync(fd);
  const jvm = jvmControls(proc, workDir, 30_000);
  const handle: KafkaHandle = {
    bootstrap: `127.0.0.1:${port}`,
    host: "127.0.0.1",
    port,
    controllerPort,
    logDir,
    workDir,
    logFile,
    serverProperties: propsFile,
    clusterId,
    pid: proc.pid,
    exited: jvm.exited,
    stop: jvm.stop,
    kill: jvm.kill,
    remove: jvm.remove,
    logTail: (maxBytes?: number) => tail(logFile, maxBytes),
  };

  const deadline = Date.now() + (opts.startTimeoutMs ?? 90_000);
  let lastError = "not probed yet";
  // Bounded by the deadline; one probe every 250 ms.
  while (Date.now() < deadline) {
    if (jvm.exitCode() !== null) throw new KafkaStartError(`the JVM exited with code ${jvm.exitCode()}`, logFile, tail(logFile));
    try {
      await probeKafka("127.0.0.1", port, 2_000);
      return handle;
    } catch (err) {
      lastError = err instanceof Error ? err.message : String(err);
    }
    await Bun.sleep(250);
  }
  await handle.kill();
  throw new KafkaStartError(`not ready after ${opts.startTimeoutMs ?? 90_000} ms (${lastError})`, logFile, tail(logFile));
}

/** Starts a single-node KRaft Kafka and resolves once ApiVersions and Metadata round trips work. */
export async function startKafka(opts: StartKafkaOptions = {}): Promise<KafkaHandle> {
  const chosenPorts = opts.port === undefined || opts.controllerPort === undefined;
  // A free port can be taken between freePorts() and the JVM binding it: retry with fresh ports,
  // at most 3 times (only when we chose the ports ourselves).
  for (let attempt = 1; ; attempt++) {
    const [p, c] = await freePorts(2);
    const port = opts.port ?? p;
    const controllerPort = opts.controllerPort ?? c;
    try {
      return await startOnce(opts, port, controllerPort);
    } catch (err) {
      const bindRace = err instanceof KafkaStartError && /BindException|Address already in use/.test(err.logTail);
      if (!bindRace || !chosenPorts || attempt >= 3) throw err;
    }
  }
}
