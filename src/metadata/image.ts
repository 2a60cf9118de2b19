// The metadata image: the cluster state that replaying the metadata log (__cluster_metadata) produces.
// Readers (handlers) treat it as immutable; the metadata layer replaces objects when records apply, so
// a reference taken at the start of a request stays consistent for that request.

import type { Endpoint } from "../config/listeners.ts";
import type { TopicConfigSnapshot } from "./topic-config-snapshot.ts";
import type { StandardAclWithId } from "./authorizer/acl.ts";
import type { DelegationTokenImage } from "./delegation-token-control.ts";

export interface PartitionImage {
  readonly topicId: string;
  readonly topic: string;
  readonly partition: number;
  readonly replicas: readonly number[];
  readonly isr: readonly number[];
  /** -1 when the partition has no leader. */
  readonly leader: number;
  readonly leaderEpoch: number;
  readonly partitionEpoch: number;
  /** Log directory ids hosting each replica, as in PartitionRecord.Directories. */
  readonly directories: readonly string[];
  /**
   * KIP-966 eligible leader replicas (PartitionRecord.EligibleLeaderReplicas): replicas out of the ISR
   * that may still be elected without data loss. A Kafka 4.x controlled shutdown leaves a one-replica
   * partition leaderless with the broker here (absent: none).
   */
  readonly elr?: readonly number[];
  /** KIP-966 last known ELR (PartitionRecord.LastKnownElr; absent: none). */
  readonly lastKnownElr?: readonly number[];
  /** Replicas a reassignment is adding (PartitionRecord.AddingReplicas; absent: none). */
  readonly addingReplicas?: readonly number[];
  /** Replicas a reassignment is removing (PartitionRecord.RemovingReplicas; absent: none). */
  readonly removingReplicas?: readonly number[];
  /** LeaderRecoveryState: 0 RECOVERED, 1 RECOVERING after an unclean election (absent: RECOVERED). */
  readonly leaderRecoveryState?: number;
}

export interface TopicImage {
  readonly name: string;
  /** Kafka Uuid, base64url. */
  readonly topicId: string;
  readonly partitions: readonly PartitionImage[];
}

export interface BrokerRegistrationImage {
  readonly nodeId: number;
  readonly incarnationId: string;
  readonly brokerEpoch: bigint;
  readonly endpoints: readonly Endpoint[];
  readonly rack: string | null;
  readonly fenced: boolean;
  readonly inControlledShutdown: boolean;
  /**
   * Offset of the RegisterBrokerRecord this registration came from (Kafka's
   * ClusterControlManager.registerBrokerRecordOffsets): a heartbeat whose currentMetadataOffset has
   * reached it is caught up and may be unfenced. Absent in images built by hand.
   */
  readonly registrationOffset?: bigint;
  /** RegisterBrokerRecord.LogDirs: the directory ids the broker registered (absent: none). */
  readonly logDirs?: readonly string[];
  /** RegisterBrokerRecord.Features: the feature ranges the broker supports. */
  readonly supportedFeatures?: ReadonlyArray<{ readonly name: string; readonly minVersion: number; readonly maxVersion: number }>;
}

/** A controller's registration (RegisterControllerRecord, KIP-919). */
export interface ControllerRegistrationImage {
  readonly nodeId: number;
  readonly incarnationId: string;
  readonly zkMigrationReady: boolean;
  readonly endpoints: ReadonlyArray<Endpoint & { readonly securityProtocol: number }>;
  readonly supportedFeatures: ReadonlyArray<{ readonly name: string; readonly minVersion: number; readonly maxVersion: number }>;
}

/** One user's SCRAM credential for one mechanism (UserScramCredentialRecord; Kafka's ScramCredentialData). */
export interface ScramCredentialImage {
  readonly salt: Uint8Array;
  readonly storedKey: Uint8Array;
  readonly serverKey: Uint8Array;
  readonly iterations: number;
}

/** One client quota entity's settings (ClientQuotaRecord; Kafka's ClientQuotaImage). */
export interface ClientQuotaImage {
  /** Entity type (user, client-id, ip) -> name; null names the type's default entity. */
  readonly entity: ReadonlyMap<string, string | null>;
  /** Quota key (producer_byte_rate, ...) -> value. */
  readonly quotas: ReadonlyMap<string, number>;
}

/** The producer id block state (Kafka's ProducerIdsImage): the first id of the next block to hand out. */
export interface ProducerIdsImage {
  /** -1 before any ProducerIdsRecord (the controller then starts at 0). */
  readonly nextProducerId: bigint;
}

export interface MetadataImage {
  readonly clusterId: string;
  /** Node id of the active controller. */
  readonly controllerId: number;
  /** Offset of the last metadata record applied, -1 before any. */
  readonly offset: bigint;
  readonly topicsByName: ReadonlyMap<string, TopicImage>;
  readonly topicsById: ReadonlyMap<string, TopicImage>;
  readonly brokers: ReadonlyMap<number, BrokerRegistrationImage>;
  /** Config overrides set through the metadata log: key "topic:NAME", "broker:ID" or "broker:" (cluster default). */
  readonly configs: ReadonlyMap<string, ReadonlyMap<string, string>>;
  /** Finalized feature levels (metadata.version, ...). */
  readonly features: ReadonlyMap<string, number>;
  /** Registered controllers (RegisterControllerRecord); absent in images built by hand: none. */
  readonly controllers?: ReadonlyMap<number, ControllerRegistrationImage>;
  /** ProducerIdsRecord state; absent in images built by hand: no block handed out yet. */
  readonly producerIds?: ProducerIdsImage;
  /**
   * SCRAM credentials by user name, then by mechanism type (1 SCRAM-SHA-256, 2 SCRAM-SHA-512), as
   * Kafka's ScramImage; absent in images built by hand: none.
   */
  readonly scramCredentials?: ReadonlyMap<string, ReadonlyMap<number, ScramCredentialImage>>;
  /**
   * Client quotas by entity (client-quota-control.ts entityKey), as Kafka's ClientQuotasImage; absent:
   * none. The map is replaced only when a ClientQuotaRecord applies, so the quota managers re-resolve
   * their cached limits only then.
   */
  readonly clientQuotas?: ReadonlyMap<string, ClientQuotaImage>;
  /** Delegation tokens by token id (DelegationTokenRecord, Kafka's DelegationTokenImage); absent: none. */
  readonly delegationTokens?: ReadonlyMap<string, DelegationTokenImage>;
  /**
   * ACLs by id (AccessControlEntryRecord, Kafka's AclsImage); absent in images built by hand: none. The
   * map is replaced only when an ACL record applies, so the authorizer rebuilds its index only then.
   */
  readonly acls?: ReadonlyMap<string, StandardAclWithId>;
  /**
   * Each topic's resolved settings and LogConfig for this image (the metadata layer attaches it when it
   * publishes the image; images built elsewhere, e.g. by tests, have none and resolve on the fly).
   */
  readonly topicConfigs?: TopicConfigSnapshot;
}

export function configKey(resource: "topic" | "broker" | "group" | "client-metrics", name: string): string {
  return `${resource}:${name}`;
}
