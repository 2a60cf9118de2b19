// Thin wrappers over Kafka 4.4.0's command-line tools (run in a JVM each: ~1–2 s per call).
// Each throws KafkaToolFailedError on a non-zero exit, with the tool's output in the message.
import { KAFKA_MAIN, runKafkaClass } from "./kafka-dist.ts";
import type { KafkaToolResult, RunKafkaClassOptions } from "./kafka-dist.ts";

export class KafkaToolFailedError extends Error {
  constructor(
    readonly tool: string,
    readonly args: readonly string[],
    readonly result: KafkaToolResult,
  ) {
    super(`${tool} ${args.join(" ")} exited ${result.exitCode}\n--- stdout ---\n${result.stdout}\n--- stderr ---\n${result.stderr}`);
    this.name = "KafkaToolFailedError";
  }
}

async function runOk(mainClass: string, args: string[], opts?: RunKafkaClassOptions): Promise<KafkaToolResult> {
  const r = await runKafkaClass(mainClass, args, opts);
  if (r.exitCode !== 0) throw new KafkaToolFailedError(mainClass, args, r);
  return r;
}

/** Client properties given to a tool as repeated `--command-property k=v`. */
function commandProperties(props: Record<string, string | number | boolean> = {}): string[] {
  return Object.entries(props).flatMap(([k, v]) => ["--command-property", `${k}=${String(v)}`]);
}

/** kafka-topics --create. */
export async function createTopic(
  bootstrap: string,
  topic: string,
  opts: { partitions?: number; configs?: Record<string, string | number> } = {},
): Promise<KafkaToolResult> {
  const configs = Object.entries(opts.configs ?? {}).flatMap(([k, v]) => ["--config", `${k}=${String(v)}`]);
  return await runOk(KAFKA_MAIN.topics, ["--bootstrap-server", bootstrap, "--create", "--topic", topic,
    "--partitions", String(opts.partitions ?? 1), "--replication-factor", "1", ...configs]);
}

export interface ConsoleRecord {
  key?: string;
  value: string;
  /** Header values must not contain ',' ':' or tabs (console producer syntax). */
  headers?: Record<string, string>;
}

/**
 * kafka-console-producer: one record per line; keys and headers through the line reader's
 * parse.key / parse.headers syntax. `producerProps` go to the Java producer (e.g. compression.type,
 * linger.ms, batch.size). With linger.ms large enough, all records go into one batch.
 */
export async function produceConsole(
  bootstrap: string,
  topic: string,
  records: readonly (string | ConsoleRecord)[],
  producerProps: Record<string, string | number | boolean> = {},
): Promise<KafkaToolResult> {
  const recs = records.map((r) => (typeof r === "string" ? { value: r } : r));
  const withKeys = recs.some((r) => r.key !== undefined);
  const withHeaders = recs.some((r) => r.headers !== undefined);
  for (const r of recs) {
    for (const part of [r.key ?? "", r.value, ...Object.entries(r.headers ?? {}).flat()]) {
      if (/[\t\n]/.test(part)) throw new RangeError(`console records cannot hold tabs or newlines: ${JSON.stringify(part)}`);
    }
  }
  const lines = recs.map((r) => {
    const fields: string[] = [];
    if (withHeaders) {
      const h = Object.entries(r.headers ?? {}).map(([k, v]) => `${k}:${v}`).join(",");
      fields.push(h === "" ? "NULL_MARKER" : h);
    }
    if (withKeys) fields.push(r.key ?? "NULL_MARKER");
    fields.push(r.value);
    return fields.join("\t");
  });
  const reader = [
    "--reader-property", `parse.key=${withKeys}`,
    "--reader-property", `parse.headers=${withHeaders}`,
    "--reader-property", "null.marker=NULL_MARKER",
  ];
  // The tool's --compression-codec defaults to none and wins over compression.type: pass both.
  const codec = producerProps["compression.type"];
  const codecArgs = codec === undefined ? [] : ["--compression-codec", String(codec)];
  return await runOk(KAFKA_MAIN.consoleProducer,
    ["--bootstrap-server", bootstrap, "--topic", topic, ...reader, ...codecArgs, ...commandProperties(producerProps)],
    { stdin: `${lines.join("\n")}\n` });
}

/** kafka-console-consumer from the beginning until `maxMessages` arrived (or `timeoutMs` of silence). */
export async function consumeConsole(
  bootstrap: string,
  topic: string,
  maxMessages: number,
  opts: { timeoutMs?: number; printKey?: boolean; consumerProps?: Record<string, string | number | boolean> } = {},
): Promise<{ lines: string[]; result: KafkaToolResult }> {
  const formatter = opts.printKey ? ["--formatter-property", "print.key=true"] : [];
  const result = await runOk(KAFKA_MAIN.consoleConsumer, ["--bootstrap-server", bootstrap, "--topic", topic,
    "--from-beginning", "--max-messages", String(maxMessages), "--timeout-ms", String(opts.timeoutMs ?? 30_000),
    ...formatter, ...commandProperties(opts.consumerProps)]);
  const lines = result.stdout.split("\n").filter((l) => l !== "" && !l.startsWith("Processed a total of"));
  return { lines, result };
}

export interface DumpLogOptions {
  printDataLog?: boolean;
  verifyIndexOnly?: boolean;
  indexSanityCheck?: boolean;
  deepIteration?: boolean;
  /** Extra DumpLogSegments flags, e.g. ["--offsets-decoder"]. */
  extraArgs?: string[];
}

/** kafka-dump-log --files a,b,... Returns the raw result; a non-zero exit throws. */
export async function dumpLogSegments(files: readonly string[], opts: DumpLogOptions = {}): Promise<KafkaToolResult> {
  if (files.length === 0) throw new RangeError("dumpLogSegments: no files");
  const flags = [
    ...(opts.printDataLog ? ["--print-data-log"] : []),
    ...(opts.verifyIndexOnly ? ["--verify-index-only"] : []),
    ...(opts.indexSanityCheck ? ["--index-sanity-check"] : []),
    ...(opts.deepIteration ? ["--deep-iteration"] : []),
    ...(opts.extraArgs ?? []),
  ];
  return await runOk(KAFKA_MAIN.dumpLog, ["--files", files.join(","), ...flags]);
}

/**
 * kafka-features --bootstrap-server B <args> (describe, upgrade --feature f=N, downgrade, disable,
 * --dry-run). Returns the result whatever the exit code: a refused update exits 1 with Kafka's message.
 */
export async function runFeatures(bootstrap: string, args: readonly string[]): Promise<KafkaToolResult> {
  return await runKafkaClass(KAFKA_MAIN.features, ["--bootstrap-server", bootstrap, ...args], { timeoutMs: 60_000 });
}

/** `kafka-features describe` lines as feature -> { supportedMin, supportedMax, finalized, epoch }. */
export function parseFeaturesDescribe(stdout: string): Map<string, { supportedMin: string; supportedMax: string; finalized: string; epoch: number }> {
  const out = new Map<string, { supportedMin: string; supportedMax: string; finalized: string; epoch: number }>();
  for (const line of stdout.split("\n")) {
    const m = line.match(/^Feature: (\S+)\s+SupportedMinVersion: (\S+)\s+SupportedMaxVersion: (\S+)\s+FinalizedVersionLevel: (\S+)\s+Epoch: (\S+)/);
    if (m) out.set(m[1]!, { supportedMin: m[2]!, supportedMax: m[3]!, finalized: m[4]!, epoch: Number(m[5]) });
  }
  return out;
}

/** kafka-transactions --bootstrap-server B <args> (list, describe, describe-producers, find-hanging, abort). */
export async function transactionsTool(bootstrap: string, args: readonly string[], opts: RunKafkaClassOptions = {}): Promise<KafkaToolResult> {
  return await runOk(KAFKA_MAIN.transactions, ["--bootstrap-server", bootstrap, ...args], { timeoutMs: 60_000, ...opts });
}

/** kafka-share-groups --bootstrap-server B <args> (--list, --describe, --reset-offsets, --delete-offsets, --delete); the exit code is the caller's to check. */
export async function shareGroupsTool(bootstrap: string, args: readonly string[]): Promise<KafkaToolResult> {
  return await runKafkaClass(KAFKA_MAIN.shareGroups, ["--bootstrap-server", bootstrap, ...args], { timeoutMs: 90_000 });
}

/** kafka-features --bootstrap-server B <args> (describe, upgrade, downgrade, ...). */
export async function featuresTool(bootstrap: string, args: readonly string[], opts: RunKafkaClassOptions = {}): Promise<KafkaToolResult> {
  return await runOk(KAFKA_MAIN.features, ["--bootstrap-server", bootstrap, ...args], { timeoutMs: 60_000, ...opts });
}

/** kafka-metadata-quorum <connection args> <args> (describe --status / --replication, add-controller, ...). */
export async function metadataQuorumTool(connection: readonly string[], args: readonly string[], opts: RunKafkaClassOptions = {}): Promise<KafkaToolResult> {
  return await runOk(KAFKA_MAIN.metadataQuorum, [...connection, ...args], { timeoutMs: 60_000, ...opts });
}

/** kafka-acls --bootstrap-server B <args> (--add, --list, --remove ...); the exit code is the caller's to check. */
export async function aclsTool(bootstrap: string, args: readonly string[]): Promise<KafkaToolResult> {
  return await runKafkaClass(KAFKA_MAIN.acls, ["--bootstrap-server", bootstrap, ...args], { timeoutMs: 60_000 });
}

/**
 * The rows of a table the Kafka tools print with ToolsUtils.prettyPrintTable (a header line, then
 * one line per row, columns separated by runs of spaces/tabs), as header-keyed objects. Values never
 * hold spaces in the tables these tests read.
 */
export function parseToolTable(stdout: string): Array<Record<string, string>> {
  const lines = stdout.split("\n").map((l) => l.trim()).filter((l) => l !== "");
  if (lines.length === 0) return [];
  const header = lines[0].split(/\s+/);
  return lines.slice(1).map((l) => {
    const cells = l.split(/\s+/);
    return Object.fromEntries(header.map((h, i) => [h, cells[i] ?? ""]));
  });
}
