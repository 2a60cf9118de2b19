// Java kafka-clients 4.4.0 for the interop tests: its runtime classpath (copied by Maven into the
// cache) and our driver (test/interop/java/*.java) compiled with javac against it. The driver's
// cache entry is keyed by a hash of its sources, so editing a .java file recompiles once.
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

const POM = `<?xml version="1.0" encoding="UTF-8"?>
<!-- Written by test/support/clients/java.ts: the runtime classpath of kafka-clients ${KAFKA_CLIENTS_VERSION}. -->
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>strand.test</groupId>
  <artifactId>java-clients</artifactId>
  <version>${KAFKA_CLIENTS_VERSION}</version>
  <packaging>pom</packaging>
  <dependencies>
    <dependency><groupId>org.apache.kafka</groupId><artifactId>kafka-clients</artifactId><version>${KAFKA_CLIENTS_VERSION}</version></dependency>
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

async function ensureLibs(): Promise<string> {
  const dir = await cachedDir(`java-kafka-clients-${KAFKA_CLIENTS_VERSION}`, async (staging) => {
    writeFileSync(join(staging, "pom.xml"), POM);
    await runStep("kafka-clients", [which("mvn"), "-q", "-B", "-f", join(staging, "pom.xml"),
      "org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy-dependencies",
      `-DoutputDirectory=${join(staging, "libs")}`, "-DincludeScope=runtime"], { cwd: staging });
    const jars = readdirSync(join(staging, "libs"));
    if (!jars.includes(`kafka-clients-${KAFKA_CLIENTS_VERSION}.jar`)) {
      throw new ClientInstallError("kafka-clients", "copy-dependencies", `no kafka-clients jar among ${jars.join(", ")}`);
    }
  });
  return join(dir, "libs");
}

function jarsOf(libsDir: string): string[] {
  return readdirSync(libsDir).filter((f) => f.endsWith(".jar")).sort().map((f) => join(libsDir, f));
}

let memo: Promise<JavaClient> | null = null;

/** Idempotent: Maven runs once per machine, javac once per edit of the driver sources. */
export function ensureJavaClient(): Promise<JavaClient> {
  memo ??= install().catch((e: unknown) => {
    memo = null;
    throw e;
  });
  return memo;
}

async function install(): Promise<JavaClient> {
  const javaBin = which("java");
  const libs = await ensureLibs();
  const sources = listFiles(JAVA_SRC_DIR, [".java"]);
  const key = hashFiles(sources, KAFKA_CLIENTS_VERSION);
  const jars = jarsOf(libs);
  const driverDir = await cachedDir(`java-driver-${key}`, async (staging) => {
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
          "-cp", classpath, "strand.interop.InteropDriver", ...args],
        stdin: opts.stdin ?? "ignore",
        stdout: "pipe",
        stderr: "pipe",
      });
    },
  };
}
