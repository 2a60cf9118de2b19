// `strand cluster info|metadata|health`: the cluster as Kafka's AdminClient describes it
// (DescribeCluster for the id, controller and brokers; Metadata for topics and partitions), rpk's
// `cluster info` / `cluster metadata` reach. `health` is for scripts: exit 0 when the controller is
// known and every partition has a leader and its full ISR, else exit 1 listing what is wrong.

import type { CommandDef } from "citty";
import type { DescribeClusterResponse } from "../../protocol/generated/messages/describe-cluster-response.ts";
import type { MetadataResponse } from "../../protocol/generated/messages/metadata-response.ts";
import { errorName } from "../../protocol/errors.ts";
import { API } from "../client/api-keys.ts";
import { clientCommand, groupCommand } from "../client/client-command.ts";
import { checkError, type KafkaCliClient } from "../client/kafka-cli-client.ts";
import { formatPairs, formatTable } from "../client/output.ts";

export interface ClusterView {
  clusterId: string;
  controllerId: number;
  brokers: { id: number; host: string; port: number; rack: string | null; fenced: boolean }[];
}

export async function describeCluster(client: KafkaCliClient): Promise<ClusterView> {
  const r = await client.retrying("DescribeCluster", () =>
    client.sendAny<DescribeClusterResponse>(API.DescribeCluster, { includeClusterAuthorizedOperations: false, endpointType: 1, includeFencedBrokers: true }).then((r) => {
      checkError(r.body.errorCode, "DescribeCluster", r.body.errorMessage);
      return r;
    }),
  );
  return {
    clusterId: r.body.clusterId,
    controllerId: r.body.controllerId,
    brokers: r.body.brokers.map((b) => ({ id: b.brokerId, host: b.host, port: b.port, rack: b.rack, fenced: b.isFenced })).sort((a, b) => a.id - b.id),
  };
}

export interface PartitionView {
  partition: number;
  leader: number;
  leaderEpoch: number;
  replicas: number[];
  isr: number[];
  offlineReplicas: number[];
  error: string | null;
}

export interface TopicView {
  name: string;
  topicId: string;
  internal: boolean;
  error: string | null;
  partitions: PartitionView[];
}

export function topicViews(md: MetadataResponse): TopicView[] {
  return md.topics
    .map((t) => ({
      name: t.name ?? "",
      topicId: t.topicId,
      internal: t.isInternal,
      error: t.errorCode === 0 ? null : errorName(t.errorCode),
      partitions: t.partitions
        .map((p) => ({
          partition: p.partitionIndex,
          leader: p.leaderId,
          leaderEpoch: p.leaderEpoch,
          replicas: p.replicaNodes,
          isr: p.isrNodes,
          offlineReplicas: p.offlineReplicas,
          error: p.errorCode === 0 ? null : errorName(p.errorCode),
        }))
        .sort((a, b) => a.partition - b.partition),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

const list = (xs: readonly number[]) => xs.join(",");

const info = clientCommand({
  name: "info",
  description: "Cluster id, controller and brokers (DescribeCluster)",
  async run({ client, out }) {
    const c = await describeCluster(client());
    out.result(c, () =>
      [
        formatPairs([
          ["CLUSTER", c.clusterId],
          ["CONTROLLER", c.controllerId],
        ]),
        "",
        formatTable(["id", "host", "port", "rack", "fenced"], c.brokers.map((b) => [b.id, b.host, b.port, b.rack, b.fenced])),
      ].join("\n"),
    );
  },
});

const metadata = clientCommand({
  name: "metadata",
  description: "Brokers, topics and partitions with leaders, replicas and ISR (Metadata)",
  args: {
    topic: { type: "string", alias: "t", description: "Only this topic (repeatable)", repeatable: true },
    internal: { type: "boolean", description: "Include internal topics (__consumer_offsets, ...)" },
  },
  async run({ client, out, args }) {
    const only = args.list("topic");
    const md = await client().metadata(only.length > 0 ? only : null);
    const topics = topicViews(md).filter((t) => only.length > 0 || args.bool("internal") || !t.internal);
    const value = {
      clusterId: md.clusterId,
      controllerId: md.controllerId,
      brokers: md.brokers.map((b) => ({ id: b.nodeId, host: b.host, port: b.port, rack: b.rack })).sort((a, b) => a.id - b.id),
      topics,
    };
    out.result(value, () => {
      const rows = topics.flatMap((t) =>
        t.error ? [[t.name, "-", "-", "-", "-", t.error]] : t.partitions.map((p) => [t.name, p.partition, p.leader, list(p.replicas), list(p.isr), p.error ?? (p.offlineReplicas.length > 0 ? `offline: ${list(p.offlineReplicas)}` : "")]),
      );
      return [
        formatPairs([
          ["CLUSTER", md.clusterId],
          ["CONTROLLER", md.controllerId],
        ]),
        "",
        formatTable(["id", "host", "port", "rack"], value.brokers.map((b) => [b.id, b.host, b.port, b.rack])),
        "",
        formatTable(["topic", "partition", "leader", "replicas", "isr", "error"], rows),
      ].join("\n");
    });
  },
});

/** What keeps the cluster from being healthy: an empty list means healthy. */
export function healthProblems(controllerId: number, brokerCount: number, topics: readonly TopicView[]): string[] {
  const problems: string[] = [];
  if (controllerId < 0) problems.push("no active controller is known to the brokers");
  if (brokerCount === 0) problems.push("no broker is registered");
  for (const t of topics) {
    if (t.error) {
      problems.push(`topic ${t.name}: ${t.error}`);
      continue;
    }
    for (const p of t.partitions) {
      const tp = `${t.name}-${p.partition}`;
      if (p.leader < 0) problems.push(`partition ${tp} has no leader (replicas ${list(p.replicas)})`);
      const missing = p.replicas.filter((r) => !p.isr.includes(r));
      if (missing.length > 0) problems.push(`partition ${tp} is under-replicated: ISR ${list(p.isr)} of replicas ${list(p.replicas)} (missing ${list(missing)})`);
      if (p.offlineReplicas.length > 0) problems.push(`partition ${tp} has offline replicas ${list(p.offlineReplicas)}`);
    }
  }
  return problems;
}

const health = clientCommand({
  name: "health",
  description: "Exit 0 when the controller is known and every partition has a leader and its full ISR; else exit 1 saying what is wrong",
  async run({ client, out }) {
    const c = await describeCluster(client());
    const md = await client().metadata(null);
    const topics = topicViews(md);
    const problems = healthProblems(c.controllerId, c.brokers.filter((b) => !b.fenced).length, topics);
    const partitions = topics.reduce((n, t) => n + t.partitions.length, 0);
    const value = { healthy: problems.length === 0, clusterId: c.clusterId, controllerId: c.controllerId, brokers: c.brokers.map((b) => b.id), topics: topics.length, partitions, problems };
    out.result(value, () =>
      problems.length === 0
        ? `healthy: controller ${c.controllerId}, ${c.brokers.length} broker(s), ${topics.length} topic(s), ${partitions} partition(s) led with full ISR`
        : ["unhealthy:", ...problems.map((p) => `  ${p}`)].join("\n"),
    );
    return problems.length === 0 ? 0 : 1;
  },
});

export const clusterCommand: CommandDef = groupCommand("cluster", "Cluster id, brokers, controller, partitions, health", { info, metadata, health });
