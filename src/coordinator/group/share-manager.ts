// Share groups (KIP-932, ShareGroupHeartbeat), modelled on the share half of Kafka 4.4.0's
// GroupMetadataManager: a member joins with epoch 0 and its client-made member id, heartbeats with its
// epoch, leaves with -1. The group epoch is bumped by membership, subscription and subscribed-topic
// metadata changes, and when initialized share partitions are not in anyone's target yet; a new
// target assignment is computed by the SimpleAssignor for every new group epoch, and a member takes
// its target at once (share partitions are shared, nothing is revoked first). Session timeouts
// (group.share.session.timeout.ms, or the group's share.session.timeout.ms) fence silent members.
//
// Share state: only partitions whose share state the share coordinator has initialized are assigned;
// a heartbeat returns the InitializeShareGroupState request for subscribed partitions not yet
// initialized, which the service sends through the Persister (share-init.ts).
//
// Every change is applied in memory at once (requests apply in arrival order) and answered once its
// records are in __consumer_offsets. A new target assignment is computed in a heartbeat at most once
// per group.share.assignment.interval.ms (share.assignment.interval.ms of the group), as Kafka 4.4.0
// batches them. Left out: Kafka's metadata refresh deadline (the topic metadata is checked on every
// heartbeat) and its assignor offload (the assignor runs inline).

import { ErrorCode } from "../../protocol/errors.ts";
import type { InitializeShareGroupStateRequest } from "../../protocol/generated/messages/initialize-share-group-state-request.ts";
import type { InitializeShareGroupStateResponse } from "../../protocol/generated/messages/initialize-share-group-state-response.ts";
import { sameTarget, toTopicPartitions, type TargetAssignment } from "./consumer-member.ts";
import { canComputeNextTargetAssignment, type TopicInfo } from "./consumer-manager.ts";
import { GroupError } from "./errors.ts";
import type { KeyValue } from "./records.ts";
import type { ShareGroup } from "./share-group.ts";
import { applyInitialized, maybeInitialize } from "./share-init.ts";
import { LEAVE_GROUP_MEMBER_EPOCH, ShareGroupMember } from "./share-group-member.ts";
import { memberRecord, currentAssignmentRecord, epochRecord, shareMemberTombstones, statePartitionRecord, targetMemberRecord, targetMetadataRecord } from "./share-group-records.ts";
import { SimpleAssignor } from "./simple-assignor.ts";
import type { GroupTimers } from "./timer.ts";
import { STDERR_LOGGER, type CoordinatorLogger } from "../runtime/logger.ts";

export interface ShareGroupConfig {
  /** group.share.session.timeout.ms */
  sessionTimeoutMs: number;
  /** group.share.heartbeat.interval.ms */
  heartbeatIntervalMs: number;
  /** group.share.max.size */
  maxSize: number;
  /** group.share.initialize.retry.interval.ms */
  initializeRetryIntervalMs: number;
  /** group.share.assignment.interval.ms: a new target assignment at most once per interval (0: every epoch). */
  assignmentIntervalMs: number;
}

export const DEFAULT_SHARE_GROUP_CONFIG: ShareGroupConfig = { sessionTimeoutMs: 45_000, heartbeatIntervalMs: 5_000, maxSize: 200, initializeRetryIntervalMs: 30_000, assignmentIntervalMs: 1_000 };

/** The per-group settings a GROUP config resource can change (share.session.timeout.ms, share.heartbeat.interval.ms, share.assignment.interval.ms). */
export interface ShareGroupTimings {
  sessionTimeoutMs: number;
  heartbeatIntervalMs: number;
  assignmentIntervalMs: number;
}

export interface ShareGroupHost {
  /** The share group (creating it when `create`); throws GroupError when the id names another type. */
  shareGroup(groupId: string, create: boolean): ShareGroup | undefined;
  append(groupId: string, records: KeyValue[]): Promise<void>;
  topics(): ReadonlyMap<string, TopicInfo>;
  groupConfig?(groupId: string): ShareGroupTimings;
}

export interface ShareHeartbeatRequest {
  groupId: string;
  memberId: string;
  memberEpoch: number;
  rackId: string | null;
  subscribedTopicNames: string[] | null;
  clientId: string;
  clientHost: string;
}

export interface ShareHeartbeatResult {
  errorCode: number;
  errorMessage: string | null;
  memberId: string | null;
  memberEpoch: number;
  heartbeatIntervalMs: number;
  assignment: Array<{ topicId: string; partitions: number[] }> | null;
}

export interface ShareHeartbeatOutcome {
  result: ShareHeartbeatResult;
  written: Promise<void>;
  /** Share partitions to initialize through the Persister once the records are written; null: none. */
  initialize: InitializeShareGroupStateRequest | null;
}

function shareError(code: number, message: string | null): ShareHeartbeatResult {
  return { errorCode: code, errorMessage: message, memberId: null, memberEpoch: 0, heartbeatIntervalMs: 0, assignment: null };
}

export class ShareGroupManager {
  readonly assignor = new SimpleAssignor();

  constructor(
    private readonly host: ShareGroupHost,
    private readonly timers: GroupTimers,
    readonly config: ShareGroupConfig,
    private readonly logger: CoordinatorLogger = STDERR_LOGGER,
  ) {}

  /** Validate, apply and persist one heartbeat. */
  heartbeat(req: ShareHeartbeatRequest): ShareHeartbeatOutcome {
    const invalid = validate(req);
    // Kafka 4.4.0 answers an empty member id without the message (KafkaApis refuses it first).
    if (invalid) return { result: shareError(ErrorCode.INVALID_REQUEST, req.memberId === "" ? null : invalid), written: Promise.resolve(), initialize: null };
    try {
      if (req.memberEpoch === LEAVE_GROUP_MEMBER_EPOCH) return this.leave(req);
      return this.join(req);
    } catch (e) {
      if (e instanceof GroupError) return { result: shareError(e.code, e.message.replace(/^[A-Z_]+: group '.*?'(?: member '.*?')?: /, "")), written: Promise.resolve(), initialize: null };
      throw e;
    }
  }

  private timings(groupId: string): ShareGroupTimings {
    return this.host.groupConfig?.(groupId) ?? this.config;
  }

  private join(req: ShareHeartbeatRequest): ShareHeartbeatOutcome {
    const create = req.memberEpoch === 0;
    const group = this.host.shareGroup(req.groupId, create);
    if (!group) throw new GroupError(ErrorCode.GROUP_ID_NOT_FOUND, req.groupId, `Share group ${req.groupId} not found.`);
    if (group.members.size >= this.config.maxSize && (req.memberId === "" || !group.members.has(req.memberId))) {
      throw new GroupError(ErrorCode.GROUP_MAX_SIZE_REACHED, group.groupId, `The share group has reached its maximum capacity of ${this.config.maxSize} members.`);
    }
    const now = this.timers.nowMs();
    let member = group.members.get(req.memberId);
    const isNew = member === undefined;
    if (!member) {
      if (!create) throw new GroupError(ErrorCode.UNKNOWN_MEMBER_ID, group.groupId, `Member ${req.memberId} is not a member of group ${group.groupId}.`, req.memberId);
      member = new ShareGroupMember({ memberId: req.memberId, rackId: null, clientId: req.clientId, clientHost: req.clientHost, subscribedTopicNames: [] });
    } else if (req.memberEpoch !== 0) {
      checkEpoch(member, req.memberEpoch);
    }
    const records: KeyValue[] = [];
    const updated = member.clone();
    if (req.rackId !== null) updated.rackId = req.rackId;
    if (req.subscribedTopicNames !== null) updated.subscribedTopicNames = [...req.subscribedTopicNames].sort();
    updated.clientId = req.clientId;
    updated.clientHost = req.clientHost;
    const subscriptionChanged = isNew || !sameList(updated.subscribedTopicNames, member.subscribedTopicNames);
    const detailsChanged = subscriptionChanged || updated.rackId !== member.rackId || updated.clientId !== member.clientId || updated.clientHost !== member.clientHost;
    if (detailsChanged) records.push(memberRecord(group.groupId, updated));
    group.updateMember(updated);
    const topics = this.host.topics();
    const subscribedIds = subscribedTopicIds(group, topics);
    let bump = subscriptionChanged;
    const hash = metadataHash(group, topics);
    if (hash !== group.metadataHash) bump = true;
    // Only while no new target is due already (else every heartbeat in the interval would bump it).
    if (group.groupEpoch <= group.targetAssignmentEpoch && group.initializedAssignmentPending(subscribedIds)) bump = true;
    if (bump) {
      group.groupEpoch++;
      group.metadataHash = hash;
      records.push(epochRecord(group));
    }
    // Kafka 4.4.0 batches target assignments: at most one per group.share.assignment.interval.ms.
    if (group.groupEpoch > group.targetAssignmentEpoch && canComputeNextTargetAssignment(group.assignmentTimestampMs, this.timings(group.groupId).assignmentIntervalMs, now)) {
      this.computeTargetAssignment(group, records, now);
    }
    const next = updated.reconcile(group.targetAssignmentEpoch, group.targetAssignment.get(updated.memberId));
    if (next !== updated) group.updateMember(next);
    if (isNew || next !== updated) records.push(currentAssignmentRecord(group.groupId, next));
    this.scheduleSession(group.groupId, next.memberId);
    const initialize = maybeInitialize(group, topics, this.config.initializeRetryIntervalMs, records, now);
    const sendAssignment = req.memberEpoch === 0 || !sameTarget(next.assignedPartitions, member.assignedPartitions);
    return {
      result: {
        errorCode: ErrorCode.NONE,
        errorMessage: null,
        memberId: next.memberId,
        memberEpoch: next.memberEpoch,
        heartbeatIntervalMs: this.timings(group.groupId).heartbeatIntervalMs,
        assignment: sendAssignment ? toTopicPartitions(next.assignedPartitions) : null,
      },
      written: this.host.append(group.groupId, records),
      initialize,
    };
  }

  private computeTargetAssignment(group: ShareGroup, records: KeyValue[], now: number): void {
    const topics = this.host.topics();
    const byId = new Map<string, { topicId: string; numPartitions: number }>();
    for (const t of topics.values()) byId.set(t.topicId, { topicId: t.topicId, numPartitions: t.numPartitions });
    const members = [...group.members.values()].map((m) => {
      const ids = new Set<string>();
      for (const n of m.subscribedTopicNames) {
        const t = topics.get(n);
        if (t) ids.add(t.topicId);
      }
      return { memberId: m.memberId, topics: ids, current: group.targetAssignment.get(m.memberId) ?? new Map() };
    });
    const result = this.assignor.assign(members, byId, (t, p) => group.isInitialized(t, p));
    for (const [id, a] of result) {
      if (!group.targetAssignment.has(id) || !sameTarget(group.targetAssignment.get(id), a)) records.push(targetMemberRecord(group.groupId, id, a));
      group.targetAssignment.set(id, a);
    }
    for (const id of [...group.targetAssignment.keys()]) {
      if (result.has(id)) continue;
      group.targetAssignment.delete(id);
    }
    group.targetAssignmentEpoch = group.groupEpoch;
    group.assignmentTimestampMs = now;
    records.push(targetMetadataRecord(group));
  }

  /** The Persister's answer to an initialization of `groupId`'s share partitions: the records to write (share-init.ts). */
  initialized(groupId: string, response: InitializeShareGroupStateResponse | null, request: InitializeShareGroupStateRequest): KeyValue[] {
    let group: ShareGroup | undefined;
    try {
      group = this.host.shareGroup(groupId, false);
    } catch (e) {
      if (e instanceof GroupError) return [];
      throw e;
    }
    if (!group) return [];
    const topicName = (topicId: string) => [...this.host.topics().values()].find((x) => x.topicId === topicId)?.name ?? "";
    return applyInitialized(group, response, request, topicName, this.timers.nowMs());
  }

  // ---- leave / fencing ------------------------------------------------------------------------------

  private leave(req: ShareHeartbeatRequest): ShareHeartbeatOutcome {
    const group = this.host.shareGroup(req.groupId, false);
    if (!group) throw new GroupError(ErrorCode.GROUP_ID_NOT_FOUND, req.groupId, `Share group ${req.groupId} not found.`);
    if (!group.members.has(req.memberId)) throw new GroupError(ErrorCode.UNKNOWN_MEMBER_ID, group.groupId, `Member ${req.memberId} is not a member of group ${group.groupId}.`, req.memberId);
    this.logger.info("share group member left", { groupId: group.groupId, memberId: req.memberId });
    return {
      result: { errorCode: ErrorCode.NONE, errorMessage: null, memberId: req.memberId, memberEpoch: req.memberEpoch, heartbeatIntervalMs: 0, assignment: null },
      written: this.host.append(group.groupId, this.fence(group, req.memberId)),
      initialize: null,
    };
  }

  /** Remove a member and bump the group epoch (Kafka's shareGroupFenceMember). */
  fence(group: ShareGroup, memberId: string): KeyValue[] {
    const records = shareMemberTombstones(group.groupId, memberId);
    group.removeMember(memberId, this.timers.nowMs());
    group.targetAssignment.delete(memberId);
    this.timers.cancel(sessionKey(group.groupId, memberId));
    group.metadataHash = metadataHash(group, this.host.topics());
    group.groupEpoch++;
    records.push(epochRecord(group));
    if (group.isEmpty()) {
      // As consumer groups (Kafka): the last member gone, the empty target is at the new epoch at once,
      // with timestamp 0 so the next member's join is assigned without waiting for the interval.
      group.targetAssignmentEpoch = group.groupEpoch;
      group.assignmentTimestampMs = 0;
      records.push(targetMetadataRecord(group));
    }
    return records;
  }

  private fenceOnTimeout(groupId: string, memberId: string): void {
    let group: ShareGroup | undefined;
    try {
      group = this.host.shareGroup(groupId, false);
    } catch (e) {
      if (e instanceof GroupError) return;
      throw e;
    }
    if (!group?.members.has(memberId)) return;
    this.logger.info("share group member session timed out", { groupId, memberId });
    this.host.append(groupId, this.fence(group, memberId)).catch((e: unknown) =>
      this.logger.warn("group coordinator: fencing a timed-out share member was not written", { groupId, memberId, error: e instanceof Error ? e.message : String(e) }),
    );
  }

  private scheduleSession(groupId: string, memberId: string): void {
    this.timers.schedule(sessionKey(groupId, memberId), this.timings(groupId).sessionTimeoutMs, () => this.fenceOnTimeout(groupId, memberId));
  }

  cancelGroupTimers(group: ShareGroup): void {
    for (const id of group.members.keys()) this.timers.cancel(sessionKey(group.groupId, id));
  }

  /** After loading: every member gets a fresh session timeout. */
  scheduleLoadedMembers(group: ShareGroup): void {
    for (const id of group.members.keys()) this.scheduleSession(group.groupId, id);
  }
}

/** Kafka's throwIfShareGroupHeartbeatRequestIsInvalid (GroupCoordinatorService): the INVALID_REQUEST text, or null. */
export function validate(req: ShareHeartbeatRequest): string | null {
  if (req.memberId === "") return "MemberId can't be empty.";
  if (req.groupId === "") return "GroupId can't be empty.";
  if (req.rackId !== null && req.rackId === "") return "RackId can't be empty.";
  if (req.memberEpoch === 0) {
    if (req.subscribedTopicNames === null || req.subscribedTopicNames.length === 0) return "SubscribedTopicNames must be set in first request.";
  } else if (req.memberEpoch < LEAVE_GROUP_MEMBER_EPOCH) {
    return "MemberEpoch is invalid.";
  }
  return null;
}

/** Kafka's throwIfShareGroupMemberEpochIsInvalid. */
function checkEpoch(m: ShareGroupMember, received: number): void {
  if (received > m.memberEpoch) {
    throw new GroupError(ErrorCode.FENCED_MEMBER_EPOCH, "", `The share group member has a greater member epoch (${received}) than the one known by the group coordinator (${m.memberEpoch}). The member must abandon all its partitions and rejoin.`, m.memberId);
  }
  if (received < m.memberEpoch && received !== m.previousMemberEpoch) {
    throw new GroupError(
      ErrorCode.FENCED_MEMBER_EPOCH,
      "",
      `The share group member has a smaller member epoch (${received}) than the one known by the group coordinator (${m.memberEpoch}), and it does not match the previous member epoch (${m.previousMemberEpoch}). The member must abandon all its partitions and rejoin.`,
      m.memberId,
    );
  }
}

function subscribedTopicIds(group: ShareGroup, topics: ReadonlyMap<string, TopicInfo>): Set<string> {
  const out = new Set<string>();
  for (const n of group.subscribedTopicNames()) {
    const t = topics.get(n);
    if (t) out.add(t.topicId);
  }
  return out;
}

/** A 64-bit FNV-1a hash of the subscribed topics' (name, id, partitions), 0 for none (as consumer groups here). */
function metadataHash(group: ShareGroup, topics: ReadonlyMap<string, TopicInfo>): bigint {
  let h = 0xcbf29ce484222325n;
  let hashed = false;
  const mask = (1n << 64n) - 1n;
  for (const name of [...group.subscribedTopicNames()].sort()) {
    const t = topics.get(name);
    if (!t) continue;
    hashed = true;
    const s = `${name}\u0000${t.topicId}\u0000${t.numPartitions}\u0001`;
    for (let i = 0; i < s.length; i++) h = ((h ^ BigInt(s.charCodeAt(i))) * 0x100000001b3n) & mask;
  }
  return hashed ? BigInt.asIntN(64, h) : 0n;
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

export function sessionKey(groupId: string, memberId: string): string {
  return `sg-session\u0000${groupId}\u0000${memberId}`;
}

export type { TargetAssignment };
