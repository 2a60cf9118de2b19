// The classic group protocol (JoinGroup, SyncGroup, Heartbeat, LeaveGroup), modelled on the classic
// half of Kafka's GroupMetadataManager: member ids handed out with MEMBER_ID_REQUIRED from JoinGroup v4
// (KIP-394), static members (KIP-345) replacing their old member id and fencing it, the initial
// rebalance delay for a new group, rebalance and session timeouts, and the leader's assignment stored
// (GroupMetadata record) before any member learns it.
//
// Every public method runs to its first await synchronously, so requests apply in arrival order.

// Web Crypto (global): importing node:crypto costs ~2 ms of start-up in the compiled binary.
const randomUUID = (): string => crypto.randomUUID();
import { ErrorCode } from "../../protocol/errors.ts";
import { ClassicGroup } from "./classic-group.ts";
import { ClassicGroupMember, EMPTY_BYTES, type ClassicProtocol, type JoinResult, type SyncResult } from "./classic-member.ts";
import { GroupError } from "./errors.ts";
import type { GroupTimers } from "./timer.ts";
import { STDERR_LOGGER, type CoordinatorLogger } from "../runtime/logger.ts";

export interface ClassicGroupConfig {
  initialRebalanceDelayMs: number;
  minSessionTimeoutMs: number;
  maxSessionTimeoutMs: number;
  maxGroupSize: number;
  /** How long a new member may take to rejoin (Kafka's classicGroupNewMemberJoinTimeoutMs, 5 min). */
  newMemberJoinTimeoutMs: number;
}

export const DEFAULT_CLASSIC_CONFIG: ClassicGroupConfig = {
  initialRebalanceDelayMs: 3000,
  minSessionTimeoutMs: 6000,
  maxSessionTimeoutMs: 1800000,
  maxGroupSize: 2 ** 31 - 1,
  newMemberJoinTimeoutMs: 5 * 60 * 1000,
};

/** What the manager needs from the coordinator around it. */
export interface ClassicGroupHost {
  /** The classic group, creating an Empty one when `create`; throws GroupError for a consumer group. */
  classicGroup(groupId: string, create: boolean): ClassicGroup | undefined;
  /** Persist the group (GroupMetadata record); resolves once written. */
  storeGroup(group: ClassicGroup): Promise<void>;
  /** The group emptied out (offsets retention starts now). */
  onGroupEmpty?(group: ClassicGroup): void;
}

export interface JoinRequest {
  groupId: string;
  memberId: string;
  groupInstanceId: string | null;
  clientId: string;
  clientHost: string;
  sessionTimeoutMs: number;
  rebalanceTimeoutMs: number;
  protocolType: string;
  protocols: ClassicProtocol[];
  /** JoinGroup v4+: a new member must first get its id (MEMBER_ID_REQUIRED). */
  requireKnownMemberId: boolean;
  /** JoinGroup v9+ lets a rejoining static leader skip assignment. */
  supportsSkipAssignment: boolean;
  reason: string | null;
}

export interface SyncRequest {
  groupId: string;
  memberId: string;
  groupInstanceId: string | null;
  generationId: number;
  protocolType: string | null;
  protocolName: string | null;
  assignments: Array<{ memberId: string; assignment: Uint8Array }>;
}

export interface LeaveMember {
  memberId: string;
  groupInstanceId: string | null;
}

function joinError(memberId: string, errorCode: number): JoinResult {
  return { errorCode, generationId: -1, protocolType: null, protocolName: null, leader: "", skipAssignment: false, memberId, members: [] };
}

function syncError(errorCode: number): SyncResult {
  return { errorCode, protocolType: null, protocolName: null, assignment: EMPTY_BYTES };
}

export class ClassicGroupManager {
  constructor(
    private readonly host: ClassicGroupHost,
    private readonly timers: GroupTimers,
    readonly config: ClassicGroupConfig = DEFAULT_CLASSIC_CONFIG,
    private readonly logger: CoordinatorLogger = STDERR_LOGGER,
  ) {}

  private now(): number {
    return this.timers.nowMs();
  }

  // ---- JoinGroup ------------------------------------------------------------------------------

  join(req: JoinRequest): Promise<JoinResult> {
    if (req.groupId === "") return Promise.resolve(joinError(req.memberId, ErrorCode.INVALID_GROUP_ID));
    if (req.sessionTimeoutMs < this.config.minSessionTimeoutMs || req.sessionTimeoutMs > this.config.maxSessionTimeoutMs) {
      return Promise.resolve(joinError(req.memberId, ErrorCode.INVALID_SESSION_TIMEOUT));
    }
    let group: ClassicGroup | undefined;
    try {
      group = this.host.classicGroup(req.groupId, req.memberId === "");
    } catch (e) {
      if (e instanceof GroupError) return Promise.resolve(joinError(req.memberId, e.code));
      throw e;
    }
    if (!group) return Promise.resolve(joinError(req.memberId, ErrorCode.UNKNOWN_MEMBER_ID));
    const known = req.memberId !== "" && (group.hasMember(req.memberId) || group.pendingMembers.has(req.memberId));
    if (!known && group.size >= this.config.maxGroupSize) {
      return Promise.resolve(joinError(req.memberId, ErrorCode.GROUP_MAX_SIZE_REACHED));
    }
    return new Promise<JoinResult>((resolve) => {
      if (req.memberId === "") this.joinNewMember(group, req, resolve);
      else this.joinExistingMember(group, req, resolve);
    });
  }

  private joinNewMember(group: ClassicGroup, req: JoinRequest, resolve: (r: JoinResult) => void): void {
    if (group.is("Dead")) return resolve(joinError("", ErrorCode.COORDINATOR_NOT_AVAILABLE));
    if (!group.supportsProtocols(req.protocolType, req.protocols)) return resolve(joinError("", ErrorCode.INCONSISTENT_GROUP_PROTOCOL));
    const newMemberId = `${req.clientId}-${randomUUID()}`;
    if (req.groupInstanceId !== null) {
      const existing = group.staticMemberId(req.groupInstanceId);
      if (existing !== undefined) return this.updateStaticMemberAndRebalance(group, existing, newMemberId, req, resolve);
      return this.addMemberAndRebalance(group, newMemberId, req, resolve);
    }
    if (req.requireKnownMemberId) {
      // KIP-394: hand out the id; the member must rejoin with it within the session timeout.
      group.pendingMembers.add(newMemberId);
      this.timers.schedule(hbKey(group.groupId, newMemberId), req.sessionTimeoutMs, () => this.onHeartbeatExpired(group.groupId, newMemberId));
      return resolve(joinError(newMemberId, ErrorCode.MEMBER_ID_REQUIRED));
    }
    this.addMemberAndRebalance(group, newMemberId, req, resolve);
  }

  private joinExistingMember(group: ClassicGroup, req: JoinRequest, resolve: (r: JoinResult) => void): void {
    const memberId = req.memberId;
    if (group.is("Dead")) return resolve(joinError(memberId, ErrorCode.COORDINATOR_NOT_AVAILABLE));
    if (!group.supportsProtocols(req.protocolType, req.protocols)) return resolve(joinError(memberId, ErrorCode.INCONSISTENT_GROUP_PROTOCOL));
    if (group.pendingMembers.has(memberId)) {
      group.pendingMembers.delete(memberId);
      return this.addMemberAndRebalance(group, memberId, req, resolve);
    }
    if (group.isStaticMemberFenced(req.groupInstanceId, memberId)) return resolve(joinError(memberId, ErrorCode.FENCED_INSTANCE_ID));
    const member = group.member(memberId);
    if (!member) return resolve(joinError(memberId, ErrorCode.UNKNOWN_MEMBER_ID));
    switch (group.state) {
      case "PreparingRebalance":
        return this.updateMemberAndRebalance(group, member, req, resolve, `member ${memberId} rejoined`);
      case "CompletingRebalance":
        if (member.matches(req.protocols)) {
          // The member missed the JoinGroup response: send it again.
          return resolve(this.joinResultFor(group, member, group.isLeader(memberId), false));
        }
        return this.updateMemberAndRebalance(group, member, req, resolve, `member ${memberId} changed its protocols`);
      case "Stable":
        if (group.isLeader(memberId) || !member.matches(req.protocols)) {
          return this.updateMemberAndRebalance(group, member, req, resolve, `leader or changed member ${memberId} rejoined`);
        }
        this.rescheduleHeartbeat(group, member, member.sessionTimeoutMs);
        return resolve(this.joinResultFor(group, member, false, false));
      default:
        return resolve(joinError(memberId, ErrorCode.UNKNOWN_MEMBER_ID));
    }
  }

  private joinResultFor(group: ClassicGroup, member: ClassicGroupMember, withMembers: boolean, skipAssignment: boolean): JoinResult {
    const protocol = group.protocolName;
    return {
      errorCode: ErrorCode.NONE,
      generationId: group.generationId,
      protocolType: group.protocolType,
      protocolName: protocol,
      leader: group.leaderId ?? "",
      skipAssignment,
      memberId: member.memberId,
      members:
        withMembers && protocol !== null
          ? [...group.members.values()].map((m) => ({ memberId: m.memberId, groupInstanceId: m.groupInstanceId, metadata: m.metadataFor(protocol) }))
          : [],
    };
  }

  private addMemberAndRebalance(group: ClassicGroup, memberId: string, req: JoinRequest, resolve: (r: JoinResult) => void): void {
    const member = new ClassicGroupMember({
      memberId,
      groupInstanceId: req.groupInstanceId,
      clientId: req.clientId,
      clientHost: req.clientHost,
      rebalanceTimeoutMs: req.rebalanceTimeoutMs,
      sessionTimeoutMs: req.sessionTimeoutMs,
      protocolType: req.protocolType,
      supportedProtocols: req.protocols,
    });
    member.isNew = true;
    if (group.is("PreparingRebalance") && group.generationId === 0) group.newMemberAdded = true;
    group.add(member);
    member.awaitingJoin = resolve;
    group.pendingMembers.delete(memberId);
    this.rescheduleHeartbeat(group, member, this.config.newMemberJoinTimeoutMs);
    this.maybePrepareRebalance(group, `member ${memberId} joined`);
  }

  private updateMemberAndRebalance(group: ClassicGroup, member: ClassicGroupMember, req: JoinRequest, resolve: (r: JoinResult) => void, reason: string): void {
    group.updateProtocols(member, req.protocols);
    member.rebalanceTimeoutMs = req.rebalanceTimeoutMs;
    member.sessionTimeoutMs = req.sessionTimeoutMs;
    member.clientId = req.clientId;
    member.clientHost = req.clientHost;
    // A second JoinGroup from the same member replaces the first (Kafka answers the old one with an error).
    member.completeJoin(joinError(member.memberId, ErrorCode.UNKNOWN_MEMBER_ID));
    member.awaitingJoin = resolve;
    // While waiting for the rebalance the member is kept alive by the join, up to the rebalance timeout.
    this.rescheduleHeartbeat(group, member, Math.max(member.sessionTimeoutMs, member.rebalanceTimeoutMs));
    this.prepareOrCompleteJoin(group, reason);
  }

  private updateStaticMemberAndRebalance(group: ClassicGroup, oldMemberId: string, newMemberId: string, req: JoinRequest, resolve: (r: JoinResult) => void): void {
    const instanceId = req.groupInstanceId!;
    const old = group.member(oldMemberId)!;
    const oldProtocols = old.supportedProtocols;
    const oldRebalanceTimeoutMs = old.rebalanceTimeoutMs;
    const oldSessionTimeoutMs = old.sessionTimeoutMs;
    // The old incarnation is fenced: its pending JoinGroup / SyncGroup get FENCED_INSTANCE_ID.
    old.completeJoin(joinError(oldMemberId, ErrorCode.FENCED_INSTANCE_ID));
    old.completeSync(syncError(ErrorCode.FENCED_INSTANCE_ID));
    this.timers.cancel(hbKey(group.groupId, oldMemberId));
    const member = group.replaceStaticMember(instanceId, oldMemberId, newMemberId);
    this.rescheduleHeartbeat(group, member, req.sessionTimeoutMs);
    switch (group.state) {
      case "Stable": {
        const oldProtocolName = group.protocolName;
        group.updateProtocols(member, req.protocols);
        member.rebalanceTimeoutMs = req.rebalanceTimeoutMs;
        member.sessionTimeoutMs = req.sessionTimeoutMs;
        const candidates = group.candidateProtocols();
        if (oldProtocolName !== null && candidates.has(oldProtocolName) && group.selectProtocol() === oldProtocolName) {
          // Same protocol: no rebalance. Store the new member id first, then answer with the current
          // generation; a rejoining leader learns it leads and (v9+) skips the assignment.
          const isLeader = group.isLeader(newMemberId);
          const generation = group.generationId;
          this.host.storeGroup(group).then(
            () => resolve(this.joinResultFor(group, member, isLeader && req.supportsSkipAssignment, isLeader && req.supportsSkipAssignment)),
            () => {
              // Roll back to the old member id: the record did not make it.
              if (group.generationId === generation && group.hasMember(newMemberId)) {
                group.replaceStaticMember(instanceId, newMemberId, oldMemberId);
                group.updateProtocols(member, oldProtocols);
                member.rebalanceTimeoutMs = oldRebalanceTimeoutMs;
                member.sessionTimeoutMs = oldSessionTimeoutMs;
                this.rescheduleHeartbeat(group, member, member.sessionTimeoutMs);
              }
              resolve(joinError(newMemberId, ErrorCode.UNKNOWN_SERVER_ERROR));
            },
          );
          return;
        }
        member.awaitingJoin = resolve;
        return this.prepareOrCompleteJoin(group, `static member ${instanceId} rejoined with other protocols`);
      }
      case "CompletingRebalance":
      case "PreparingRebalance":
      case "Empty":
        return this.updateMemberAndRebalance(group, member, req, resolve, `static member ${instanceId} rejoined`);
      default:
        return resolve(joinError(newMemberId, ErrorCode.COORDINATOR_NOT_AVAILABLE));
    }
  }

  private prepareOrCompleteJoin(group: ClassicGroup, reason: string): void {
    if (group.is("PreparingRebalance")) this.maybeCompleteJoin(group);
    else this.maybePrepareRebalance(group, reason);
  }

  private maybePrepareRebalance(group: ClassicGroup, reason: string): void {
    if (group.is("Stable") || group.is("CompletingRebalance") || group.is("Empty")) this.prepareRebalance(group, reason);
    else if (group.is("PreparingRebalance")) this.maybeCompleteJoin(group);
  }

  /** Move to PreparingRebalance and arm the join timeout (the initial delay for a new group). */
  prepareRebalance(group: ClassicGroup, _reason: string): void {
    if (group.is("CompletingRebalance")) this.resetAndPropagateAssignmentWithError(group, ErrorCode.REBALANCE_IN_PROGRESS);
    this.timers.cancel(syncKey(group.groupId));
    const isInitial = group.is("Empty");
    group.transitionTo("PreparingRebalance", this.now());
    if (isInitial) {
      const delayMs = this.config.initialRebalanceDelayMs;
      const remainingMs = Math.max(group.rebalanceTimeoutMs() - delayMs, 0);
      this.timers.schedule(joinKey(group.groupId), delayMs, () => this.tryCompleteInitialRebalance(group.groupId, delayMs, remainingMs));
    } else {
      this.timers.schedule(joinKey(group.groupId), group.rebalanceTimeoutMs(), () => this.completeJoin(group.groupId));
    }
    this.maybeCompleteJoin(group);
  }

  private tryCompleteInitialRebalance(groupId: string, delayMs: number, remainingMs: number): void {
    const group = this.host.classicGroup(groupId, false);
    if (!group || !group.is("PreparingRebalance")) return;
    if (group.newMemberAdded && remainingMs > 0) {
      group.newMemberAdded = false;
      const next = Math.min(this.config.initialRebalanceDelayMs, remainingMs);
      const rest = Math.max(remainingMs - delayMs, 0);
      this.timers.schedule(joinKey(groupId), next, () => this.tryCompleteInitialRebalance(groupId, next, rest));
      return;
    }
    this.completeJoin(groupId);
  }

  /** Complete the join phase early when everyone has rejoined (not during the initial delay). */
  private maybeCompleteJoin(group: ClassicGroup): void {
    if (group.is("PreparingRebalance") && group.hasAllMembersJoined() && group.previousState !== "Empty") {
      this.timers.cancel(joinKey(group.groupId));
      this.completeJoin(group.groupId);
    }
  }

  private completeJoin(groupId: string): void {
    const group = this.host.classicGroup(groupId, false);
    if (!group || !group.is("PreparingRebalance")) return;
    // Dynamic members that did not rejoin in time leave; static members keep their place.
    for (const m of [...group.members.values()]) {
      if (!m.isAwaitingJoin && !m.isStatic) {
        group.remove(m.memberId);
        this.timers.cancel(hbKey(groupId, m.memberId));
      }
    }
    if (!group.maybeElectNewJoinedLeader() && group.size > 0) {
      // Only static members that have not rejoined remain: wait another rebalance timeout.
      this.timers.schedule(joinKey(groupId), group.rebalanceTimeoutMs(), () => this.completeJoin(groupId));
      return;
    }
    group.initNextGeneration(this.now());
    if (group.is("Empty")) {
      this.host.onGroupEmpty?.(group);
      // Nobody waits for it; the runtime reverted the state if the write failed.
      this.host.storeGroup(group).catch((e: unknown) => this.logger.warn("group coordinator: the empty group's metadata was not written", { groupId, error: e instanceof Error ? e.message : String(e) }));
      return;
    }
    for (const m of group.members.values()) {
      const isLeader = group.isLeader(m.memberId);
      m.completeJoin(this.joinResultFor(group, m, isLeader, false));
      m.isNew = false;
      this.rescheduleHeartbeat(group, m, m.sessionTimeoutMs);
    }
    // Members that do not send SyncGroup within the rebalance timeout are removed.
    const generation = group.generationId;
    this.timers.schedule(syncKey(groupId), group.rebalanceTimeoutMs(), () => this.onSyncExpired(groupId, generation));
  }

  private onSyncExpired(groupId: string, generation: number): void {
    const group = this.host.classicGroup(groupId, false);
    if (!group || group.generationId !== generation) return;
    if (!(group.is("CompletingRebalance") || group.is("Stable")) || group.pendingSyncMembers.size === 0) return;
    for (const id of [...group.pendingSyncMembers]) {
      group.remove(id);
      this.timers.cancel(hbKey(groupId, id));
    }
    this.afterMemberRemoved(group, "members did not sync in time");
  }

  private resetAndPropagateAssignmentWithError(group: ClassicGroup, errorCode: number): void {
    for (const m of group.members.values()) {
      m.assignment = EMPTY_BYTES;
      m.completeSync(syncError(errorCode));
    }
  }

  // ---- SyncGroup ------------------------------------------------------------------------------

  sync(req: SyncRequest): Promise<SyncResult> {
    let group: ClassicGroup | undefined;
    try {
      group = this.host.classicGroup(req.groupId, false);
    } catch (e) {
      if (e instanceof GroupError) return Promise.resolve(syncError(e.code));
      throw e;
    }
    if (!group) return Promise.resolve(syncError(ErrorCode.UNKNOWN_MEMBER_ID));
    if (group.is("Dead")) return Promise.resolve(syncError(ErrorCode.COORDINATOR_NOT_AVAILABLE));
    if (group.isStaticMemberFenced(req.groupInstanceId, req.memberId)) return Promise.resolve(syncError(ErrorCode.FENCED_INSTANCE_ID));
    const member = group.member(req.memberId);
    if (!member) return Promise.resolve(syncError(ErrorCode.UNKNOWN_MEMBER_ID));
    if (req.generationId !== group.generationId) return Promise.resolve(syncError(ErrorCode.ILLEGAL_GENERATION));
    if ((req.protocolType !== null && req.protocolType !== group.protocolType) || (req.protocolName !== null && req.protocolName !== group.protocolName)) {
      return Promise.resolve(syncError(ErrorCode.INCONSISTENT_GROUP_PROTOCOL));
    }
    switch (group.state) {
      case "Empty":
        return Promise.resolve(syncError(ErrorCode.UNKNOWN_MEMBER_ID));
      case "PreparingRebalance":
        return Promise.resolve(syncError(ErrorCode.REBALANCE_IN_PROGRESS));
      case "CompletingRebalance":
        return new Promise<SyncResult>((resolve) => {
          member.completeSync(syncError(ErrorCode.REBALANCE_IN_PROGRESS));
          member.awaitingSync = resolve;
          this.rescheduleHeartbeat(group, member, member.sessionTimeoutMs);
          this.removePendingSyncMember(group, member.memberId);
          if (group.isLeader(member.memberId)) this.storeLeaderAssignment(group, req.assignments);
        });
      case "Stable":
        this.rescheduleHeartbeat(group, member, member.sessionTimeoutMs);
        this.removePendingSyncMember(group, member.memberId);
        return Promise.resolve({ errorCode: ErrorCode.NONE, protocolType: group.protocolType, protocolName: group.protocolName, assignment: member.assignment });
      default:
        return Promise.resolve(syncError(ErrorCode.COORDINATOR_NOT_AVAILABLE));
    }
  }

  private removePendingSyncMember(group: ClassicGroup, memberId: string): void {
    group.pendingSyncMembers.delete(memberId);
    if (group.pendingSyncMembers.size === 0) this.timers.cancel(syncKey(group.groupId));
  }

  private storeLeaderAssignment(group: ClassicGroup, assignments: SyncRequest["assignments"]): void {
    const byMember = new Map(assignments.map((a) => [a.memberId, a.assignment]));
    for (const m of group.members.values()) m.assignment = byMember.get(m.memberId) ?? EMPTY_BYTES;
    const generation = group.generationId;
    this.host.storeGroup(group).then(
      () => {
        if (!group.is("CompletingRebalance") || group.generationId !== generation) return;
        for (const m of group.members.values()) {
          m.completeSync({ errorCode: ErrorCode.NONE, protocolType: group.protocolType, protocolName: group.protocolName, assignment: m.assignment });
        }
        group.transitionTo("Stable", this.now());
      },
      () => {
        if (!group.is("CompletingRebalance") || group.generationId !== generation) return;
        this.resetAndPropagateAssignmentWithError(group, ErrorCode.COORDINATOR_NOT_AVAILABLE);
        this.prepareRebalance(group, "storing the assignment failed");
      },
    );
  }

  // ---- Heartbeat ------------------------------------------------------------------------------

  heartbeat(groupId: string, memberId: string, groupInstanceId: string | null, generationId: number): number {
    let group: ClassicGroup | undefined;
    try {
      group = this.host.classicGroup(groupId, false);
    } catch (e) {
      if (e instanceof GroupError) return e.code;
      throw e;
    }
    if (!group) return ErrorCode.UNKNOWN_MEMBER_ID;
    if (group.is("Dead")) return ErrorCode.COORDINATOR_NOT_AVAILABLE;
    if (group.isStaticMemberFenced(groupInstanceId, memberId)) return ErrorCode.FENCED_INSTANCE_ID;
    const member = group.member(memberId);
    if (!member) return ErrorCode.UNKNOWN_MEMBER_ID;
    if (generationId !== group.generationId) return ErrorCode.ILLEGAL_GENERATION;
    switch (group.state) {
      case "Empty":
        return ErrorCode.UNKNOWN_MEMBER_ID;
      case "CompletingRebalance":
      case "Stable":
        this.rescheduleHeartbeat(group, member, member.sessionTimeoutMs);
        return ErrorCode.NONE;
      case "PreparingRebalance":
        this.rescheduleHeartbeat(group, member, Math.max(member.sessionTimeoutMs, member.isAwaitingJoin ? member.rebalanceTimeoutMs : 0));
        return ErrorCode.REBALANCE_IN_PROGRESS;
      default:
        return ErrorCode.COORDINATOR_NOT_AVAILABLE;
    }
  }

  private rescheduleHeartbeat(group: ClassicGroup, member: ClassicGroupMember, timeoutMs: number): void {
    const groupId = group.groupId;
    const memberId = member.memberId;
    this.timers.schedule(hbKey(groupId, memberId), timeoutMs, () => this.onHeartbeatExpired(groupId, memberId));
  }

  private onHeartbeatExpired(groupId: string, memberId: string): void {
    const group = this.host.classicGroup(groupId, false);
    if (!group) return;
    if (group.pendingMembers.delete(memberId)) {
      this.maybeCompleteJoin(group);
      return;
    }
    const m = group.member(memberId);
    if (!m) return;
    // A member waiting in JoinGroup is expired only by the join timeout (completeJoin removes it).
    if (m.isAwaitingJoin && group.is("PreparingRebalance")) return;
    this.removeMember(group, m, "session timeout expired");
  }

  // ---- LeaveGroup -----------------------------------------------------------------------------

  /** Per-member error codes, in request order; throws GroupError for a group-level error. */
  leave(groupId: string, members: readonly LeaveMember[]): number[] {
    const group = this.host.classicGroup(groupId, false);
    if (!group) throw new GroupError(ErrorCode.UNKNOWN_MEMBER_ID, groupId, "no such group");
    if (group.is("Dead")) throw new GroupError(ErrorCode.COORDINATOR_NOT_AVAILABLE, groupId, "group is dead");
    const out: number[] = [];
    // Bounded by the request's member list.
    for (const lm of members) {
      let memberId = lm.memberId;
      if (memberId === "" && lm.groupInstanceId !== null) {
        const id = group.staticMemberId(lm.groupInstanceId);
        if (id === undefined) {
          out.push(ErrorCode.UNKNOWN_MEMBER_ID);
          continue;
        }
        memberId = id;
      }
      if (group.isStaticMemberFenced(lm.groupInstanceId, memberId)) {
        out.push(ErrorCode.FENCED_INSTANCE_ID);
        continue;
      }
      if (group.pendingMembers.delete(memberId)) {
        this.timers.cancel(hbKey(groupId, memberId));
        this.maybeCompleteJoin(group);
        out.push(ErrorCode.NONE);
        continue;
      }
      const m = group.member(memberId);
      if (!m) {
        out.push(ErrorCode.UNKNOWN_MEMBER_ID);
        continue;
      }
      this.removeMember(group, m, "member left");
      out.push(ErrorCode.NONE);
    }
    return out;
  }

  private removeMember(group: ClassicGroup, m: ClassicGroupMember, reason: string): void {
    m.completeJoin(joinError(m.memberId, ErrorCode.UNKNOWN_MEMBER_ID));
    m.completeSync(syncError(ErrorCode.UNKNOWN_MEMBER_ID));
    group.remove(m.memberId);
    this.timers.cancel(hbKey(group.groupId, m.memberId));
    this.afterMemberRemoved(group, reason);
  }

  private afterMemberRemoved(group: ClassicGroup, reason: string): void {
    switch (group.state) {
      case "Stable":
      case "CompletingRebalance":
        this.prepareRebalance(group, reason);
        break;
      case "PreparingRebalance":
        this.maybeCompleteJoin(group);
        break;
      default:
        break;
    }
  }

  /** Answer every member waiting in JoinGroup or SyncGroup with `errorCode` (the shard is unloaded). */
  failWaiters(group: ClassicGroup, errorCode: number): void {
    for (const m of group.members.values()) {
      m.completeJoin(joinError(m.memberId, errorCode));
      m.completeSync(syncError(errorCode));
    }
  }

  /** Stop every timer of a group (deleted or unloaded). */
  cancelGroupTimers(group: ClassicGroup): void {
    this.timers.cancel(joinKey(group.groupId));
    this.timers.cancel(syncKey(group.groupId));
    for (const id of group.members.keys()) this.timers.cancel(hbKey(group.groupId, id));
    for (const id of group.pendingMembers) this.timers.cancel(hbKey(group.groupId, id));
  }

  /** After loading a group from the log: arm the session timeouts of its members. */
  scheduleLoadedMembers(group: ClassicGroup): void {
    for (const m of group.members.values()) this.rescheduleHeartbeat(group, m, m.sessionTimeoutMs);
  }
}

export function hbKey(groupId: string, memberId: string): string {
  return `hb\u0000${groupId}\u0000${memberId}`;
}
export function joinKey(groupId: string): string {
  return `join\u0000${groupId}`;
}
export function syncKey(groupId: string): string {
  return `sync\u0000${groupId}`;
}
