// A follower's state as its leader sees it (Kafka's kafka.cluster.Replica / ReplicaState): where the
// follower's log ends and starts (from its last Fetch), when it last fetched, and when it was last caught
// up with the leader's log end. LEADER SIDE of replication: only a Partition that leads keeps these,
// one per remote replica; a follower keeps none.
//
// lastCaughtUpTimeMs is the largest time t such that the follower's fetch offset at some fetch was at
// least the leader's log end at time t. Following Kafka, a fetch that reaches the log end as of this
// fetch sets it to this fetch's time; one that reaches the log end as of the previous fetch sets it to
// the previous fetch's time. So a follower that keeps up with a steady stream of small appends (its fetch
// offset always just below the leader's log end) still counts as caught up.

import { NotLeaderOrFollowerError } from "./leader-errors.ts";

/** Kafka's UnifiedLog.UnknownOffset. */
export const UNKNOWN_OFFSET = -1;
/**
 * "Never" for the times below. Kafka's 0 is 1970 on its wall clock; Strand's clock is monotonic and starts
 * near 0 with the process, so a 0 would make a replica that never caught up count as caught up for the
 * first replica.lag.time.max.ms of a leader's life (and hold its high watermark back).
 */
export const NEVER_MS = Number.NEGATIVE_INFINITY;

export class ReplicaState {
  /** Follower's log start offset, from its fetches; -1 until the first. */
  logStartOffset = UNKNOWN_OFFSET;
  /** Follower's log end offset (the offset of its last fetch); -1 until the first. */
  logEndOffset = UNKNOWN_OFFSET;
  /** The leader's log end when the follower last fetched (never moves back). */
  lastFetchLeaderLogEndOffset = 0;
  lastFetchTimeMs = NEVER_MS;
  lastCaughtUpTimeMs = NEVER_MS;
  /** The broker epoch the follower's last fetch carried (ReplicaState.ReplicaEpoch, v15+; -1 below); null before any. */
  brokerEpoch: bigint | null = null;

  constructor(readonly brokerId: number) {}

  /**
   * Kafka's isCaughtUp: at the leader's log end, or caught up less than `replicaLagTimeMaxMs` ago.
   */
  isCaughtUp(leaderEndOffset: number, nowMs: number, replicaLagTimeMaxMs: number): boolean {
    return leaderEndOffset === this.logEndOffset || nowMs - this.lastCaughtUpTimeMs <= replicaLagTimeMaxMs;
  }

  /**
   * Kafka's updateFetchStateOrThrow, after a follower's read: `cachedBrokerEpoch` is the image's epoch
   * of this broker (undefined when absent or fenced). A fetch carrying an older broker epoch than the
   * image's is a stale request of an earlier incarnation: NOT_LEADER_OR_FOLLOWER, state unchanged.
   */
  updateFetchState(fetchOffset: number, followerStartOffset: number, fetchTimeMs: number, leaderEndOffset: number, brokerEpoch: bigint, cachedBrokerEpoch: bigint | undefined): void {
    if (brokerEpoch !== -1n && cachedBrokerEpoch !== undefined && cachedBrokerEpoch > brokerEpoch) {
      throw new NotLeaderOrFollowerError(`Received stale fetch state update. broker epoch=${brokerEpoch} vs expected=${cachedBrokerEpoch}`);
    }
    let caughtUp = this.lastCaughtUpTimeMs;
    if (fetchOffset >= leaderEndOffset) caughtUp = Math.max(caughtUp, fetchTimeMs);
    else if (fetchOffset >= this.lastFetchLeaderLogEndOffset) caughtUp = Math.max(caughtUp, this.lastFetchTimeMs);
    this.logStartOffset = followerStartOffset;
    this.logEndOffset = fetchOffset;
    this.lastFetchLeaderLogEndOffset = Math.max(leaderEndOffset, this.lastFetchLeaderLogEndOffset);
    this.lastFetchTimeMs = fetchTimeMs;
    this.lastCaughtUpTimeMs = caughtUp;
    this.brokerEpoch = brokerEpoch;
  }

  /**
   * Kafka's resetReplicaState when this broker becomes leader or gets a new leader epoch: an in-sync
   * follower counts as caught up now, another as never (it must not hold the high watermark back). A new
   * leader forgets everything else; a re-elected one keeps the follower's offsets and broker epoch.
   */
  reset(nowMs: number, leaderEndOffset: number, isNewLeader: boolean, inSync: boolean): void {
    this.lastCaughtUpTimeMs = inSync ? nowMs : NEVER_MS;
    if (isNewLeader) {
      this.logStartOffset = UNKNOWN_OFFSET;
      this.logEndOffset = UNKNOWN_OFFSET;
      this.lastFetchLeaderLogEndOffset = UNKNOWN_OFFSET;
      this.lastFetchTimeMs = NEVER_MS;
      this.brokerEpoch = null;
    } else {
      this.lastFetchLeaderLogEndOffset = leaderEndOffset;
      this.lastFetchTimeMs = inSync ? nowMs : NEVER_MS;
    }
  }

  toString(): string {
    return `Replica(replicaId=${this.brokerId}, logStartOffset=${this.logStartOffset}, logEndOffset=${this.logEndOffset}, lastCaughtUpTimeMs=${this.lastCaughtUpTimeMs}, lastFetchLeaderLogEndOffset=${this.lastFetchLeaderLogEndOffset}, lastFetchTimeMs=${this.lastFetchTimeMs}, brokerEpoch=${this.brokerEpoch ?? -2n})`;
  }
}
