// Kafka's QuorumStateStore: where the election state lives between restarts. writeElectionState returns
// only once the state is durable (a vote is never granted before that). The file implementation is
// file-quorum-state-store.ts; MemoryQuorumStateStore stands in for it in tests and simulations, where a
// "restart" keeps the store object.

import { ElectionState } from "./election-state.ts";

export interface QuorumStateStore {
  readElectionState(): ElectionState | null;
  /** Durable on return. `kraftVersion` picks the file format (0: data_version 0, 1: data_version 1). */
  writeElectionState(state: ElectionState, kraftVersion: number): void;
  clear(): void;
}

export class MemoryQuorumStateStore implements QuorumStateStore {
  private state: ElectionState | null = null;
  /** Writes so far (tests assert a vote was written before it was granted). */
  writes = 0;

  readElectionState(): ElectionState | null {
    return this.state;
  }

  writeElectionState(state: ElectionState, _kraftVersion: number): void {
    this.state = state;
    this.writes++;
  }

  clear(): void {
    this.state = null;
  }
}
