// `strand config get|set TYPE [NAME]`, as kafka-configs.sh --describe / --alter with --entity-type
// topics|brokers|groups: DescribeConfigs, and IncrementalAlterConfigs (set, delete). A broker's own
// configs go to that broker; `--default` is the cluster-wide broker default (kafka-configs.sh
// --entity-default). `get` shows the values set for the resource (not defaults) unless --all, or the
// keys asked for with --key.

import type { CommandDef } from "citty";
import type { ArgDefs, ParsedArgs } from "../client/cli-args.ts";
import { keyValues } from "../client/cli-args.ts";
import { clientCommand, groupCommand } from "../client/client-command.ts";
import { formatTable } from "../client/output.ts";
import { CliError } from "../protocol-decode.ts";
import { alterConfigs, configOps, describeConfigs, type ResourceKind } from "./configs.ts";

const KINDS = ["topic", "broker", "group"] as const;

const RESOURCE: ArgDefs = {
  type: { type: "positional", description: "Resource type", options: KINDS, required: true },
  name: { type: "positional", description: "Topic name, broker id or group id" },
  default: { type: "boolean", description: "The cluster-wide broker default (type broker, no NAME)" },
};

function resourceOf(args: ParsedArgs): { kind: ResourceKind; name: string } {
  const kind = args.string("type") as ResourceKind;
  const name = args.string("name");
  if (args.bool("default")) {
    if (kind !== "broker") throw new CliError("--default", "true", "only with type broker (the cluster-wide broker default)");
    if (name !== undefined) throw new CliError("NAME", name, "no name with --default");
    return { kind, name: "" };
  }
  if (name === undefined || name === "") throw new CliError("NAME", "", kind === "broker" ? "a broker id, or --default for the cluster-wide default" : `the ${kind}'s name`);
  return { kind, name };
}

const get = clientCommand({
  name: "get",
  description: "Show a topic's, broker's or group's configs (DescribeConfigs)",
  args: {
    ...RESOURCE,
    all: { type: "boolean", alias: "a", description: "Every config, defaults included" },
    key: { type: "string", alias: "k", description: "Only this key (repeatable)", repeatable: true },
  },
  async run(ctx) {
    const { kind, name } = resourceOf(ctx.args);
    const configs = await describeConfigs(ctx.client(), kind, name, { all: ctx.args.bool("all"), keys: ctx.args.list("key") });
    ctx.out.result({ type: kind, name, configs }, () => formatTable(["key", "value", "source", "read-only"], configs.map((c) => [c.name, c.sensitive ? "[hidden]" : c.value, c.source, c.readOnly])));
  },
});

const set = clientCommand({
  name: "set",
  description: "Set or delete configs of a topic, broker or group (IncrementalAlterConfigs)",
  args: {
    ...RESOURCE,
    set: { type: "string", alias: "s", description: "key=value to set (repeatable)", repeatable: true },
    delete: { type: "string", alias: "d", description: "Key to delete, back to its default (repeatable)", repeatable: true },
    "dry-run": { type: "boolean", description: "Validate only: nothing changes" },
  },
  async run(ctx) {
    const { kind, name } = resourceOf(ctx.args);
    const ops = configOps(keyValues("--set", ctx.args.list("set")), ctx.args.list("delete"));
    await alterConfigs(ctx.client(), kind, name, ops, ctx.args.bool("dry-run"));
    const what = name === "" ? `${kind} default` : `${kind} ${name}`;
    ctx.out.result({ type: kind, name, validateOnly: ctx.args.bool("dry-run"), changes: ops }, () =>
      ops.map((o) => `${what}: ${ctx.args.bool("dry-run") ? "would " : ""}${o.op === "SET" ? `set ${o.name}=${o.value}` : `delete ${o.name}`}`).join("\n"),
    );
  },
});

export const configCommand: CommandDef = groupCommand("config", "Show and change topic, broker and group configs", { get, set });
