#!/usr/bin/env bun
// tools/gen-protocol: writes src/protocol/generated/ from Kafka's JSON message definitions.
//
//   bun tools/gen-protocol/main.ts [--out DIR] [--from DIR]
//
// By default the definitions come from the Apache Kafka reference release's jars (Maven fetches them
// into ~/.m2). --from reads a folder laid out like ../shared/kafka-protocol instead (offline fallback).
// Output is deterministic: the same input gives byte-identical files, which a test checks.

import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { emitMessage } from "./emit-message.ts";
import { emitApiTable, emitCodecRegistry, emitRecordRegistry } from "./emit-tables.ts";
import { parseMessage, type MessageSpec } from "./schema.ts";
import { fromFolder, fromJars, type Sources } from "./sources.ts";

/** Groups this generator owns: their folders are rewritten whole (stale files removed). */
export const GROUPS = ["messages", "metadata", "coordinator", "storage", "raft"] as const;
/** Files at the top of the output folder this generator owns. */
export const TOP_FILES = ["api-table.ts", "apis.ts", "records.ts"] as const;

export function kebab(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, "$1-$2").replace(/([A-Z]+)([A-Z][a-z])/g, "$1-$2").toLowerCase();
}

export function header(sources: Sources, what: string): string {
  return [
    `// GENERATED FILE: DO NOT EDIT. Written by tools/gen-protocol (make gen) from ${sources.description},`,
    `// ${what}. test/unit/protocol/generated.test.ts fails when this file differs from a fresh generation.`,
    `/* eslint-disable */`,
  ].join("\n");
}

/**
 * The request header's JSON lists versions 1-2 since Kafka 4 removed v0 (only ControlledShutdown v0
 * used it). Strand still decodes v0 headers so it can answer them with a clean error, so widen it.
 */
function adjust(m: MessageSpec): MessageSpec {
  if (m.name === "RequestHeader") return { ...m, validVersions: { lo: 0, hi: m.validVersions.hi } };
  return m;
}

export function generate(sources: Sources): Map<string, string> {
  const files = new Map<string, string>();
  const specs: MessageSpec[] = [];
  const seen = new Set<string>();
  for (const f of sources.files) {
    const key = `${f.group}/${f.file}`;
    if (seen.has(key)) throw new Error(`two definitions named ${key}`);
    seen.add(key);
    const spec = adjust(parseMessage(f.text, f.file, f.group));
    specs.push(spec);
    files.set(`${f.group}/${kebab(f.file)}.ts`, emitMessage(spec, header(sources, `${f.file}.json`)));
  }
  files.set("api-table.ts", emitApiTable(specs, header(sources, "every *Request.json")));
  files.set("apis.ts", emitCodecRegistry(specs, header(sources, "every *Request.json and *Response.json")));
  files.set("records.ts", emitRecordRegistry(specs, header(sources, "the metadata, coordinator and storage record definitions")));
  return files;
}

export function writeOutput(outDir: string, files: Map<string, string>): void {
  for (const g of GROUPS) rmSync(join(outDir, g), { recursive: true, force: true });
  for (const [path, text] of files) {
    const full = join(outDir, path);
    mkdirSync(join(full, ".."), { recursive: true });
    writeFileSync(full, text);
  }
}

function parseArgs(argv: string[]): { out: string; from: string | undefined } {
  let out = resolve(import.meta.dir, "../../src/protocol/generated");
  let from: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--out" && argv[i + 1]) out = resolve(argv[++i]!);
    else if (a === "--from" && argv[i + 1]) from = resolve(argv[++i]!);
    else {
      console.error(`gen-protocol: unknown argument "${a}". Allowed: --out DIR, --from DIR`);
      process.exit(2);
    }
  }
  return { out, from };
}

if (import.meta.main) {
  const { out, from } = parseArgs(process.argv.slice(2));
  const sources = from ? fromFolder(from) : fromJars();
  const files = generate(sources);
  writeOutput(out, files);
  const count = readdirSync(out, { recursive: true }).length;
  console.log(`gen-protocol: wrote ${files.size} files from ${sources.description} into ${out} (${count} entries now)`);
}
