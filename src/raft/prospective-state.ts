// Kafka's ProspectiveState (KIP-996): a voter that would like to lead asks for pre-votes in its current
// epoch, without bumping or persisting anything. A majority of pre-votes makes it a Candidate; a lost or
// timed-out round sends it back to the leader it knew (Follower) or to Unattached.

import { ElectionState } from "./election-state.ts";
import { EpochElection, type EpochState, Timer } from "./epoch-state.ts";
import { unattachedOrProspectiveCanGrantVote } from "./unattached-state.ts";
import type { LeaderAndEpoch, ReplicaKey } from "./types.ts";

export class ProspectiveState implements EpochState {
  readonly name = "Prospective" as const;
  readonly epochElection: EpochElection;
  private readonly electionTimer: Timer;

  constructor(
    nowMs: number,
    readonly localId: number,
    readonly epoch: number,
    readonly leaderId: number,
    readonly votedKey: ReplicaKey | null,
    private readonly voters: readonly number[],
    private readonly hw: number,
    readonly electionTimeoutMs: number,
  ) {
    this.epochElection = new EpochElection(voters);
    this.epochElection.recordGranted(localId);
    this.electionTimer = new Timer(nowMs, electionTimeoutMs);
  }

  election(): ElectionState {
    return new ElectionState(this.epoch, this.leaderId, this.votedKey, this.voters);
  }
  leaderAndEpoch(): LeaderAndEpoch {
    return { leaderId: this.leaderId, epoch: this.epoch };
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
  canGrantVote(key: ReplicaKey, isLogUpToDate: boolean, isPreVote: boolean): boolean {
    return unattachedOrProspectiveCanGrantVote(this.leaderId, this.votedKey, key, isLogUpToDate, isPreVote);
  }
}
