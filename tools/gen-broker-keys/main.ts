#!/usr/bin/env bun
// tools/gen-broker-keys: writes src/config/kafka-broker-keys.ts from Apache Kafka's own broker ConfigDef.
//
//   bun tools/gen-broker-keys/main.ts [--out DIR]    (DIR defaults to src/config)
//
// Runs DumpBrokerKeys.java (AbstractKafkaConfig.CONFIG_DEF and DynamicBrokerConfig's update modes) on the
// jars of the Kafka 4.4.0 distribution that the interop tests materialise with Maven
// (test/support/kafka-dist.ts); the compiled class is cached in ~/.cache/strand/gen-broker-keys/<hash>/.
// Output is deterministic. Exit codes: 0 written, 1 failed, 75 (EX_TEMPFAIL) cannot run here (no JDK
// or Maven Central unreachable).

import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { ensureKafkaDist, KafkaDistUnavailableError } from "../../test/support/kafka-dist.ts";
import { parseBrokerKeysDump, renderBrokerKeys } from "./render.ts";

export const EXIT_UNAVAILABLE = 75;
const SOURCE_PATH = join(import.meta.dir, "DumpBrokerKeys.java");
const CACHE_ROOT = join(homedir(), ".cache", "strand", "gen-broker-keys");
const JAVA_RELEASE = "17"; // Kafka 4.x brokers need Java 17.

class UnavailableError extends Error {
  override readonly name = "UnavailableError";
}

function run(cmd: readonly string[]): { exitCode: number; stdout: string; stderr: string } {
  const p = Bun.spawnSync([...cmd], { stdout: "pipe", stderr: "pipe" });
  return { exitCode: p.exitCode ?? -1, stdout: p.stdout.toString(), stderr: p.stderr.toString() };
}

/** Compile the dumper once per source version; concurrent runs race safely via rename. */
function ensureCompiled(classpath: string): string {
  const source = readFileSync(SOURCE_PATH);
  const key = new Bun.CryptoHasher("sha256").update(source).update(`release=${JAVA_RELEASE}`).digest("hex").slice(0, 16);
  const dir = join(CACHE_ROOT, key);
  if (existsSync(join(dir, "DumpBrokerKeys.class"))) return dir;
  if (Bun.which("javac") === null) throw new UnavailableError("javac (a JDK) is not installed");
  mkdirSync(CACHE_ROOT, { recursive: true });
  const tmp = mkdtempSync(join(CACHE_ROOT, "tmp-"));
  const cmd = ["javac", "--release", JAVA_RELEASE, "-d", tmp, "-cp", classpath, SOURCE_PATH];
  const r = run(cmd);
  if (r.exitCode !== 0) {
    rmSync(tmp, { recursive: true, force: true });
    throw new Error(`${cmd.join(" ")} exited with ${r.exitCode}: ${r.stderr.slice(0, 2000)}`);
  }
  try {
    renameSync(tmp, dir);
  } catch {
    rmSync(tmp, { recursive: true, force: true }); // another run won the race; its class is identical
  }
  return dir;
}

export async function dumpBrokerKeys(): Promise<string> {
  let dist;
  try {
    dist = await ensureKafkaDist();
  } catch (err) {
    if (err instanceof KafkaDistUnavailableError) throw new UnavailableError(err.message);
    throw err;
  }
  const classDir = ensureCompiled(dist.classpath);
  const cmd = [dist.javaBin, "-cp", `${classDir}:${dist.classpath}`, "DumpBrokerKeys"];
  const r = run(cmd);
  if (r.exitCode !== 0) throw new Error(`${cmd.slice(0, 1).join(" ")} DumpBrokerKeys exited with ${r.exitCode}: ${r.stderr.slice(0, 2000)}`);
  return r.stdout;
}

function outDirFromArgs(args: readonly string[]): string {
  const i = args.indexOf("--out");
  if (i === -1) return resolve(import.meta.dir, "..", "..", "src", "config");
  const dir = args[i + 1];
  if (dir === undefined || dir.startsWith("--")) throw new Error("--out needs a directory");
  return resolve(dir);
}

if (import.meta.main) {
  try {
    const outDir = outDirFromArgs(Bun.argv.slice(2));
    const dump = parseBrokerKeysDump(await dumpBrokerKeys());
    mkdirSync(outDir, { recursive: true });
    const path = join(outDir, "kafka-broker-keys.ts");
    writeFileSync(path, renderBrokerKeys(dump));
    console.log(`gen-broker-keys: wrote ${dump.keys.length} broker keys from Kafka ${dump.kafkaVersion} to ${path}`);
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(err instanceof UnavailableError ? EXIT_UNAVAILABLE : 1);
  }
}
