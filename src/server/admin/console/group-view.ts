// Consumer groups as the console shows them: the groups whose coordinator shard is on this broker
// (Kafka's ListGroups on one broker), each group's members and its committed offsets with the lag
// (high watermark − committed) of every partition hosted here. All reads go through the group
// coordinator's read operations, as the DescribeGroups / OffsetFetch handlers do.
//
// Reset offsets is Kafka's `kafka-consumer-groups.sh --reset-offsets --execute`: only for a group with
// no members (Empty, or no group state but offsets), to earliest / latest / an offset / a timestamp,
// clamped into [log start, high watermark] as Kafka's tool clamps it, and committed through the
// coordinator's write path (the OffsetCommit handler's, an admin commit with generation -1).

import { errorName, ErrorCode } from "../../../protocol/errors.ts";
import { CONSUMER_PROTOCOL_ASSIGNMENT_SCHEMA, readConsumerProtocolAssignment } from "../../../protocol/generated/messages/consumer-protocol-assignment.ts";
import { Reader } from "../../../protocol/primitives/reader.ts";
import { codecForId } from "../../../protocol/records/index.ts";
import type { RecordsDecompressor } from "../../../storage/timestamp-lookup.ts";
import { groupServiceOf, type GroupCoordinatorService } from "../../../coordinator/group/service.ts";
import { CoordinatorError } from "../../../coordinator/runtime/errors.ts";
import type { CommitTopic } from "../../../coordinator/group/group-coordinator.ts";
import type { BrokerServices } from "../../services.ts";
import { localLog, topicOrThrow } from "./cluster-view.ts";
import { ConsoleError } from "./http.ts";

/** Bound on the groups one listing or one lag sample covers. */
export const MAX_GROUPS = 1_000;
/** Bound on the partitions one group's answer lists. */
export const MAX_GROUP_PARTITIONS = 10_000;
/** Bound on one batch's decompressed records when a reset searches by timestamp (as ListOffsets). */
const MAX_SEARCH_UNCOMPRESSED_BYTES = 64 * 1024 * 1024;
const decompress: RecordsDecompressor = (codec, bytes) => codecForId(codec)?.decompress(bytes, MAX_SEARCH_UNCOMPRESSED_BYTES) ?? null;

export interface GroupSummary {
  groupId: string;
  state: string;
  type: string;
  protocolType: string;
  memberCount: number;
  /** Sum of the known lags (partitions hosted here); null when none is known. */
  totalLag: number | null;
}

export interface GroupOffsetView {
  topic: string;
  partition: number;
  committed: bigint;
  /** null when the partition's replica is not on this broker. */
  highWatermark: number | null;
  logEndOffset: number | null;
  lag: number | null;
  metadata: string;
}

export interface GroupMemberView {
  memberId: string;
  clientId: string;
  clientHost: string;
  instanceId: string | null;
  assignment: Array<{ topic: string; partitions: number[] }>;
}

export interface GroupDetail extends GroupSummary {
  coordinator: number;
  members: GroupMemberView[];
  offsets: GroupOffsetView[];
}

function coordinatorFailure(svc: GroupCoordinatorService, groupId: string, e: unknown): ConsoleError {
  if (e instanceof CoordinatorError && e.code === ErrorCode.NOT_COORDINATOR) {
    const where = svc.locate(groupId);
    if (where.kind === "elsewhere") return new ConsoleError(409, `group ${JSON.stringify(groupId)} is coordinated by broker ${where.leader}: open that broker's console`);
    // This broker's image does not name the coordinator yet (a new __consumer_offsets partition).
    return new ConsoleError(503, `group ${JSON.stringify(groupId)} is not coordinated here and its coordinator is not known yet (${where.kind === "unavailable" ? where.reason : where.kind}): try again`);
  }
  if (e instanceof CoordinatorError) return new ConsoleError(503, e.message);
  return new ConsoleError(500, e instanceof Error ? e.message : String(e));
}

function offsetsOf(services: BrokerServices, svc: GroupCoordinatorService, groupId: string): GroupOffsetView[] {
  const rows = svc.read(groupId, (s) => s.fetchOffsets(groupId, null, false));
  return rows.slice(0, MAX_GROUP_PARTITIONS).map((r) => {
    const l = localLog(services, r.topic, r.partition);
    const lag = l === null || r.offset < 0n ? null : Math.max(0, l.highWatermark - Number(r.offset));
    return { topic: r.topic, partition: r.partition, committed: r.offset, highWatermark: l?.highWatermark ?? null, logEndOffset: l?.logEndOffset ?? null, lag, metadata: r.metadata };
  });
}

function sumLag(offsets: readonly GroupOffsetView[]): number | null {
  let total: number | null = null;
  for (const o of offsets) if (o.lag !== null) total = (total ?? 0) + o.lag;
  return total;
}

/**
 * A classic consumer's assignment (ConsumerProtocolAssignment, the SyncGroup bytes); [] when it cannot
 * be read or is empty (describeGroup gives assignments only while the group is Stable). A version above
 * the highest known is read as the highest, as Kafka's ConsumerProtocol does.
 */
function consumerAssignment(b: Uint8Array): Array<{ topic: string; partitions: number[] }> {
  if (b.length < 2) return [];
  const r = new Reader(b);
  const version = r.int16();
  if (!r.ok || version < 0) return [];
  const a = readConsumerProtocolAssignment(r, Math.min(version, CONSUMER_PROTOCOL_ASSIGNMENT_SCHEMA.maxVersion));
  return r.ok ? a.assignedPartitions.map((t) => ({ topic: t.topic, partitions: t.partitions })) : [];
}

function membersOf(services: BrokerServices, svc: GroupCoordinatorService, groupId: string): GroupMemberView[] {
  const image = services.metadata.image;
  return svc.read(groupId, (s) => {
    const cg = s.describeConsumerGroup(groupId, (id) => image.topicsById.get(id)?.name);
    if (cg !== null) {
      return cg.members.map((m) => ({
        memberId: m.memberId,
        clientId: m.clientId,
        clientHost: m.clientHost,
        instanceId: m.instanceId,
        assignment: m.assignment.map((a) => ({ topic: a.topicName, partitions: a.partitions })),
      }));
    }
    const d = s.describeGroup(groupId);
    return d.members.map((m) => ({
      memberId: m.memberId,
      clientId: m.clientId,
      clientHost: m.clientHost,
      instanceId: m.groupInstanceId,
      assignment: d.protocolType === "consumer" ? consumerAssignment(m.assignment) : [],
    }));
  });
}

/** Members of a group without describing them (the listing and the sampler need only the count). */
function memberCountOf(svc: GroupCoordinatorService, groupId: string): number {
  return svc.read(groupId, (s) => s.consumerGroups.get(groupId)?.members.size ?? s.groups.get(groupId)?.members.size ?? 0);
}

/** The groups coordinated here (the first MAX_GROUPS by id), with their total lag: the groups page and the lag sampler. */
export function groups(services: BrokerServices): GroupSummary[] {
  const svc = groupServiceOf(services);
  const listed = svc.listGroups([], []);
  listed.sort((a, b) => (a.groupId < b.groupId ? -1 : a.groupId > b.groupId ? 1 : 0));
  const out: GroupSummary[] = [];
  for (const g of listed.slice(0, MAX_GROUPS)) {
    try {
      const offsets = offsetsOf(services, svc, g.groupId);
      out.push({ groupId: g.groupId, state: g.state, type: g.type, protocolType: g.protocolType, memberCount: memberCountOf(svc, g.groupId), totalLag: sumLag(offsets) });
    } catch {
      // The shard moved away between the listing and the read: the group is no longer this broker's.
    }
  }
  return out;
}

export function groupDetail(services: BrokerServices, groupId: string): GroupDetail {
  const svc = groupServiceOf(services);
  try {
    const listing = svc.read(groupId, (s) => s.listGroups([], []).find((g) => g.groupId === groupId));
    const offsets = offsetsOf(services, svc, groupId);
    if (!listing && offsets.length === 0) throw new ConsoleError(404, `group ${JSON.stringify(groupId)} does not exist`);
    const members = membersOf(services, svc, groupId);
    const where = svc.locate(groupId);
    return {
      groupId,
      state: listing?.state ?? "Empty",
      type: listing?.type ?? "classic",
      protocolType: listing?.protocolType ?? "",
      memberCount: members.length,
      totalLag: sumLag(offsets),
      coordinator: where.kind === "here" ? services.nodeId : where.kind === "elsewhere" ? where.leader : -1,
      members,
      offsets,
    };
  } catch (e) {
    if (e instanceof ConsoleError) throw e;
    throw coordinatorFailure(svc, groupId, e);
  }
}

export type ResetSpec = { kind: "earliest" } | { kind: "latest" } | { kind: "offset"; offset: bigint } | { kind: "timestamp"; timestampMs: number };

export interface ResetResult {
  groupId: string;
  topic: string;
  partitions: Array<{ partition: number; offset: bigint; error: string | null }>;
}

/** kafka-consumer-groups.sh --reset-offsets --execute for one topic (all partitions, or the ones given). */
export async function resetOffsets(services: BrokerServices, groupId: string, topic: string, partitions: readonly number[] | null, spec: ResetSpec): Promise<ResetResult> {
  const svc = groupServiceOf(services);
  const t = topicOrThrow(services.metadata.image, topic);
  let state: string | undefined;
  try {
    state = svc.read(groupId, (s) => s.listGroups([], []).find((g) => g.groupId === groupId)?.state);
  } catch (e) {
    throw coordinatorFailure(svc, groupId, e);
  }
  // Kafka's tool refuses unless the group is inactive: "Assignments can only be reset if the group ... is inactive".
  if (state !== undefined && state.toLowerCase() !== "empty" && state.toLowerCase() !== "dead") {
    throw new ConsoleError(409, `offsets of group ${JSON.stringify(groupId)} can only be reset while it has no members; its state is ${state}`);
  }
  const chosen = partitions ?? t.partitions.map((p) => p.partition);
  const targets: CommitTopic = { name: t.name, topicId: t.topicId, partitions: [] };
  for (const p of chosen) {
    if (!Number.isInteger(p) || p < 0 || p >= t.partitions.length) throw new ConsoleError(400, `partition ${p} is not one of ${topic}'s 0..${t.partitions.length - 1}`);
    const l = localLog(services, topic, p);
    if (l === null) throw new ConsoleError(409, `partition ${topic}-${p} has no replica on this broker (its leader is ${t.partitions[p]!.leader}); reset it from that broker's console`);
    let offset: number;
    if (spec.kind === "earliest") offset = l.logStartOffset;
    else if (spec.kind === "latest") offset = l.highWatermark;
    else if (spec.kind === "offset") offset = spec.offset > BigInt(l.highWatermark) ? l.highWatermark : Math.max(l.logStartOffset, Number(spec.offset));
    else {
      const found = services.metadata.partitionLog(topic, p)?.offsetForTimestamp(spec.timestampMs, decompress) ?? null;
      offset = found === null || found.offset >= l.highWatermark ? l.highWatermark : Math.max(l.logStartOffset, found.offset);
    }
    targets.partitions.push({ partition: p, offset: BigInt(offset), leaderEpoch: -1, metadata: "", commitTimestampMs: -1 });
  }
  const commit = { groupId, memberId: "", groupInstanceId: null, generationIdOrMemberEpoch: -1, retentionTimeMs: -1, apiVersion: 9, topics: [targets] };
  let results;
  try {
    const r = await svc.write("console-reset-offsets", groupId, (s) => s.commitOffsets(commit));
    await r.written;
    results = r.results;
  } catch (e) {
    throw coordinatorFailure(svc, groupId, e);
  }
  const codes = new Map((results[0]?.partitions ?? []).map((p) => [p.partition, p.errorCode]));
  return {
    groupId,
    topic,
    partitions: targets.partitions.map((p) => {
      const code = codes.get(p.partition) ?? ErrorCode.NONE;
      return { partition: p.partition, offset: p.offset, error: code === ErrorCode.NONE ? null : errorName(code) };
    }),
  };
}
