// `strand produce TOPIC`: records from stdin, one per line, as kafka-console-producer and rpk produce.
//
//   default        the line is the value; -k/--key, -H/--header k=v (repeatable), -p/--partition apply
//                  to every line; with -K/--key-separator SEP a line is KEY SEP VALUE (a line without
//                  SEP is a usage error, as kafka-console-producer's parse.key)
//   --format json  one JSON object per line: {"key": "k", "value": "v" | null | <any JSON>,
//                  "headers": {"k": "v"} | [{"key": "k", "value": "v"}], "partition": 0, "timestamp": ms};
//                  flags give the defaults of missing fields. A null value is a tombstone.
//
// Prints the offsets produced: a table per partition (records, first and last offset), or with --json
// one {topic, partition, offset} per record in input order. acks=0 has no answer: offsets print as -1.
// A progress bar counts input bytes when stdin is a file and stderr a terminal.
import { fstatSync } from "node:fs";
import type { CommandDef } from "citty";
import { CliError } from "../protocol-decode.ts";
import { clientCommand } from "../client/client-command.ts";
import { intArg, keyValues } from "../client/cli-args.ts";
import { formatTable } from "../client/output.ts";
import { progressBar } from "../client/progress.ts";
import { CliProducer, type ProduceRecord, type SentBatch } from "../produce-consume/producer.ts";
import { lines } from "../produce-consume/stdin-lines.ts";

const enc = new TextEncoder();
const CODECS = ["none", "gzip", "snappy", "lz4", "zstd"] as const;
const ACKS: Record<string, number> = { "0": 0, "1": 1, all: -1, "-1": -1 };

function jsonRecord(line: string, lineNo: number, defaults: ProduceRecord): ProduceRecord {
  let o: unknown;
  try {
    o = JSON.parse(line);
  } catch (e) {
    throw new CliError(`input line ${lineNo}`, line.slice(0, 80), `a JSON object with key, value, headers, partition, timestamp (${(e as Error).message})`);
  }
  if (o === null || typeof o !== "object" || Array.isArray(o)) throw new CliError(`input line ${lineNo}`, line.slice(0, 80), "a JSON object");
  const r = o as Record<string, unknown>;
  const bytes = (v: unknown): Uint8Array | null => (v === null ? null : enc.encode(typeof v === "string" ? v : JSON.stringify(v)));
  let headers = defaults.headers;
  if (r.headers !== undefined && r.headers !== null) {
    const list = Array.isArray(r.headers)
      ? (r.headers as Array<{ key?: unknown; value?: unknown }>).map((h) => [String(h.key ?? ""), h.value ?? null] as const)
      : Object.entries(r.headers as Record<string, unknown>);
    headers = list.map(([k, v]) => ({ key: k, value: v === null || v === undefined ? null : bytes(v) }));
  }
  const partition = r.partition;
  if (partition !== undefined && partition !== null && !(Number.isInteger(partition) && (partition as number) >= 0)) {
    throw new CliError(`input line ${lineNo} partition`, String(partition), "an integer of at least 0");
  }
  const ts = r.timestamp;
  if (ts !== undefined && ts !== null && !(Number.isSafeInteger(ts) && (ts as number) >= 0)) throw new CliError(`input line ${lineNo} timestamp`, String(ts), "milliseconds since the epoch");
  return {
    key: r.key === undefined ? defaults.key : bytes(r.key),
    value: r.value === undefined ? null : bytes(r.value),
    headers,
    partition: partition === undefined || partition === null ? defaults.partition : (partition as number),
    timestampMs: ts === undefined || ts === null ? Date.now() : (ts as number),
  };
}

/** Input bytes when stdin is a regular file (for the progress bar); null for pipes and terminals. */
function stdinFileBytes(): number | null {
  try {
    const st = fstatSync(0);
    return st.isFile() ? st.size : null;
  } catch {
    return null;
  }
}

export const produceCommand: CommandDef = clientCommand({
  name: "produce",
  description: "Produce records from stdin, one per line (or --format json)",
  args: {
    topic: { type: "positional", description: "Topic to produce to", required: true },
    key: { type: "string", alias: "k", description: "Key of every record" },
    "key-separator": { type: "string", alias: "K", description: "Text lines are KEY<sep>VALUE, split at the first separator (kcat -K, console producer key.separator)" },
    header: { type: "string", alias: "H", description: "Header key=value of every record (repeatable)", repeatable: true },
    partition: { type: "string", alias: "p", description: "Partition of every record (default: by key, else sticky)" },
    format: { type: "string", description: "Input format", default: "text", options: ["text", "json"] },
    compression: { type: "string", description: "Compression of the batches", default: "none", options: CODECS },
    acks: { type: "string", description: "Acknowledgements: all is idempotent, as Kafka's producer", default: "all", options: ["0", "1", "all", "-1"] },
    "batch-size": { type: "string", description: "Bytes of records per partition batch", default: "16384" },
    "max-line-bytes": { type: "string", description: "Longest input line accepted", default: "16777216" },
  },
  async run({ args, client, out }) {
    const topic = args.string("topic")!;
    const batchBytes = intArg("--batch-size", args.string("batch-size")!, 1, 64 << 20);
    const maxLineBytes = intArg("--max-line-bytes", args.string("max-line-bytes")!, 1, 1 << 30);
    const partitionFlag = args.string("partition");
    const defaults: ProduceRecord = {
      key: args.string("key") === undefined ? null : enc.encode(args.string("key")!),
      value: null,
      headers: [...keyValues("--header", args.list("header"))].map(([k, v]) => ({ key: k, value: enc.encode(v) })),
      partition: partitionFlag === undefined ? null : intArg("--partition", partitionFlag, 0, 0x7fffffff),
      timestampMs: 0,
    };
    const json = args.string("format") === "json";
    const separator = args.string("key-separator");
    if (separator === "") throw new CliError("--key-separator", "", "at least one character");
    if (separator !== undefined && json) throw new CliError("--key-separator", separator, "text input only (JSON lines carry their key)");
    const textRecord = (line: string, lineNo: number): ProduceRecord => {
      if (separator === undefined) return { ...defaults, value: enc.encode(line), timestampMs: Date.now() };
      const at = line.indexOf(separator);
      if (at < 0) throw new CliError(`input line ${lineNo}`, line.slice(0, 80), `KEY${separator}VALUE (--key-separator)`);
      return { ...defaults, key: enc.encode(line.slice(0, at)), value: enc.encode(line.slice(at + separator.length)), timestampMs: Date.now() };
    };
    const perRecord: Array<{ partition: number; offset: bigint }> = [];
    const perPartition = new Map<number, { records: number; first: bigint; last: bigint }>();
    const onSent = (b: SentBatch) => {
      const last = b.baseOffset < 0n ? -1n : b.baseOffset + BigInt(b.count - 1);
      const s = perPartition.get(b.partition);
      if (s) {
        s.records += b.count;
        s.last = last;
      } else perPartition.set(b.partition, { records: b.count, first: b.baseOffset, last });
      if (out.json) b.ordinals.forEach((o, i) => (perRecord[o] = { partition: b.partition, offset: b.baseOffset < 0n ? -1n : b.baseOffset + BigInt(i) }));
    };
    const producer = new CliProducer(client(), {
      topic,
      acks: ACKS[args.string("acks")!]!,
      compression: CODECS.indexOf(args.string("compression")! as (typeof CODECS)[number]),
      batchBytes,
      timeoutMs: intArg("--timeout-ms", args.string("timeout-ms")!, 1, 3_600_000),
    }, onSent);
    await producer.start();
    if (defaults.partition !== null && defaults.partition >= producer.partitionCount) {
      throw new CliError("--partition", String(defaults.partition), `partitions of ${topic}: 0 to ${producer.partitionCount - 1}`);
    }
    const total = stdinFileBytes();
    const bar = progressBar(`produce ${topic}`, total ?? 0, process.stderr, !out.json && total !== null);
    try {
      let lineNo = 0;
      for await (const line of lines(Bun.stdin.stream(), maxLineBytes, (n) => bar.tick(n))) {
        lineNo++;
        await producer.add(json ? jsonRecord(line, lineNo, defaults) : textRecord(line, lineNo));
      }
      await producer.flush();
    } finally {
      bar.done();
    }
    const rows = [...perPartition].sort(([a], [b]) => a - b);
    out.result(
      perRecord.map((r) => ({ topic, partition: r.partition, offset: r.offset })),
      () => formatTable(["partition", "records", "first offset", "last offset"], rows.map(([p, s]) => [p, s.records, s.first, s.last])),
    );
  },
});
