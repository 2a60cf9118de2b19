// Kafka's CandidateState: a new epoch with a (durable) vote for itself, asking the voters for theirs. A
// majority makes it Leader; an expired election timeout sends it back to Prospective (KIP-996), so the
// next epoch bump again needs a majority of pre-votes.

import { ElectionState } from "./election-state.ts";
import { EpochElection, type EpochState, Timer } from "./epoch-state.ts";
import type { LeaderAndEpoch, ReplicaKey } from "./types.ts";

export class CandidateState implements EpochState {
  readonly name = "Candidate" as const;
  readonly epochElection: EpochElection;
  private readonly electionTimer: Timer;

  constructor(
    nowMs: number,
    readonly localKey: ReplicaKey,
    readonly epoch: number,
    private readonly voters: readonly number[],
    private readonly hw: number,
    readonly electionTimeoutMs: number,
  ) {
    this.epochElection = new EpochElection(voters);
    this.epochElection.recordGranted(localKey.id);
    this.electionTimer = new Timer(nowMs, electionTimeoutMs);
  }

  election(): ElectionState {
    return ElectionState.withVotedCandidate(this.epoch, this.localKey, this.voters);
  }
  leaderAndEpoch(): LeaderAndEpoch {
    return { leaderId: -1, epoch: this.epoch };
  }
  highWatermark(): number {
    return this.hw;
  }
  hasElectionTimeoutExpired(nowMs: number): boolean {
    return this.electionTimer.isExpired(nowMs);
  }
  remainingElectionTimeMs(nowMs: number): number {
    return this.electionTimer.remainingMs(nowMs);
  }
  /** Only pre-votes: its own vote is implied, and it never votes for another candidate in its epoch. */
  canGrantVote(_key: ReplicaKey, isLogUpToDate: boolean, isPreVote: boolean): boolean {
    return isPreVote && isLogUpToDate;
  }
}
