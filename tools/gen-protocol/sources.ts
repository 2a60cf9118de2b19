// Where the JSON definitions come from: the Apache Kafka reference release's jars (fetched by Maven into
// ~/.m2), or a folder laid out like ../shared/kafka-protocol (the offline fallback).

import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { mavenArtifactPath, mavenGet } from "../maven.ts";
import { basename, join } from "node:path";

export const KAFKA_RELEASE = "4.4.0";

/** Each jar that carries definitions, the folder inside it, and the output group it feeds. */
export const JARS: ReadonlyArray<{ artifact: string; folder: string; group: string }> = [
  { artifact: "kafka-clients", folder: "common/message", group: "messages" },
  { artifact: "kafka-metadata", folder: "common/metadata", group: "metadata" },
  { artifact: "kafka-group-coordinator", folder: "common/message", group: "coordinator" },
  { artifact: "kafka-share-coordinator", folder: "common/message", group: "coordinator" },
  { artifact: "kafka-transaction-coordinator", folder: "common/message", group: "coordinator" },
  { artifact: "kafka-storage", folder: "message", group: "storage" },
  { artifact: "kafka-raft", folder: "common/message", group: "raft" },
];

/** Folders of the offline copy, and the group each feeds. */
const OFFLINE: Record<string, string> = {
  message: "messages",
  metadata: "metadata",
  "group-coordinator": "coordinator",
  "share-coordinator": "coordinator",
  "transaction-coordinator": "coordinator",
  storage: "storage",
  raft: "raft",
};

export interface SourceFile {
  file: string; // base name without .json
  group: string;
  text: string;
}

export interface Sources {
  description: string; // recorded in every generated file
  files: SourceFile[];
}

function run(cmd: string[], what: string): void {
  const p = Bun.spawnSync(cmd, { stdout: "pipe", stderr: "pipe" });
  if (p.exitCode !== 0) {
    throw new Error(`${what} failed (${cmd.join(" ")}): ${p.stderr.toString().slice(-2000)}${p.stdout.toString().slice(-2000)}`);
  }
}

function jarPath(artifact: string): string {
  return mavenArtifactPath(`org.apache.kafka:${artifact}:${KAFKA_RELEASE}`);
}

/** Fetch the reference release's jars with Maven (cached in ~/.m2) and read their JSON definitions. */
export function fromJars(): Sources {
  const files: SourceFile[] = [];
  const out = mkdtempSync(join(tmpdir(), "strand-gen-"));
  for (const { artifact, folder, group } of JARS) {
    const jar = jarPath(artifact);
    if (!existsSync(jar)) {
      const got = mavenGet(`org.apache.kafka:${artifact}:${KAFKA_RELEASE}`);
      if (!got.ok) throw new Error(`fetching ${artifact} ${KAFKA_RELEASE} with mvn failed: ${got.output}`);
    }
    const dir = join(out, artifact);
    // unzip exits 11 when no file matches; use the JDK's jar tool when unzip is missing.
    const u = Bun.spawnSync(["unzip", "-o", "-q", jar, `${folder}/*.json`, "-d", dir], { stdout: "pipe", stderr: "pipe" });
    if (u.exitCode !== 0 && u.exitCode !== 11) {
      Bun.spawnSync(["mkdir", "-p", dir]);
      run(["sh", "-c", `cd '${dir}' && jar xf '${jar}' '${folder}'`], `extracting ${artifact}`);
    }
    const sub = join(dir, folder);
    if (!existsSync(sub)) continue;
    for (const name of readdirSync(sub).sort()) {
      if (!name.endsWith(".json")) continue;
      files.push({ file: basename(name, ".json"), group, text: readFileSync(join(sub, name), "utf8") });
    }
  }
  return {
    description: `Apache Kafka ${KAFKA_RELEASE} (${JARS.map((j) => `${j.artifact}-${KAFKA_RELEASE}.jar`).join(", ")})`,
    files,
  };
}

/** Read definitions from a folder laid out like ../shared/kafka-protocol. */
export function fromFolder(root: string): Sources {
  const files: SourceFile[] = [];
  for (const [folder, group] of Object.entries(OFFLINE)) {
    const dir = join(root, folder);
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir).sort()) {
      if (name.endsWith(".json")) files.push({ file: basename(name, ".json"), group, text: readFileSync(join(dir, name), "utf8") });
    }
  }
  return { description: `the offline copy in ${basename(root)}/ (not the reference release)`, files };
}
