// The KIP-1071 streams group protocol (StreamsGroupHeartbeat), modelled on the streams half of Kafka
// 4.4.0's GroupMetadataManager: join with epoch 0 and the topology (the first member initialises the
// group's topology; a later one with an older topology epoch is told STALE_TOPOLOGY), heartbeat with
// the current epoch, leave with -1. The group epoch is bumped by membership, member metadata (process,
// client tags, rack, topology epoch), topology and topic metadata changes; the topology is configured
// against the topics (streams-topology.ts: missing source topics, internal topics to create); a new
// target assignment is computed by the task assignor for each new group epoch (first one after
// group.streams.initial.rebalance.delay.ms, then at most once per group.streams.assignment.interval.ms,
// both answered with ASSIGNMENT_DELAYED), and each member reconciled towards its target
// (streams-assignment-builder.ts). Session timeouts fence silent members; a member that does not revoke
// within its rebalance timeout is fenced.
// Every change is applied in memory at once and answered once its records are in __consumer_offsets.
// Left out: static membership (instance ids are recorded, not matched), warm-up tasks (Kafka's
// AssignmentRefiner), rack-aware standby placement, topology descriptions (KIP-1331).

const randomUUID = (): string => crypto.randomUUID();
import { ErrorCode } from "../../protocol/errors.ts";
import type { TopicInfo } from "./consumer-manager.ts";
import { canComputeNextTargetAssignment } from "./consumer-manager.ts";
import { GroupError } from "./errors.ts";
import type { KeyValue } from "./records.ts";
import type { GroupTimers } from "./timer.ts";
import { StreamsGroup } from "./streams-group.ts";
import { StreamsGroupMember, StreamsMemberState, TASK_KINDS, emptyTasks, eachTask, sameEndpoint, sameTaskSet, sameTasksWithEpochs, toTaskIds, type TaskSet } from "./streams-group-member.ts";
import { buildCurrentStreamsAssignment } from "./streams-assignment-builder.ts";
import { configureTopics, isReady, topologyMetadataHash, StreamsStatus, type ConfiguredTopology } from "./streams-topology.ts";
import type { TaskAssignor } from "./streams-task-assignor.ts";
import { currentAssignmentRecord, groupMetadataRecord, memberMetadataRecord, memberTombstones, sgRecords, targetMemberRecord, targetMetadataRecord } from "./streams-records.ts";
import { streamsHeartbeatError, validateStreamsHeartbeat, type EndpointPartitions, type StreamsHeartbeatRequest, type StreamsHeartbeatResult } from "./streams-heartbeat.ts";
import { STDERR_LOGGER, type CoordinatorLogger } from "../runtime/logger.ts";

export interface StreamsGroupConfig {
  sessionTimeoutMs: number;
  heartbeatIntervalMs: number;
  maxSize: number;
  numStandbyReplicas: number;
  initialRebalanceDelayMs: number;
  assignmentIntervalMs: number;
  /** group.streams.assignors; the first is used. */
  assignors: readonly TaskAssignor[];
  /** GroupConfig's internal streams.task.offset.interval.ms (Kafka's default 60 s). */
  taskOffsetIntervalMs: number;
  /** GroupConfig's internal streams.acceptable.recovery.lag (Kafka's default 10000). */
  acceptableRecoveryLag: bigint;
}

/** The settings a GROUP config resource can change (streams.* group configs). */
export interface StreamsGroupSettings {
  sessionTimeoutMs: number;
  heartbeatIntervalMs: number;
  numStandbyReplicas: number;
  initialRebalanceDelayMs: number;
  assignmentIntervalMs: number;
}

export interface StreamsGroupHost {
  /** The streams group (creating it when `create`); throws GroupError when the id names another type. */
  streamsGroup(groupId: string, create: boolean): StreamsGroup | undefined;
  append(groupId: string, records: KeyValue[]): Promise<void>;
  topics(): ReadonlyMap<string, TopicInfo>;
  /** A group's settings now (GROUP config overrides over group.streams.*); absent: StreamsGroupConfig's. */
  groupConfig?(groupId: string): StreamsGroupSettings;
}

const LEAVE_EPOCH = -1;
/** Bound on the task offsets kept per member (a member reports one per task it has state for). */
const MAX_TASK_OFFSETS = 100_000;
const STATIC_LEAVE_EPOCH = -2;

export class StreamsGroupManager {
  constructor(
    private readonly host: StreamsGroupHost,
    private readonly timers: GroupTimers,
    readonly config: StreamsGroupConfig,
    private readonly logger: CoordinatorLogger = STDERR_LOGGER,
  ) {}

  heartbeat(req: StreamsHeartbeatRequest): { result: StreamsHeartbeatResult; written: Promise<void> } {
    const invalid = validateStreamsHeartbeat(req);
    if (invalid) return { result: invalid, written: Promise.resolve() };
    try {
      if (req.memberEpoch === LEAVE_EPOCH || req.memberEpoch === STATIC_LEAVE_EPOCH) return this.leave(req);
      return this.join(req);
    } catch (e) {
      if (e instanceof GroupError) return { result: streamsHeartbeatError(e.code, e.message.replace(/^[A-Z_]+: group '[^']*'( member '[^']*')?: /, ""), req.memberId), written: Promise.resolve() };
      throw e;
    }
  }

  private join(req: StreamsHeartbeatRequest): { result: StreamsHeartbeatResult; written: Promise<void> } {
    const joining = req.memberEpoch === 0;
    const group = this.host.streamsGroup(req.groupId, joining);
    if (!group) throw new GroupError(ErrorCode.GROUP_ID_NOT_FOUND, req.groupId, `Streams group ${req.groupId} not found.`);
    const wasEmpty = group.isEmpty();
    const records: KeyValue[] = [];
    const status: Array<{ statusCode: number; statusDetail: string }> = [];
    const now = this.timers.nowMs();
    let member = group.members.get(req.memberId);
    const isNew = member === undefined;
    if (member === undefined) {
      if (!joining) throw new GroupError(ErrorCode.UNKNOWN_MEMBER_ID, group.groupId, `Member ${req.memberId} is not a member of group ${group.groupId}.`);
      if (group.members.size >= this.config.maxSize) throw new GroupError(ErrorCode.GROUP_MAX_SIZE_REACHED, group.groupId, `The streams group has reached its maximum capacity of ${this.config.maxSize} members.`);
      member = new StreamsGroupMember({ memberId: req.memberId, instanceId: req.instanceId, rackId: req.rackId, clientId: req.clientId, clientHost: req.clientHost, rebalanceTimeoutMs: req.rebalanceTimeoutMs, topologyEpoch: -1, processId: "", userEndpoint: null, clientTags: new Map() });
    } else if (!joining) {
      this.checkEpoch(group, member, req);
    }

    // The topology: the first member initialises it; later ones must bring the same one.
    let bump = isNew;
    if (req.topology !== null) {
      if (group.topology === null) {
        group.topology = req.topology;
        group.configuredTopology = null;
        records.push(sgRecords.topology(group.groupId, req.topology));
        bump = true;
      } else if (req.topology.epoch > group.topology.epoch || (req.topology.epoch === group.topology.epoch && !sameTopology(req.topology, group.topology))) {
        throw new GroupError(ErrorCode.INVALID_REQUEST, group.groupId, "Topology updates are not supported yet.");
      }
    } else if (group.topology === null) {
      throw new GroupError(ErrorCode.GROUP_ID_NOT_FOUND, group.groupId, "The topology is null and the group topology is also null.");
    }

    const updated = member.clone();
    updated.instanceId = req.instanceId ?? updated.instanceId;
    if (req.rackId !== null) updated.rackId = req.rackId;
    updated.clientId = req.clientId;
    updated.clientHost = req.clientHost;
    if (req.rebalanceTimeoutMs !== -1) updated.rebalanceTimeoutMs = req.rebalanceTimeoutMs;
    if (req.topology !== null) updated.topologyEpoch = req.topology.epoch;
    if (req.processId !== null) updated.processId = req.processId;
    if (req.userEndpoint !== null) updated.userEndpoint = req.userEndpoint;
    if (req.clientTags !== null) updated.clientTags = req.clientTags;
    // Task offsets: kept for the topology's subtopologies only, at most MAX_TASK_OFFSETS per member.
    const known = new Set(group.topology?.subtopologies.map((s) => s.subtopologyId) ?? []);
    const keep = (into: Map<string, bigint>, l: StreamsHeartbeatRequest["taskOffsets"]) => {
      for (const o of l ?? []) {
        const k = `${o.subtopologyId}:${o.partition}`;
        if (known.has(o.subtopologyId) && (into.has(k) || into.size < MAX_TASK_OFFSETS)) into.set(k, o.offset);
      }
    };
    keep(updated.taskOffsets, req.taskOffsets);
    keep(updated.taskEndOffsets, req.taskEndOffsets);
    if (isNew || !updated.sameMetadataAs(member)) {
      records.push(memberMetadataRecord(group.groupId, updated));
      // Kafka's hasEpochRelevantMemberConfigChanged: what the assignor reads.
      if (updated.processId !== member.processId || updated.topologyEpoch !== member.topologyEpoch || updated.rackId !== member.rackId || updated.instanceId !== member.instanceId || ![...updated.clientTags].every(([k, v]) => member!.clientTags.get(k) === v) || updated.clientTags.size !== member.clientTags.size) bump = true;
    }
    group.updateMember(updated);

    // Topic metadata: re-configure the topology when the topics it names changed.
    const topics = this.host.topics();
    const hash = topologyMetadataHash(group.topology!, topics);
    if (hash !== group.metadataHash) {
      group.metadataHash = hash;
      bump = true;
    }
    if (bump || group.configuredTopology === null || group.configuredTopology.metadataHash !== hash) group.configuredTopology = configureTopics(group.topology!, topics);
    const configured = group.configuredTopology!;
    if (bump) {
      group.groupEpoch++;
      group.validatedTopologyEpoch = isReady(configured) ? configured.topologyEpoch : -1;
      group.lastAssignmentConfigs = this.assignmentConfigs(group.groupId);
      records.push(groupMetadataRecord(group));
      if (wasEmpty && this.settings(group.groupId).initialRebalanceDelayMs > 0 && !this.timers.isScheduled(initialRebalanceKey(group.groupId))) {
        this.timers.schedule(initialRebalanceKey(group.groupId), this.settings(group.groupId).initialRebalanceDelayMs, () => this.delayedAssignment(group.groupId));
      }
    }

    // The target assignment.
    if (this.timers.isScheduled(initialRebalanceKey(group.groupId))) {
      status.push({ statusCode: StreamsStatus.ASSIGNMENT_DELAYED, statusDetail: "Assignment delayed due to the configured initial rebalance delay." });
    } else if (group.groupEpoch > group.targetAssignmentEpoch) {
      if (canComputeNextTargetAssignment(group.assignmentTimestampMs, this.settings(group.groupId).assignmentIntervalMs, now)) records.push(...this.computeTargetAssignment(group, now));
      else status.push({ statusCode: StreamsStatus.ASSIGNMENT_DELAYED, statusDetail: "Assignment delayed due to the configured assignment interval." });
    }

    // Reconcile the member towards its target.
    const current = group.members.get(updated.memberId)!;
    const next = buildCurrentStreamsAssignment(current, group.targetAssignmentEpoch, group.targetAssignment.get(current.memberId) ?? emptyTasks(), { active: req.activeTasks, standby: req.standbyTasks, warmup: req.warmupTasks }, group, group.groupId);
    if (next !== current) group.updateMember(next);
    if (isNew || !next.sameAssignmentAs(member)) records.push(currentAssignmentRecord(group.groupId, next));
    this.scheduleSession(group.groupId, next.memberId);
    if (next.state === StreamsMemberState.UNREVOKED_TASKS) {
      if (member.state !== StreamsMemberState.UNREVOKED_TASKS || member.memberEpoch !== next.memberEpoch || isNew) this.scheduleRebalanceTimeout(group.groupId, next.memberId, next.memberEpoch, next.rebalanceTimeoutMs);
    } else {
      this.timers.cancel(rebalanceKey(group.groupId, next.memberId));
    }
    if (req.shutdownApplication) group.shutdownRequestMemberId = next.memberId;

    const result = streamsHeartbeatError(ErrorCode.NONE, null, next.memberId);
    result.memberEpoch = next.memberEpoch;
    result.heartbeatIntervalMs = this.settings(group.groupId).heartbeatIntervalMs;
    result.taskOffsetIntervalMs = this.config.taskOffsetIntervalMs;
    result.acceptableRecoveryLag = this.config.acceptableRecoveryLag;
    // Kafka's hasAssignedTasksChanged (epochs included) and hasUserEndpointChanged. A new member counts
    // as a changed endpoint when it joins a group that has other members (what Kafka 4.4.0 answers:
    // the first member of an empty group does not move the endpoint epoch).
    const tasksChanged = !sameTasksWithEpochs(next.assigned, member.assigned);
    const endpointChanged = isNew ? !wasEmpty && next.userEndpoint !== null : !sameEndpoint(member.userEndpoint, next.userEndpoint);
    if (joining || tasksChanged) {
      result.activeTasks = toTaskIds(next.assigned.active);
      result.standbyTasks = toTaskIds(next.assigned.standby);
      result.warmupTasks = toTaskIds(next.assigned.warmup);
    }
    if (endpointChanged || (tasksChanged && next.userEndpoint !== null)) group.endpointInformationEpoch++;
    if (group.topology !== null && next.topologyEpoch < group.topology.epoch) {
      status.push({ statusCode: StreamsStatus.STALE_TOPOLOGY, statusDetail: `The member's topology epoch ${next.topologyEpoch} is behind the group's topology epoch ${group.topology.epoch}.` });
    }
    if (group.shutdownRequestMemberId !== null) {
      status.push({ statusCode: StreamsStatus.SHUTDOWN_APPLICATION, statusDetail: `Streams group member ${group.shutdownRequestMemberId} encountered a fatal error and requested a shutdown for the entire application.` });
    }
    if (configured.error !== null) {
      status.push({ statusCode: configured.error.status, statusDetail: configured.error.message });
      result.internalTopicsToCreate = configured.internalTopicsToBeCreated;
    }
    if (group.endpointInformationEpoch !== req.endpointInformationEpoch && next.userEndpoint !== null) result.partitionsByUserEndpoint = endpointToPartitions(group, configured);
    result.endpointInformationEpoch = group.endpointInformationEpoch;
    result.status = status;
    return { result, written: this.host.append(group.groupId, records) };
  }

  /** Kafka's throwIfStreamsGroupMemberEpochIsInvalid. */
  private checkEpoch(group: StreamsGroup, m: StreamsGroupMember, req: StreamsHeartbeatRequest): void {
    if (req.memberEpoch > m.memberEpoch) {
      throw new GroupError(ErrorCode.FENCED_MEMBER_EPOCH, group.groupId, `The streams group member has a greater member epoch (${req.memberEpoch}) than the one known by the group coordinator (${m.memberEpoch}). The member must abandon all its partitions and rejoin.`, m.memberId);
    }
    if (req.memberEpoch < m.memberEpoch) {
      const subset = (owned: TaskSet | null, kind: "active" | "standby" | "warmup") => owned !== null && [...eachTask(owned)].every(([s, p]) => m.assigned[kind].get(s)?.has(p) ?? false);
      if (req.memberEpoch !== m.previousMemberEpoch || !subset(req.activeTasks, "active") || !subset(req.standbyTasks, "standby") || !subset(req.warmupTasks, "warmup")) {
        throw new GroupError(ErrorCode.FENCED_MEMBER_EPOCH, group.groupId, `The streams group member has a smaller member epoch (${req.memberEpoch}) than the one known by the group coordinator (${m.memberEpoch}). The member must abandon all its partitions and rejoin.`, m.memberId);
      }
    }
  }

  private assignmentConfigs(groupId: string): Map<string, string> {
    return new Map([["num.standby.replicas", String(this.settings(groupId).numStandbyReplicas)]]);
  }

  private settings(groupId: string): StreamsGroupSettings {
    return this.host.groupConfig?.(groupId) ?? this.config;
  }

  /** A new target assignment for the group epoch (no tasks while the topology is not ready). */
  private computeTargetAssignment(group: StreamsGroup, now: number): KeyValue[] {
    const records: KeyValue[] = [];
    const configured = group.configuredTopology;
    const subtopologies = new Map<string, number>();
    if (isReady(configured)) for (const [id, s] of configured.subtopologies) subtopologies.set(id, s.numTasks);
    const assignor = this.config.assignors[0]!;
    const target = assignor.assign({
      members: [...group.members.values()].map((m) => ({ memberId: m.memberId, processId: m.processId, previous: group.targetAssignment.get(m.memberId) ?? emptyTasks() })),
      subtopologies,
      numStandbyReplicas: this.settings(group.groupId).numStandbyReplicas,
    });
    for (const [id, t] of target) {
      const old = group.targetAssignment.get(id);
      if (!old || !TASK_KINDS.every((k) => sameTaskSet(old[k], t[k]))) records.push(targetMemberRecord(group.groupId, id, t));
      group.targetAssignment.set(id, t);
    }
    for (const id of [...group.targetAssignment.keys()]) if (!target.has(id)) group.targetAssignment.delete(id);
    group.targetAssignmentEpoch = group.groupEpoch;
    group.assignmentTimestampMs = now;
    records.push(targetMetadataRecord(group));
    return records;
  }

  /** The initial rebalance delay ran out: compute the target (Kafka's delayed target assignment). */
  private delayedAssignment(groupId: string): void {
    let group: StreamsGroup | undefined;
    try {
      group = this.host.streamsGroup(groupId, false);
    } catch (e) {
      if (e instanceof GroupError) return;
      throw e;
    }
    if (!group || group.isEmpty() || group.configuredTopology === null || group.groupEpoch <= group.targetAssignmentEpoch) return;
    const records = this.computeTargetAssignment(group, this.timers.nowMs());
    this.host.append(groupId, records).catch((e: unknown) => this.logger.warn("group coordinator: a delayed streams target assignment was not written", { groupId, error: e instanceof Error ? e.message : String(e) }));
  }

  private leave(req: StreamsHeartbeatRequest): { result: StreamsHeartbeatResult; written: Promise<void> } {
    const group = this.host.streamsGroup(req.groupId, false);
    if (!group) throw new GroupError(ErrorCode.GROUP_ID_NOT_FOUND, req.groupId, `Streams group ${req.groupId} not found.`);
    if (!group.members.has(req.memberId)) throw new GroupError(ErrorCode.UNKNOWN_MEMBER_ID, group.groupId, `Member ${req.memberId} is not a member of group ${group.groupId}.`);
    const records = this.fence(group, req.memberId);
    const result = streamsHeartbeatError(ErrorCode.NONE, null, req.memberId);
    result.memberEpoch = req.memberEpoch;
    return { result, written: this.host.append(group.groupId, records) };
  }

  /** Remove a member: its tombstones and a group epoch bump (Kafka's removeStreamsMember + bump). */
  fence(group: StreamsGroup, memberId: string): KeyValue[] {
    this.cancelMemberTimers(group.groupId, memberId);
    const records = memberTombstones(group.groupId, memberId);
    group.removeMember(memberId, this.timers.nowMs());
    group.targetAssignment.delete(memberId);
    group.groupEpoch++;
    records.push(groupMetadataRecord(group));
    // The last member leaving: nothing is left to assign, the target is at the group epoch at once.
    if (group.isEmpty()) {
      group.targetAssignmentEpoch = group.groupEpoch;
      group.assignmentTimestampMs = 0;
      records.push(targetMetadataRecord(group));
    }
    return records;
  }

  private fenceOnTimeout(groupId: string, memberId: string, epoch: number | null): void {
    let group: StreamsGroup | undefined;
    try {
      group = this.host.streamsGroup(groupId, false);
    } catch (e) {
      if (e instanceof GroupError) return;
      throw e;
    }
    const m = group?.members.get(memberId);
    if (!group || !m) return;
    if (epoch !== null && (m.memberEpoch !== epoch || m.state !== StreamsMemberState.UNREVOKED_TASKS)) return;
    this.host.append(groupId, this.fence(group, memberId)).catch((e: unknown) =>
      this.logger.warn("group coordinator: fencing a timed-out streams member was not written", { groupId, memberId, error: e instanceof Error ? e.message : String(e) }),
    );
  }

  private scheduleSession(groupId: string, memberId: string): void {
    this.timers.schedule(sessionKey(groupId, memberId), this.settings(groupId).sessionTimeoutMs, () => this.fenceOnTimeout(groupId, memberId, null));
  }

  private scheduleRebalanceTimeout(groupId: string, memberId: string, epoch: number, timeoutMs: number): void {
    this.timers.schedule(rebalanceKey(groupId, memberId), timeoutMs, () => this.fenceOnTimeout(groupId, memberId, epoch));
  }

  private cancelMemberTimers(groupId: string, memberId: string): void {
    this.timers.cancel(sessionKey(groupId, memberId));
    this.timers.cancel(rebalanceKey(groupId, memberId));
  }

  cancelGroupTimers(group: StreamsGroup): void {
    for (const id of group.members.keys()) this.cancelMemberTimers(group.groupId, id);
    this.timers.cancel(initialRebalanceKey(group.groupId));
  }

  scheduleLoadedMembers(group: StreamsGroup): void {
    for (const id of group.members.keys()) this.scheduleSession(group.groupId, id);
  }
}

function sameTopology(a: StreamsHeartbeatRequest["topology"], b: StreamsHeartbeatRequest["topology"]): boolean {
  const strip = (t: typeof a) => JSON.stringify(t, (k, v: unknown) => (k === "_unknownTaggedFields" ? undefined : v));
  return strip(a) === strip(b);
}

/** Kafka's EndpointToPartitionsManager: per member with an endpoint, the input partitions of its tasks. */
function endpointToPartitions(group: StreamsGroup, configured: ConfiguredTopology): EndpointPartitions[] {
  const out: EndpointPartitions[] = [];
  if (!isReady(configured)) return out;
  const partitionsOf = (tasks: Iterable<[string, number]>) => {
    const byTopic = new Map<string, Set<number>>();
    for (const [s, p] of tasks) {
      const sub = configured.subtopologies.get(s);
      if (!sub) continue;
      for (const t of [...sub.sourceTopics, ...sub.repartitionSourceTopics.keys()]) {
        const set = byTopic.get(t) ?? new Set<number>();
        set.add(p);
        byTopic.set(t, set);
      }
    }
    return [...byTopic].map(([topic, ps]) => ({ topic, partitions: [...ps].sort((x, y) => x - y) }));
  };
  for (const m of group.members.values()) {
    if (m.userEndpoint === null) continue;
    out.push({ userEndpoint: m.userEndpoint, activePartitions: partitionsOf(eachTask(m.assigned.active)), standbyPartitions: partitionsOf([...eachTask(m.assigned.standby), ...eachTask(m.assigned.warmup)]) });
  }
  return out;
}

export function sessionKey(groupId: string, memberId: string): string {
  return `sg-session\u0000${groupId}\u0000${memberId}`;
}
export function rebalanceKey(groupId: string, memberId: string): string {
  return `sg-rebalance\u0000${groupId}\u0000${memberId}`;
}
export function initialRebalanceKey(groupId: string): string {
  return `sg-initial-rebalance\u0000${groupId}`;
}

export const newStreamsMemberId = randomUUID;
