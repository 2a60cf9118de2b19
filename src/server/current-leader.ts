// KIP-951: a NOT_LEADER_OR_FOLLOWER answer (Produce v10+; Fetch v16+, also FENCED_LEADER_EPOCH) names
// the partition's current leader and epoch, and the response lists that leader's endpoint on the
// request's listener (NodeEndpoints), so the client redirects without a Metadata round trip. As Kafka's
// KafkaApis.getCurrentLeader: the hosted partition's leader and epoch when this broker hosts it, else
// the metadata image's; the endpoint only for a registered, unfenced broker with that listener.

import type { MetadataImage } from "../metadata/image.ts";
import type { ReplicaManager } from "../replication/replica-manager.ts";

export interface NodeEndpointOut {
  nodeId: number;
  host: string;
  port: number;
  rack: string | null;
}

/** Collects the endpoints one response names (one per leader, bounded by the image's brokers). */
export class CurrentLeaders {
  private readonly nodes = new Map<number, NodeEndpointOut>();

  constructor(
    private readonly rm: ReplicaManager,
    private readonly image: MetadataImage,
    private readonly listener: string,
  ) {}

  /** The current leader of a partition, its endpoint remembered for the response. */
  leaderOf(topic: string, partition: number): { leaderId: number; leaderEpoch: number } {
    const hosted = this.rm.partition(topic, partition);
    const state = hosted === undefined ? this.image.topicsByName.get(topic)?.partitions[partition] : undefined;
    const leaderId = hosted?.leaderId ?? state?.leader ?? -1;
    const leaderEpoch = hosted?.leaderEpoch ?? state?.leaderEpoch ?? -1;
    const b = leaderId >= 0 ? this.image.brokers.get(leaderId) : undefined;
    const e = b && !b.fenced ? b.endpoints.find((x) => x.name === this.listener) : undefined;
    if (b && e) this.nodes.set(leaderId, { nodeId: leaderId, host: e.host, port: e.port, rack: b.rack });
    return { leaderId, leaderEpoch };
  }

  endpoints(): NodeEndpointOut[] {
    return [...this.nodes.values()];
  }
}
