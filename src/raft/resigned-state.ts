// Kafka's ResignedState: a leader that gave up its epoch (resign(), shutdown, check-quorum, or a restart
// that found itself the leader in the quorum-state file). It sends EndQuorumEpoch with its preferred
// successors until each voter acknowledges, and waits out an election timeout before Unattached.

import { ElectionState } from "./election-state.ts";
import { type EpochState, Timer } from "./epoch-state.ts";
import type { LeaderAndEpoch, ReplicaKey } from "./types.ts";

export class ResignedState implements EpochState {
  readonly name = "Resigned" as const;
  private readonly electionTimer: Timer;
  private readonly unacked: Set<number>;

  constructor(
    nowMs: number,
    readonly localId: number,
    readonly epoch: number,
    private readonly voters: readonly number[],
    readonly electionTimeoutMs: number,
    /** Voters by descending fetch offset: the best placed to win the next election first. */
    readonly preferredSuccessors: readonly number[],
  ) {
    this.electionTimer = new Timer(nowMs, electionTimeoutMs);
    this.unacked = new Set(voters.filter((id) => id !== localId));
  }

  election(): ElectionState {
    return ElectionState.withElectedLeader(this.epoch, this.localId, null, this.voters);
  }
  leaderAndEpoch(): LeaderAndEpoch {
    return { leaderId: this.localId, epoch: this.epoch };
  }
  highWatermark(): number {
    return -1;
  }
  unackedVoters(): number[] {
    return [...this.unacked];
  }
  acknowledgeResignation(id: number): void {
    this.unacked.delete(id);
  }
  hasElectionTimeoutExpired(nowMs: number): boolean {
    return this.electionTimer.isExpired(nowMs);
  }
  remainingElectionTimeMs(nowMs: number): number {
    return this.electionTimer.remainingMs(nowMs);
  }
  canGrantVote(_key: ReplicaKey, isLogUpToDate: boolean, isPreVote: boolean): boolean {
    return isPreVote && isLogUpToDate;
  }
}
