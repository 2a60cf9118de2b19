// `strand group reset-offsets GROUP`, as kafka-consumer-groups.sh --reset-offsets: one of --to-earliest,
// --to-latest, --to-offset N, --to-datetime T, --shift-by N over --topic t[:p,p] (repeatable) or
// --all-topics (the topics the group has offsets for). A dry run (the default, as Kafka's) prints the
// plan; --execute commits it with OffsetCommit as an admin (generation -1, no member). As Kafka's tool,
// the group must be inactive (Empty, or Dead: no such group), new offsets are kept within each
// partition's [log start, log end], and --shift-by needs a committed offset. A progress bar runs over the
// partitions on a terminal.

import { ErrorCode, KafkaError } from "../../protocol/errors.ts";
import type { OffsetCommitResponse } from "../../protocol/generated/messages/offset-commit-response.ts";
import { ZERO_UUID } from "../../protocol/primitives/codec-runtime.ts";
import { API } from "../client/api-keys.ts";
import { longArg } from "../client/cli-args.ts";
import { clientCommand } from "../client/client-command.ts";
import { checkError, type KafkaCliClient } from "../client/kafka-cli-client.ts";
import { formatTable } from "../client/output.ts";
import { progressBar } from "../client/progress.ts";
import { CliError } from "../protocol-decode.ts";
import { committedOffsets, describeGroup, EARLIEST, LATEST, listOffsets, topicPartitions, type OffsetMap, type TopicPartitions } from "./group-offsets.ts";

const SPECS = ["to-earliest", "to-latest", "to-offset", "to-datetime", "shift-by"] as const;
const INT64_MAX = 2n ** 63n - 1n;
/** Partitions per OffsetCommit request. */
const COMMIT_BATCH = 1_000;

/** `t` or `t:0,1,2` (kafka-consumer-groups --topic). */
export function parseTopicArg(raw: string): { topic: string; partitions: number[] | null } {
  const colon = raw.lastIndexOf(":");
  if (colon < 0) return { topic: raw, partitions: null };
  const topic = raw.slice(0, colon);
  const parts = raw.slice(colon + 1).split(",");
  if (topic === "" || parts.some((p) => !/^\d{1,9}$/.test(p.trim()))) throw new CliError("--topic", raw, "TOPIC or TOPIC:PARTITION[,PARTITION...]");
  return { topic, partitions: parts.map((p) => Number(p.trim())) };
}

/** --to-datetime: ISO 8601 as Kafka's tool takes it (no zone: local time). */
export function parseDatetime(raw: string): bigint {
  const ok = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?(Z|[+-]\d{2}:?\d{2})?$/.test(raw);
  const ms = ok ? Date.parse(raw.replace(/([+-]\d{2})(\d{2})$/, "$1:$2")) : NaN;
  if (!Number.isFinite(ms)) throw new CliError("--to-datetime", raw, "YYYY-MM-DDTHH:mm:SS[.sss] with an optional zone (Z, +01:00); without one, local time");
  return BigInt(ms);
}

interface PlanRow {
  topic: string;
  partition: number;
  currentOffset: bigint | null;
  newOffset: bigint;
}

export const resetOffsets = clientCommand({
  name: "reset-offsets",
  description: "Move a group's committed offsets (dry run unless --execute), as kafka-consumer-groups.sh --reset-offsets",
  args: {
    group: { type: "positional", description: "Group id", required: true },
    topic: { type: "string", alias: "t", description: "TOPIC or TOPIC:P[,P...] (repeatable)", repeatable: true },
    "all-topics": { type: "boolean", description: "Every topic the group has committed offsets for" },
    "to-earliest": { type: "boolean", description: "The log start offset" },
    "to-latest": { type: "boolean", description: "The log end offset" },
    "to-offset": { type: "string", description: "This offset (kept within the log)" },
    "to-datetime": { type: "string", description: "The first offset at or after YYYY-MM-DDTHH:mm:SS.sss[zone]" },
    "shift-by": { type: "string", description: "The committed offset plus N (negative: back)" },
    "dry-run": { type: "boolean", description: "Print the plan only (the default)" },
    execute: { type: "boolean", description: "Commit the new offsets" },
  },
  async run(ctx) {
    const { args, out } = ctx;
    const group = args.string("group")!;
    const given = SPECS.filter((s) => args.given(s));
    if (given.length !== 1) throw new CliError("--to-earliest/--to-latest/--to-offset/--to-datetime/--shift-by", given.map((g) => `--${g}`).join(" ") || "none", "exactly one of them");
    const spec = given[0]!;
    if (args.bool("execute") && args.bool("dry-run")) throw new CliError("--execute/--dry-run", "both", "one of them (--dry-run is the default)");
    const topicArgs = args.list("topic").map(parseTopicArg);
    if ((topicArgs.length > 0) === args.bool("all-topics")) throw new CliError("--topic/--all-topics", topicArgs.length > 0 ? "both" : "none", "--topic TOPIC[:P,...] (repeatable) or --all-topics");
    const toOffset = spec === "to-offset" ? longArg("--to-offset", args.string("to-offset")!, 0n, INT64_MAX) : 0n;
    const shiftBy = spec === "shift-by" ? longArg("--shift-by", args.string("shift-by")!, -INT64_MAX, INT64_MAX) : 0n;
    const datetime = spec === "to-datetime" ? parseDatetime(args.string("to-datetime")!) : 0n;
    const client = ctx.client();

    const view = await describeGroup(client, group, { allowMissing: true });
    if (view.state !== "Empty" && view.state !== "Dead") {
      throw new KafkaError(ErrorCode.NON_EMPTY_GROUP, `Assignments can only be reset if the group '${group}' is inactive, but the current state is ${view.state}.`);
    }
    const committed = await committedOffsets(client, group);
    let targets: TopicPartitions[];
    if (args.bool("all-topics")) targets = [...committed].map(([topic, m]) => ({ topic, partitions: [...m.keys()].sort((a, b) => a - b) }));
    else {
      const all = await topicPartitions(client, [...new Set(topicArgs.map((t) => t.topic))]);
      targets = topicArgs.map(({ topic, partitions }) => {
        const known = all.find((t) => t.topic === topic)!.partitions;
        for (const p of partitions ?? []) if (!known.includes(p)) throw new KafkaError(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, `partition ${topic}-${p} does not exist (the topic has ${known.length})`);
        return { topic, partitions: partitions ?? known };
      });
    }
    const count = targets.reduce((n, t) => n + t.partitions.length, 0);
    const bar = progressBar(`reset-offsets ${group}`, count * (args.bool("execute") ? 4 : 3), process.stderr, !out.json);
    try {
      const tick = (n: number) => bar.tick(n);
      const [starts, ends] = [await listOffsets(client, targets, EARLIEST, tick), await listOffsets(client, targets, LATEST, tick)];
      const byTime: OffsetMap = spec === "to-datetime" ? await listOffsets(client, targets, datetime, tick) : new Map();
      if (spec !== "to-datetime") bar.tick(count);
      const plan: PlanRow[] = [];
      for (const { topic, partitions } of targets) for (const p of partitions) {
        const start = starts.get(topic)?.get(p) ?? 0n;
        const end = ends.get(topic)?.get(p) ?? 0n;
        const current = committed.get(topic)?.get(p) ?? null;
        let target: bigint;
        if (spec === "to-earliest") target = start;
        else if (spec === "to-latest") target = end;
        else if (spec === "to-offset") target = toOffset;
        else if (spec === "to-datetime") target = byTime.get(topic)?.get(p) ?? end;
        else {
          if (current === null) throw new KafkaError(ErrorCode.INVALID_REQUEST, `cannot shift the offset of ${topic}-${p}: group ${group} has no committed offset for it`);
          target = current + shiftBy;
        }
        plan.push({ topic, partition: p, currentOffset: current, newOffset: target < start ? start : target > end ? end : target });
      }
      if (args.bool("execute")) {
        for (let i = 0; i < plan.length; i += COMMIT_BATCH) {
          const batch = plan.slice(i, i + COMMIT_BATCH);
          await commit(client, group, batch);
          bar.tick(batch.length);
        }
      }
      bar.done();
      out.result({ group, executed: args.bool("execute"), partitions: plan }, () =>
        `${formatTable(["group", "topic", "partition", "current-offset", "new-offset"], plan.map((r) => [group, r.topic, r.partition, r.currentOffset, r.newOffset]))}${args.bool("execute") ? "" : "\n\n(dry run: nothing committed; --execute commits)"}`,
      );
    } finally {
      bar.done();
    }
  },
});

async function commit(client: KafkaCliClient, group: string, plan: readonly PlanRow[]): Promise<void> {
  const topics = new Map<string, PlanRow[]>();
  for (const r of plan) (topics.get(r.topic) ?? topics.set(r.topic, []).get(r.topic)!).push(r);
  await client.sendToCoordinator<OffsetCommitResponse, void>(
    "GROUP", group, API.OffsetCommit,
    {
      groupId: group,
      generationIdOrMemberEpoch: -1,
      memberId: "",
      groupInstanceId: null,
      retentionTimeMs: -1n,
      topics: [...topics].map(([name, rows]) => ({ name, topicId: ZERO_UUID, partitions: rows.map((r) => ({ partitionIndex: r.partition, committedOffset: r.newOffset, committedLeaderEpoch: -1, committedMetadata: "" })) })),
    },
    (r) => {
      for (const t of r.body.topics) for (const p of t.partitions) checkError(p.errorCode, `OffsetCommit ${t.name}-${p.partitionIndex} for group ${group}`);
    },
    { maxVersion: 9 },
  );
}
