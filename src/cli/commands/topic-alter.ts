// `strand topic alter-config TOPIC --set k=v --delete k` (IncrementalAlterConfigs, as kafka-configs.sh
// --alter --add-config / --delete-config) and `strand topic add-partitions TOPIC --num N | --total N`
// (CreatePartitions, as kafka-topics.sh --alter --partitions N, which takes the new total).

import { errorName } from "../../protocol/errors.ts";
import type { CreatePartitionsResponse } from "../../protocol/generated/messages/create-partitions-response.ts";
import { API } from "../client/api-keys.ts";
import { intArg, keyValues } from "../client/cli-args.ts";
import { clientCommand } from "../client/client-command.ts";
import { checkError } from "../client/kafka-cli-client.ts";
import { CliError } from "../protocol-decode.ts";
import { alterConfigs, configOps } from "./configs.ts";
import { printResults, timeoutOf } from "./results.ts";

export const alterConfig = clientCommand({
  name: "alter-config",
  description: "Set or delete a topic's configs (IncrementalAlterConfigs)",
  args: {
    topic: { type: "positional", description: "Topic name", required: true },
    set: { type: "string", alias: "s", description: "key=value to set (repeatable)", repeatable: true },
    delete: { type: "string", alias: "d", description: "Key to delete, back to the broker's default (repeatable)", repeatable: true },
    "dry-run": { type: "boolean", description: "Validate only: nothing changes" },
  },
  async run(ctx) {
    const topic = ctx.args.string("topic")!;
    const ops = configOps(keyValues("--set", ctx.args.list("set")), ctx.args.list("delete"));
    await alterConfigs(ctx.client(), "topic", topic, ops, ctx.args.bool("dry-run"));
    ctx.out.result({ topic, validateOnly: ctx.args.bool("dry-run"), changes: ops }, () =>
      ops.map((o) => `${ctx.args.bool("dry-run") ? "would " : ""}${o.op === "SET" ? `set ${o.name}=${o.value}` : `delete ${o.name}`}`).join("\n"),
    );
  },
});

export const addPartitions = clientCommand({
  name: "add-partitions",
  description: "Add partitions to a topic (CreatePartitions): --num N more, or up to --total N",
  args: {
    topic: { type: "positional", description: "Topic name", required: true },
    num: { type: "string", alias: "n", description: "How many partitions to add" },
    total: { type: "string", description: "The new partition count (as kafka-topics.sh --alter --partitions)" },
    "dry-run": { type: "boolean", description: "Validate only: nothing changes" },
  },
  async run(ctx) {
    const topic = ctx.args.string("topic")!;
    const num = ctx.args.string("num");
    const total = ctx.args.string("total");
    if ((num === undefined) === (total === undefined)) throw new CliError("--num/--total", num ?? total ?? "", "exactly one of them");
    let count: number;
    if (total !== undefined) count = intArg("--total", total, 1, 1_000_000);
    else {
      const add = intArg("--num", num!, 1, 1_000_000);
      const md = await ctx.client().metadata([topic]);
      const t = md.topics[0];
      checkError(t?.errorCode ?? 3, `topic ${topic}`);
      count = t!.partitions.length + add;
    }
    const r = await ctx.client().retrying("CreatePartitions", () =>
      ctx.client().sendToController<CreatePartitionsResponse>(API.CreatePartitions, {
        topics: [{ name: topic, count, assignments: null }],
        timeoutMs: timeoutOf(ctx),
        validateOnly: ctx.args.bool("dry-run"),
      }),
    );
    const res = r.body.results.find((x) => x.name === topic);
    const error = !res ? "UNKNOWN_SERVER_ERROR" : res.errorCode === 0 ? null : errorName(res.errorCode);
    return printResults(ctx, [{ topic, error, message: res?.errorMessage ?? null, partitions: count }], ctx.args.bool("dry-run") ? `OK (validated: ${count} partitions)` : `OK (${count} partitions)`);
  },
});
