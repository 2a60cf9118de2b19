// The KIP-848 consumer group protocol (ConsumerGroupHeartbeat), modelled on the consumer half of
// Kafka's GroupMetadataManager: join with epoch 0, heartbeat with the current epoch, leave with -1
// (static members pause with -2), a group epoch bumped by membership / subscription / topic metadata
// changes, a target assignment computed by a server assignor for each new group epoch, and each member
// reconciled towards its target by buildCurrentAssignment (revocation before assignment). Session
// timeouts fence silent members; a member that does not revoke within its rebalance timeout is fenced.
//
// Every change is applied in memory at once (so requests apply in arrival order) and answered once its
// records are in __consumer_offsets. A new target assignment is computed in a heartbeat of the group
// at most once per group.consumer.assignment.interval.ms (1 s by default), as Kafka 4.4.0 batches them.
// Differences from Kafka 4.4.0: the assignor runs inline (Kafka offloads it to a background thread,
// group.consumer.assignor.offload.enable, answering the same epochs); regexes are resolved
// synchronously against the current topics; classic members cannot join a non-empty consumer group
// (Kafka's bidirectional migration lets them).

// Web Crypto (global): importing node:crypto costs ~2 ms of start-up in the compiled binary.
const randomUUID = (): string => crypto.randomUUID();
import { ErrorCode } from "../../protocol/errors.ts";
import type { ServerAssignor } from "./assignors/index.ts";
import type { AssignorMember, AssignorTopic } from "./assignors/assignor.ts";
import { ConsumerGroup } from "./consumer-group.ts";
import { currentAssignmentValue, groupEpochRecord, memberMetadataValue, memberTombstones, targetMemberRecord, targetMetadataRecord } from "./consumer-group-records.ts";
import { ConsumerGroupMember, LEAVE_GROUP_MEMBER_EPOCH, LEAVE_GROUP_STATIC_MEMBER_EPOCH, MemberState, sameTarget, samePartitions, fromTopicPartitions, toTopicPartitions, type TargetAssignment } from "./consumer-member.ts";
import { cgRecords } from "./consumer-records.ts";
import { buildCurrentAssignment } from "./current-assignment-builder.ts";
import { GroupError } from "./errors.ts";
import { compileTopicRegex, matchTopics, RegexError } from "./regex.ts";
import type { KeyValue } from "./records.ts";
import type { GroupTimers } from "./timer.ts";
import { STDERR_LOGGER, type CoordinatorLogger } from "../runtime/logger.ts";

export interface ConsumerGroupConfig {
  sessionTimeoutMs: number;
  heartbeatIntervalMs: number;
  maxSize: number;
  assignors: readonly ServerAssignor[];
  /**
   * group.consumer.assignment.interval.ms (Kafka 4.4.0, default 1000): a new target assignment is
   * computed at most once per interval; a heartbeat in between leaves the group Assigning, with a
   * group epoch ahead of its target assignment epoch, until one arrives after the interval.
   */
  assignmentIntervalMs: number;
}

/**
 * Kafka's GroupMetadataManager.canComputeNextTargetAssignment: always for a group never assigned (or
 * emptied: timestamp 0) or with batching off (interval 0), else once the interval since the last
 * assignment has passed.
 */
export function canComputeNextTargetAssignment(lastAssignmentTimestampMs: number, intervalMs: number, nowMs: number): boolean {
  if (lastAssignmentTimestampMs === 0 || intervalMs === 0) return true;
  return nowMs >= lastAssignmentTimestampMs + intervalMs;
}

export interface TopicInfo {
  name: string;
  topicId: string;
  numPartitions: number;
}

export interface ConsumerGroupHost {
  /** The consumer group (creating it when `create`); throws GroupError for a non-empty classic group. */
  consumerGroup(groupId: string, create: boolean): ConsumerGroup | undefined;
  append(groupId: string, records: KeyValue[]): Promise<void>;
  /** The topics that exist now, by name. */
  topics(): ReadonlyMap<string, TopicInfo>;
  /**
   * A group's session timeout, heartbeat and assignment intervals as they are now: its GROUP config
   * overrides (consumer.session.timeout.ms, ...) over the broker's dynamic group.consumer.* keys.
   * Absent: ConsumerGroupConfig's.
   */
  groupConfig?(groupId: string): GroupTimings;
}

/** The per-group settings a GROUP config resource can change. */
export interface GroupTimings {
  sessionTimeoutMs: number;
  heartbeatIntervalMs: number;
  assignmentIntervalMs: number;
}

export interface HeartbeatRequest {
  apiVersion: number;
  groupId: string;
  memberId: string;
  memberEpoch: number;
  instanceId: string | null;
  rackId: string | null;
  rebalanceTimeoutMs: number;
  subscribedTopicNames: string[] | null;
  subscribedTopicRegex: string | null;
  serverAssignor: string | null;
  topicPartitions: Array<{ topicId: string; partitions: number[] }> | null;
  clientId: string;
  clientHost: string;
}

export interface HeartbeatResult {
  errorCode: number;
  errorMessage: string | null;
  memberId: string | null;
  memberEpoch: number;
  heartbeatIntervalMs: number;
  assignment: Array<{ topicId: string; partitions: number[] }> | null;
}

export function heartbeatError(code: number, message: string | null, memberId: string | null = null): HeartbeatResult {
  return { errorCode: code, errorMessage: message, memberId, memberEpoch: 0, heartbeatIntervalMs: 0, assignment: null };
}

export class ConsumerGroupManager {
  constructor(
    private readonly host: ConsumerGroupHost,
    private readonly timers: GroupTimers,
    readonly config: ConsumerGroupConfig,
    private readonly logger: CoordinatorLogger = STDERR_LOGGER,
  ) {}

  /** Validate, apply and persist one heartbeat; resolves with the response once written. */
  heartbeat(req: HeartbeatRequest): { result: HeartbeatResult; written: Promise<void> } {
    const invalid = this.validate(req);
    if (invalid) return { result: invalid, written: Promise.resolve() };
    try {
      if (req.memberEpoch === LEAVE_GROUP_MEMBER_EPOCH || req.memberEpoch === LEAVE_GROUP_STATIC_MEMBER_EPOCH) return this.leave(req);
      return this.join(req);
    } catch (e) {
      if (e instanceof GroupError) return { result: heartbeatError(e.code, e.message, req.memberId || null), written: Promise.resolve() };
      throw e;
    }
  }

  private validate(req: HeartbeatRequest): HeartbeatResult | null {
    const bad = (m: string) => heartbeatError(ErrorCode.INVALID_REQUEST, m);
    if (req.groupId === "") return bad("GroupId can't be empty.");
    if (req.instanceId !== null && req.instanceId === "") return bad("InstanceId can't be empty.");
    if (req.rackId !== null && req.rackId === "") return bad("RackId can't be empty.");
    if (req.apiVersion >= 1 && req.memberId === "") return bad("MemberId can't be empty.");
    if (req.memberEpoch === 0) {
      if (req.rebalanceTimeoutMs === -1) return bad("RebalanceTimeoutMs must be provided in first request.");
      if (req.topicPartitions === null || req.topicPartitions.length > 0) return bad("TopicPartitions must be empty when (re-)joining.");
      if (req.subscribedTopicNames === null && req.subscribedTopicRegex === null) return bad("SubscribedTopicNames or SubscribedTopicRegex must be set in first request.");
    } else if (req.memberEpoch === LEAVE_GROUP_STATIC_MEMBER_EPOCH) {
      if (req.instanceId === null) return bad("InstanceId can't be null.");
    } else if (req.memberEpoch < LEAVE_GROUP_STATIC_MEMBER_EPOCH) {
      return bad(`MemberEpoch is invalid.`);
    }
    if (req.memberEpoch !== 0 && req.memberId === "") return bad("MemberId can't be empty.");
    if (req.subscribedTopicRegex !== null) {
      try {
        compileTopicRegex(req.subscribedTopicRegex);
      } catch (e) {
        if (e instanceof RegexError) return heartbeatError(ErrorCode.INVALID_REGULAR_EXPRESSION, e.message);
        throw e;
      }
    }
    if (req.serverAssignor !== null && !this.config.assignors.some((a) => a.name === req.serverAssignor)) {
      return heartbeatError(ErrorCode.UNSUPPORTED_ASSIGNOR, `ServerAssignor ${req.serverAssignor} is not supported. Supported assignors: ${this.config.assignors.map((a) => a.name).join(", ")}.`);
    }
    return null;
  }

  // ---- join / heartbeat --------------------------------------------------------------------------

  private join(req: HeartbeatRequest): { result: HeartbeatResult; written: Promise<void> } {
    const group = this.host.consumerGroup(req.groupId, req.memberEpoch === 0);
    if (!group) throw new GroupError(ErrorCode.GROUP_ID_NOT_FOUND, req.groupId, `Consumer group ${req.groupId} not found.`);
    const records: KeyValue[] = [];
    const now = this.timers.nowMs();
    const { member, isNew, replaced } = this.memberFor(group, req, records);
    if (isNew && !replaced && group.members.size >= this.config.maxSize) {
      throw new GroupError(ErrorCode.GROUP_MAX_SIZE_REACHED, group.groupId, `The consumer group has reached its maximum capacity of ${this.config.maxSize} members.`);
    }
    // Update the member's subscription and details.
    const updated = member.clone();
    updated.instanceId = req.instanceId ?? updated.instanceId;
    if (req.rackId !== null) updated.rackId = req.rackId;
    updated.clientId = req.clientId;
    updated.clientHost = req.clientHost;
    if (req.rebalanceTimeoutMs !== -1) updated.rebalanceTimeoutMs = req.rebalanceTimeoutMs;
    if (req.subscribedTopicNames !== null) updated.subscribedTopicNames = [...req.subscribedTopicNames].sort();
    if (req.subscribedTopicRegex !== null) updated.subscribedTopicRegex = req.subscribedTopicRegex === "" ? null : req.subscribedTopicRegex;
    if (req.serverAssignor !== null) updated.serverAssignorName = req.serverAssignor;
    const subscriptionChanged =
      isNew || !sameList(updated.subscribedTopicNames, member.subscribedTopicNames) || updated.subscribedTopicRegex !== member.subscribedTopicRegex || updated.serverAssignorName !== member.serverAssignorName;
    const detailsChanged = subscriptionChanged || updated.rackId !== member.rackId || updated.clientId !== member.clientId || updated.clientHost !== member.clientHost || updated.rebalanceTimeoutMs !== member.rebalanceTimeoutMs || updated.instanceId !== member.instanceId;
    if (detailsChanged) records.push(cgRecords.member(group.groupId, updated.memberId, memberMetadataValue(updated)));
    group.updateMember(updated);
    let bump = subscriptionChanged;
    // Regexes: resolve new ones, drop unused ones.
    if (this.refreshRegexes(group, records, now)) bump = true;
    // Topic metadata of the subscriptions (partition counts, created/deleted topics).
    const hash = this.metadataHash(group);
    if (hash !== group.metadataHash) {
      group.metadataHash = hash;
      bump = true;
    }
    if (bump) {
      group.groupEpoch++;
      records.push(groupEpochRecord(group));
    }
    if (group.groupEpoch > group.targetAssignmentEpoch && canComputeNextTargetAssignment(group.assignmentTimestampMs, this.timings(group.groupId).assignmentIntervalMs, now)) {
      this.computeTargetAssignment(group, records, now);
    }
    // Reconcile the member towards its target.
    const current = group.members.get(updated.memberId)!;
    const next = buildCurrentAssignment(current, {
      targetAssignmentEpoch: group.targetAssignmentEpoch,
      target: group.targetAssignment.get(current.memberId),
      currentPartitionEpoch: (t, p) => group.currentPartitionEpoch(t, p),
      ownedTopicPartitions: req.topicPartitions,
    });
    const assignmentChanged = !next.sameAssignmentAs(member) || isNew;
    if (next !== current) group.updateMember(next);
    if (assignmentChanged) records.push(cgRecords.currentAssignment(group.groupId, next.memberId, currentAssignmentValue(next)));
    this.scheduleSession(group.groupId, next.memberId);
    if (next.state === MemberState.UNREVOKED_PARTITIONS) {
      if (member.state !== MemberState.UNREVOKED_PARTITIONS || member.memberEpoch !== next.memberEpoch || isNew) this.scheduleRebalanceTimeout(group.groupId, next.memberId, next.memberEpoch, next.rebalanceTimeoutMs);
    } else {
      this.timers.cancel(rebalanceKey(group.groupId, next.memberId));
    }
    // Kafka sends the assignment on a full request (a join, or every field given) or when the assigned
    // partitions changed, not when only the member epoch moved.
    const fullRequest = req.memberEpoch === 0 || (req.rebalanceTimeoutMs !== -1 && (req.subscribedTopicNames !== null || req.subscribedTopicRegex !== null) && req.topicPartitions !== null);
    const sendAssignment = fullRequest || !samePartitions(next.assignedPartitions, member.assignedPartitions);
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
    };
  }

  /** The member a heartbeat is for: new, replacing a static member, or existing (epoch checked). */
  private memberFor(group: ConsumerGroup, req: HeartbeatRequest, records: KeyValue[]): { member: ConsumerGroupMember; isNew: boolean; replaced: boolean } {
    const fresh = (memberId: string) =>
      new ConsumerGroupMember({
        memberId,
        instanceId: req.instanceId,
        rackId: req.rackId,
        clientId: req.clientId,
        clientHost: req.clientHost,
        subscribedTopicNames: [],
        subscribedTopicRegex: null,
        serverAssignorName: null,
        rebalanceTimeoutMs: req.rebalanceTimeoutMs,
      });
    if (req.instanceId === null) {
      if (req.memberEpoch === 0) {
        const existing = req.memberId !== "" ? group.members.get(req.memberId) : undefined;
        // A member rejoining with epoch 0 (after being fenced, or a lost response) starts over.
        if (existing) return { member: existing, isNew: false, replaced: false };
        return { member: fresh(req.memberId || randomUUID()), isNew: true, replaced: false };
      }
      const m = group.members.get(req.memberId);
      if (!m) throw new GroupError(ErrorCode.UNKNOWN_MEMBER_ID, group.groupId, `Member ${req.memberId} is not a member of group ${group.groupId}.`, req.memberId);
      this.checkEpoch(group, m, req);
      return { member: m, isNew: false, replaced: false };
    }
    const old = group.staticMember(req.instanceId);
    if (req.memberEpoch === 0) {
      if (!old) return { member: fresh(req.memberId || randomUUID()), isNew: true, replaced: false };
      if (old.memberEpoch !== LEAVE_GROUP_STATIC_MEMBER_EPOCH) {
        throw new GroupError(ErrorCode.UNRELEASED_INSTANCE_ID, group.groupId, `Static member ${old.memberId} with instance id ${req.instanceId} is not released yet.`, req.memberId);
      }
      // The new incarnation takes over the old one's assignment and epoch.
      const memberId = req.memberId || randomUUID();
      const taken = old.clone();
      taken.memberId = memberId;
      group.removeMember(old.memberId, this.timers.nowMs());
      this.cancelMemberTimers(group.groupId, old.memberId);
      records.push(...memberTombstones(group.groupId, old.memberId));
      const target = group.targetAssignment.get(old.memberId);
      group.targetAssignment.delete(old.memberId);
      if (target) {
        group.targetAssignment.set(memberId, target);
        records.push(targetMemberRecord(group.groupId, memberId, target));
      }
      // A paused member keeps its real epoch as the previous one (see leave()).
      taken.memberEpoch = old.previousMemberEpoch;
      group.updateMember(taken);
      return { member: taken, isNew: true, replaced: true };
    }
    const m = group.members.get(req.memberId);
    if (!m) throw new GroupError(ErrorCode.UNKNOWN_MEMBER_ID, group.groupId, `Member ${req.memberId} is not a member of group ${group.groupId}.`, req.memberId);
    if (m.instanceId !== req.instanceId || old?.memberId !== m.memberId) {
      throw new GroupError(ErrorCode.FENCED_INSTANCE_ID, group.groupId, `Static member ${req.memberId} with instance id ${req.instanceId} was fenced.`, req.memberId);
    }
    this.checkEpoch(group, m, req);
    return { member: m, isNew: false, replaced: false };
  }

  /** Kafka's throwIfMemberEpochIsInvalid. */
  private checkEpoch(group: ConsumerGroup, m: ConsumerGroupMember, req: HeartbeatRequest): void {
    if (req.memberEpoch > m.memberEpoch) {
      throw new GroupError(ErrorCode.FENCED_MEMBER_EPOCH, group.groupId, `The consumer group member has a greater member epoch (${req.memberEpoch}) than the one known by the group coordinator (${m.memberEpoch}). The member must abandon all its partitions and rejoin.`, m.memberId);
    }
    if (req.memberEpoch < m.memberEpoch) {
      // The member may have missed the response that bumped its epoch: accept the previous epoch when
      // it reports exactly the partitions it was given.
      if (req.memberEpoch === m.previousMemberEpoch && req.topicPartitions !== null && samePartitions(fromTopicPartitions(req.topicPartitions), m.assignedPartitions)) return;
      throw new GroupError(ErrorCode.FENCED_MEMBER_EPOCH, group.groupId, `The consumer group member has a smaller member epoch (${req.memberEpoch}) than the one known by the group coordinator (${m.memberEpoch}). The member must abandon all its partitions and rejoin.`, m.memberId);
    }
  }

  private refreshRegexes(group: ConsumerGroup, records: KeyValue[], now: number): boolean {
    let changed = false;
    const inUse = group.regexesInUse();
    const names = [...this.host.topics().keys()];
    for (const re of inUse) {
      const topics = matchTopics(compileTopicRegex(re), names);
      const old = group.resolvedRegexes.get(re);
      if (old && sameList(old.topics, topics)) continue;
      group.resolvedRegexes.set(re, { topics, version: BigInt(now), timestampMs: now });
      records.push(cgRecords.regex(group.groupId, re, { topics, version: BigInt(now), timestamp: BigInt(now) }));
      changed = true;
    }
    for (const re of [...group.resolvedRegexes.keys()]) {
      if (inUse.has(re)) continue;
      group.resolvedRegexes.delete(re);
      records.push(cgRecords.regex(group.groupId, re, null));
      changed = true;
    }
    return changed;
  }

  /**
   * A 64-bit FNV-1a hash of the subscribed topics' (name, id, partitions); Kafka uses Murmur3. No
   * subscribed topic that exists hashes to 0, as Kafka's group hash of no topics (what it writes when
   * the last member leaves).
   */
  private metadataHash(group: ConsumerGroup): bigint {
    const topics = this.host.topics();
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

  private computeTargetAssignment(group: ConsumerGroup, records: KeyValue[], now: number): void {
    const topics = this.host.topics();
    const byId = new Map<string, AssignorTopic>();
    const members: AssignorMember[] = [];
    for (const m of group.members.values()) {
      const ids = new Set<string>();
      for (const n of group.memberTopicNames(m)) {
        const t = topics.get(n);
        if (!t) continue;
        ids.add(t.topicId);
        byId.set(t.topicId, { topicId: t.topicId, name: t.name, numPartitions: t.numPartitions });
      }
      members.push({ memberId: m.memberId, instanceId: m.instanceId, rackId: m.rackId, topics: ids, current: group.targetAssignment.get(m.memberId) ?? new Map() });
    }
    const name = group.preferredAssignor(this.config.assignors.map((a) => a.name));
    const assignor = this.config.assignors.find((a) => a.name === name)!;
    const result = assignor.assign(members, byId);
    for (const [id, a] of result) {
      if (!sameTarget(group.targetAssignment.get(id), a)) records.push(targetMemberRecord(group.groupId, id, a));
      group.targetAssignment.set(id, a);
    }
    for (const id of [...group.targetAssignment.keys()]) {
      if (result.has(id)) continue;
      group.targetAssignment.delete(id);
      records.push(targetMemberRecord(group.groupId, id, null));
    }
    group.targetAssignmentEpoch = group.groupEpoch;
    group.assignmentTimestampMs = now;
    records.push(targetMetadataRecord(group));
  }

  // ---- leave / fencing ---------------------------------------------------------------------------

  private leave(req: HeartbeatRequest): { result: HeartbeatResult; written: Promise<void> } {
    const group = this.host.consumerGroup(req.groupId, false);
    if (!group) throw new GroupError(ErrorCode.GROUP_ID_NOT_FOUND, req.groupId, `Consumer group ${req.groupId} not found.`);
    const done = (records: KeyValue[]) => ({
      result: { errorCode: ErrorCode.NONE, errorMessage: null, memberId: req.memberId, memberEpoch: req.memberEpoch, heartbeatIntervalMs: 0, assignment: null },
      written: this.host.append(group.groupId, records),
    });
    let m = req.memberId !== "" ? group.members.get(req.memberId) : undefined;
    if (req.instanceId !== null) {
      const s = group.staticMember(req.instanceId);
      if (!s) throw new GroupError(ErrorCode.UNKNOWN_MEMBER_ID, group.groupId, `Instance id ${req.instanceId} is unknown.`, req.memberId);
      if (s.memberId !== req.memberId) throw new GroupError(ErrorCode.FENCED_INSTANCE_ID, group.groupId, `Static member ${req.memberId} with instance id ${req.instanceId} was fenced.`, req.memberId);
      m = s;
    }
    if (!m) throw new GroupError(ErrorCode.UNKNOWN_MEMBER_ID, group.groupId, `Member ${req.memberId} is not a member of group ${group.groupId}.`, req.memberId);
    if (req.memberEpoch === LEAVE_GROUP_STATIC_MEMBER_EPOCH) {
      // Static pause: keep the member and its partitions (nobody else gets them) until it rejoins or
      // its session times out.
      const paused = m.clone();
      paused.previousMemberEpoch = m.memberEpoch;
      paused.memberEpoch = LEAVE_GROUP_STATIC_MEMBER_EPOCH;
      group.updateMember(paused);
      this.timers.cancel(rebalanceKey(group.groupId, m.memberId));
      return done([cgRecords.currentAssignment(group.groupId, m.memberId, currentAssignmentValue(paused))]);
    }
    return done(this.fence(group, m.memberId));
  }

  /** Remove a member and bump the group epoch (Kafka's consumerGroupFenceMember). */
  private fence(group: ConsumerGroup, memberId: string): KeyValue[] {
    const records = memberTombstones(group.groupId, memberId);
    group.removeMember(memberId, this.timers.nowMs());
    group.targetAssignment.delete(memberId);
    this.cancelMemberTimers(group.groupId, memberId);
    this.refreshRegexes(group, records, this.timers.nowMs());
    group.metadataHash = this.metadataHash(group);
    group.groupEpoch++;
    records.push(groupEpochRecord(group));
    if (group.isEmpty()) {
      // Kafka's consumerGroupFenceMembers: the last member gone, the (empty) target assignment is at
      // the new epoch at once, with timestamp 0 so the next member's join is assigned without waiting
      // for the assignment interval.
      group.targetAssignmentEpoch = group.groupEpoch;
      group.assignmentTimestampMs = 0;
      records.push(targetMetadataRecord(group));
    }
    return records;
  }

  private fenceOnTimeout(groupId: string, memberId: string, epoch: number | null): void {
    let group: ConsumerGroup | undefined;
    try {
      group = this.host.consumerGroup(groupId, false);
    } catch (e) {
      // The id now names a classic group: nothing of the consumer group is left to fence.
      if (e instanceof GroupError) return;
      throw e;
    }
    const m = group?.members.get(memberId);
    if (!group || !m) return;
    if (epoch !== null && (m.memberEpoch !== epoch || m.state !== MemberState.UNREVOKED_PARTITIONS)) return;
    this.host.append(groupId, this.fence(group, memberId)).catch((e: unknown) =>
      this.logger.warn("group coordinator: fencing a timed-out member was not written", { groupId, memberId, error: e instanceof Error ? e.message : String(e) }),
    );
  }

  private scheduleSession(groupId: string, memberId: string): void {
    this.timers.schedule(sessionKey(groupId, memberId), this.timings(groupId).sessionTimeoutMs, () => this.fenceOnTimeout(groupId, memberId, null));
  }

  private timings(groupId: string): GroupTimings {
    return this.host.groupConfig?.(groupId) ?? this.config;
  }

  private scheduleRebalanceTimeout(groupId: string, memberId: string, epoch: number, timeoutMs: number): void {
    this.timers.schedule(rebalanceKey(groupId, memberId), timeoutMs, () => this.fenceOnTimeout(groupId, memberId, epoch));
  }

  private cancelMemberTimers(groupId: string, memberId: string): void {
    this.timers.cancel(sessionKey(groupId, memberId));
    this.timers.cancel(rebalanceKey(groupId, memberId));
  }

  cancelGroupTimers(group: ConsumerGroup): void {
    for (const id of group.members.keys()) this.cancelMemberTimers(group.groupId, id);
  }

  /** After loading: every member gets a fresh session timeout. */
  scheduleLoadedMembers(group: ConsumerGroup): void {
    for (const id of group.members.keys()) this.scheduleSession(group.groupId, id);
  }
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

export function sessionKey(groupId: string, memberId: string): string {
  return `cg-session\u0000${groupId}\u0000${memberId}`;
}
export function rebalanceKey(groupId: string, memberId: string): string {
  return `cg-rebalance\u0000${groupId}\u0000${memberId}`;
}

export type { TargetAssignment };
