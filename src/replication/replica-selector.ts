// Fetch from the closest replica (KIP-392), the leader's half: Kafka's ReplicaManager
// .findPreferredReadReplica with the two ReplicaSelector plugins Kafka ships, chosen by
// `replica.selector.class`:
// - org.apache.kafka.common.replica.LeaderReplicaSelector: the leader (no preferred read replica);
// - org.apache.kafka.common.replica.RackAwareReplicaSelector: with a client rack (FetchRequest v11+
//   rack_id), the replicas in that rack; the leader if it is one of them, else the most caught-up
//   (largest log end, then the most recently caught up); the leader when none is or no rack was sent.
// Candidates are the leader and the ISR followers whose log holds the fetch offset (a lagging follower
// would keep the consumer behind). A choice of the leader, or of a replica with no endpoint on the
// client's listener, is no preferred read replica.
//
// Left out: custom ReplicaSelector classes (Strand loads no Java plugins: any other class name is a
// configuration error naming the two served).

/** replica.selector.class values Strand serves, as Kafka's class names. */
export const LEADER_REPLICA_SELECTOR = "org.apache.kafka.common.replica.LeaderReplicaSelector";
export const RACK_AWARE_REPLICA_SELECTOR = "org.apache.kafka.common.replica.RackAwareReplicaSelector";
export const REPLICA_SELECTOR_CLASSES: readonly string[] = [LEADER_REPLICA_SELECTOR, RACK_AWARE_REPLICA_SELECTOR];

export type ReplicaSelectorKind = "leader" | "rack-aware";

/** The selector a replica.selector.class names; null when unset (Kafka: no selector, the leader serves). */
export function replicaSelectorOf(className: string | null): ReplicaSelectorKind | null {
  if (className === null || className === "") return null;
  if (className === LEADER_REPLICA_SELECTOR) return "leader";
  if (className === RACK_AWARE_REPLICA_SELECTOR) return "rack-aware";
  throw new RangeError(`replica.selector.class=${className} is not served: Strand loads no plugins; allowed: ${REPLICA_SELECTOR_CLASSES.join(", ")}`);
}

/** One candidate replica (Kafka's ReplicaView). */
export interface ReplicaView {
  readonly brokerId: number;
  /** The broker's rack (broker.rack), null when it has none. */
  readonly rack: string | null;
  /** The broker has an endpoint on the client's listener (else Kafka's Node.noNode()). */
  readonly hasEndpoint: boolean;
  readonly logEndOffset: number;
  readonly timeSinceLastCaughtUpMs: number;
}

/** Kafka's ReplicaView.comparator: larger log end first, then caught up more recently; then the lower id. */
function moreCaughtUp(a: ReplicaView, b: ReplicaView): boolean {
  if (a.logEndOffset !== b.logEndOffset) return a.logEndOffset > b.logEndOffset;
  if (a.timeSinceLastCaughtUpMs !== b.timeSinceLastCaughtUpMs) return a.timeSinceLastCaughtUpMs < b.timeSinceLastCaughtUpMs;
  return a.brokerId < b.brokerId;
}

/** The selector's choice among `replicas` (which include the leader). */
export function selectReplica(kind: ReplicaSelectorKind, clientRack: string, leader: ReplicaView, replicas: readonly ReplicaView[]): ReplicaView {
  if (kind === "leader" || clientRack === "") return leader;
  let best: ReplicaView | null = null;
  // Bounded by the partition's replicas.
  for (const r of replicas) {
    if (r.rack !== clientRack) continue;
    if (r.brokerId === leader.brokerId) return leader;
    if (best === null || moreCaughtUp(r, best)) best = r;
  }
  return best ?? leader;
}

/** What findPreferredReadReplica needs of a follower as the leader sees it. */
export interface FollowerView {
  readonly brokerId: number;
  readonly logStartOffset: number;
  readonly logEndOffset: number;
  readonly lastCaughtUpTimeMs: number;
}

/**
 * Kafka's findPreferredReadReplica on the leader for a consumer's fetch at `fetchOffset`: the preferred
 * read replica's broker id, or -1 (the leader serves it).
 */
export function findPreferredReadReplica(
  kind: ReplicaSelectorKind,
  clientRack: string,
  leaderId: number,
  leaderLogEndOffset: number,
  isr: readonly number[],
  followers: readonly FollowerView[],
  fetchOffset: number,
  nowMs: number,
  broker: (id: number) => { rack: string | null; hasEndpoint: boolean },
): number {
  const views: ReplicaView[] = [];
  // Bounded by the partition's replicas.
  for (const f of followers) {
    if (!isr.includes(f.brokerId) || f.logEndOffset < fetchOffset || f.logStartOffset > fetchOffset) continue;
    views.push({ brokerId: f.brokerId, ...broker(f.brokerId), logEndOffset: f.logEndOffset, timeSinceLastCaughtUpMs: nowMs - f.lastCaughtUpTimeMs });
  }
  const leader: ReplicaView = { brokerId: leaderId, ...broker(leaderId), logEndOffset: leaderLogEndOffset, timeSinceLastCaughtUpMs: 0 };
  views.push(leader);
  const chosen = selectReplica(kind, clientRack, leader, views);
  return chosen === leader || !chosen.hasEndpoint ? -1 : chosen.brokerId;
}
