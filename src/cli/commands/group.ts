// `strand group list|describe|lag|delete` (reset-offsets in group-reset.ts), as kafka-consumer-groups.sh
// --list / --describe / --delete: ListGroups on every broker, the group's description and offsets from
// its coordinator, log end offsets from the partitions' leaders. Lag is log end offset minus committed
// offset; a partition assigned but never committed shows "-" as Kafka's tool does.

import type { CommandDef } from "citty";
import { errorName, KafkaError } from "../../protocol/errors.ts";
import type { DeleteGroupsResponse } from "../../protocol/generated/messages/delete-groups-response.ts";
import type { ListGroupsResponse } from "../../protocol/generated/messages/list-groups-response.ts";
import { API } from "../client/api-keys.ts";
import { clientCommand, groupCommand } from "../client/client-command.ts";
import { checkError, type KafkaCliClient } from "../client/kafka-cli-client.ts";
import { formatPairs, formatTable } from "../client/output.ts";
import { committedOffsets, describeGroup, LATEST, listOffsets, type GroupView, type TopicPartitions } from "./group-offsets.ts";
import { resetOffsets } from "./group-reset.ts";
import { printResults, type ItemResult } from "./results.ts";

export interface ListedGroupView {
  group: string;
  type: string;
  state: string;
  protocolType: string;
}

async function listGroups(client: KafkaCliClient): Promise<ListedGroupView[]> {
  const md = await client.retrying("Metadata", () => client.metadata([]));
  const seen = new Map<string, ListedGroupView>();
  // One request per broker: each lists the groups it coordinates.
  for (const b of md.brokers) {
    const r = await client.retrying(`ListGroups on broker ${b.nodeId}`, () => client.sendToBroker<ListGroupsResponse>(b.nodeId, API.ListGroups, { statesFilter: [], typesFilter: [] }).then((r) => {
      checkError(r.body.errorCode, `ListGroups on broker ${b.nodeId}`);
      return r;
    }));
    for (const g of r.body.groups) seen.set(g.groupId, { group: g.groupId, type: g.groupType || "classic", state: g.groupState, protocolType: g.protocolType });
  }
  return [...seen.values()].sort((a, b) => a.group.localeCompare(b.group));
}

const list = clientCommand({
  name: "list",
  description: "List groups with their type and state (ListGroups on every broker)",
  async run(ctx) {
    const groups = await listGroups(ctx.client());
    ctx.out.result(groups, () => formatTable(["group", "type", "state", "protocol-type"], groups.map((g) => [g.group, g.type, g.state, g.protocolType])));
  },
});

export interface LagRow {
  topic: string;
  partition: number;
  currentOffset: bigint | null;
  logEndOffset: bigint;
  lag: bigint | null;
  memberId: string | null;
  clientId: string | null;
  host: string | null;
}

/** Lag of every partition the group committed or is assigned, sorted by topic and partition. */
export async function groupLag(client: KafkaCliClient, view: GroupView): Promise<LagRow[]> {
  const committed = await committedOffsets(client, view.group);
  const owner = new Map<string, { memberId: string; clientId: string; host: string }>();
  const wanted = new Map<string, Set<number>>();
  const add = (t: string, p: number) => (wanted.get(t) ?? wanted.set(t, new Set()).get(t)!).add(p);
  for (const m of view.members) for (const a of m.assignment) for (const p of a.partitions) {
    owner.set(`${a.topic}\u0000${p}`, m);
    add(a.topic, p);
  }
  for (const [t, ps] of committed) for (const p of ps.keys()) add(t, p);
  if (wanted.size === 0) return [];
  const tps: TopicPartitions[] = [...wanted].map(([topic, ps]) => ({ topic, partitions: [...ps] }));
  const ends = await listOffsets(client, tps, LATEST);
  const rows: LagRow[] = [];
  for (const { topic, partitions } of tps) for (const p of partitions) {
    const current = committed.get(topic)?.get(p) ?? null;
    const end = ends.get(topic)?.get(p) ?? 0n;
    const m = owner.get(`${topic}\u0000${p}`);
    rows.push({ topic, partition: p, currentOffset: current, logEndOffset: end, lag: current === null ? null : end > current ? end - current : 0n, memberId: m?.memberId ?? null, clientId: m?.clientId ?? null, host: m?.host ?? null });
  }
  return rows.sort((a, b) => a.topic.localeCompare(b.topic) || a.partition - b.partition);
}

function lagTable(rows: readonly LagRow[]): string {
  return formatTable(["topic", "partition", "current-offset", "log-end-offset", "lag", "consumer-id", "host", "client-id"], rows.map((r) => [r.topic, r.partition, r.currentOffset, r.logEndOffset, r.lag, r.memberId, r.host, r.clientId]));
}

const totalLag = (rows: readonly LagRow[]) => rows.reduce((n, r) => n + (r.lag ?? 0n), 0n);

const GROUP = { group: { type: "positional" as const, description: "Group id", required: true } };

const describe = clientCommand({
  name: "describe",
  description: "A group's state, members and their partitions, offsets and lag",
  args: GROUP,
  async run(ctx) {
    const view = await describeGroup(ctx.client(), ctx.args.string("group")!);
    const lag = await groupLag(ctx.client(), view);
    ctx.out.result({ ...view, totalLag: totalLag(lag), partitions: lag }, () =>
      [
        formatPairs([
          ["GROUP", view.group],
          ["COORDINATOR", view.coordinator],
          ["STATE", view.state],
          ["TYPE", view.type],
          ["ASSIGNOR", view.assignor || "-"],
          ["MEMBERS", view.members.length],
          ["TOTAL-LAG", totalLag(lag)],
        ]),
        ...(view.members.length > 0
          ? ["", formatTable(["member-id", "client-id", "host", "assignment"], view.members.map((m) => [m.memberId, m.clientId, m.host, m.assignment.map((a) => `${a.topic}:${a.partitions.join(",")}`).join(" ")]))]
          : []),
        ...(lag.length > 0 ? ["", lagTable(lag)] : []),
      ].join("\n"),
    );
  },
});

const lag = clientCommand({
  name: "lag",
  description: "Per-partition lag of a group: log end offset minus committed offset",
  args: GROUP,
  async run(ctx) {
    const view = await describeGroup(ctx.client(), ctx.args.string("group")!);
    const rows = await groupLag(ctx.client(), view);
    ctx.out.result({ group: view.group, state: view.state, totalLag: totalLag(rows), partitions: rows }, () => (rows.length === 0 ? `group ${view.group} has no committed offsets and no assigned partitions` : `${lagTable(rows)}\n\nTOTAL-LAG  ${totalLag(rows)}`));
  },
});

const del = clientCommand({
  name: "delete",
  description: "Delete groups with no members, and their offsets (DeleteGroups)",
  args: { groups: { type: "positional", description: "Group ids", required: true, variadic: true } },
  async run(ctx) {
    const results: ItemResult[] = [];
    for (const group of ctx.args.list("groups")) {
      try {
        const code = await ctx.client().sendToCoordinator<DeleteGroupsResponse, number>("GROUP", group, API.DeleteGroups, { groupsNames: [group] }, (r) => {
          const res = r.body.results.find((x) => x.groupId === group);
          // Any error is thrown: retriable ones (NOT_COORDINATOR, ...) go back through the retry loop.
          checkError(res?.errorCode ?? 0, `group ${group}`, res?.errorMessage);
          return 0;
        });
        results.push({ group, error: code === 0 ? null : errorName(code), message: null });
      } catch (e) {
        if (!(e instanceof KafkaError)) throw e;
        results.push({ group, error: e.name, message: e.message.replace(/^[A-Z_]+ \(code -?\d+\): /, "") });
      }
    }
    return printResults(ctx, results, "OK", "group");
  },
});

export const groupCommandDef: CommandDef = groupCommand("group", "List, describe, show lag of, reset offsets of and delete consumer groups", {
  list,
  describe,
  lag,
  "reset-offsets": resetOffsets,
  delete: del,
});
