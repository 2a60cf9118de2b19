// `strand consume TOPIC`: print records as they arrive, as kafka-console-consumer, kcat -C and rpk consume.
//
//   -o/--from beginning|end|<offset>|-N|@<timestamp-ms>   where to start (default beginning; -N: the last N
//                  records of each partition; with --group only for partitions the group has no offset for)
//   -p/--partition N (repeatable, or 0,1,2)         only these partitions (not with --group)
//   -n/--count N   exit after N records;  -e/--exit-at-end   exit once every partition is read to its end
//   --group G      join G as a KIP-848 member (the coordinator assigns partitions) and commit what was
//                  printed: every 5 s, when a partition is taken away, and before exiting
//   --isolation read_committed                      skip aborted transactions, stop at the LSO
//   --format value|json, -f/--template '%k %s\n'    see produce-consume/record-format.ts; --json is --format json
//
// Ctrl-C ends the run cleanly: the records printed are committed, the group is left, exit code 0.
import type { CommandDef } from "citty";
import { CliError } from "../protocol-decode.ts";
import { clientCommand } from "../client/client-command.ts";
import { intArg, longArg } from "../client/cli-args.ts";
import { CliConsumer, type StartSpec } from "../produce-consume/consumer.ts";
import { GroupMember } from "../produce-consume/group-member.ts";
import { jsonFormatter, templateFormatter, valueFormatter, type RecordFormatter } from "../produce-consume/record-format.ts";
import { StdioSink } from "../stdio-sink.ts";

const COMMIT_INTERVAL_MS = 5_000;
const INT64_MAX = (1n << 63n) - 1n;

export function parseFrom(raw: string): StartSpec {
  const allowed = "beginning, end, an offset (0 or more), -N (the last N records) or @<timestamp-ms>";
  if (raw === "beginning" || raw === "earliest") return { kind: "beginning" };
  if (raw === "end" || raw === "latest") return { kind: "end" };
  if (/^@\d{1,19}$/.test(raw)) return { kind: "timestamp", ms: longArg("--from", raw.slice(1), 0n, INT64_MAX) };
  if (/^\d{1,19}$/.test(raw)) return { kind: "offset", offset: longArg("--from", raw, 0n, INT64_MAX) };
  if (/^-\d{1,19}$/.test(raw)) return { kind: "last", count: longArg("--from", raw.slice(1), 1n, INT64_MAX) };
  throw new CliError("--from", raw, allowed);
}

function partitionsOf(raws: readonly string[]): number[] {
  const out = new Set<number>();
  for (const raw of raws) for (const part of raw.split(",")) out.add(intArg("--partition", part.trim(), 0, 0x7fffffff));
  return [...out].sort((a, b) => a - b);
}

function pick(m: ReadonlyMap<number, bigint>, parts: readonly number[]): Map<number, bigint> {
  return new Map(parts.filter((p) => m.has(p)).map((p) => [p, m.get(p)!]));
}

export const consumeCommand: CommandDef = clientCommand({
  name: "consume",
  description: "Print a topic's records (Ctrl-C, -n or -e to stop)",
  args: {
    topic: { type: "positional", description: "Topic to consume", required: true },
    from: { type: "string", alias: "o", description: "beginning, end, <offset>, -N (last N per partition) or @<timestamp-ms>", default: "beginning" },
    partition: { type: "string", alias: "p", description: "Partitions to read (repeatable or comma-separated; not with --group)", repeatable: true },
    count: { type: "string", alias: "n", description: "Exit after this many records" },
    "exit-at-end": { type: "boolean", alias: "e", description: "Exit once every partition is read to its end" },
    group: { type: "string", alias: "g", description: "Consumer group to join and commit offsets for (KIP-848)" },
    isolation: { type: "string", description: "Isolation level", default: "read_uncommitted", options: ["read_uncommitted", "read_committed"] },
    format: { type: "string", description: "Output format", default: "value", options: ["value", "json"] },
    template: { type: "string", alias: "f", description: "kcat-style template: %t %p %o %k %s %K %S %h %T, \\n \\t" },
    "max-wait-ms": { type: "string", description: "Longest a fetch waits for new records", default: "500" },
  },
  async run({ args, client }) {
    const topic = args.string("topic")!;
    const spec = parseFrom(args.string("from")!);
    const count = args.string("count") === undefined ? null : intArg("--count", args.string("count")!, 1, Number.MAX_SAFE_INTEGER);
    const maxWaitMs = intArg("--max-wait-ms", args.string("max-wait-ms")!, 0, 60_000);
    const groupId = args.string("group");
    const partitions = partitionsOf(args.list("partition"));
    if (groupId !== undefined && partitions.length > 0) throw new CliError("--partition", partitions.join(","), "no partitions with --group: the group's coordinator assigns them");
    if (groupId === "") throw new CliError("--group", "", "a non-empty group id");
    const template = args.string("template");
    const format: RecordFormatter =
      template !== undefined ? templateFormatter(template) : args.string("format") === "json" || args.bool("json") ? jsonFormatter() : valueFormatter();
    const exitAtEnd = args.bool("exit-at-end");

    const c = client();
    const consumer = new CliConsumer(c, topic, args.string("isolation") === "read_committed" ? 1 : 0);
    const all = await consumer.partitions();
    let member: GroupMember | null = null;
    if (groupId !== undefined) {
      const topicId = (await c.metadata([topic])).topics.find((t) => t.name === topic)?.topicId;
      if (!topicId) throw new Error(`no topic id for ${topic} in the metadata`);
      member = new GroupMember(c, groupId, topic, topicId);
    } else {
      const missing = partitions.filter((p) => !all.includes(p));
      if (missing.length > 0) throw new CliError("--partition", missing.join(","), `partitions of ${topic}: 0 to ${all.length - 1}`);
      const parts = partitions.length > 0 ? partitions : all;
      consumer.assign(await consumer.startOffsets(parts, spec));
    }

    let stopping = false;
    const onSignal = () => {
      stopping = true;
    };
    process.on("SIGINT", onSignal);
    process.on("SIGTERM", onSignal);
    const sink = new StdioSink();
    let printed = 0;
    let lastCommitMs = Date.now();
    try {
      // Bounded by -n, -e or a signal; each pass waits up to --max-wait-ms for records.
      while (!stopping) {
        if (member && member.heartbeatDue(Date.now())) {
          const hb = await member.heartbeat();
          if (hb.rejoined) consumer.assign(new Map());
          if (hb.assigned !== null) {
            const current = consumer.assigned();
            const consumed = consumer.consumedOffsets();
            const leaving = current.filter((p) => !hb.assigned!.includes(p));
            if (leaving.length > 0 && !hb.rejoined) await member.commit(pick(consumed, leaving));
            const taken = hb.assigned.filter((p) => !current.includes(p));
            const committed = taken.length > 0 ? await member.committed(taken) : new Map<number, bigint>();
            const fresh = taken.filter((p) => committed.get(p)! < 0n);
            const fallback = fresh.length > 0 ? await consumer.startOffsets(fresh, spec) : new Map<number, bigint>();
            const offsets = new Map<number, bigint>();
            for (const p of hb.assigned) offsets.set(p, consumed.get(p) ?? (committed.get(p)! >= 0n ? committed.get(p)! : fallback.get(p)!));
            consumer.assign(offsets);
            member.owned(hb.assigned);
          }
        }
        if (exitAtEnd && consumer.atEnd()) break;
        const records = await consumer.poll(maxWaitMs);
        for (const r of records) {
          sink.write(format(topic, r));
          consumer.delivered(r);
          printed++;
          if (count !== null && printed >= count) {
            stopping = true;
            break;
          }
        }
        sink.flush();
        if (member && Date.now() - lastCommitMs >= COMMIT_INTERVAL_MS) {
          await member.commit(consumer.consumedOffsets());
          lastCommitMs = Date.now();
        }
      }
    } finally {
      sink.flush();
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
    }
    if (member) {
      await member.commit(consumer.consumedOffsets());
      await member.leave();
    }
  },
});
