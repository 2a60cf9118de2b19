// What a handler reaches through `ctx.services`: one BrokerServices per broker, built by Broker.start()
// once the log dirs, the metadata log and the group coordinator are open, and owned by that Broker.
// There are no side channels (WeakMaps keyed by the broker) and no module singletons behind it, so
// several brokers can live in one process with nothing shared (test/integration/brokers-in-process).
//
// Kafka's names where Kafka has them: the metadata cache (here the MetadataLayer: image plus controller
// operations), the log manager, the group coordinator, the producer id manager. The data plane is how
// produce/fetch reach partitions today; the ReplicaManager work replaces it behind this field.
//
// The slots at the end are filled by later issues (transactions, security, quotas, metrics): typed
// null until then, so a handler written now already has the place it will read them from.

import type { DynamicSslConfig } from "./dynamic-ssl-config.ts";
import type { BrokerConfig } from "../config/broker-config.ts";
import type { Endpoint } from "../config/listeners.ts";
import type { GroupCoordinatorService } from "../coordinator/group/service.ts";
import type { ProducerIdGenerator } from "../coordinator/producer-ids.ts";
import type { MetadataLayer } from "../metadata/layer.ts";
import type { QuorumController } from "../metadata/quorum-controller.ts";
import type { KafkaRaftClient } from "../raft/kafka-raft-client.ts";
import type { ControllerChannel } from "./controller-channel.ts";
import type { LogManager } from "../storage/log-manager.ts";
import type { Logger } from "../util/log.ts";
import type { TimerClock } from "../util/purgatory/index.ts";
import type { MetadataEntryCache } from "./metadata-entry-cache.ts";
import type { ReplicaManager } from "../replication/replica-manager.ts";
import type { FetchSessionCache } from "./fetch/session-cache.ts";
import type { TxnProduceOrder } from "./produce/txn-verify.ts";
import type { TransactionCoordinatorService } from "../coordinator/transaction/service.ts";
import type { ShareCoordinatorService } from "../coordinator/share/service.ts";
import type { Persister } from "../coordinator/share/persister.ts";
import type { ClientMetricsManager } from "./telemetry/client-metrics-manager.ts";
import type { QuotaManagers } from "./quota/quota-managers.ts";
import type { StandardAuthorizer } from "../metadata/authorizer/standard-authorizer.ts";
import type { BrokerMetrics } from "./metrics/broker-metrics.ts";
import type { SharePartitionManager } from "./share/share-partition-manager.ts";

/** One API of the ApiVersions answer. */
export interface AdvertisedApi {
  apiKey: number;
  minVersion: number;
  maxVersion: number;
}

export interface BrokerServices {
  readonly nodeId: number;
  readonly clusterId: string;
  readonly config: BrokerConfig;
  readonly logger: Logger;
  /** The monotonic clock delayed operations (the purgatory's timing wheel) read. */
  readonly clock: TimerClock;
  /** The metadata image and the controller operations (Kafka's MetadataCache + ControllerClient). */
  readonly metadata: MetadataLayer;
  readonly logManager: LogManager;
  /** The partitions hosted here: appends, fetches, delayed produce/fetch, the high watermark (replication/). */
  readonly replicaManager: ReplicaManager;
  /** Incremental fetch sessions (KIP-227) of every connection. */
  readonly fetchSessions: FetchSessionCache;
  readonly groupCoordinator: GroupCoordinatorService;
  readonly producerIds: ProducerIdGenerator;
  /** The Metadata handler's topic entries, reused while the image is unchanged (03-metadata.ts). */
  readonly metadataEntries: MetadataEntryCache;
  /** The order of each producer's transactional Produce requests while they wait for verification (produce/txn-verify.ts). */
  readonly txnProduceOrder: TxnProduceOrder;
  /** KIP-714 client telemetry: subscriptions, client instances, and the metrics clients pushed (telemetry/). */
  readonly clientMetrics: ClientMetricsManager;
  /** The APIs and versions ApiVersions advertises. */
  readonly apis: readonly AdvertisedApi[];
  /**
   * advertised.listeners with any port 0 replaced by the port actually bound (tests bind port 0). Set
   * by Broker once it listens, before any request can arrive.
   */
  advertisedEndpoints: readonly Endpoint[];
  /** The metadata quorum's Raft client (the controller listener's Raft APIs); null only in tests that build services without one. */
  readonly raft: KafkaRaftClient | null;
  /** Requests to the active controller (lifecycle, forwarded requests), this node's own included; null only in such tests. */
  readonly controllerChannel: ControllerChannel | null;
  /** Kafka's QuorumController where this node has the controller role; else null. */
  readonly quorumController: QuorumController | null;
  // Filled by later issues; null until then.
  /**
   * Kafka's TransactionCoordinator (coordinator/transaction/service.ts); also the TxnPartitionVerifier
   * the produce and TxnOffsetCommit paths call (txn-verification.ts). Null: no transaction coordinator.
   */
  readonly transactionCoordinator: TransactionCoordinatorService | null;
  /**
   * Kafka's ShareCoordinator (coordinator/share/service.ts): share-group state in __share_group_state,
   * the share-state APIs 83-87 and FindCoordinator key type SHARE. Null: no share coordinator.
   */
  readonly shareCoordinator: ShareCoordinatorService | null;
  /**
   * Kafka's Persister for share partitions and share groups: the broker's DefaultStatePersister
   * (server/share/default-state-persister.ts), reaching each key's share coordinator here or on its node.
   */
  readonly sharePersister: Persister | null;
  /** Certificate reload through dynamic broker config; absent without TLS listeners. */
  readonly dynamicSsl?: DynamicSslConfig | null;
  /**
   * Kafka's Authorizer (authorizer.class.name): the StandardAuthorizer over the image's ACLs; null (no
   * authorizer) allows every operation, as Kafka without one. Handlers check through auth-helper.ts.
   */
  readonly authorizer: StandardAuthorizer | null;
  /**
   * Kafka's client QuotaManagers (produce, fetch, request, controller mutation; quota/quota-managers.ts),
   * bounds from the image's client quotas. Null only in tests that build services without them.
   */
  readonly quotas: QuotaManagers | null;
  /**
   * The broker's Prometheus metrics (metrics/broker-metrics.ts): the registry /metrics renders, the
   * request-time histograms the dispatcher feeds. Null in tests that build services by hand.
   */
  readonly metrics: BrokerMetrics | null;
  /** The share partitions led here and the share sessions (share/share-partition-manager.ts); null without a persister. */
  readonly sharePartitionManager: SharePartitionManager | null;
}
