// The broker process: configuration, storage, metadata, handlers and the socket server, started and
// stopped in order. Broker owns what it starts: start() builds one BrokerServices (services.ts) that
// every handler reaches as ctx.services, so brokers in one process share nothing.
//
// Start: read meta.properties (formatting an empty directory only when asked to), open the log dirs
// (recovering after an unclean stop), replay the metadata log, then listen. Stop (SIGTERM): stop
// accepting, let in-flight requests finish (bounded wait), close connections, flush and close the logs
// and write the clean-shutdown marker.

import { TxnProduceOrder } from "./produce/txn-verify.ts";
import { loadNativeInBackground } from "../protocol/records/crc32c-native.ts";
import { installNativeLz4InBackground } from "../protocol/records/compression/lz4-native.ts";
import { SocketServer, type BoundListener } from "../network/server.ts";
import { DynamicSslConfig } from "./dynamic-ssl-config.ts";
import type { Outcome, RequestSink } from "../network/connection.ts";
import type { BrokerConfig } from "../config/broker-config.ts";
import { connectionQuotaConfigOf } from "./connection-quota-config.ts";
import type { ConnectionQuotaConfig } from "../network/connection-quotas.ts";
import type { Endpoint } from "../config/listeners.ts";
import { ensureLogDirs } from "../config/log-dirs.ts";
import { LogManager } from "../storage/log-manager.ts";
import { cleanerConfigOf } from "./cleaner-config.ts";
import { replicationQuotasOf, type ReplicationQuotas } from "./replication-quotas.ts";
import { ipConnectionThrottle, quotaManagersOf } from "./quota/quota-managers.ts";
import { logConfigFor } from "../config/topic-config.ts";
import { consumerGroupTimings, shareGroupTimings, streamsGroupSettings } from "../config/group-config.ts";
import { readMetaProperties } from "../storage/meta-properties.ts";
import { Dispatcher, frameApiKey } from "./dispatch.ts";
import { SaslGate } from "./security/sasl-gate.ts";
import { brokerSaslClient } from "./security/sasl-client.ts";
import { interBrokerListenerName } from "../replication/leader-endpoint-lookup.ts";
import { bootstrapScramRecords } from "../metadata/bootstrap-scram.ts";
import { delegationTokenCredentialLookup } from "./security/delegation-token-credentials.ts";
import type { ApiHandler } from "./handler.ts";
import { namedLogger, type Logger } from "../util/log.ts";
import { brokerLoggers, type BrokerLoggers } from "./broker-loggers.ts";
import { ALL_HANDLERS } from "./api/index.ts";
import { MetadataEntryCache } from "./metadata-entry-cache.ts";
import type { AdvertisedApi, BrokerServices } from "./services.ts";
import { ClientMetricsManager, telemetryMaxBytesOf } from "./telemetry/client-metrics-manager.ts";
import { readProducerIdFile, removeProducerIdFile, RpcProducerIdManager, type ProducerIdBlockResult } from "../coordinator/producer-ids.ts";
import { systemClock, Timer, type TimerClock } from "../util/purgatory/index.ts";
import { STRAND_VERSION } from "../util/version.ts";
import { GroupCoordinatorService, coordinatorConfigOf } from "../coordinator/group/service.ts";
import { LogPartitionWriter } from "./coordinator-partition-writer.ts";
import { resolveTopicSettings } from "./produce/topic-settings.ts";
import { wheelGroupClock } from "./group-clock.ts";
import { ReplicaManager } from "../replication/replica-manager.ts";
import { ReplicaFetcherManager } from "../replication/replica-fetcher-manager.ts";
import type { ReplicaFetcherHost } from "../replication/replica-fetcher-thread.ts";
import { FetchSessionCache } from "./fetch/session-cache.ts";
import type { MetadataLayer } from "../metadata/layer.ts";
import type { Persister } from "../coordinator/share/persister.ts";
import { controllerSide, RaftMetadata } from "../metadata/raft-metadata.ts";
import { QuorumController } from "../metadata/quorum-controller.ts";
import { SnapshotGenerator } from "../metadata/snapshot-generator.ts";
import { SECURITY_PROTOCOL_ID } from "../metadata/registration.ts";
import { SUPPORTED_FEATURES } from "../metadata/supported-features.ts";
import { DEFAULT_NETWORK_CLIENT_CONFIG, NetworkClient } from "../network/network-client.ts";
import { clientTransportFor } from "./client-transport.ts";
import { CONTROLLER_HANDLERS } from "./controller-api/index.ts";
import { StandardAuthorizer } from "../metadata/authorizer/standard-authorizer.ts";
import { AUTHORIZER_LOGGER_NAME } from "../metadata/authorizer/audit-log.ts";
import { KafkaRaftManager } from "./raft-manager.ts";
import { FORWARD_RETRY_TIMEOUT_MS, forwardingHandler } from "./forwarding.ts";
import { NoControllerError, RaftControllerChannel, sendToActiveController } from "./controller-channel.ts";
import { AlterPartitionManager } from "../replication/alter-partition-manager.ts";
import { BrokerLifecycleManager } from "./broker-lifecycle-manager.ts";
import { randomKafkaUuid } from "../storage/meta-properties.ts";
import { mark, reportTrace, STARTUP_TRACE } from "../util/startup-trace.ts";
import { TransactionCoordinatorService, transactionConfigOf } from "../coordinator/transaction/service.ts";
import { ShareCoordinatorService, shareCoordinatorConfigOf } from "../coordinator/share/service.ts";
import { DefaultStatePersister } from "./share/default-state-persister.ts";
import { Partition } from "../replication/partition.ts";
import { writeTxnMarkers } from "./txn-markers.ts";
import { withMarkerCrashPoint } from "./txn-marker-crash.ts";
import { AdminServer, type AdminRoute } from "./admin/admin-server.ts";
import { ADMIN_LISTENER_KEY, parseAdminListener } from "../config/admin-listener.ts";
import { createConsole, type Console } from "./admin/console/console-route.ts";
import { BrokerMetrics } from "./metrics/broker-metrics.ts";
import { registerGroupLag } from "./metrics/group-lag.ts";
import { metricsRoute } from "./admin/metrics-route.ts";
import { healthRoutes, type Readiness } from "./admin/health-route.ts";
import { brokerReadiness } from "./admin/broker-readiness.ts";
import { SharePartitionManager } from "./share/share-partition-manager.ts";
import { maxShareSessions, shareReadCommitted, sharePartitionConfig } from "./share/share-config.ts";

export class NotFormattedError extends Error {
  readonly dirs: string[];
  constructor(dirs: string[]) {
    super(`log directories ${dirs.join(", ")} are not formatted: run 'strand storage format -t <cluster id> -c <config>' first`);
    this.name = "NotFormattedError";
    this.dirs = dirs;
  }
}

export interface BrokerOptions {
  config: BrokerConfig;
  log: Logger;
  /** The Persister of share-group state (BrokerServices.sharePersister); absent: none. */
  sharePersister?: Persister;
  /** Handlers to serve (defaults to every implemented API). */
  handlers?: ApiHandler[];
  /** The monotonic clock of the broker's delayed operations (tests give each broker its own). */
  clock?: TimerClock;
  /**
   * The clock of the metadata quorum and the broker lifecycle (Raft timers and linger, the controller's
   * session fencing, heartbeats, the controller channel); `clock` when not given. A test that moves a
   * broker's data-plane clock by hand gives this one the system clock, so metadata still commits.
   */
  quorumClock?: TimerClock;
}

export type { AdvertisedApi } from "./services.ts";

export class BrokerNotStartedError extends Error {
  override readonly name = "BrokerNotStartedError";
  constructor(what: string) {
    super(`the broker has no ${what} yet: start() has not opened it`);
  }
}

/**
 * STRAND_STARTUP_TRACE=1 only: marks the first answer to each API key seen before the first Produce,
 * and prints the start-up trace when the first Produce has been answered (src/util/startup-trace.ts).
 */
function tracingSink(inner: RequestSink): RequestSink {
  let done = false;
  const seen = new Set<number>();
  return {
    handle(conn, frame) {
      const apiKey = done ? -1 : frameApiKey(frame);
      if (apiKey < 0) return inner.handle(conn, frame);
      const answered = (o: Outcome): Outcome => {
        if (!seen.has(apiKey)) {
          seen.add(apiKey);
          mark(`first-answer-api${apiKey}`);
        }
        if (apiKey === PRODUCE_KEY) {
          done = true;
          reportTrace("first-produce");
        }
        return o;
      };
      const r = inner.handle(conn, frame);
      return r instanceof Promise ? r.then(answered) : answered(r);
    },
  };
}
const PRODUCE_KEY = 0;
const API_ALLOCATE_PRODUCER_IDS = 67;
const API_CONTROLLER_REGISTRATION = 70;
/** Meta properties without a directory id (version 0): Kafka's Uuid.ZERO. */
const ZERO_DIR = "AAAAAAAAAAAAAAAAAAAAAA";

/** The APIs and versions ApiVersions advertises for `handlers`, by key. */
function advertisedApisOf(handlers: readonly ApiHandler[]): AdvertisedApi[] {
  return handlers
    .map((h) => ({ apiKey: h.key, minVersion: h.advertisedMinVersion ?? h.minVersion, maxVersion: h.maxVersion }))
    .sort((a, b) => a.apiKey - b.apiKey);
}


/** How long shutdown waits for in-flight requests before closing connections anyway. */
const SHUTDOWN_DRAIN_MS = 5000;

export class Broker {
  readonly config: BrokerConfig;
  /** The root logger (server-command's); components log through `loggers`, Kafka's logger names. */
  readonly log: Logger;
  readonly loggers: BrokerLoggers;
  readonly nodeId: number;
  readonly clock: TimerClock;
  private readonly quorumClock: TimerClock;
  /** The share-state Persister: BrokerOptions.sharePersister when given (in-process tests), else the DefaultStatePersister built by start(). */
  private sharePersister: Persister | null;
  private logManager: LogManager | null = null;
  /** KRaft: the Raft pieces, the metadata layer over them, the lifecycle. */
  private raftManager: KafkaRaftManager | null = null;
  private raftMetadata: RaftMetadata | null = null;
  /** The leader and follower replication quotas (the reassignment throttles); null before start(). */
  replicationQuotas: ReplicationQuotas | null = null;
  private quorumController: QuorumController | null = null;
  private controllerServer: SocketServer | null = null;
  private controllerClient: NetworkClient | null = null;
  private lifecycle: BrokerLifecycleManager | null = null;
  private coordinatorService: GroupCoordinatorService | null = null;
  private txnCoordinator: TransactionCoordinatorService | null = null;
  private shareCoordinator: ShareCoordinatorService | null = null;
  private defaultStatePersister: DefaultStatePersister | null = null;
  private sharePersisterClient: NetworkClient | null = null;
  /** Built by start() once everything it holds is open; null before. */
  private running: BrokerServices | null = null;
  private server: SocketServer | null = null;
  /** Certificate reload through dynamic broker config (TLS listeners only). */
  private dynamicSsl: DynamicSslConfig | null = null;
  private readonly handlerList: ApiHandler[];
  private stopping: Promise<void> | null = null;
  readonly startedAtMs = Date.now();
  private readonly connectionQuotas: ConnectionQuotaConfig;
  /** The partitions hosted here; set during start(), kept for shutdown. */
  private replicas: ReplicaManager | null = null;
  private sharePartitions: SharePartitionManager | null = null;
  private alterPartitions: AlterPartitionManager | null = null;
  /**
   * What the admin HTTP listener (strand.admin.listener) serves, asked in order: metrics, health, and
   * other features' routes (the web console), which may be added before or after start().
   */
  readonly adminRoutes: AdminRoute[] = [];
  private admin: AdminServer | null = null;
  /** The web console on the admin listener (admin/console/); its sampler stops with the broker. */
  private console: Console | null = null;
  /** Prometheus metrics (services.metrics), served at /metrics. */
  readonly metrics = new BrokerMetrics();
  /** Where start() is, for /health/ready. */
  private phase = "not started";

  constructor(opts: BrokerOptions) {
    this.config = opts.config;
    this.log = opts.log;
    this.loggers = brokerLoggers(opts.log);
    this.nodeId = opts.config.nodeId;
    this.clock = opts.clock ?? systemClock;
    this.quorumClock = opts.quorumClock ?? this.clock;
    this.sharePersister = opts.sharePersister ?? null;
    // The controller-only admin APIs are forwarded to the active controller (this node's own, on a
    // single node), as Kafka's brokers do.
    this.handlerList = (opts.handlers ?? ALL_HANDLERS).map(forwardingHandler);
    // Checked here so a bad value stops the broker before it touches its log dirs.
    this.connectionQuotas = connectionQuotaConfigOf(opts.config);
    this.adminRoutes.push(metricsRoute(this.metrics.registry), healthRoutes(() => this.readiness()));
  }

  /** /health/ready: logs loaded, metadata caught up, listeners open, unfenced, not stopping. */
  readiness(): Readiness {
    const md = this.raftMetadata;
    return brokerReadiness({
      phase: this.phase,
      stopping: this.stopping !== null,
      logsLoaded: this.logManager !== null,
      offlinePartitions: this.logManager?.offlinePartitions().length ?? 0,
      metadataCaughtUp: md?.image.features.has("metadata.version") ?? false,
      quorumLeaderId: md?.currentLeader.leaderId ?? -1,
      brokerState: this.config.roles.has("broker") ? (this.lifecycle?.state ?? "NOT_RUNNING") : null,
      listenersOpen: this.config.roles.has("broker") ? (this.server?.bound.length ?? 0) > 0 : (this.controllerServer?.bound.length ?? 0) > 0,
    });
  }

  /** What handlers reach (ctx.services); throws before start() has built it. */
  get services(): BrokerServices {
    if (!this.running) throw new BrokerNotStartedError("services");
    return this.running;
  }

  get clusterId(): string {
    return this.services.clusterId;
  }

  get logs(): LogManager {
    if (!this.logManager) throw new BrokerNotStartedError("log manager");
    return this.logManager;
  }

  /** Metadata image and controller operations (src/metadata), open once start() has replayed the log. */
  get metadata(): MetadataLayer {
    const md = this.raftMetadata;
    if (!md) throw new BrokerNotStartedError("metadata layer");
    return md;
  }

  /** The metadata quorum's Raft pieces; null before start(). */
  get raft(): KafkaRaftManager | null {
    return this.raftManager;
  }

  /** Group coordinator (issue 5): consumer groups and offsets in __consumer_offsets; null before start(). */
  get groupCoordinator(): GroupCoordinatorService | null {
    return this.coordinatorService;
  }

  /** advertised.listeners with any port 0 replaced by the port actually bound; empty before listening. */
  get advertisedEndpoints(): readonly Endpoint[] {
    return this.running?.advertisedEndpoints ?? [];
  }

  /** The cluster id recorded in the log dirs, or null when none is formatted. Mixed ids are an error. */
  static readClusterId(dirs: readonly string[]): string | null {
    let id: string | null = null;
    for (const d of dirs) {
      const m = readMetaProperties(d);
      if (!m) continue;
      if (id !== null && m.clusterId !== id) throw new Error(`log dirs disagree on the cluster id: ${id} and ${m.clusterId} (in ${d})`);
      id = m.clusterId;
    }
    return id;
  }

  async start(): Promise<BoundListener[]> {
    mark("broker-start");
    this.loadNativeHelpers();
    this.startAdminListener();
    this.phase = "loading logs";
    ensureLogDirs(this.config);
    const dirs = [...new Set([...this.config.logDirs, this.config.metadataLogDir])];
    const clusterId = Broker.readClusterId(dirs);
    if (clusterId === null) throw new NotFormattedError(dirs);

    const logs = LogManager.open({
      logDirs: [...this.config.logDirs],
      nodeId: this.nodeId,
      clusterId,
      // Broker-level log settings from server.properties apply from the first log opened; topic
      // overrides and dynamic broker configs come from the image once the metadata log has been replayed.
      defaultConfig: logConfigFor({ staticConfig: this.config.given, dynamicBroker: new Map(), dynamicDefault: new Map() }, new Map()),
      logger: this.loggers.logManager,
      // Read at start-up only: a dynamic change of this cluster-wide key applies after a restart.
      producerIdExpirationMs: this.config.int("producer.id.expiration.ms"),
      onTaskError: (e) => this.loggers.logManager.error("log manager task failed; retrying at the next interval", { error: e.message }),
      cleaner: cleanerConfigOf(this.config.given),
      cleanerLogger: this.loggers.logCleaner,
      onSyncTimed: (ms) => this.metrics.logFlush.observe(ms),
      onPartitionOffline: (o) =>
        this.loggers.logManager.error("partition offline: it answers KAFKA_STORAGE_ERROR and its log dir gets no clean-shutdown marker", {
          partition: `${o.tp.topic}-${o.tp.partition}`,
          dir: o.dir,
          logEndOffset: o.log?.logEndOffset ?? -1,
          highWatermark: o.highWatermark,
          error: o.error.message,
        }),
    });
    this.logManager = logs;
    mark("log-manager-open");
    for (const o of logs.offlinePartitions()) {
      this.loggers.logManager.error("partition offline after recovery", { partition: `${o.tp.topic}-${o.tp.partition}`, dir: o.dir, error: o.error.message });
    }
    // The replica manager hosts the partitions: each committed metadata change reaches it (partition
    // logs and Partitions) before it is visible. Its delayed operations run on this broker's clock.
    // ISR changes of the partitions led here go to the active controller (AlterPartition), through the
    // broker-to-controller channel opened with the metadata layer below.
    const alterPartitions = new AlterPartitionManager({
      brokerId: this.nodeId,
      brokerEpoch: () => this.lifecycle?.brokerEpoch ?? -1n,
      channel: {
        send: (k, b, o) => (this.channel ? this.channel.send(k, b, o) : Promise.reject(new NoControllerError())),
        controllerMoved: () => this.channel?.controllerMoved(),
      },
      schedule: (cb, ms) => this.clock.schedule(cb, ms),
      logger: this.loggers.replicaManager.child({ component: "alter-partition-manager" }),
    });
    this.alterPartitions = alterPartitions;
    const quotas = replicationQuotasOf(this.config, this.nodeId, () => this.raftMetadata?.image ?? null, () => this.clock.nowMs());
    this.replicationQuotas = quotas;
    const replicaManager = new ReplicaManager({
      nodeId: this.nodeId,
      config: this.config,
      logs,
      logger: this.loggers.replicaManager,
      timer: new Timer({ clock: this.clock }),
      replicaFetchers: (host) => this.newReplicaFetcherManager(host, quotas),
      alterPartitionManager: alterPartitions,
      leaderQuota: quotas.leader,
      brokerEpoch: () => this.lifecycle?.brokerEpoch ?? -1n,
    });
    this.replicas = replicaManager;
    // metadata: the image comes from the committed records the Raft client delivers (started below,
    // once the controller listener is up), on a single node as in a cluster: a one-voter quorum
    // commits what it has fsynced, and its own writes reach the image the same way as everyone else's.
    const metadata: MetadataLayer = this.openRaftMetadata(clusterId, logs, replicaManager);
    mark("metadata-open");
    // Retention, the cleaner and the other periodic log tasks start with the first published image, as
    // Kafka's LogManager.startup runs from the first metadata publish: before it the logs have only the
    // broker's defaults, so a topic with retention.ms=-1 or cleanup.policy=compact would be trimmed by
    // the default retention (the image arrives from Raft after start-up, later on a busy machine).
    let logTasksStarted = false;
    metadata.onApplied(() => {
      if (logTasksStarted) return;
      logTasksStarted = true;
      logs.startScheduler({
        retentionCheckMs: this.config.long("log.retention.check.interval.ms"),
        producerIdExpirationCheckMs: this.config.int("producer.id.expiration.check.interval.ms"),
      });
    });

    // Group coordinator (issue 5): loads __consumer_offsets once the broker is unfenced (below).
    // The coordinator gets explicit dependencies (no Broker): its own timing wheel, on this broker's clock.
    const groupCoordinator = new GroupCoordinatorService({
      config: coordinatorConfigOf(this.config),
      segmentBytes: this.config.int("offsets.topic.segment.bytes"),
      nodeId: this.nodeId,
      metadata: () => metadata,
      writer: new LogPartitionWriter(replicaManager, (topic) => resolveTopicSettings(metadata.image, this.config, topic, this.nodeId)),
      logger: this.loggers.groupCoordinator.child({ component: "group-coordinator" }),
      clock: wheelGroupClock(new Timer({ clock: this.clock })),
      // GROUP config overrides over the dynamic group.consumer.* keys, read at each heartbeat.
      groupConfig: (groupId) => consumerGroupTimings({ config: this.config, nodeId: this.nodeId, metadata }, groupId),
      streamsGroupConfig: (groupId) => streamsGroupSettings({ config: this.config, nodeId: this.nodeId, metadata }, groupId),
      shareGroupConfig: (groupId) => shareGroupTimings({ config: this.config, nodeId: this.nodeId, metadata }, groupId),
      persister: () => this.sharePersister,
    });
    this.coordinatorService = groupCoordinator;

    // Transaction coordinator: loads the __transaction_state partitions led here once the broker is
    // unfenced (below). Markers go through writeTxnMarkers, the path WriteTxnMarkers requests take.
    // Producer id blocks are ProducerIdsRecords in the metadata log, from the active controller
    // (AllocateProducerIds, to this node's own controller on a single node).
    const producerIds = this.rpcProducerIds();
    const transactionCoordinator = new TransactionCoordinatorService({
      config: transactionConfigOf(this.config),
      nodeId: this.nodeId,
      metadata: () => metadata,
      writer: new LogPartitionWriter(replicaManager, (topic) => resolveTopicSettings(metadata.image, this.config, topic, this.nodeId)),
      logger: this.loggers.transactionCoordinator.child({ component: "transaction-coordinator" }),
      clock: wheelGroupClock(new Timer({ clock: this.clock })),
      generateProducerId: () => producerIds.generate(),
      markerWriter: withMarkerCrashPoint((markers) => {
        const services = this.running;
        if (!services) return Promise.reject(new BrokerNotStartedError("services"));
        return writeTxnMarkers(services, markers);
      }),
    });
    this.txnCoordinator = transactionCoordinator;

    // Share coordinator (KIP-932): loads the __share_group_state partitions led here once the broker
    // is unfenced (below). The persister reaches the share coordinators of other nodes over the
    // inter-broker listener (one client, as Kafka's PersisterStateManager's).
    const shareCoordinator = new ShareCoordinatorService({
      config: shareCoordinatorConfigOf(this.config),
      nodeId: this.nodeId,
      metadata: () => metadata,
      writer: new LogPartitionWriter(replicaManager, (topic) => resolveTopicSettings(metadata.image, this.config, topic, this.nodeId)),
      logger: this.loggers.groupCoordinator.child({ component: "share-coordinator" }),
      clock: wheelGroupClock(new Timer({ clock: this.clock })),
      // The prune job's deleteRecords (Kafka's PartitionWriter.deleteRecords): the leader's log start moves.
      deleteRecords: async (tp, offset) => {
        const found = replicaManager.getPartitionOrError(tp.topic, tp.partition);
        if (!(found instanceof Partition)) throw new Error(`${tp.topic}-${tp.partition} is not led here (error ${found.errorCode})`);
        found.deleteRecordsOnLeader(Math.min(offset, found.highWatermark));
      },
    });
    this.shareCoordinator = shareCoordinator;
    const persisterListener = interBrokerListenerName(this.config);
    const persisterSasl = brokerSaslClient(this.config, persisterListener, "sasl.mechanism.inter.broker.protocol");
    // Kafka's PersisterStateManager sends with the client default request.timeout.ms.
    const persisterTimeoutMs = 30_000;
    this.sharePersisterClient = new NetworkClient(
      { ...DEFAULT_NETWORK_CLIENT_CONFIG, clientId: `broker-${this.nodeId}-share-persister`, requestTimeoutMs: persisterTimeoutMs, ...(persisterSasl ? { sasl: persisterSasl } : {}) },
      clientTransportFor(this.config, persisterListener),
      this.clock,
    );
    const persisterClient = this.sharePersisterClient;
    this.defaultStatePersister = new DefaultStatePersister({
      nodeId: this.nodeId,
      coordinator: shareCoordinator,
      image: () => metadata.image,
      listenerName: persisterListener,
      sender: { send: (node, apiKey, body, opts) => persisterClient.send(node, apiKey, body as Record<string, unknown>, opts) },
      requestTimeoutMs: persisterTimeoutMs,
      logger: this.loggers.groupCoordinator.child({ component: "share-persister" }),
    });
    this.sharePersister ??= this.defaultStatePersister;

    this.dynamicSsl = this.config.sslEngines.size > 0 ? new DynamicSslConfig(this.config, this.nodeId, () => this.server, this.log.child({ component: "dynamic-ssl" })) : null;
    // The share partitions read and write their state through the same Persister as the group coordinator.
    const sharePersister = this.sharePersister;
    const shareConfigHost = { config: this.config, nodeId: this.nodeId, metadata };
    this.sharePartitions = new SharePartitionManager({
      replicaManager,
      persister: sharePersister,
      timer: new Timer({ clock: this.clock }),
      image: () => metadata.image,
      config: (groupId) => sharePartitionConfig(shareConfigHost, groupId),
      readCommitted: (groupId) => shareReadCommitted(shareConfigHost, groupId),
      maxSessions: () => maxShareSessions(shareConfigHost),
    });
    const services: BrokerServices = {
      dynamicSsl: this.dynamicSsl,
      nodeId: this.nodeId,
      clusterId,
      config: this.config,
      logger: this.loggers.apis,
      clock: this.clock,
      metadata,
      logManager: logs,
      replicaManager,
      fetchSessions: new FetchSessionCache(),
      groupCoordinator,
      producerIds,
      metadataEntries: new MetadataEntryCache(),
      txnProduceOrder: new TxnProduceOrder(),
      clientMetrics: new ClientMetricsManager({
        nowMs: () => this.clock.nowMs(),
        logger: this.log.child({ component: "client-metrics" }),
        telemetryMaxBytes: telemetryMaxBytesOf(this.config),
      }),
      apis: advertisedApisOf(this.handlerList),
      advertisedEndpoints: [],
      transactionCoordinator,
      shareCoordinator,
      sharePersister: this.sharePersister,
      raft: this.raftManager?.client ?? null,
      quorumController: this.quorumController,
      controllerChannel: this.channel,
      // Its audit logger (kafka.authorizer.logger) exists only with an authorizer, as on Kafka.
      authorizer: this.config.authorizer ? new StandardAuthorizer(this.config.authorizer, () => metadata.image, namedLogger(this.log, AUTHORIZER_LOGGER_NAME)) : null,
      quotas: quotaManagersOf(this.config, () => metadata.image),
      metrics: this.metrics,
      sharePartitionManager: this.sharePartitions,
    };
    this.running = services;
    this.metrics.bind({
      nodeId: this.nodeId,
      replicaManager,
      logs,
      image: () => this.raftMetadata?.image ?? null,
      quorumController: this.quorumController,
      requestQueueSize: () => {
        let n = 0;
        // Bounded by the open connections.
        for (const c of this.server?.connections ?? []) n += c.inFlight;
        return n;
      },
    });
    registerGroupLag(this.metrics.registry, groupCoordinator, replicaManager);
    this.phase = "catching up with the metadata quorum";
    await this.startRaft(services);
    // Kafka's AclPublisher completes the authorizer's initial load once the metadata has caught up;
    // the broker listeners open only after it (the controller listener is early-start).
    services.authorizer?.completeInitialLoad();
    this.phase = "opening listeners";
    const dispatcher = new Dispatcher(services, this.handlerList, this.loggers.apis, this.loggers.requestLogger);
    mark("dispatcher");

    const brokerListeners = this.config.listeners.filter((l) => !this.config.controllerListenerNames.includes(l.name));
    // KIP-714: a client instance is forgotten with its connection, as Kafka's ClientMetricsManager does.
    this.server = this.socketServer(brokerListeners, STARTUP_TRACE ? tracingSink(dispatcher) : dispatcher, (id) => {
      services.clientMetrics.connectionClosed(id);
      services.sharePartitionManager?.connectionClosed(id);
    }, ipConnectionThrottle(this.config, brokerListeners, () => metadata.image));
    const bound = this.server.start();
    mark("listening");
    // A controller-only node advertises no broker endpoint.
    services.advertisedEndpoints = !this.config.roles.has("broker") ? [] : this.config.advertisedListeners.map((e) => {
      const b = bound.find((x) => x.name === e.name);
      return e.port === 0 && b ? { ...e, port: b.port } : e;
    });
    // metadata: register the endpoints actually bound (port 0 in tests).
    this.phase = "registering with the controller";
    if (this.config.roles.has("broker")) await this.registerWithController(services);
    mark("registered");
    this.phase = "loading coordinators";
    // Kafka's isr-expiration task (followers that stopped catching up leave the ISR).
    if (this.config.roles.has("broker")) replicaManager.startIsrExpiration();
    await this.adoptLegacyProducerIds();
    // The first block before the first client: InitProducerId is then answered at once (bounded).
    if (this.config.roles.has("broker")) await producerIds.prefetch(2_000);
    // The coordinators load the __consumer_offsets and __transaction_state partitions led here once
    // the broker is unfenced (its leaderships are elected then), before "started": the first client
    // finds its groups and transactions loaded. A transaction left in PREPARE_* by a crash gets its
    // markers written again.
    this.loggers.groupCoordinator.info("group coordinator loaded", await groupCoordinator.start());
    mark("group-coordinator");
    this.loggers.transactionCoordinator.info("transaction coordinator loaded", await transactionCoordinator.start());
    mark("transaction-coordinator");
    this.loggers.groupCoordinator.info("share coordinator loaded", await shareCoordinator.start());
    mark("share-coordinator");
    // The web console reads the partitions and groups hosted here, so a broker serves it (not a controller-only node).
    if (this.admin && this.config.roles.has("broker")) {
      this.console = createConsole(services);
      this.adminRoutes.push(this.console.route);
    }
    mark("producer-ids");
    this.loggers.broker.info("strand started", {
      version: STRAND_VERSION,
      nodeId: this.nodeId,
      clusterId,
      listeners: [...bound, ...(this.controllerServer?.bound ?? [])].map((b) => `${b.name}://${b.host}:${b.port}`).join(","),
      advertised: services.advertisedEndpoints.map((e) => `${e.name}://${e.host}:${e.port}`).join(","),
      ...(this.adminUrl ? { admin: this.adminUrl } : {}),
      logDirs: this.config.logDirs.join(","),
      startMs: Date.now() - this.startedAtMs,
    });
    this.phase = "started";
    return bound;
  }

  /**
   * The follower's fetchers (Kafka's ReplicaFetcherManager): one NetworkClient per fetcher over the
   * socket transport, clientId broker-<id>-fetcher-<n>, request timeout replica.socket.timeout.ms, one
   * request in flight (a fetcher sends one at a time anyway).
   */
  private newReplicaFetcherManager(host: ReplicaFetcherHost, quotas: ReplicationQuotas): ReplicaFetcherManager {
    const c = this.config;
    const socketTimeoutMs = c.int("replica.socket.timeout.ms");
    const fetcherTransport = clientTransportFor(c, interBrokerListenerName(c));
    // A SASL inter-broker listener: fetchers log in with sasl.mechanism.inter.broker.protocol.
    const fetcherSasl = brokerSaslClient(c, interBrokerListenerName(c), "sasl.mechanism.inter.broker.protocol");
    return new ReplicaFetcherManager({
      brokerId: this.nodeId,
      brokerEpoch: () => this.lifecycle?.brokerEpoch ?? -1n,
      numFetchers: c.int("num.replica.fetchers"),
      fetch: {
        maxWaitMs: c.int("replica.fetch.wait.max.ms"),
        minBytes: c.int("replica.fetch.min.bytes"),
        responseMaxBytes: c.int("replica.fetch.response.max.bytes"),
        partitionMaxBytes: c.int("replica.fetch.max.bytes"),
        socketTimeoutMs,
      },
      backoffMs: c.int("replica.fetch.backoff.ms"),
      newClient: (clientId) => new NetworkClient({ ...DEFAULT_NETWORK_CLIENT_CONFIG, clientId, requestTimeoutMs: socketTimeoutMs, maxInFlightRequestsPerConnection: 1, ...(fetcherSasl ? { sasl: fetcherSasl } : {}) }, fetcherTransport, this.clock),
      host,
      clock: this.clock,
      quota: quotas.follower,
      logger: this.loggers.replicaManager.child({ component: "replica-fetcher" }),
    });
  }

  /** The Raft manager, the QuorumController (controller role) and RaftMetadata over them; Raft not started yet. */
  private openRaftMetadata(clusterId: string, logs: LogManager, replicaManager: ReplicaManager): RaftMetadata {
    const logger = this.loggers.metadata;
    const mgr = KafkaRaftManager.open({ config: this.config, clusterId, logs, logger, raftLogger: this.loggers.raft, clock: this.quorumClock });
    this.raftManager = mgr;
    const controller = this.config.roles.has("controller")
      ? new QuorumController({
          nodeId: this.nodeId,
          env: {
            clusterId,
            kraftVersion: 0,
            cleanShutdownDetection: true,
            colocatedBrokerId: this.config.roles.has("broker") ? this.nodeId : -1,
            defaultMinIsr: this.config.int("min.insync.replicas"),
            defaultUncleanLeaderElection: this.config.bool("unclean.leader.election.enable"),
          },
          raft: mgr.client,
          clock: this.quorumClock,
          sessionTimeoutMs: this.config.int("broker.session.timeout.ms"),
          bootstrapMinIsr: this.config.int("min.insync.replicas"),
          bootstrapRecords: () => bootstrapScramRecords(this.config.metadataLogDir),
          ...(this.config.optionalString("delegation.token.secret.key") !== null ? { delegationTokenExpiryCheckIntervalMs: this.config.long("delegation.token.expiry.check.interval.ms") } : {}),
          ...(this.config.bool("auto.leader.rebalance.enable") ? { leaderImbalanceCheckIntervalMs: this.config.long("leader.imbalance.check.interval.seconds") * 1000 } : {}),
          uncleanLeaderElectionCheckIntervalMs: this.config.long("unclean.leader.election.interval.ms"),
          logger: logger.child({ component: "quorum-controller" }),
        })
      : null;
    this.quorumController = controller;
    // Kafka's NodeToControllerChannelManager: one client for lifecycle and forwarded requests.
    const controllerTransport = clientTransportFor(this.config, this.config.controllerListenerNames[0] ?? "CONTROLLER");
    // The controller listener may be SASL: log in with sasl.mechanism.controller.protocol (Kafka's channel manager).
    const controllerSasl = brokerSaslClient(this.config, this.config.controllerListenerNames[0] ?? "", "sasl.mechanism.controller.protocol");
    const client = new NetworkClient({ ...DEFAULT_NETWORK_CLIENT_CONFIG, clientId: `broker-${this.nodeId}-to-controller`, requestTimeoutMs: this.config.int("controller.quorum.request.timeout.ms"), ...(controllerSasl ? { sasl: controllerSasl } : {}) }, controllerTransport, this.quorumClock);
    this.controllerClient = client;
    const channel = new RaftControllerChannel(client, () => {
      const le = mgr.client.leaderAndEpoch();
      if (le.leaderId < 0) return null;
      // This node leads: its own controller listener as bound (port 0 in tests), not the voter entry.
      const own = le.leaderId === this.nodeId ? this.controllerServer?.bound[0] : undefined;
      if (own) return { id: this.nodeId, host: own.host === "0.0.0.0" ? "127.0.0.1" : own.host, port: own.port };
      return mgr.voterNode(le.leaderId);
    });
    this.channel = channel;
    const dirIds = logs.logDirs.map((d) => logs.metaProperties(d)?.directoryId ?? ZERO_DIR);
    const md = new RaftMetadata({
      nodeId: this.nodeId,
      clusterId,
      config: this.config,
      logs,
      logger,
      // After the logs: a broker-level config change may carry new SSL stores for a listener.
      publisher: {
        applyDelta: (d) => {
          replicaManager.applyDelta(d);
          // Share partitions whose leadership moved are dropped (read again when it comes back).
          this.sharePartitions?.onMetadataUpdate();
          if (this.dynamicSsl && d.configChanged === "all") this.dynamicSsl.onImage(d.after);
        },
      },
      raft: mgr.client,
      controller,
      // Kafka's channel manager retries a forwarded request while no controller answers (30 s).
      forwarder: { send: (k, b, o) => sendToActiveController(channel, k, b, { ...o, retryTimeoutMs: FORWARD_RETRY_TIMEOUT_MS }), controllerMoved: () => channel.controllerMoved() },
      onLeaderChange: () => channel.leaderChanged(),
      // One log dir: its id; several: UNASSIGNED until placed (as Kafka's controller records them) —
      // known only for this node's own dirs, so other brokers' replicas get UNASSIGNED too.
      snapshots: new SnapshotGenerator({
        raft: mgr.client,
        maxBytesSinceLastSnapshot: this.config.long("metadata.log.max.record.bytes.between.snapshots"),
        maxTimeSinceLastSnapshotMs: this.config.long("metadata.log.max.snapshot.interval.ms"),
        nowMs: () => Date.now(),
        logger: logger.child({ component: "snapshot-generator" }),
      }),
      directoryOf: (b) => (b === this.nodeId && dirIds.length === 1 ? dirIds[0]! : "AAAAAAAAAAAAAAAAAAAAAQ"),
    });
    md.register();
    this.raftMetadata = md;
    return md;
  }

  private channel: RaftControllerChannel | null = null;

  /** A socket server on `listeners` with this broker's limits, idle timeout and connection quotas. */
  private socketServer(listeners: readonly Endpoint[], sink: RequestSink, onConnectionClosed: (id: number) => void, connectionThrottleMs?: (listenerName: string, address: string) => number): SocketServer {
    return new SocketServer({
      ...(connectionThrottleMs ? { connectionThrottleMs } : {}),
      listeners: listeners.map((l) => {
        const ssl = this.dynamicSsl?.engineFor(l.name) ?? this.config.sslEngines.get(l.name);
        const spec = { name: l.name, host: l.host === "" ? "0.0.0.0" : l.host, port: l.port, ...(ssl ? { ssl } : {}) };
        const sasl = this.config.sasl.get(l.name);
        if (!sasl) return spec;
        // A SASL listener: its connections authenticate first (SaslGate), with the smaller pre-auth frame limit.
        const tokens = delegationTokenCredentialLookup(() => this.running?.metadata.image, this.config.optionalString("delegation.token.secret.key"));
        const gate = new SaslGate(sink, sasl, (m, user) => this.running?.metadata.image.scramCredentials?.get(user)?.get(m.type), this.loggers.socketServer, undefined, tokens);
        return { ...spec, sink: gate, maxPreAuthFrameBytes: sasl.maxReceiveBytes };
      }),
      limits: {
        maxFrameBytes: this.config.int("socket.request.max.bytes"),
        maxInFlight: this.config.int("strand.max.inflight.requests.per.connection"),
        maxQueuedBytes: this.config.int("strand.max.queued.response.bytes.per.connection"),
      },
      maxIdleMs: this.config.long("connections.max.idle.ms"),
      quotas: this.connectionQuotas,
      sink,
      log: this.loggers.socketServer,
      onConnectionClosed,
    });
  }

  /**
   * The side file of a Strand from before producer ids lived in the metadata log (a single node, so
   * this node's controller leads): its next block start moves into the log, then the file goes. A
   * node whose controller does not lead keeps the file and says so.
   */
  private async adoptLegacyProducerIds(): Promise<void> {
    const legacy = readProducerIdFile(this.config.metadataLogDir);
    if (legacy === null) return;
    const controller = this.quorumController;
    const brokerEpoch = this.lifecycle?.brokerEpoch ?? -1n;
    const adopted = controller ? await controller.adoptProducerIds(this.nodeId, brokerEpoch, legacy).catch(() => false) : false;
    if (adopted) removeProducerIdFile(this.config.metadataLogDir);
    else this.loggers.transactionCoordinator.warn("the producer id side file of an earlier Strand was not moved into the metadata log: this node's controller does not lead; it is kept for the next start", { nextProducerId: String(legacy) });
  }

  /**
   * Producer id blocks from the active controller (this node's own on a single node), requested with
   * this broker's epoch; each block is a ProducerIdsRecord in the metadata log.
   */
  private rpcProducerIds(): RpcProducerIdManager {
    const log = this.loggers.transactionCoordinator;
    return new RpcProducerIdManager(
      async () => {
        const channel = this.channel;
        if (!channel) throw new BrokerNotStartedError("controller channel");
        const r = await channel.send<ProducerIdBlockResult>(API_ALLOCATE_PRODUCER_IDS, { brokerId: this.nodeId, brokerEpoch: this.lifecycle?.brokerEpoch ?? -1n });
        if (r.body.errorCode === 41) channel.controllerMoved(); // NOT_CONTROLLER
        return r.body;
      },
      (message) => log.warn("producer id block not allocated; retrying", { error: message }),
    );
  }

  /**
   * Serve the controller listener (controller role) and start Raft; then wait (bounded by
   * initial.broker.registration.timeout.ms) until the committed metadata holds a metadata.version, i.e.
   * the quorum has a leader that bootstrapped the cluster and this node has caught up with it.
   */
  private async startRaft(services: BrokerServices): Promise<void> {
    const mgr = this.raftManager!;
    const md = this.raftMetadata!;
    if (this.config.roles.has("controller")) {
      const controllerServices: BrokerServices = { ...services, metadata: controllerSide(md), apis: advertisedApisOf(CONTROLLER_HANDLERS) };
      const listeners = this.config.listeners.filter((l) => this.config.controllerListenerNames.includes(l.name));
      this.controllerServer = this.socketServer(listeners, new Dispatcher(controllerServices, CONTROLLER_HANDLERS, this.loggers.apis, this.loggers.requestLogger), () => {});
      const bound = this.controllerServer.start();
      this.loggers.broker.info("controller listener open", { listeners: bound.map((b) => `${b.name}://${b.host}:${b.port}`).join(",") });
    }
    mgr.client.initialize();
    if (this.controllerServer) this.registerController(this.controllerServer.bound);
    const timeoutMs = this.config.int("initial.broker.registration.timeout.ms");
    const deadline = Date.now() + timeoutMs;
    // Bounded by the deadline; 20 ms steps.
    while (!md.image.features.has("metadata.version")) {
      if (this.stopping) throw new Error("stopped while waiting for the metadata quorum");
      if (Date.now() > deadline) throw new Error(`no metadata from the controller quorum within initial.broker.registration.timeout.ms=${timeoutMs}`);
      await Bun.sleep(20);
    }
    this.loggers.metadata.info("metadata caught up", { offset: String(md.image.offset), leader: md.currentLeader.leaderId, epoch: md.currentLeader.epoch });
  }

  /**
   * Kafka's ControllerRegistrationManager: this controller's listeners and features go into the
   * metadata log (RegisterControllerRecord) through the active controller, so DescribeCluster on a
   * controller listener (--bootstrap-controller) finds it. Retried every 500 ms until it succeeds, the
   * image shows this incarnation, or the node stops.
   */
  private registerController(bound: readonly BoundListener[]): void {
    const incarnationId = randomKafkaUuid();
    const body = {
      controllerId: this.nodeId,
      incarnationId,
      zkMigrationReady: false,
      listeners: bound.map((b) => ({ name: b.name, host: b.host === "0.0.0.0" ? "localhost" : b.host, port: b.port, securityProtocol: SECURITY_PROTOCOL_ID[(this.config.protocolMap.get(b.name) ?? "PLAINTEXT").toUpperCase()] ?? 0 })),
      features: SUPPORTED_FEATURES.map((f) => ({ name: f.name, minSupportedVersion: f.minVersion, maxSupportedVersion: f.maxVersion })),
    };
    const attempt = async (): Promise<void> => {
      // Bounded by the node's life: each round waits 500 ms.
      while (!this.stopping) {
        if (this.raftMetadata?.image.controllers?.get(this.nodeId)?.incarnationId === incarnationId) return;
        const channel = this.channel;
        const ok = channel
          ? await channel.send<{ errorCode: number }>(API_CONTROLLER_REGISTRATION, body).then(
              (r) => r.body.errorCode === 0,
              () => false,
            )
          : false;
        if (ok) {
          this.loggers.metadata.info("controller registered", { controllerId: this.nodeId, incarnationId });
          return;
        }
        await Bun.sleep(500);
      }
    };
    void attempt();
  }

  /** BrokerRegistration and heartbeats through the active controller; resolves once unfenced (bounded). */
  private async registerWithController(services: BrokerServices): Promise<void> {
    const md = this.raftMetadata!;
    const logs = this.logs;
    const lifecycle = new BrokerLifecycleManager({
      nodeId: this.nodeId,
      clusterId: services.clusterId,
      incarnationId: randomKafkaUuid(),
      listeners: services.advertisedEndpoints.map((e) => ({ name: e.name, host: e.host, port: e.port, securityProtocol: SECURITY_PROTOCOL_ID[(this.config.protocolMap.get(e.name) ?? "PLAINTEXT").toUpperCase()] ?? 0 })),
      features: SUPPORTED_FEATURES.map((f) => ({ name: f.name, minSupportedVersion: f.minVersion, maxSupportedVersion: f.maxVersion })),
      rack: this.config.optionalString("broker.rack"),
      logDirs: logs.logDirs.map((d) => logs.metaProperties(d)?.directoryId ?? ZERO_DIR),
      // The epoch this broker's last clean stop recorded (Kafka's .kafka_cleanshutdown): a clean stop.
      previousBrokerEpoch: logs.previousBrokerEpoch,
      heartbeatIntervalMs: this.config.int("broker.heartbeat.interval.ms"),
      sessionTimeoutMs: this.config.int("broker.session.timeout.ms"),
      initialRegistrationTimeoutMs: this.config.int("initial.broker.registration.timeout.ms"),
      controlledShutdownTimeoutMs: this.config.int("broker.session.timeout.ms"),
      highestMetadataOffset: () => BigInt(md.loader.highestOffset),
      channel: this.channel!,
      clock: this.quorumClock,
      logger: this.loggers.broker.child({ component: "broker-lifecycle" }),
      onFatal: (reason) => {
        this.loggers.broker.error("broker lifecycle failed: shutting down", { reason });
        void this.stop();
      },
    });
    this.lifecycle = lifecycle;
    lifecycle.start();
    await lifecycle.initialCatchUp.promise;
    await lifecycle.setReadyToUnfence();
    this.loggers.broker.info("broker unfenced", { brokerEpoch: String(lifecycle.brokerEpoch) });
  }

  /**
   * Native CRC32C and LZ4 block decoding (bun:ffi), off the start-up path: the TypeScript versions
   * serve until each native one is installed. Started on the next turn of the event loop, so an
   * already built library is opened while start-up waits on its first fsync; a library not built yet
   * is built by a gcc child process (never by a compiler on the start-up path).
   * STRAND_CRC32C / STRAND_LZ4 = ts|prebuilt|cache|tcc force one source, as before.
   */
  private loadNativeHelpers(): void {
    const t0 = performance.now();
    setImmediate(() => {
      void loadNativeInBackground().then((crc) => {
        mark("crc32c-loaded");
        this.loggers.broker.info("crc32c implementation", { implementation: crc.implementation, hardware: crc.hardware, loadMs: Math.round(performance.now() - t0) });
      });
      void installNativeLz4InBackground().then((lz4) => {
        mark("lz4-loaded");
        this.loggers.broker.info("lz4 block decoder", { implementation: lz4.implementation, loadMs: Math.round(performance.now() - t0) });
      });
    });
  }

  /** APIs and versions for ApiVersions. */
  advertisedApis(): readonly AdvertisedApi[] {
    return this.running?.apis ?? advertisedApisOf(this.handlerList);
  }

  /** http://host:port of the admin listener; null when it is off or not open yet. */
  get adminUrl(): string | null {
    return this.admin?.url ?? null;
  }

  /**
   * Opens the admin listener first, so /health/live answers while the logs load and /health/ready
   * says what is still missing. A port taken is a start-up error naming the key.
   */
  private startAdminListener(): void {
    const raw = this.config.string(ADMIN_LISTENER_KEY).trim();
    if (raw === "") return;
    const addr = parseAdminListener(raw);
    // Validated with the config; kept as a guard for a config built without validation.
    if (!addr) throw new Error(`invalid value "${raw}" for configuration ${ADMIN_LISTENER_KEY}: host:port, or empty for off`);
    const admin = new AdminServer({ host: addr.host, port: addr.port, routes: this.adminRoutes, logger: this.log.child({ component: "admin-listener" }) });
    try {
      admin.start();
    } catch (e) {
      throw new Error(`the admin listener cannot listen on ${raw} (${ADMIN_LISTENER_KEY}): ${(e as Error).message}; set another host:port, or empty to turn it off`);
    }
    this.admin = admin;
  }

  get boundListeners(): BoundListener[] {
    return this.server?.bound ?? [];
  }

  stop(): Promise<void> {
    this.stopping ??= this.doStop().finally(() => this.stoppedSignal.resolve());
    return this.stopping;
  }

  private readonly stoppedSignal = Promise.withResolvers<void>();
  /** Settles once the broker has stopped, whoever stopped it (a signal, or a fatal lifecycle failure). */
  get stopped(): Promise<void> {
    return this.stoppedSignal.promise;
  }

  private async doStop(): Promise<void> {
    this.loggers.broker.info("strand shutting down");
    this.console?.close();
    // A registered broker asks the controller to move its leaderships away first (bounded).
    if (this.lifecycle) {
      this.replicas?.beginControlledShutdown();
      await this.lifecycle.beginControlledShutdown().catch(() => false);
    }
    const server = this.server;
    if (server) {
      server.stopListening();
      // No new request starts; those in flight are answered before their connection closes.
      server.quiesceAll();
      // Long-polling fetches answer now with what they have, so their connections can drain.
      this.replicas?.completeDelayedFetches();
      const deadline = Date.now() + SHUTDOWN_DRAIN_MS;
      // Bounded wait for in-flight requests to be answered.
      while (Date.now() < deadline && [...server.connections].some((c) => !c.idle)) await Bun.sleep(20);
      server.closeAll();
      // Let clients read the last responses and close their side (a reset would destroy them).
      await server.waitClosed(2000);
    }
    this.lifecycle?.close();
    if (this.raftManager) {
      this.controllerServer?.stopListening();
      await this.raftManager.shutdown(2_000).catch((e: unknown) => this.loggers.broker.error("raft shutdown failed", { error: String(e) }));
      this.quorumController?.deactivate("shutting down");
      this.controllerServer?.closeAll();
      this.controllerClient?.close();
    }
    this.coordinatorService?.close();
    this.txnCoordinator?.close();
    this.sharePartitions?.shutdown();
    this.defaultStatePersister?.close();
    this.sharePersisterClient?.close();
    this.shareCoordinator?.close();
    // No fetcher appends to a log once they close.
    await this.replicas?.stopReplicaFetchers();
    // Produces still waiting for their high watermark answer now (REQUEST_TIMED_OUT); none can wait on closed logs.
    this.replicas?.shutdown();
    this.alterPartitions?.shutdown();
    // The marker of a clean stop names this incarnation's broker epoch (-1 if it never registered).
    if (this.lifecycle) this.logManager?.setBrokerEpoch(this.lifecycle.brokerEpoch);
    const { uncleanDirs } = this.logManager ? await this.logManager.close() : { uncleanDirs: [] };
    if (uncleanDirs.length > 0) {
      this.loggers.broker.error("strand stopped; log dirs with offline partitions are not marked cleanly shut down and will be recovered at the next start", { dirs: uncleanDirs.join(",") });
    } else this.loggers.broker.info("strand stopped cleanly");
    this.metrics.stop();
    // Last: /health/live answers for as long as the process serves anything.
    await this.admin?.stop();
    this.admin = null;
  }
}
