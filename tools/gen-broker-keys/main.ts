#!/usr/bin/env bun
// tools/gen-broker-keys: writes src/config/kafka-broker-keys.ts and kafka-config-docs.ts from Apache Kafka's
// own broker ConfigDef (and LogConfig's topic keys, for their documentation).
//
//   bun tools/gen-broker-keys/main.ts [--out DIR]    (DIR defaults to src/config)
//
// Runs DumpBrokerKeys.java (AbstractKafkaConfig.CONFIG_DEF and DynamicBrokerConfig's update modes) on the
// jars of the Kafka 4.4.0 distribution that the interop tests materialise with Maven
// (test/support/kafka-dist.ts); the compiled class is cached in ~/.cache/strand/gen-broker-keys/<hash>/.
// Output is deterministic. Exit codes: 0 written, 1 failed, 75 (EX_TEMPFAIL) cannot run here (no JDK
// or Maven Central unreachable).

import { mkdirSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { ensureKafkaDist, KafkaDistUnavailableError } from "../../test/support/kafka-dist.ts";
import { parseBrokerKeysDump, renderBrokerKeys, renderConfigDocs } from "./render.ts";
import { compileJavaOnce, runTool } from "../java-class.ts";

export const EXIT_UNAVAILABLE = 75;
const SOURCE_PATH = join(import.meta.dir, "DumpBrokerKeys.java");
const CACHE_ROOT = join(homedir(), ".cache", "strand", "gen-broker-keys");
const JAVA_RELEASE = "17"; // Kafka 4.x brokers need Java 17.

class UnavailableError extends Error {
  override readonly name = "UnavailableError";
}


function ensureCompiled(classpath: string): string {
  return compileJavaOnce({
    sourcePath: SOURCE_PATH,
    cacheRoot: CACHE_ROOT,
    release: JAVA_RELEASE,
    classpath,
    unavailable: (reason) => new UnavailableError(reason),
    failed: (cmd, code, stderr) => new Error(`${cmd.join(" ")} exited with ${code}: ${stderr.slice(0, 2000)}`),
  });
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
  const r = runTool(cmd);
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
    writeFileSync(join(outDir, "kafka-config-docs.ts"), renderConfigDocs(dump));
    console.log(`gen-broker-keys: wrote ${dump.keys.length} broker keys from Kafka ${dump.kafkaVersion} to ${path}`);
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(err instanceof UnavailableError ? EXIT_UNAVAILABLE : 1);
  }
}
