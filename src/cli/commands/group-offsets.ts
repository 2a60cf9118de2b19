// What the group commands read, as Kafka's ConsumerGroupCommand reads it through the AdminClient:
// a group's description (ConsumerGroupDescribe for KIP-848 groups, DescribeGroups for classic ones),
// its committed offsets (OffsetFetch to the coordinator), and partitions' offsets by spec (ListOffsets to
// each leader, one request per leader).

import { ErrorCode, errorName, KafkaError } from "../../protocol/errors.ts";
import type { ConsumerGroupDescribeResponse } from "../../protocol/generated/messages/consumer-group-describe-response.ts";
import { CONSUMER_PROTOCOL_ASSIGNMENT_SCHEMA, readConsumerProtocolAssignment } from "../../protocol/generated/messages/consumer-protocol-assignment.ts";
import type { DescribeGroupsResponse } from "../../protocol/generated/messages/describe-groups-response.ts";
import type { ListOffsetsResponse } from "../../protocol/generated/messages/list-offsets-response.ts";
import type { OffsetFetchResponse } from "../../protocol/generated/messages/offset-fetch-response.ts";
import { Reader } from "../../protocol/primitives/reader.ts";
import { API } from "../client/api-keys.ts";
import { checkError, type KafkaCliClient } from "../client/kafka-cli-client.ts";

export interface TopicPartitions {
  topic: string;
  partitions: number[];
}

export interface GroupMemberView {
  memberId: string;
  instanceId: string | null;
  clientId: string;
  host: string;
  assignment: TopicPartitions[];
}

export interface GroupView {
  group: string;
  /** "consumer" (KIP-848) or "classic". */
  type: string;
  state: string;
  protocolType: string;
  /** The classic group's assignor, or the consumer group's server assignor. */
  assignor: string;
  coordinator: number;
  members: GroupMemberView[];
}

/** `topic -> partition -> offset` */
export type OffsetMap = Map<string, Map<number, bigint>>;

/** The partitions of a classic member's assignment bytes (ConsumerProtocolAssignment); [] when unreadable. */
export function parseAssignment(b: Uint8Array): TopicPartitions[] {
  if (b.length < 2) return [];
  const r = new Reader(b);
  const version = r.int16();
  if (!r.ok || version < 0) return [];
  const a = readConsumerProtocolAssignment(r, Math.min(version, CONSUMER_PROTOCOL_ASSIGNMENT_SCHEMA.maxVersion));
  return r.ok ? a.assignedPartitions.map((t) => ({ topic: t.topic, partitions: [...t.partitions].sort((x, y) => x - y) })) : [];
}

/**
 * The group as Kafka's describeConsumerGroups sees it: ConsumerGroupDescribe, then DescribeGroups for a
 * classic group. A group that does not exist is GROUP_ID_NOT_FOUND, or state Dead with `allowMissing`.
 */
export async function describeGroup(client: KafkaCliClient, group: string, opts: { allowMissing?: boolean } = {}): Promise<GroupView> {
  const modern = await client.sendToCoordinator<ConsumerGroupDescribeResponse, ConsumerGroupDescribeResponse["groups"][number] | null>(
    "GROUP", group, API.ConsumerGroupDescribe, { groupIds: [group], includeAuthorizedOperations: false },
    (r) => {
      const g = r.body.groups.find((x) => x.groupId === group);
      if (!g || g.errorCode === ErrorCode.GROUP_ID_NOT_FOUND) return null;
      checkError(g.errorCode, `group ${group}`, g.errorMessage);
      return g;
    },
  ).catch((e: unknown) => {
    // A broker without KIP-848 groups: describe it as classic.
    if (e instanceof Error && e.name === "UnsupportedVersionException") return null;
    throw e;
  });
  // Found (and cached) by the request above.
  const coordinator = (await client.coordinator("GROUP", group)).id;
  if (modern) {
    return {
      group,
      type: "consumer",
      state: modern.groupState,
      protocolType: "consumer",
      assignor: modern.assignorName,
      coordinator,
      members: modern.members.map((m) => ({
        memberId: m.memberId,
        instanceId: m.instanceId,
        clientId: m.clientId,
        host: m.clientHost,
        assignment: m.assignment.topicPartitions.map((t) => ({ topic: t.topicName, partitions: [...t.partitions].sort((x, y) => x - y) })),
      })),
    };
  }
  const classic = await client.sendToCoordinator<DescribeGroupsResponse, DescribeGroupsResponse["groups"][number]>(
    "GROUP", group, API.DescribeGroups, { groups: [group], includeAuthorizedOperations: false },
    (r) => {
      const g = r.body.groups.find((x) => x.groupId === group);
      if (!g) throw new KafkaError(ErrorCode.GROUP_ID_NOT_FOUND, `DescribeGroups answered nothing for group ${group}`);
      // DescribeGroups v6 (KIP-1043) says GROUP_ID_NOT_FOUND where older versions said Dead.
      if (g.errorCode === ErrorCode.GROUP_ID_NOT_FOUND && opts.allowMissing) return { ...g, errorCode: 0, groupState: "Dead", members: [] };
      checkError(g.errorCode, `group ${group}`, g.errorMessage);
      return g;
    },
  );
  return {
    group,
    type: "classic",
    state: classic.groupState,
    protocolType: classic.protocolType,
    assignor: classic.protocolData,
    coordinator,
    members: classic.members.map((m) => ({
      memberId: m.memberId,
      instanceId: m.groupInstanceId,
      clientId: m.clientId,
      host: m.clientHost,
      assignment: classic.protocolType === "consumer" ? parseAssignment(m.memberAssignment) : [],
    })),
  };
}

/** The group's committed offsets (OffsetFetch v8-9: the groups form; v10 names topics by id only). */
export async function committedOffsets(client: KafkaCliClient, group: string): Promise<OffsetMap> {
  return client.sendToCoordinator<OffsetFetchResponse, OffsetMap>(
    "GROUP", group, API.OffsetFetch,
    { groups: [{ groupId: group, memberId: null, memberEpoch: -1, topics: null }], requireStable: true },
    (r) => {
      const g = r.body.groups.find((x) => x.groupId === group);
      if (!g) throw new KafkaError(ErrorCode.UNKNOWN_SERVER_ERROR, `OffsetFetch answered nothing for group ${group}`);
      checkError(g.errorCode, `group ${group}`);
      const out: OffsetMap = new Map();
      for (const t of g.topics) {
        for (const p of t.partitions) {
          checkError(p.errorCode, `group ${group} ${t.name}-${p.partitionIndex}`);
          if (p.committedOffset < 0n) continue;
          if (!out.has(t.name)) out.set(t.name, new Map());
          out.get(t.name)!.set(p.partitionIndex, p.committedOffset);
        }
      }
      return out;
    },
    { minVersion: 8, maxVersion: 9 },
  );
}

/** ListOffsets timestamps (Kafka's OffsetSpec). */
export const EARLIEST = -2n;
export const LATEST = -1n;

/**
 * Offsets of the partitions at `timestamp` (EARLIEST, LATEST or a time in ms: the first offset at or
 * after it, or the end when none is), one ListOffsets per leader. `onPartition` counts progress.
 */
export async function listOffsets(client: KafkaCliClient, partitions: readonly TopicPartitions[], timestamp: bigint, onPartition: (n: number) => void = () => {}): Promise<OffsetMap> {
  return client.retrying("ListOffsets", async () => {
    const leaders = await client.leaders(partitions.map((t) => t.topic));
    const byLeader = new Map<number, TopicPartitions[]>();
    for (const t of partitions) {
      for (const p of t.partitions) {
        const leader = leaders.get(t.topic)?.get(p);
        if (leader === undefined) throw new KafkaError(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, `partition ${t.topic}-${p} does not exist`);
        if (leader < 0) throw new KafkaError(ErrorCode.LEADER_NOT_AVAILABLE, `partition ${t.topic}-${p} has no leader`);
        const list = byLeader.get(leader) ?? [];
        let entry = list.find((x) => x.topic === t.topic);
        if (!entry) list.push((entry = { topic: t.topic, partitions: [] }));
        entry.partitions.push(p);
        byLeader.set(leader, list);
      }
    }
    const out: OffsetMap = new Map();
    const needLatest: TopicPartitions[] = [];
    await Promise.all(
      [...byLeader].map(async ([leader, tps]) => {
        const r = await client.sendToBroker<ListOffsetsResponse>(leader, API.ListOffsets, {
          replicaId: -1,
          isolationLevel: 0,
          topics: tps.map((t) => ({ name: t.topic, partitions: t.partitions.map((p) => ({ partitionIndex: p, currentLeaderEpoch: -1, timestamp })) })),
          timeoutMs: 30_000,
        }, { minVersion: 1 });
        for (const t of r.body.topics) {
          for (const p of t.partitions) {
            if (p.errorCode !== 0) throw new KafkaError(p.errorCode, `ListOffsets ${t.name}-${p.partitionIndex} (${errorName(p.errorCode)})`);
            if (p.offset < 0n && timestamp >= 0n) {
              // No record at or after the time: Kafka's reset tool takes the log end then.
              const e = needLatest.find((x) => x.topic === t.name) ?? (needLatest.push({ topic: t.name, partitions: [] }), needLatest[needLatest.length - 1]!);
              e.partitions.push(p.partitionIndex);
              continue;
            }
            if (!out.has(t.name)) out.set(t.name, new Map());
            out.get(t.name)!.set(p.partitionIndex, p.offset);
            onPartition(1);
          }
        }
      }),
    );
    if (needLatest.length > 0) {
      for (const [t, m] of await listOffsets(client, needLatest, LATEST, onPartition)) {
        if (!out.has(t)) out.set(t, new Map());
        for (const [p, o] of m) out.get(t)!.set(p, o);
      }
    }
    return out;
  });
}

/** Every partition of the topics (Metadata), sorted. */
export async function topicPartitions(client: KafkaCliClient, topics: readonly string[]): Promise<TopicPartitions[]> {
  const leaders = await client.leaders(topics);
  return [...leaders].map(([topic, m]) => ({ topic, partitions: [...m.keys()].sort((a, b) => a - b) })).sort((a, b) => a.topic.localeCompare(b.topic));
}
