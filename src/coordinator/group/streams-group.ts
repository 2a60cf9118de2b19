// A KIP-1071 streams group (Kafka's StreamsGroup): the topology the first member initialised, its
// configuration against the current topics (cached with the metadata hash it was computed for), the
// group epoch (bumped by membership, member metadata, topology and topic metadata changes), the target
// assignment computed for an epoch, the members with their current tasks, and which process runs each
// task (so a task is handed to a new owner only once released). States, as Kafka names them:
//   Empty        no members
//   NotReady     the topology is missing or not configured (missing / mis-partitioned topics)
//   Assigning    group epoch > target assignment epoch
//   Reconciling  some member is not yet at the target epoch or not STABLE
//   Stable       every member is at the target epoch and STABLE

import { StreamsGroupMember, StreamsMemberState, TASK_KINDS, type TaskKind, type TasksTuple } from "./streams-group-member.ts";
import { isReady, type ConfiguredTopology, type StreamsTopology } from "./streams-topology.ts";

export type StreamsGroupState = "Empty" | "NotReady" | "Assigning" | "Reconciling" | "Stable" | "Dead";

export class StreamsGroup {
  readonly type = "streams" as const;
  readonly protocolType = "streams";
  /** Kafka's StreamsGroup starts at 1, so the first member's join writes epoch 2. */
  groupEpoch = 1;
  metadataHash = 0n;
  validatedTopologyEpoch = -1;
  /**
   * Starts with the group epoch (1): a member joining while the initial rebalance delay holds the first
   * assignment back is answered epoch 1 (no tasks), as Kafka 4.4.0 answers it.
   */
  targetAssignmentEpoch = 1;
  assignmentTimestampMs = 0;
  topology: StreamsTopology | null = null;
  configuredTopology: ConfiguredTopology | null = null;
  /** Assignment configs the last target was computed with (StreamsGroupMetadataValue.LastAssignmentConfigs). */
  lastAssignmentConfigs = new Map<string, string>();
  endpointInformationEpoch = 0;
  /** A member asked every client to shut down (ShutdownApplication); cleared when it leaves. */
  shutdownRequestMemberId: string | null = null;
  dead = false;
  readonly members = new Map<string, StreamsGroupMember>();
  readonly targetAssignment = new Map<string, TasksTuple>();
  /** "subtopology:partition" -> process id running it active. */
  private readonly activeOwner = new Map<string, string>();
  /** "subtopology:partition" -> process ids holding it as standby / warm-up, with a count per process. */
  private readonly standbyOwners = new Map<string, Map<string, number>>();
  private readonly warmupOwners = new Map<string, Map<string, number>>();
  currentStateTimestampMs: number;

  constructor(
    readonly groupId: string,
    nowMs: number,
  ) {
    this.currentStateTimestampMs = nowMs;
  }

  get state(): StreamsGroupState {
    if (this.dead) return "Dead";
    if (this.members.size === 0) return "Empty";
    if (!isReady(this.configuredTopology) && this.topology !== null && this.configuredTopology !== null) return "NotReady";
    if (this.topology === null) return "NotReady";
    if (this.groupEpoch > this.targetAssignmentEpoch) return "Assigning";
    for (const m of this.members.values()) {
      if (m.state !== StreamsMemberState.STABLE || m.memberEpoch !== this.targetAssignmentEpoch) return "Reconciling";
    }
    return "Stable";
  }

  isEmpty(): boolean {
    return this.members.size === 0;
  }

  currentActiveTaskProcessId(subtopologyId: string, partition: number): string | undefined {
    return this.activeOwner.get(`${subtopologyId}:${partition}`);
  }

  /** Processes holding a task as standby or warm-up. */
  currentNonActiveTaskProcessIds(subtopologyId: string, partition: number): Set<string> {
    const k = `${subtopologyId}:${partition}`;
    return new Set([...(this.standbyOwners.get(k)?.keys() ?? []), ...(this.warmupOwners.get(k)?.keys() ?? [])]);
  }

  updateMember(m: StreamsGroupMember): void {
    const old = this.members.get(m.memberId);
    if (old) this.release(old);
    this.claim(m);
    this.members.set(m.memberId, m);
  }

  removeMember(memberId: string, nowMs: number): StreamsGroupMember | undefined {
    const old = this.members.get(memberId);
    if (!old) return undefined;
    this.release(old);
    this.members.delete(memberId);
    if (this.shutdownRequestMemberId === memberId) this.shutdownRequestMemberId = null;
    if (this.members.size === 0) this.currentStateTimestampMs = nowMs;
    return old;
  }

  /** After loading from the log: rebuild task owners from the members. */
  rebuildOwnership(): void {
    this.activeOwner.clear();
    this.standbyOwners.clear();
    this.warmupOwners.clear();
    for (const m of this.members.values()) this.claim(m);
  }

  private owners(kind: TaskKind): Map<string, Map<string, number>> | null {
    return kind === "standby" ? this.standbyOwners : kind === "warmup" ? this.warmupOwners : null;
  }

  private claim(m: StreamsGroupMember): void {
    for (const t of [m.assigned, m.pendingRevocation]) {
      for (const kind of TASK_KINDS) {
        for (const [s, ps] of t[kind]) {
          for (const p of ps.keys()) {
            const k = `${s}:${p}`;
            const owners = this.owners(kind);
            if (owners === null) this.activeOwner.set(k, m.processId);
            else {
              const byProcess = owners.get(k) ?? new Map<string, number>();
              byProcess.set(m.processId, (byProcess.get(m.processId) ?? 0) + 1);
              owners.set(k, byProcess);
            }
          }
        }
      }
    }
  }

  private release(m: StreamsGroupMember): void {
    for (const t of [m.assigned, m.pendingRevocation]) {
      for (const kind of TASK_KINDS) {
        for (const [s, ps] of t[kind]) {
          for (const p of ps.keys()) {
            const k = `${s}:${p}`;
            const owners = this.owners(kind);
            if (owners === null) {
              if (this.activeOwner.get(k) === m.processId) this.activeOwner.delete(k);
            } else {
              const byProcess = owners.get(k);
              const n = byProcess?.get(m.processId) ?? 0;
              if (n <= 1) byProcess?.delete(m.processId);
              else byProcess!.set(m.processId, n - 1);
              if (byProcess && byProcess.size === 0) owners.delete(k);
            }
          }
        }
      }
    }
  }

  /** Whether a member's active task belongs to a topic's partition (OffsetCommit / OffsetDelete checks). */
  isSubscribedToTopic(name: string): boolean {
    if (this.members.size === 0 || this.topology === null) return false;
    for (const s of this.topology.subtopologies) {
      if (s.sourceTopics.includes(name) || s.repartitionSourceTopics.some((r) => r.name === name) || s.stateChangelogTopics.some((c) => c.name === name)) return true;
    }
    return false;
  }
}
