// The deterministic records that test/fixtures/records/make/KafkaBatches.java writes (keep in sync),
// and helpers to run that Java program (kafka-clients 4.4.0 + its codec jars, fetched by mvn on demand).
import { existsSync } from "node:fs";
import { join } from "node:path";
import { mavenArtifactPath, mavenGet } from "../../../tools/maven.ts";

const te = new TextEncoder();
export const BASE_TIMESTAMP = 1_700_000_000_000n;

export interface ExpectedRecord {
  key: Uint8Array | null;
  value: Uint8Array | null;
  headers: { key: string; value: Uint8Array | null }[];
  timestamp: bigint;
}

export function expectedRecord(i: number, valueBase: number): ExpectedRecord {
  const key = i % 7 === 3 ? null : te.encode(`key-${i}`);
  let value: Uint8Array | null = null;
  if (i % 11 !== 5) {
    const len = valueBase + ((i * 37) % 400);
    const unit = te.encode(`value ${i} of a kafka record; `);
    value = new Uint8Array(len);
    for (let p = 0; p < len; p++) value[p] = unit[p % unit.length]!;
  }
  const headers =
    i % 3 === 0
      ? []
      : i % 3 === 1
        ? [{ key: "trace", value: te.encode(`t${i}`) }]
        : [
            { key: "h1", value: te.encode(`hv-${i}`) },
            { key: "h2", value: null },
          ];
  return { key, value, headers, timestamp: BASE_TIMESTAMP + BigInt((i * 7919) % 1000) };
}

export const FIXTURE_DIR = join(import.meta.dir, "..", "..", "fixtures", "records");
export const JAVA_SOURCE = join(FIXTURE_DIR, "make", "KafkaBatches.java");

const ARTIFACTS = [
  "org.apache.kafka:kafka-clients:4.4.0",
  "org.xerial.snappy:snappy-java:1.1.10.7",
  "at.yawk.lz4:lz4-java:1.11.2",
  "com.github.luben:zstd-jni:1.5.7-17",
  "org.slf4j:slf4j-api:1.7.36",
];

function jarPath(artifact: string): string {
  return mavenArtifactPath(artifact);
}

/** Classpath for KafkaBatches.java, fetching missing jars with mvn; a string reason when impossible. */
export function javaClasspath(): { classpath: string } | { skip: string } {
  if (Bun.spawnSync(["java", "-version"], { stderr: "pipe" }).exitCode !== 0) return { skip: "java not installed" };
  for (const a of ARTIFACTS) {
    if (existsSync(jarPath(a))) continue;
    const r = mavenGet(a);
    if (!r.ok) {
      const out = r.output.slice(-400);
      if (/resolve|transfer|connect|unknown host|network/i.test(out)) return { skip: `cannot fetch ${a}: ${out}` };
      throw new Error(`mvn dependency:get ${a} failed: ${out}`);
    }
  }
  return { classpath: ARTIFACTS.map(jarPath).join(":") };
}

/** Run KafkaBatches.java read over files; returns its JSON lines parsed. */
export function javaRead(classpath: string, files: string[]): Record<string, unknown>[] {
  const r = Bun.spawnSync(["java", "-cp", classpath, JAVA_SOURCE, "read", ...files], { stdout: "pipe", stderr: "pipe" });
  if (r.exitCode !== 0) throw new Error(`java reader failed (${r.exitCode}): ${r.stderr.toString().slice(-2000)}`);
  return r.stdout
    .toString()
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

export function hex(b: Uint8Array | null): string | null {
  return b === null ? null : Buffer.from(b).toString("hex");
}
