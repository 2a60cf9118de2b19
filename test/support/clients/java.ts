// Java kafka-clients 4.4.0 for the interop tests: its runtime classpath (copied by Maven into the
// cache) and our driver (test/interop/java/*.java) compiled with javac against it. The driver's
// cache entry is keyed by a hash of its sources, so editing a .java file recompiles once.
// ensureJavaStreams() does the same for Kafka Streams 4.4.0 (test/interop/java-streams).
//
//   const java = await ensureJavaClient();
//   const r = await java.run(["produce", "--bootstrap", b, ...]);   // JSON lines on stdout
import { existsSync, readdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { cachedDir, ClientInstallError, hashFiles, listFiles, runStep } from "./cache.ts";

export const KAFKA_CLIENTS_VERSION = "4.4.0";
/** kafka-clients 4.4.0 logs through slf4j-api 1.7.36; the simple binding sends WARN+ to stderr. */
const SLF4J_VERSION = "1.7.36";
const JAVA_SRC_DIR = resolve(import.meta.dir, "../../interop/java");
/** The Kafka Streams driver: compiled together with JAVA_SRC_DIR (it shares Args, Json, Spec). */
const STREAMS_SRC_DIR = resolve(import.meta.dir, "../../interop/java-streams");

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
  /** Spawns the driver; the caller reads JSON lines from stdout. */
  spawn(args: readonly string[], opts?: { stdin?: "pipe" | "ignore" }): import("bun").Subprocess<"pipe" | "ignore", "pipe", "pipe">;
}

function which(tool: string): string {
  const home = process.env.JAVA_HOME;
  if (home && existsSync(join(home, "bin", tool))) return join(home, "bin", tool);
  const p = Bun.which(tool);
  if (!p) throw new ClientInstallError("java", `finding ${tool}`, `${tool} not on PATH (Java 17+ and Maven are needed)`);
  return p;
}

/** The runtime jars of `artifact` (kafka-clients, or kafka-streams with kafka-clients and RocksDB). */
async function ensureLibs(artifact: "kafka-clients" | "kafka-streams"): Promise<string> {
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

async function install(artifact: "kafka-clients" | "kafka-streams"): Promise<JavaClient> {
  const javaBin = which("java");
  const libs = await ensureLibs(artifact);
  const streams = artifact === "kafka-streams";
  const sources = [...listFiles(JAVA_SRC_DIR, [".java"]), ...(streams ? listFiles(STREAMS_SRC_DIR, [".java"]) : [])];
  // The kafka-clients driver keeps its old cache key; the Streams one is keyed apart.
  const key = hashFiles(sources, streams ? `${KAFKA_CLIENTS_VERSION}-streams` : KAFKA_CLIENTS_VERSION);
  const jars = jarsOf(libs);
  const mainClass = streams ? "strand.interop.StreamsDriver" : "strand.interop.InteropDriver";
  const driverDir = await cachedDir(`java-${streams ? "streams-" : ""}driver-${key}`, async (staging) => {
    await runStep("javac", [which("javac"), "-nowarn", "-encoding", "UTF-8", "--release", "17",
      "-d", join(staging, "classes"), "-cp", jars.join(":"), ...sources], { timeoutMs: 120_000 });
  });
  const classpath = [join(driverDir, "classes"), ...jars].join(":");
  return {
    javaBin,
    classpath,
    spawn(args, opts = {}) {
      return Bun.spawn({
        cmd: [javaBin, "-Xmx768m", "-XX:+UseParallelGC", "-XX:-UsePerfData",
          "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn", "-Dorg.slf4j.simpleLogger.logFile=System.err",
          "-cp", classpath, mainClass, ...args],
        stdin: opts.stdin ?? "ignore",
        stdout: "pipe",
        stderr: "pipe",
      });
    },
  };
}
