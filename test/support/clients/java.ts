// Java kafka-clients 4.4.0 for the interop tests: its runtime classpath (copied by Maven into the
// cache) and our driver (test/interop/java/*.java) compiled with javac against it. The driver's
// cache entry is keyed by a hash of its sources, so editing a .java file recompiles once.
// ensureJavaStreams() does the same for Kafka Streams 4.4.0 (test/interop/java-streams), and
// ensureJavaConnect() for Kafka Connect 4.4.0's runtime with the test's connectors (test/interop/java-connect).
//
//   const java = await ensureJavaClient();
//   const r = await java.run(["produce", "--bootstrap", b, ...]);   // JSON lines on stdout
import { copyFileSync, existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { cachedDir, ClientInstallError, hashFiles, listFiles, runStep } from "./cache.ts";

export const KAFKA_CLIENTS_VERSION = "4.4.0";
/** kafka-clients 4.4.0 logs through slf4j-api 1.7.36; the simple binding sends WARN+ to stderr. */
const SLF4J_VERSION = "1.7.36";
const JAVA_SRC_DIR = resolve(import.meta.dir, "../../interop/java");
/** The Kafka Streams driver: compiled together with JAVA_SRC_DIR (it shares Args, Json, Spec). */
const STREAMS_SRC_DIR = resolve(import.meta.dir, "../../interop/java-streams");
/** The Kafka Connect driver and test connectors; META-INF/services there is copied next to the classes. */
const CONNECT_SRC_DIR = resolve(import.meta.dir, "../../interop/java-connect");

type Artifact = "kafka-clients" | "kafka-streams" | "connect-runtime";

interface DriverBuild {
  /** Source directories compiled together. */
  dirs: string[];
  /** Mixed into the cache key (kafka-clients and Streams keep the keys they always had). */
  keyExtra: string;
  cachePrefix: string;
  mainClass: string;
  /** A directory of ServiceLoader manifests to copy to classes/META-INF/services. */
  services?: string;
}

const DRIVERS: Record<Artifact, DriverBuild> = {
  "kafka-clients": { dirs: [JAVA_SRC_DIR], keyExtra: KAFKA_CLIENTS_VERSION, cachePrefix: "java-driver", mainClass: "strand.interop.InteropDriver" },
  "kafka-streams": {
    dirs: [JAVA_SRC_DIR, STREAMS_SRC_DIR],
    keyExtra: `${KAFKA_CLIENTS_VERSION}-streams`,
    cachePrefix: "java-streams-driver",
    mainClass: "strand.interop.StreamsDriver",
  },
  "connect-runtime": {
    dirs: [CONNECT_SRC_DIR],
    keyExtra: `${KAFKA_CLIENTS_VERSION}-connect`,
    cachePrefix: "java-connect-driver",
    mainClass: "strand.interop.connect.ConnectDriver",
    services: join(CONNECT_SRC_DIR, "META-INF", "services"),
  },
};

const pom = (artifact: string) => `<?xml version="1.0" encoding="UTF-8"?>
<!-- Written by test/support/clients/java.ts: the runtime classpath of ${artifact} ${KAFKA_CLIENTS_VERSION}. -->
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>strand.test</groupId>
  <artifactId>java-${artifact}</artifactId>
  <version>${KAFKA_CLIENTS_VERSION}</version>
  <packaging>pom</packaging>
  <dependencies>
    <dependency><groupId>org.apache.kafka</groupId><artifactId>${artifact}</artifactId><version>${KAFKA_CLIENTS_VERSION}</version></dependency>
    <dependency><groupId>org.slf4j</groupId><artifactId>slf4j-simple</artifactId><version>${SLF4J_VERSION}</version></dependency>
  </dependencies>
</project>
`;

export interface JavaClient {
  javaBin: string;
  /** Classpath: the compiled driver, then every runtime jar. */
  classpath: string;
  /** Spawns the driver; the caller reads JSON lines from stdout. jvmArgs come after (and so override) the defaults. */
  spawn(args: readonly string[], opts?: { stdin?: "pipe" | "ignore"; jvmArgs?: readonly string[] }): import("bun").Subprocess<"pipe" | "ignore", "pipe", "pipe">;
}

function which(tool: string): string {
  const home = process.env.JAVA_HOME;
  if (home && existsSync(join(home, "bin", tool))) return join(home, "bin", tool);
  const p = Bun.which(tool);
  if (!p) throw new ClientInstallError("java", `finding ${tool}`, `${tool} not on PATH (Java 17+ and Maven are needed)`);
  return p;
}

/** The runtime jars of `artifact` (kafka-clients; kafka-streams with kafka-clients and RocksDB; connect-runtime). */
async function ensureLibs(artifact: Artifact): Promise<string> {
  const dir = await cachedDir(`java-${artifact}-${KAFKA_CLIENTS_VERSION}`, async (staging) => {
    writeFileSync(join(staging, "pom.xml"), pom(artifact));
    await runStep(artifact, [which("mvn"), "-q", "-B", "-f", join(staging, "pom.xml"),
      "org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy-dependencies",
      `-DoutputDirectory=${join(staging, "libs")}`, "-DincludeScope=runtime"], { cwd: staging });
    const jars = readdirSync(join(staging, "libs"));
    if (!jars.includes(`kafka-clients-${KAFKA_CLIENTS_VERSION}.jar`) || !jars.includes(`${artifact}-${KAFKA_CLIENTS_VERSION}.jar`)) {
      throw new ClientInstallError(artifact, "copy-dependencies", `no ${artifact} and kafka-clients jars among ${jars.join(", ")}`);
    }
  });
  return join(dir, "libs");
}

function jarsOf(libsDir: string): string[] {
  return readdirSync(libsDir).filter((f) => f.endsWith(".jar")).sort().map((f) => join(libsDir, f));
}

let memo: Promise<JavaClient> | null = null;
let streamsMemo: Promise<JavaClient> | null = null;
let connectMemo: Promise<JavaClient> | null = null;

/** Idempotent: Maven runs once per machine, javac once per edit of the driver sources. */
export function ensureJavaClient(): Promise<JavaClient> {
  memo ??= install("kafka-clients").catch((e: unknown) => {
    memo = null;
    throw e;
  });
  return memo;
}

/**
 * The Kafka Streams 4.4.0 driver (test/interop/java-streams, main class strand.interop.StreamsDriver)
 * with the kafka-clients driver's classes, on kafka-streams' runtime classpath.
 */
export function ensureJavaStreams(): Promise<JavaClient> {
  streamsMemo ??= install("kafka-streams").catch((e: unknown) => {
    streamsMemo = null;
    throw e;
  });
  return streamsMemo;
}

/**
 * Kafka Connect 4.4.0's runtime (ConnectDistributed and its REST server) with the test connectors of
 * test/interop/java-connect (main class strand.interop.connect.ConnectDriver).
 */
export function ensureJavaConnect(): Promise<JavaClient> {
  connectMemo ??= install("connect-runtime").catch((e: unknown) => {
    connectMemo = null;
    throw e;
  });
  return connectMemo;
}

async function install(artifact: Artifact): Promise<JavaClient> {
  const javaBin = which("java");
  const libs = await ensureLibs(artifact);
  const build = DRIVERS[artifact];
  const sources = build.dirs.flatMap((d) => listFiles(d, [".java"]));
  const services = build.services ? listFiles(build.services, [""]) : [];
  const key = hashFiles([...sources, ...services], build.keyExtra);
  const jars = jarsOf(libs);
  const mainClass = build.mainClass;
  const driverDir = await cachedDir(`${build.cachePrefix}-${key}`, async (staging) => {
    await runStep("javac", [which("javac"), "-nowarn", "-encoding", "UTF-8", "--release", "17",
      "-d", join(staging, "classes"), "-cp", jars.join(":"), ...sources], { timeoutMs: 120_000 });
    if (build.services) {
      mkdirSync(join(staging, "classes", "META-INF", "services"), { recursive: true });
      for (const f of services) copyFileSync(f, join(staging, "classes", "META-INF", "services", basename(f)));
    }
  });
  const classpath = [join(driverDir, "classes"), ...jars].join(":");
  return {
    javaBin,
    classpath,
    spawn(args, opts = {}) {
      return Bun.spawn({
        cmd: [javaBin, "-Xmx768m", "-XX:+UseParallelGC", "-XX:-UsePerfData",
          "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn", "-Dorg.slf4j.simpleLogger.logFile=System.err",
          ...(opts.jvmArgs ?? []), "-cp", classpath, mainClass, ...args],
        stdin: opts.stdin ?? "ignore",
        stdout: "pipe",
        stderr: "pipe",
      });
    },
  };
}
