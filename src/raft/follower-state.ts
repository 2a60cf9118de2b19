// Kafka's FollowerState: an epoch whose leader is known; the replica fetches from it. fetch.timeout.ms
// without a successful fetch sends a voter to Prospective (observers keep fetching). A follower that has
// fetched from its leader refuses pre-votes (KIP-996): the leader is alive, so no election is needed.

import { ElectionState } from "./election-state.ts";
import { type EpochState, Timer } from "./epoch-state.ts";
import type { LeaderAndEpoch, ReplicaKey, VoterEndpoint } from "./types.ts";

export class FollowerState implements EpochState {
  readonly name = "Follower" as const;
  private readonly fetchTimer: Timer;
  private hw: number;
  hasFetchedFromLeader = false;

  constructor(
    nowMs: number,
    readonly epoch: number,
    readonly leaderId: number,
    readonly leaderEndpoint: VoterEndpoint | null,
    readonly votedKey: ReplicaKey | null,
    private readonly voters: readonly number[],
    hw: number,
    private readonly fetchTimeoutMs: number,
  ) {
    this.fetchTimer = new Timer(nowMs, fetchTimeoutMs);
    this.hw = hw;
  }

  election(): ElectionState {
    return ElectionState.withElectedLeader(this.epoch, this.leaderId, this.votedKey, this.voters);
  }
  leaderAndEpoch(): LeaderAndEpoch {
    return { leaderId: this.leaderId, epoch: this.epoch };
  }
  highWatermark(): number {
    return this.hw;
  }
  /** Monotonic: a lower value (a new leader that does not know its high watermark yet) is ignored. */
  updateHighWatermark(hw: number): boolean {
    if (hw <= this.hw) return false;
    this.hw = hw;
    return true;
  }
  resetFetchTimeout(nowMs: number): void {
    this.hasFetchedFromLeader = true;
    this.fetchTimer.reset(nowMs, this.fetchTimeoutMs);
  }
  /** EndQuorumEpoch: start an election sooner, by the preferred-successor position's back-off. */
  overrideFetchTimeout(nowMs: number, timeoutMs: number): void {
    this.fetchTimer.reset(nowMs, timeoutMs);
  }
  hasFetchTimeoutExpired(nowMs: number): boolean {
    return this.fetchTimer.isExpired(nowMs);
  }
  remainingFetchTimeMs(nowMs: number): number {
    return this.fetchTimer.remainingMs(nowMs);
  }
  canGrantVote(_key: ReplicaKey, isLogUpToDate: boolean, isPreVote: boolean): boolean {
    return isPreVote && !this.hasFetchedFromLeader && isLogUpToDate;
  }
}
