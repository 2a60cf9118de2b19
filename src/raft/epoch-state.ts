// Kafka's EpochState and the pieces its implementations share: a Timer on the injected clock and
// EpochElection (the tally of a pre-vote or vote round, internals/EpochElection.java).

import type { ElectionState } from "./election-state.ts";
import type { LeaderAndEpoch, ReplicaKey } from "./types.ts";

export type StateName = "Unattached" | "Prospective" | "Candidate" | "Leader" | "Follower" | "Resigned";

export interface EpochState {
  readonly name: StateName;
  readonly epoch: number;
  election(): ElectionState;
  leaderAndEpoch(): LeaderAndEpoch;
  /** The high watermark known in this state (-1 when unknown). */
  highWatermark(): number;
  /**
   * Whether to grant `key` a vote (or pre-vote) in this epoch, given whether its log is at least as
   * up to date as ours.
   */
  canGrantVote(key: ReplicaKey, isLogUpToDate: boolean, isPreVote: boolean): boolean;
}

/** A deadline on the injected clock (Kafka's common.utils.Timer). */
export class Timer {
  private deadlineMs: number;
  constructor(nowMs: number, timeoutMs: number) {
    this.deadlineMs = nowMs + timeoutMs;
  }
  reset(nowMs: number, timeoutMs: number): void {
    this.deadlineMs = nowMs + timeoutMs;
  }
  isExpired(nowMs: number): boolean {
    return nowMs >= this.deadlineMs;
  }
  remainingMs(nowMs: number): number {
    return Math.max(0, this.deadlineMs - nowMs);
  }
}

/** The votes of one round: granted, rejected, and who has not answered. */
export class EpochElection {
  private readonly granted = new Set<number>();
  private readonly rejected = new Set<number>();
  constructor(private readonly voterIds: readonly number[]) {}

  recordGranted(id: number): boolean {
    if (!this.voterIds.includes(id) || this.rejected.has(id)) return false;
    this.granted.add(id);
    return true;
  }
  recordRejected(id: number): boolean {
    if (!this.voterIds.includes(id) || this.granted.has(id)) return false;
    this.rejected.add(id);
    return true;
  }
  private get majority(): number {
    return Math.floor(this.voterIds.length / 2) + 1;
  }
  isVoteGranted(): boolean {
    return this.granted.size >= this.majority;
  }
  /** Too many rejections for a majority to be possible. */
  isVoteRejected(): boolean {
    return this.voterIds.length - this.rejected.size < this.majority;
  }
  unrecordedVoters(): number[] {
    return this.voterIds.filter((id) => !this.granted.has(id) && !this.rejected.has(id));
  }
  grantingVoters(): number[] {
    return [...this.granted].sort((a, b) => a - b);
  }
  toString(): string {
    return `granted=[${[...this.granted]}] rejected=[${[...this.rejected]}]`;
  }
}
