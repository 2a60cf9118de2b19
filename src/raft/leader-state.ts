// Kafka's LeaderState: the epoch this replica leads. It tracks each voter's and observer's fetched end
// offset, computes the high watermark (the offset a majority of voters has reached, counting the
// leader's own log only up to what is flushed, and only once it passes the epoch's start offset so that
// a new leader commits nothing before a record of its own epoch is replicated), and runs check-quorum:
// a leader that has not heard fetches from a majority within 1.5 x fetch.timeout.ms resigns.

import { ElectionState } from "./election-state.ts";
import { type EpochState, Timer } from "./epoch-state.ts";
import type { LeaderAndEpoch, ReplicaKey } from "./types.ts";

/** Kafka's LeaderState.OBSERVER_SESSION_TIMEOUT_MS: observers not heard from for this long are forgotten. */
export const OBSERVER_SESSION_TIMEOUT_MS = 300_000;
export const CHECK_QUORUM_TIMEOUT_FACTOR = 1.5;
/** Bound on observers tracked (brokers); past it the least recently seen is dropped. */
export const MAX_OBSERVERS = 10_000;

export interface ReplicaState {
  readonly key: ReplicaKey;
  /** Fetched end offset; -1 until it fetched in this epoch. */
  endOffset: number;
  lastFetchTimestampMs: number;
  lastCaughtUpTimestampMs: number;
  hasAcknowledgedLeader: boolean;
}

export class LeaderState implements EpochState {
  readonly name = "Leader" as const;
  private hw = -1;
  readonly voterStates = new Map<number, ReplicaState>();
  readonly observerStates = new Map<number, ReplicaState>();
  private readonly fetchedVoters = new Set<number>();
  private readonly checkQuorumTimer: Timer;
  private readonly checkQuorumTimeoutMs: number;
  private readonly beginQuorumEpochTimer: Timer;
  resignRequested = false;

  constructor(
    nowMs: number,
    readonly localKey: ReplicaKey,
    readonly epoch: number,
    readonly epochStartOffset: number,
    private voters: readonly number[],
    readonly grantingVoters: readonly number[],
    fetchTimeoutMs: number,
    private readonly beginQuorumEpochTimeoutMs: number,
  ) {
    for (const id of voters) {
      this.voterStates.set(id, { key: { id, directoryId: id === localKey.id ? localKey.directoryId : "AAAAAAAAAAAAAAAAAAAAAA" }, endOffset: -1, lastFetchTimestampMs: -1, lastCaughtUpTimestampMs: -1, hasAcknowledgedLeader: id === localKey.id });
    }
    this.checkQuorumTimeoutMs = Math.floor(fetchTimeoutMs * CHECK_QUORUM_TIMEOUT_FACTOR);
    this.checkQuorumTimer = new Timer(nowMs, this.checkQuorumTimeoutMs);
    this.beginQuorumEpochTimer = new Timer(nowMs, 0);
  }

  election(): ElectionState {
    return ElectionState.withElectedLeader(this.epoch, this.localKey.id, this.localKey, this.voters);
  }
  leaderAndEpoch(): LeaderAndEpoch {
    return { leaderId: this.localKey.id, epoch: this.epoch };
  }
  highWatermark(): number {
    return this.hw;
  }
  canGrantVote(): boolean {
    return false;
  }

  /** Voters that have not fetched or answered BeginQuorumEpoch in this epoch, once the resend timer is due. */
  needToSendBeginQuorumRequests(nowMs: number): number[] {
    if (!this.beginQuorumEpochTimer.isExpired(nowMs)) return [];
    return [...this.voterStates.values()].filter((s) => !s.hasAcknowledgedLeader).map((s) => s.key.id);
  }
  resetBeginQuorumEpochTimer(nowMs: number): void {
    this.beginQuorumEpochTimer.reset(nowMs, this.beginQuorumEpochTimeoutMs);
  }
  timeUntilBeginQuorumEpochTimerExpires(nowMs: number): number {
    return this.nonAcknowledgingVoters().length === 0 ? Number.POSITIVE_INFINITY : this.beginQuorumEpochTimer.remainingMs(nowMs);
  }
  nonAcknowledgingVoters(): number[] {
    return [...this.voterStates.values()].filter((s) => !s.hasAcknowledgedLeader).map((s) => s.key.id);
  }
  addAcknowledgementFrom(id: number): void {
    const s = this.voterStates.get(id);
    if (s) s.hasAcknowledgedLeader = true;
  }

  /** Check-quorum: the timer restarts once a majority (the leader counted) has fetched since the last restart. */
  updateCheckQuorumForFollowingVoter(id: number, nowMs: number): void {
    // The leader is counted already; a fetch naming it (a replayed or forged one) is no voter's.
    if (!this.voterStates.has(id) || id === this.localKey.id) return;
    this.fetchedVoters.add(id);
    const majority = Math.floor(this.voters.length / 2) + 1;
    // The leader itself counts toward the majority.
    if (this.fetchedVoters.size + 1 >= majority) {
      this.fetchedVoters.clear();
      this.checkQuorumTimer.reset(nowMs, this.checkQuorumTimeoutMs);
    }
  }
  timeUntilCheckQuorumExpires(nowMs: number): number {
    if (this.voters.length === 1) return Number.POSITIVE_INFINITY;
    return this.checkQuorumTimer.remainingMs(nowMs);
  }

  /** The leader's own flushed end offset; true when the high watermark moved. */
  updateLocalState(flushedEndOffset: number): boolean {
    // A leader removed by an uncommitted VotersRecord leads on as an observer of its own log (Kafka's).
    const s = this.voterStates.get(this.localKey.id) ?? this.observerStates.get(this.localKey.id);
    if (s && flushedEndOffset > s.endOffset) s.endOffset = flushedEndOffset;
    return this.maybeUpdateHighWatermark();
  }

  /** A fetch from `key` at `fetchOffset` (its end offset); true when the high watermark moved. */
  updateReplicaState(key: ReplicaKey, nowMs: number, fetchOffset: number, leaderEndOffset: number): boolean {
    if (key.id === this.localKey.id) return false;
    let s = this.voterStates.get(key.id);
    if (!s) {
      s = this.observerStates.get(key.id);
      if (!s) {
        this.clearInactiveObservers(nowMs);
        if (this.observerStates.size >= MAX_OBSERVERS) {
          let oldest: ReplicaState | null = null;
          for (const o of this.observerStates.values()) if (!oldest || o.lastFetchTimestampMs < oldest.lastFetchTimestampMs) oldest = o;
          if (oldest) this.observerStates.delete(oldest.key.id);
        }
        s = { key, endOffset: -1, lastFetchTimestampMs: -1, lastCaughtUpTimestampMs: -1, hasAcknowledgedLeader: false };
        this.observerStates.set(key.id, s);
      }
    } else {
      s.hasAcknowledgedLeader = true;
    }
    // A follower may truncate: its fetch offset can go down (Kafka warns and takes it).
    s.endOffset = fetchOffset;
    s.lastFetchTimestampMs = nowMs;
    if (fetchOffset >= leaderEndOffset) s.lastCaughtUpTimestampMs = nowMs;
    return this.voterStates.has(key.id) ? this.maybeUpdateHighWatermark() : false;
  }

  private clearInactiveObservers(nowMs: number): void {
    for (const [id, o] of this.observerStates) if (nowMs - o.lastFetchTimestampMs >= OBSERVER_SESSION_TIMEOUT_MS) this.observerStates.delete(id);
  }

  private maybeUpdateHighWatermark(): boolean {
    const offsets = [...this.voterStates.values()].map((s) => s.endOffset).sort((a, b) => b - a);
    const majority = Math.floor(this.voters.length / 2) + 1;
    const candidate = offsets[majority - 1]!;
    // Nothing commits before a record of this epoch does (Raft's "commit only entries of your own term").
    if (candidate <= this.epochStartOffset) return false;
    if (candidate <= this.hw) return false;
    this.hw = candidate;
    return true;
  }

  /** Voters other than the leader, by descending fetched offset: the preferred successors on resign. */
  nonLeaderVotersByDescendingFetchOffset(): number[] {
    return [...this.voterStates.values()]
      .filter((s) => s.key.id !== this.localKey.id)
      .sort((a, b) => b.endOffset - a.endOffset || a.key.id - b.key.id)
      .map((s) => s.key.id);
  }

  /**
   * A VotersRecord was appended (or truncated away): Kafka's updateVoterAndObserverStates. New voters
   * keep what they fetched as observers, removed ones become observers; the high watermark and
   * check-quorum count the new set from now on (Raft uses a configuration once it is in the log).
   */
  updateVoters(voters: readonly ReplicaKey[]): void {
    const old = new Map(this.voterStates);
    this.voterStates.clear();
    for (const key of voters) {
      const prev = old.get(key.id) ?? this.observerStates.get(key.id);
      old.delete(key.id);
      this.observerStates.delete(key.id);
      this.voterStates.set(key.id, prev ? { ...prev, key } : { key, endOffset: -1, lastFetchTimestampMs: -1, lastCaughtUpTimestampMs: -1, hasAcknowledgedLeader: key.id === this.localKey.id });
    }
    for (const [id, st] of old) if (!this.observerStates.has(id)) this.observerStates.set(id, st);
    this.voters = voters.map((k) => k.id).sort((a, b) => a - b);
    for (const id of [...this.fetchedVoters]) if (!this.voterStates.has(id)) this.fetchedVoters.delete(id);
  }

  /** Kafka's isReplicaCaughtUp: an observer that reached the end of the log and fetched within the last hour. */
  isReplicaCaughtUp(key: ReplicaKey, nowMs: number): boolean {
    const s = this.observerStates.get(key.id);
    if (!s || (s.key.directoryId !== key.directoryId && s.key.directoryId !== "AAAAAAAAAAAAAAAAAAAAAA")) return false;
    return s.lastCaughtUpTimestampMs > 0 && s.lastFetchTimestampMs > 0 && s.lastFetchTimestampMs > nowMs - 3_600_000;
  }
}
