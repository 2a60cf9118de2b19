// Kafka's ElectionState: what the quorum-state file holds — the epoch, the leader if known, the vote
// cast in that epoch if any — and its mapping to QuorumStateData (data_version 0 for kraft.version 0,
// the static-voter format that also lists the voters; 1 for kraft.version 1, with votedDirectoryId).

import type { QuorumStateData } from "../protocol/generated/raft/quorum-state-data.ts";
import { newQuorumStateData } from "../protocol/generated/raft/quorum-state-data.ts";
import type { ReplicaKey } from "./types.ts";
import { NO_DIRECTORY_ID } from "./raft-records.ts";

export const UNKNOWN_LEADER_ID = -1;
export const NOT_VOTED = -1;

export class ElectionState {
  constructor(
    readonly epoch: number,
    /** -1 when unknown. */
    readonly leaderId: number,
    readonly votedKey: ReplicaKey | null,
    /** The voter ids (written only in data_version 0). */
    readonly voters: readonly number[],
  ) {}

  static withVotedCandidate(epoch: number, votedKey: ReplicaKey, voters: readonly number[]): ElectionState {
    return new ElectionState(epoch, UNKNOWN_LEADER_ID, votedKey, voters);
  }

  static withElectedLeader(epoch: number, leaderId: number, votedKey: ReplicaKey | null, voters: readonly number[]): ElectionState {
    return new ElectionState(epoch, leaderId, votedKey, voters);
  }

  static withUnknownLeader(epoch: number, voters: readonly number[]): ElectionState {
    return new ElectionState(epoch, UNKNOWN_LEADER_ID, null, voters);
  }

  hasLeader(): boolean {
    return this.leaderId >= 0;
  }

  hasVoted(): boolean {
    return this.votedKey !== null;
  }

  isLeader(id: number): boolean {
    return this.leaderId >= 0 && this.leaderId === id;
  }

  isVotedCandidate(key: ReplicaKey): boolean {
    if (!this.votedKey || this.votedKey.id !== key.id) return false;
    return this.votedKey.directoryId === NO_DIRECTORY_ID || this.votedKey.directoryId === key.directoryId;
  }

  toQuorumStateData(version: number): QuorumStateData {
    const d = newQuorumStateData();
    d.leaderEpoch = this.epoch;
    d.leaderId = this.leaderId;
    d.votedId = this.votedKey ? this.votedKey.id : NOT_VOTED;
    if (version === 0) {
      d.currentVoters = [...this.voters].sort((a, b) => a - b).map((voterId) => ({ voterId }));
    } else if (version === 1) {
      d.votedDirectoryId = this.votedKey ? this.votedKey.directoryId : NO_DIRECTORY_ID;
      d.currentVoters = [];
    } else {
      throw new RangeError(`quorum state data version ${version} is not supported`);
    }
    return d;
  }

  static fromQuorumStateData(d: QuorumStateData): ElectionState {
    const votedKey = d.votedId === NOT_VOTED ? null : { id: d.votedId, directoryId: d.votedDirectoryId };
    return new ElectionState(d.leaderEpoch, d.leaderId, votedKey, (d.currentVoters ?? []).map((v) => v.voterId));
  }

  equals(o: ElectionState): boolean {
    return this.epoch === o.epoch && this.leaderId === o.leaderId && (this.votedKey?.id ?? -1) === (o.votedKey?.id ?? -1) && (this.votedKey?.directoryId ?? "") === (o.votedKey?.directoryId ?? "");
  }

  toString(): string {
    return `Election(epoch=${this.epoch}, leaderId=${this.leaderId}, votedKey=${this.votedKey ? `${this.votedKey.id}` : "none"}, voters=[${this.voters.join(",")}])`;
  }
}
