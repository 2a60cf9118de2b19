// `strand topic create|list|describe|delete` (alter-config and add-partitions in topic-alter.ts), as
// kafka-topics.sh does them with Kafka's AdminClient: CreateTopics and DeleteTopics to the controller
// (through any broker), Metadata for list and describe, DescribeConfigs for a topic's configs.
// Several topics at once report one row each; the exit code is 1 when any of them failed.

import type { CommandDef } from "citty";
import { errorName, KafkaError } from "../../protocol/errors.ts";
import type { CreateTopicsResponse } from "../../protocol/generated/messages/create-topics-response.ts";
import type { DeleteTopicsResponse } from "../../protocol/generated/messages/delete-topics-response.ts";
import { ZERO_UUID } from "../../protocol/primitives/codec-runtime.ts";
import { API } from "../client/api-keys.ts";
import { intArg, keyValues, type ArgDefs } from "../client/cli-args.ts";
import { clientCommand, groupCommand } from "../client/client-command.ts";
import { formatPairs, formatTable } from "../client/output.ts";
import { CliError } from "../protocol-decode.ts";
import { topicViews } from "./cluster.ts";
import { printResults, timeoutOf, type TopicResult } from "./results.ts";
import { describeConfigs } from "./configs.ts";
import { addPartitions, alterConfig } from "./topic-alter.ts";

const TOPICS: ArgDefs = { topics: { type: "positional", description: "Topic names", variadic: true, required: true } };

const create = clientCommand({
  name: "create",
  description: "Create topics (CreateTopics)",
  args: {
    ...TOPICS,
    partitions: { type: "string", alias: "p", description: "Partitions per topic (default: the broker's num.partitions)" },
    "replication-factor": { type: "string", alias: "r", description: "Replicas per partition (default: the broker's default.replication.factor)" },
    config: { type: "string", alias: "c", description: "A topic config, key=value (repeatable)", repeatable: true },
    "if-not-exists": { type: "boolean", description: "A topic that exists already is not an error" },
    "dry-run": { type: "boolean", description: "Validate only (validateOnly): nothing is created" },
  },
  async run(ctx) {
    const { args } = ctx;
    const names = args.list("topics");
    const partitions = args.string("partitions") === undefined ? -1 : intArg("--partitions", args.string("partitions")!, 1, 1_000_000);
    const rf = args.string("replication-factor") === undefined ? -1 : intArg("--replication-factor", args.string("replication-factor")!, 1, 32767);
    const configs = keyValues("--config", args.list("config"));
    for (const n of names) if (n === "" || n.length > 249 || !/^[a-zA-Z0-9._-]+$/.test(n)) throw new CliError("TOPIC", n, "1 to 249 characters of ASCII letters, digits, '.', '_' and '-'");
    const r = await ctx.client().retrying("CreateTopics", () =>
      ctx.client().sendToController<CreateTopicsResponse>(API.CreateTopics, {
        topics: names.map((name) => ({ name, numPartitions: partitions, replicationFactor: rf, assignments: [], configs: [...configs].map(([k, v]) => ({ name: k, value: v })) })),
        timeoutMs: timeoutOf(ctx),
        validateOnly: args.bool("dry-run"),
      }, { minVersion: 4 }),
    );
    const results: TopicResult[] = names.map((name) => {
      const t = r.body.topics.find((x) => x.name === name);
      if (!t) return { topic: name, error: "UNKNOWN_SERVER_ERROR", message: "no result for this topic" };
      const exists = t.errorCode === 36 && args.bool("if-not-exists");
      return {
        topic: name,
        error: t.errorCode === 0 || exists ? null : errorName(t.errorCode),
        message: t.errorCode === 0 || exists ? null : t.errorMessage,
        ...(t.errorCode === 0 ? { topicId: t.topicId, partitions: t.numPartitions, replicationFactor: t.replicationFactor } : {}),
      };
    });
    return printResults(ctx, results, args.bool("dry-run") ? "OK (validated, not created)" : "OK");
  },
});

const list = clientCommand({
  name: "list",
  description: "List topics with their partition count and replication factor (Metadata)",
  args: { internal: { type: "boolean", alias: "i", description: "Include internal topics (__consumer_offsets, ...)" } },
  async run(ctx) {
    const md = await ctx.client().retrying("Metadata", () => ctx.client().metadata(null));
    const topics = topicViews(md)
      .filter((t) => ctx.args.bool("internal") || !t.internal)
      .map((t) => ({ name: t.name, topicId: t.topicId, partitions: t.partitions.length, replicationFactor: t.partitions[0]?.replicas.length ?? 0, internal: t.internal }));
    ctx.out.result(topics, () => formatTable(["name", "partitions", "replicas"], topics.map((t) => [t.name, t.partitions, t.replicationFactor])));
  },
});

const describe = clientCommand({
  name: "describe",
  description: "A topic's id, partitions (leader, replicas, ISR) and configs set for it (Metadata, DescribeConfigs)",
  args: {
    topic: { type: "positional", description: "Topic name", required: true },
    "all-configs": { type: "boolean", alias: "a", description: "Every config, defaults included" },
  },
  async run(ctx) {
    const name = ctx.args.string("topic")!;
    const md = await ctx.client().retrying("Metadata", () => ctx.client().metadata([name]));
    const t = topicViews(md)[0];
    if (!t) throw new Error(`Metadata answered nothing for topic ${name}`);
    if (t.error) {
      const code = md.topics[0]!.errorCode;
      throw new KafkaError(code, `topic ${name}`);
    }
    const configs = await describeConfigs(ctx.client(), "topic", name, { all: ctx.args.bool("all-configs") });
    const value = { ...t, replicationFactor: t.partitions[0]?.replicas.length ?? 0, configs };
    ctx.out.result(value, () =>
      [
        formatPairs([
          ["NAME", t.name],
          ["ID", t.topicId],
          ["INTERNAL", t.internal],
          ["PARTITIONS", t.partitions.length],
          ["REPLICAS", value.replicationFactor],
        ]),
        "",
        formatTable(["config", "value", "source"], configs.map((c) => [c.name, c.sensitive ? "[hidden]" : c.value, c.source])),
        "",
        formatTable(["partition", "leader", "epoch", "replicas", "isr", "offline"], t.partitions.map((p) => [p.partition, p.leader, p.leaderEpoch, p.replicas.join(","), p.isr.join(","), p.offlineReplicas.join(",")])),
      ].join("\n"),
    );
  },
});

const del = clientCommand({
  name: "delete",
  description: "Delete topics (DeleteTopics)",
  args: { ...TOPICS, "if-exists": { type: "boolean", description: "A topic that does not exist is not an error" } },
  async run(ctx) {
    const names = ctx.args.list("topics");
    const r = await ctx.client().retrying("DeleteTopics", () =>
      ctx.client().sendToController<DeleteTopicsResponse>(API.DeleteTopics, {
        topics: names.map((name) => ({ name, topicId: ZERO_UUID })),
        timeoutMs: timeoutOf(ctx),
      }, { minVersion: 6 }),
    );
    const results: TopicResult[] = names.map((name) => {
      const t = r.body.responses.find((x) => x.name === name);
      if (!t) return { topic: name, error: "UNKNOWN_SERVER_ERROR", message: "no result for this topic" };
      const ok = t.errorCode === 0 || (t.errorCode === 3 && ctx.args.bool("if-exists"));
      return { topic: name, error: ok ? null : errorName(t.errorCode), message: ok ? null : t.errorMessage };
    });
    return printResults(ctx, results, "OK");
  },
});

export const topicCommand: CommandDef = groupCommand("topic", "Create, list, describe, alter and delete topics", {
  create,
  list,
  describe,
  "alter-config": alterConfig,
  "add-partitions": addPartitions,
  delete: del,
});
