// Kafka's UnattachedState: an epoch with no leader known to follow (or one whose endpoints are unknown),
// possibly with a vote cast. A voter leaves it when its election timeout expires (to Prospective).

import { ElectionState } from "./election-state.ts";
import { type EpochState, Timer } from "./epoch-state.ts";
import type { LeaderAndEpoch, ReplicaKey } from "./types.ts";

export class UnattachedState implements EpochState {
  readonly name = "Unattached" as const;
  private readonly electionTimer: Timer;

  constructor(
    nowMs: number,
    readonly epoch: number,
    readonly leaderId: number,
    readonly votedKey: ReplicaKey | null,
    private readonly voters: readonly number[],
    private readonly hw: number,
    readonly electionTimeoutMs: number,
  ) {
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

/** QuorumState.unattachedOrProspectiveCanGrantVote: a pre-vote needs only an up-to-date log. */
export function unattachedOrProspectiveCanGrantVote(leaderId: number, votedKey: ReplicaKey | null, key: ReplicaKey, isLogUpToDate: boolean, isPreVote: boolean): boolean {
  if (isPreVote) return isLogUpToDate;
  if (votedKey) return votedKey.id === key.id && (votedKey.directoryId === key.directoryId || votedKey.directoryId === "AAAAAAAAAAAAAAAAAAAAAA");
  if (leaderId >= 0) return false;
  return isLogUpToDate;
}
