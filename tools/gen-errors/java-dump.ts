// Runs DumpErrors.java against Apache Kafka's kafka-clients jar and returns its JSON output.
// Finds the jars in the local Maven repository, fetching them with `mvn dependency:get` when absent,
// and keeps the compiled class in ~/.cache/strand/gen-errors/<hash of the source>/ so later runs
// only start one JVM (about 0.1 s).

import { existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { mavenArtifactPath, mavenGet } from "../maven.ts";
import { compileJavaOnce, runTool } from "../java-class.ts";

export const KAFKA_VERSION = "4.4.0";
const JAVA_RELEASE = "11"; // Kafka clients 4.x need Java 11+, so the class runs on any JVM that can load the jar.
const SOURCE_PATH = join(import.meta.dir, "DumpErrors.java");
const CACHE_ROOT = join(homedir(), ".cache", "strand", "gen-errors");

/** The generator cannot run here (no JDK, or the jars cannot be fetched). Tests skip on this one only. */
export class GenErrorsUnavailableError extends Error {
  override readonly name = "GenErrorsUnavailableError";
  constructor(readonly reason: string) {
    super(`gen-errors cannot run: ${reason}`);
  }
}

/** A tool ran and failed: a real error, never a reason to skip. */
export class GenErrorsToolError extends Error {
  override readonly name = "GenErrorsToolError";
  constructor(readonly command: readonly string[], readonly exitCode: number, readonly stderr: string) {
    super(`${command.join(" ")} exited with ${exitCode}: ${stderr.trim().slice(0, 2000)}`);
  }
}

interface Artifact {
  readonly group: string;
  readonly artifact: string;
  readonly version: string;
}

function artifactPath(a: Artifact, ext: "jar" | "pom"): string {
  return mavenArtifactPath(`${a.group}:${a.artifact}:${a.version}`, ext);
}


/** The jar of `a` in ~/.m2, fetched with its pom (without transitive dependencies) if either is missing. */
function ensureArtifact(a: Artifact): string {
  const jar = artifactPath(a, "jar");
  if (existsSync(jar) && existsSync(artifactPath(a, "pom"))) return jar;
  if (Bun.which("mvn") === null) throw new GenErrorsUnavailableError(`${jar} is missing and mvn is not installed`);
  const coords = `${a.group}:${a.artifact}:${a.version}`;
  // dependency:get without transitive dependencies may leave the pom out: fetch each part that is missing.
  let r = existsSync(jar) ? { ok: true, output: "" } : mavenGet(coords);
  if (r.ok && !existsSync(artifactPath(a, "pom"))) r = mavenGet(coords, "pom");
  if (!r.ok || !existsSync(jar) || !existsSync(artifactPath(a, "pom"))) {
    // mvn fails the same way for "offline" and "no such artifact"; both mean we cannot generate here.
    throw new GenErrorsUnavailableError(`mvn could not fetch ${coords}: ${r.output.slice(0, 500)}`);
  }
  return jar;
}

/** The slf4j-api version kafka-clients declares: Errors' static initialiser creates an slf4j logger. */
function slf4jVersionOf(clientsPom: string): string {
  const pom = readFileSync(clientsPom, "utf8");
  const m = /<artifactId>slf4j-api<\/artifactId>\s*<version>([^<\s]+)<\/version>/.exec(pom);
  if (m === null) throw new Error(`${clientsPom} declares no slf4j-api dependency`);
  return m[1]!;
}

function ensureCompiled(clientsJar: string): string {
  return compileJavaOnce({
    sourcePath: SOURCE_PATH,
    cacheRoot: CACHE_ROOT,
    release: JAVA_RELEASE,
    classpath: clientsJar,
    unavailable: (reason) => new GenErrorsUnavailableError(reason),
    failed: (cmd, code, stderr) => new GenErrorsToolError(cmd, code, stderr),
  });
}

/** Run the dumper and return its raw JSON text. */
export function dumpKafkaErrors(): string {
  if (Bun.which("java") === null) throw new GenErrorsUnavailableError("java is not installed");
  const clients: Artifact = { group: "org.apache.kafka", artifact: "kafka-clients", version: KAFKA_VERSION };
  const clientsJar = ensureArtifact(clients);
  const slf4j: Artifact = { group: "org.slf4j", artifact: "slf4j-api", version: slf4jVersionOf(artifactPath(clients, "pom")) };
  const slf4jJar = ensureArtifact(slf4j);
  const classDir = ensureCompiled(clientsJar);
  const cmd = ["java", "-cp", [classDir, clientsJar, slf4jJar].join(":"), "DumpErrors"];
  const r = runTool(cmd);
  // stderr carries slf4j's "no binding" notice on success, so only look at it on failure.
  if (r.exitCode !== 0) throw new GenErrorsToolError(cmd, r.exitCode, r.stderr);
  return r.stdout;
}
