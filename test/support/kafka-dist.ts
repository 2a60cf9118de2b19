// Apache Kafka 4.4.0 from the Maven Central jars, for Strand's interop tests and benchmarks.
//
//   ensureKafkaDist()   materialises kafka_2.13 + kafka-tools 4.4.0 and every runtime jar into
//                       ~/.cache/strand/kafka-4.4.0/libs with Maven (idempotent, race-safe).
//   probeKafkaDist()    the same, but returns { ok: false, reason } when Maven Central cannot be
//                       reached, so a test can skip with that reason.
//   runKafkaClass()     runs a Kafka tool main class (DumpLogSegments, TopicCommand, ...).
//   startKafka()        a single-node KRaft broker (see kafka-broker.ts).
// Only `java` (17+) and `mvn` are needed on the machine.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { cdsArchivePath, cdsPlan } from "./jvm-cds.ts";
import { randomBytes } from "node:crypto";

export const KAFKA_VERSION = "4.4.0";

/** Main classes of the Kafka 4.4.0 tools (the bin/*.sh scripts map onto these). */
export const KAFKA_MAIN = {
  broker: "kafka.Kafka",
  storage: "kafka.tools.StorageTool", // kafka-storage.sh
  dumpLog: "org.apache.kafka.tools.DumpLogSegments", // kafka-dump-log.sh
  topics: "org.apache.kafka.tools.TopicCommand", // kafka-topics.sh
  consoleProducer: "org.apache.kafka.tools.ConsoleProducer", // kafka-console-producer.sh
  consoleConsumer: "org.apache.kafka.tools.consumer.ConsoleConsumer", // kafka-console-consumer.sh
  producerPerf: "org.apache.kafka.tools.ProducerPerformance", // kafka-producer-perf-test.sh
  consumerPerf: "org.apache.kafka.tools.ConsumerPerformance", // kafka-consumer-perf-test.sh
  getOffsets: "org.apache.kafka.tools.GetOffsetShell", // kafka-get-offsets.sh
  consumerGroups: "org.apache.kafka.tools.consumer.group.ConsumerGroupCommand", // kafka-consumer-groups.sh
  shareGroups: "org.apache.kafka.tools.consumer.group.ShareGroupCommand", // kafka-share-groups.sh
  configs: "org.apache.kafka.tools.ConfigCommand", // kafka-configs.sh (moved out of kafka.admin in 4.x)
  transactions: "org.apache.kafka.tools.TransactionsCommand", // kafka-transactions.sh
  features: "org.apache.kafka.tools.FeatureCommand", // kafka-features.sh
  metadataQuorum: "org.apache.kafka.tools.MetadataQuorumCommand", // kafka-metadata-quorum.sh
  cluster: "org.apache.kafka.tools.ClusterTool", // kafka-cluster.sh
  acls: "org.apache.kafka.tools.AclCommand", // kafka-acls.sh
} as const;

export interface KafkaDist {
  /** Every jar of the distribution, ':'-joined, for `java -cp`. */
  classpath: string;
  /** The java executable used to run Kafka. */
  javaBin: string;
  libsDir: string;
  /** log4j2 configuration for the broker (INFO to stdout) and for tools (WARN to stderr). */
  brokerLog4jConfig: string;
  toolsLog4jConfig: string;
}

/** Maven Central (the only source of the jars) cannot be reached: tests skip with this message. */
export class KafkaDistUnavailableError extends Error {
  constructor(
    readonly reason: string,
    readonly mavenOutput: string,
  ) {
    super(`Apache Kafka ${KAFKA_VERSION} jars unavailable: Maven Central is unreachable (${reason})`);
    this.name = "KafkaDistUnavailableError";
  }
}

/** Any other failure to materialise the distribution (missing java/mvn, Maven error): a real failure. */
export class KafkaDistError extends Error {
  constructor(
    message: string,
    readonly detail: string = "",
  ) {
    super(detail ? `${message}\n${detail}` : message);
    this.name = "KafkaDistError";
  }
}

export class KafkaToolTimeoutError extends Error {
  constructor(
    readonly mainClass: string,
    readonly timeoutMs: number,
    readonly stdout: string,
    readonly stderr: string,
  ) {
    super(`${mainClass} did not exit within ${timeoutMs} ms\n--- stdout ---\n${stdout}\n--- stderr ---\n${stderr}`);
    this.name = "KafkaToolTimeoutError";
  }
}

export const KAFKA_CACHE_DIR = join(
  process.env.STRAND_CACHE_DIR ?? join(homedir(), ".cache", "strand"),
  `kafka-${KAFKA_VERSION}`,
);
const LIBS_DIR = join(KAFKA_CACHE_DIR, "libs");
const MARKER_FILE = ".complete";
/** Maven downloads ~55 MB on a fresh machine; allow for a slow mirror but never hang a test run. */
const MAVEN_TIMEOUT_MS = 10 * 60_000;

const POM = `<?xml version="1.0" encoding="UTF-8"?>
<!-- Written by test/support/kafka-dist.ts: the runtime classpath of Apache Kafka ${KAFKA_VERSION}. -->
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>strand.test</groupId>
  <artifactId>kafka-dist</artifactId>
  <version>${KAFKA_VERSION}</version>
  <packaging>pom</packaging>
  <dependencies>
    <dependency><groupId>org.apache.kafka</groupId><artifactId>kafka_2.13</artifactId><version>${KAFKA_VERSION}</version></dependency>
    <dependency><groupId>org.apache.kafka</groupId><artifactId>kafka-tools</artifactId><version>${KAFKA_VERSION}</version></dependency>
    <!-- Kafka logs through slf4j 1.7; the distribution binds it to log4j2 with this jar. -->
    <dependency><groupId>org.apache.logging.log4j</groupId><artifactId>log4j-slf4j-impl</artifactId><version>2.25.5</version></dependency>
  </dependencies>
</project>
`;

const BROKER_LOG4J = `status = error
appender.out.type = Console
appender.out.name = STDOUT
appender.out.layout.type = PatternLayout
appender.out.layout.pattern = [%d] %p %m (%c)%n
rootLogger.level = INFO
rootLogger.appenderRef.out.ref = STDOUT
`;

const TOOLS_LOG4J = `status = error
appender.err.type = Console
appender.err.name = STDERR
appender.err.target = SYSTEM_ERR
appender.err.layout.type = PatternLayout
appender.err.layout.pattern = [%d] %p %m (%c)%n
rootLogger.level = WARN
rootLogger.appenderRef.err.ref = STDERR
`;

const UNREACHABLE_PATTERNS: RegExp[] = [
  /UnknownHostException/i,
  /Unknown host/i,
  /Temporary failure in name resolution/i,
  /Network is unreachable/i,
  /No route to host/i,
  /Connection refused/i,
  /Connect(ion)? timed out/i,
  /Connect to \S+ .*failed/i,
  /Could not transfer artifact/i,
];

let memo: Promise<KafkaDist> | null = null;

/** Idempotent and cheap once cached (one directory listing); concurrent callers share one download. */
export function ensureKafkaDist(): Promise<KafkaDist> {
  memo ??= materialise().catch((err: unknown) => {
    memo = null; // let a later call retry
    throw err;
  });
  return memo;
}

export type KafkaDistProbe = { ok: true; dist: KafkaDist } | { ok: false; reason: string };

/** For tests: `{ ok: false, reason }` only when Maven Central is unreachable; other errors throw. */
export async function probeKafkaDist(): Promise<KafkaDistProbe> {
  try {
    return { ok: true, dist: await ensureKafkaDist() };
  } catch (err) {
    if (err instanceof KafkaDistUnavailableError) {
      console.warn(`[kafka-dist] skipping: ${err.message}`);
      return { ok: false, reason: err.message };
    }
    throw err;
  }
}

function findJava(): string {
  const home = process.env.JAVA_HOME;
  if (home && existsSync(join(home, "bin", "java"))) return join(home, "bin", "java");
  const onPath = Bun.which("java");
  if (!onPath) throw new KafkaDistError("java not found (set JAVA_HOME or put java 17+ on PATH)");
  return onPath;
}

function writeIfChanged(path: string, content: string): void {
  if (existsSync(path) && readFileSync(path, "utf8") === content) return;
  const tmp = `${path}.tmp-${process.pid}-${randomBytes(4).toString("hex")}`;
  writeFileSync(tmp, content);
  renameSync(tmp, path); // atomic: a concurrent reader sees the old or the new file, never half
}

function listClasspath(libsDir: string): string {
  const jars = readdirSync(libsDir).filter((f) => f.endsWith(".jar")).sort();
  if (!jars.some((j) => j.startsWith(`kafka_2.13-${KAFKA_VERSION}`))) {
    throw new KafkaDistError(`${libsDir} has no kafka_2.13-${KAFKA_VERSION}.jar`);
  }
  return jars.map((j) => join(libsDir, j)).join(":");
}

async function materialise(): Promise<KafkaDist> {
  const javaBin = findJava();
  mkdirSync(KAFKA_CACHE_DIR, { recursive: true });
  const brokerLog4jConfig = join(KAFKA_CACHE_DIR, "log4j2-broker.properties");
  const toolsLog4jConfig = join(KAFKA_CACHE_DIR, "log4j2-tools.properties");
  writeIfChanged(brokerLog4jConfig, BROKER_LOG4J);
  writeIfChanged(toolsLog4jConfig, TOOLS_LOG4J);
  const dist = (): KafkaDist => ({
    classpath: listClasspath(LIBS_DIR),
    javaBin,
    libsDir: LIBS_DIR,
    brokerLog4jConfig,
    toolsLog4jConfig,
  });
  if (existsSync(join(LIBS_DIR, MARKER_FILE))) return dist();

  const mvn = Bun.which("mvn");
  if (!mvn) throw new KafkaDistError("mvn not found on PATH (needed to fetch the Kafka jars)");
  // Build in a private directory, then publish it with one atomic rename: two processes racing
  // here both download, one rename wins, the loser discards its copy. No lock to go stale.
  const staging = join(KAFKA_CACHE_DIR, `staging-${process.pid}-${randomBytes(4).toString("hex")}`);
  const stagingLibs = join(staging, "libs");
  mkdirSync(stagingLibs, { recursive: true });
  try {
    writeFileSync(join(staging, "pom.xml"), POM);
    const proc = Bun.spawn({
      cmd: [mvn, "-q", "-B", "-f", join(staging, "pom.xml"), "org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy-dependencies",
        `-DoutputDirectory=${stagingLibs}`, "-DincludeScope=runtime"],
      cwd: staging,
      stdout: "pipe",
      stderr: "pipe",
    });
    const timer = setTimeout(() => proc.kill("SIGKILL"), MAVEN_TIMEOUT_MS);
    const [out, err, code] = await Promise.all([
      new Response(proc.stdout).text(),
      new Response(proc.stderr).text(),
      proc.exited,
    ]);
    clearTimeout(timer);
    const output = `${out}\n${err}`.trim();
    if (code !== 0) {
      const hit = UNREACHABLE_PATTERNS.find((p) => p.test(output));
      if (hit) throw new KafkaDistUnavailableError(output.match(hit)?.[0] ?? "network error", output);
      throw new KafkaDistError(`mvn dependency:copy-dependencies exited with ${code}`, output);
    }
    listClasspath(stagingLibs); // asserts the main jar is there before publishing
    writeFileSync(join(stagingLibs, MARKER_FILE), `${JSON.stringify({ version: KAFKA_VERSION, at: new Date().toISOString() })}\n`);
    if (existsSync(LIBS_DIR) && !existsSync(join(LIBS_DIR, MARKER_FILE))) {
      // A directory without the marker was not published by us (e.g. copied by hand): replace it.
      renameSync(LIBS_DIR, join(staging, "stale-libs"));
    }
    try {
      renameSync(stagingLibs, LIBS_DIR);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if ((code !== "ENOTEMPTY" && code !== "EEXIST") || !existsSync(join(LIBS_DIR, MARKER_FILE))) throw e;
      // Another process published first; its copy is equivalent.
    }
    writeFileSync(join(KAFKA_CACHE_DIR, "pom.xml"), POM);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return dist();
}

export interface RunKafkaClassOptions {
  /** Bytes or text written to the tool's stdin, which is then closed (console producer input). */
  stdin?: string | Uint8Array;
  /** Killed with SIGKILL and KafkaToolTimeoutError thrown after this long. Default 120 s. */
  timeoutMs?: number;
  /**
   * "quick" (default): small heap and C1-only JIT, for tools that run a second or two.
   * "throughput": full JIT and G1 with a 1 GiB heap, for perf tools (ProducerPerformance) in benchmarks.
   */
  profile?: "quick" | "throughput";
  /** Replaces the profile's JVM flags entirely. */
  jvmArgs?: string[];
  /** Added after the default JVM flags (e.g. -Dfoo=bar). */
  extraJvmArgs?: string[];
  cwd?: string;
  env?: Record<string, string>;
}

export interface KafkaToolResult {
  exitCode: number;
  stdout: string;
  stderr: string;
  durationMs: number;
}

/** JVM flags for tools: "quick" starts fast, "throughput" runs fast (as Kafka's bin scripts do). */
export function toolJvmArgs(dist: KafkaDist, profile: "quick" | "throughput" = "quick"): string[] {
  const common = ["-XX:-UsePerfData", "-Djava.awt.headless=true", `-Dlog4j2.configurationFile=${dist.toolsLog4jConfig}`];
  return profile === "quick"
    ? ["-Xmx512m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", ...common]
    : ["-Xmx1g", "-Xms1g", "-XX:+UseG1GC", "-XX:MaxGCPauseMillis=20", ...common];
}

/** Runs one Kafka main class to completion. A non-zero exit is returned, not thrown. */
export async function runKafkaClass(
  mainClass: string,
  args: readonly string[],
  opts: RunKafkaClassOptions = {},
): Promise<KafkaToolResult> {
  const dist = await ensureKafkaDist();
  const timeoutMs = opts.timeoutMs ?? 120_000;
  // The shared class archive only under the default quick flags it was dumped with (jvm-cds.ts).
  const cds = opts.jvmArgs === undefined && (opts.profile ?? "quick") === "quick" ? cdsPlan(cdsArchivePath(dirname(dist.libsDir), dist.javaBin, dist.classpath)) : null;
  const jvm = [...(opts.jvmArgs ?? toolJvmArgs(dist, opts.profile)), ...(cds?.jvmArgs ?? []), ...(opts.extraJvmArgs ?? [])];
  const started = performance.now();
  const stdinBytes = typeof opts.stdin === "string" ? new TextEncoder().encode(opts.stdin) : opts.stdin;
  const proc = Bun.spawn({
    cmd: [dist.javaBin, ...jvm, "-cp", dist.classpath, mainClass, ...args],
    cwd: opts.cwd,
    env: { ...process.env, ...opts.env },
    stdin: stdinBytes ?? "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    proc.kill("SIGKILL");
  }, timeoutMs);
  const [stdout, stderr, exitCode] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  clearTimeout(timer);
  cds?.finish(timedOut ? -1 : exitCode);
  if (timedOut) throw new KafkaToolTimeoutError(mainClass, timeoutMs, stdout, stderr);
  return { exitCode, stdout, stderr, durationMs: performance.now() - started };
}

export { startKafka, brokerJvmArgs, KafkaStartError } from "./kafka-broker.ts";
export type { KafkaHandle, StartKafkaOptions } from "./kafka-broker.ts";
