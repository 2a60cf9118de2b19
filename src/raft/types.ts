// Value types shared by the Raft layer (Kafka's raft module: OffsetAndEpoch, LeaderAndEpoch, ReplicaKey,
// ValidOffsetAndEpoch). Offsets are `number`: a metadata log never nears 2^53 records.

/** A position in the replicated log: the offset and the leader epoch of the record before it. */
export interface OffsetAndEpoch {
  readonly offset: number;
  readonly epoch: number;
}

/** Who leads, as this node knows it: leaderId -1 when unknown. */
export interface LeaderAndEpoch {
  readonly leaderId: number;
  readonly epoch: number;
}

/** A voter or observer: its node id and (KIP-853) directory id, ZERO_UUID when unknown. */
export interface ReplicaKey {
  readonly id: number;
  readonly directoryId: string;
}

/** Where a voter is reached: its controller listeners (name, host, port), in preference order. */
export interface VoterEndpoint {
  readonly name: string;
  readonly host: string;
  readonly port: number;
}

export interface Voter {
  readonly key: ReplicaKey;
  readonly endpoints: readonly VoterEndpoint[];
  /** kraft.version range the voter supports (KIP-853); 0-0 for static voters. */
  readonly kraftVersion: { readonly min: number; readonly max: number };
}

/**
 * Kafka's ValidOffsetAndEpoch: how a follower's fetch position relates to the leader's log.
 * VALID: the leader's log contains it. DIVERGING: truncate to `offsetAndEpoch` (the end of that epoch on
 * the leader) and fetch again. SNAPSHOT: the position is before the log start: fetch the snapshot
 * `offsetAndEpoch`.
 */
export type ValidOffsetAndEpoch =
  | { readonly kind: "VALID"; readonly offsetAndEpoch: OffsetAndEpoch }
  | { readonly kind: "DIVERGING"; readonly offsetAndEpoch: OffsetAndEpoch }
  | { readonly kind: "SNAPSHOT"; readonly offsetAndEpoch: OffsetAndEpoch };

/** A snapshot's id: the offset it ends before and the epoch of the record at offset - 1 (Kafka's OffsetAndEpoch). */
export type SnapshotId = OffsetAndEpoch;
