// A classic group (Kafka's ClassicGroup): members, static instance ids, generation, selected protocol
// and the state machine
//
//   Empty --join--> PreparingRebalance --all joined / timeout--> CompletingRebalance
//   CompletingRebalance --leader's SyncGroup--> Stable --join/leave/expiry--> PreparingRebalance
//   any --group deleted / offsets expired--> Dead
//
// with Kafka's state names and its table of valid previous states. Pure data and rules: timeouts and
// responses are driven by ClassicGroupManager.

import { ClassicGroupMember, type ClassicProtocol } from "./classic-member.ts";
import { parseConsumerSubscriptionTopics } from "./consumer-protocol.ts";

export type ClassicGroupState = "Empty" | "PreparingRebalance" | "CompletingRebalance" | "Stable" | "Dead";

const VALID_PREVIOUS: Record<ClassicGroupState, readonly ClassicGroupState[]> = {
  Empty: ["PreparingRebalance"],
  PreparingRebalance: ["Stable", "CompletingRebalance", "Empty"],
  CompletingRebalance: ["PreparingRebalance"],
  Stable: ["CompletingRebalance"],
  Dead: ["Stable", "PreparingRebalance", "CompletingRebalance", "Empty", "Dead"],
};

export class IllegalStateTransitionError extends Error {
  constructor(
    readonly groupId: string,
    readonly from: ClassicGroupState,
    readonly to: ClassicGroupState,
  ) {
    super(`group ${groupId} cannot go from ${from} to ${to}`);
    this.name = "IllegalStateTransitionError";
  }
}

export class ClassicGroup {
  readonly type = "classic" as const;
  readonly groupId: string;
  state: ClassicGroupState = "Empty";
  previousState: ClassicGroupState = "Empty";
  /** When the group entered its current state (clock ms); offsets of an Empty group expire from here. */
  currentStateTimestampMs: number;
  generationId = 0;
  protocolType: string | null = null;
  protocolName: string | null = null;
  leaderId: string | null = null;
  readonly members = new Map<string, ClassicGroupMember>();
  /** group.instance.id -> member id. */
  readonly staticMembers = new Map<string, string>();
  /** Member ids handed out with MEMBER_ID_REQUIRED and not yet joined (KIP-394). */
  readonly pendingMembers = new Set<string>();
  /** Members of the current generation that have not sent SyncGroup yet. */
  readonly pendingSyncMembers = new Set<string>();
  /** A member joined during the initial rebalance delay (group.initial.rebalance.delay.ms). */
  newMemberAdded = false;
  /** Topics the members subscribe to, when the protocol type is "consumer" and metadata parses. */
  subscribedTopics: Set<string> | null = null;
  /** protocol name -> number of members that support it. */
  private readonly supportedProtocolCounts = new Map<string, number>();

  constructor(groupId: string, nowMs: number) {
    this.groupId = groupId;
    this.currentStateTimestampMs = nowMs;
  }

  is(state: ClassicGroupState): boolean {
    return this.state === state;
  }

  transitionTo(to: ClassicGroupState, nowMs: number): void {
    if (!VALID_PREVIOUS[to].includes(this.state)) throw new IllegalStateTransitionError(this.groupId, this.state, to);
    this.previousState = this.state;
    this.state = to;
    this.currentStateTimestampMs = nowMs;
  }

  get size(): number {
    return this.members.size;
  }

  member(memberId: string): ClassicGroupMember | undefined {
    return this.members.get(memberId);
  }

  hasMember(memberId: string): boolean {
    return this.members.has(memberId);
  }

  isLeader(memberId: string): boolean {
    return this.leaderId === memberId;
  }

  staticMemberId(instanceId: string): string | undefined {
    return this.staticMembers.get(instanceId);
  }

  /** Kafka's isStaticMemberFenced: the instance id is registered to another member id. */
  isStaticMemberFenced(instanceId: string | null, memberId: string): boolean {
    if (instanceId === null) return false;
    const existing = this.staticMembers.get(instanceId);
    return existing !== undefined && existing !== memberId;
  }

  add(member: ClassicGroupMember): void {
    if (this.members.size === 0) this.protocolType = member.protocolType;
    if (member.protocolType !== this.protocolType) throw new Error(`member ${member.memberId} protocol type ${member.protocolType} != group's ${this.protocolType}`);
    if (this.members.has(member.memberId)) throw new Error(`member ${member.memberId} already in group ${this.groupId}`);
    if (this.leaderId === null) this.leaderId = member.memberId;
    if (member.groupInstanceId !== null) this.staticMembers.set(member.groupInstanceId, member.memberId);
    this.members.set(member.memberId, member);
    this.countProtocols(member.supportedProtocols, 1);
  }

  remove(memberId: string): ClassicGroupMember | undefined {
    const m = this.members.get(memberId);
    if (!m) return undefined;
    this.members.delete(memberId);
    this.countProtocols(m.supportedProtocols, -1);
    if (m.groupInstanceId !== null && this.staticMembers.get(m.groupInstanceId) === memberId) this.staticMembers.delete(m.groupInstanceId);
    this.pendingSyncMembers.delete(memberId);
    if (this.leaderId === memberId) this.leaderId = this.members.keys().next().value ?? null;
    return m;
  }

  /** Replace the protocols a member offers (a rejoin with new metadata). */
  updateProtocols(member: ClassicGroupMember, protocols: ClassicProtocol[]): void {
    this.countProtocols(member.supportedProtocols, -1);
    member.supportedProtocols = protocols;
    this.countProtocols(protocols, 1);
  }

  /** A static member rejoining with a new member id takes the old member's place (KIP-345). */
  replaceStaticMember(instanceId: string, oldMemberId: string, newMemberId: string): ClassicGroupMember {
    const m = this.members.get(oldMemberId);
    if (!m) throw new Error(`static member ${instanceId} (${oldMemberId}) is not in group ${this.groupId}`);
    this.members.delete(oldMemberId);
    m.memberId = newMemberId;
    this.members.set(newMemberId, m);
    if (this.leaderId === oldMemberId) this.leaderId = newMemberId;
    if (this.pendingSyncMembers.delete(oldMemberId)) this.pendingSyncMembers.add(newMemberId);
    this.staticMembers.set(instanceId, newMemberId);
    return m;
  }

  private countProtocols(protocols: readonly ClassicProtocol[], delta: number): void {
    for (const p of protocols) {
      const n = (this.supportedProtocolCounts.get(p.name) ?? 0) + delta;
      if (n <= 0) this.supportedProtocolCounts.delete(p.name);
      else this.supportedProtocolCounts.set(p.name, n);
    }
  }

  /** Kafka's supportsProtocols: a joining member is compatible with the group. */
  supportsProtocols(protocolType: string, protocols: readonly ClassicProtocol[]): boolean {
    if (this.is("Empty") && this.members.size === 0) return protocolType.length > 0 && protocols.length > 0;
    return this.protocolType === protocolType && protocols.some((p) => this.supportedProtocolCounts.get(p.name) === this.members.size);
  }

  /** Protocols every member supports. */
  candidateProtocols(): Set<string> {
    const n = this.members.size;
    const out = new Set<string>();
    for (const [name, count] of this.supportedProtocolCounts) if (count === n) out.add(name);
    return out;
  }

  /** Each member votes for its most preferred candidate; the most votes wins (ties: first seen). */
  selectProtocol(): string {
    const candidates = this.candidateProtocols();
    if (candidates.size === 0) throw new Error(`no protocol is supported by every member of group ${this.groupId}`);
    const votes = new Map<string, number>();
    for (const m of this.members.values()) {
      const v = m.vote(candidates);
      votes.set(v, (votes.get(v) ?? 0) + 1);
    }
    let best = "";
    let bestVotes = -1;
    for (const [name, n] of votes) {
      if (n > bestVotes) {
        best = name;
        bestVotes = n;
      }
    }
    return best;
  }

  /** The largest rebalance timeout of the members: how long a rebalance waits for them. */
  rebalanceTimeoutMs(): number {
    let t = 0;
    for (const m of this.members.values()) t = Math.max(t, m.rebalanceTimeoutMs);
    return t;
  }

  numAwaitingJoin(): number {
    let n = 0;
    for (const m of this.members.values()) if (m.isAwaitingJoin) n++;
    return n;
  }

  hasAllMembersJoined(): boolean {
    return this.members.size === this.numAwaitingJoin() && this.pendingMembers.size === 0;
  }

  /** If the leader has not rejoined, make a member that has the leader. False when none has joined. */
  maybeElectNewJoinedLeader(): boolean {
    if (this.leaderId !== null && this.members.get(this.leaderId)?.isAwaitingJoin) return true;
    for (const m of this.members.values()) {
      if (m.isAwaitingJoin) {
        this.leaderId = m.memberId;
        return true;
      }
    }
    return false;
  }

  /** Start the next generation: CompletingRebalance with a selected protocol, or Empty with none. */
  initNextGeneration(nowMs: number): void {
    this.generationId++;
    if (this.members.size > 0) {
      this.protocolName = this.selectProtocol();
      this.subscribedTopics = this.computeSubscribedTopics();
      this.transitionTo("CompletingRebalance", nowMs);
    } else {
      this.protocolName = null;
      this.subscribedTopics = null;
      this.transitionTo("Empty", nowMs);
    }
    this.pendingSyncMembers.clear();
    for (const id of this.members.keys()) this.pendingSyncMembers.add(id);
  }

  /** For protocol type "consumer": the union of the members' subscriptions (null if unparsable). */
  computeSubscribedTopics(): Set<string> | null {
    if (this.protocolType !== "consumer" || this.protocolName === null) return null;
    const topics = new Set<string>();
    for (const m of this.members.values()) {
      const t = parseConsumerSubscriptionTopics(m.metadataFor(this.protocolName));
      if (t === null) return null;
      for (const x of t) topics.add(x);
    }
    return topics;
  }

  /** Kafka's isSubscribedToTopic: false when subscriptions are unknown. */
  isSubscribedToTopic(topic: string): boolean {
    return this.subscribedTopics?.has(topic) ?? false;
  }
}
