// A broker stand-in for data-path unit tests: a real LogManager in a temp dir, a fake MetadataLayer
// with the topics a test declares (node 1 leads every partition, published to a real ReplicaManager as
// the metadata layer publishes deltas), and the broker config from overrides.
// Handlers get a RequestContext whose services are built from this object (no group coordinator).
import { TxnProduceOrder } from "../../../src/server/produce/txn-verify.ts";
import { ClientMetricsManager } from "../../../src/server/telemetry/client-metrics-manager.ts";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BrokerConfig } from "../../../src/config/broker-config.ts";
import type { BrokerRegistrationImage, MetadataImage, PartitionImage, TopicImage } from "../../../src/metadata/image.ts";
import type { MetadataLayer } from "../../../src/metadata/layer.ts";
import type { ApiHandler, RequestContext } from "../../../src/server/handler.ts";
import { createLogger } from "../../../src/util/log.ts";
import { ReplicaManager } from "../../../src/replication/replica-manager.ts";
import { MetadataEntryCache } from "../../../src/server/metadata-entry-cache.ts";
import { ANONYMOUS } from "../../../src/server/principal.ts";
import type { BrokerServices } from "../../../src/server/services.ts";
import { ProducerIdManager } from "../../../src/coordinator/producer-ids.ts";
import { FetchSessionCache } from "../../../src/server/fetch/session-cache.ts";
import { systemClock } from "../../../src/util/purgatory/index.ts";
import { LogManager } from "../../../src/storage/log-manager.ts";
import type { Log } from "../../../src/storage/log.ts";
import type { LogConfig } from "../../../src/storage/log-config.ts";

export const NODE_ID = 1;

function uuidFor(name: string): string {
  const bytes = new Uint8Array(16);
  for (let i = 0; i < name.length; i++) bytes[i % 16] = (bytes[i % 16]! * 31 + name.charCodeAt(i)) & 0xff;
  bytes[0] = bytes[0]! | 1;
  return Buffer.from(bytes).toString("base64url");
}

export class FakeBroker {
  readonly dir: string;
  readonly config: BrokerConfig;
  readonly nodeId = NODE_ID;
  readonly log = createLogger("error");
  readonly logs: LogManager;
  readonly metadata: MetadataLayer;
  readonly replicaManager: ReplicaManager;
  readonly fetchSessions = new FetchSessionCache();
  readonly producerIds: ProducerIdManager;
  private topics = new Map<string, TopicImage>();
  /** Broker registrations in the image (none unless a test adds them). */
  readonly brokers = new Map<number, BrokerRegistrationImage>();
  private configs = new Map<string, Map<string, string>>();
  leaderEpoch = 0;

  constructor(overrides: Record<string, string> = {}, dir?: string) {
    this.dir = dir ?? mkdtempSync(join(tmpdir(), "strand-dp-"));
    this.config = BrokerConfig.from(new Map(), Object.entries({ "node.id": "1", "log.dirs": join(this.dir, "logs"), "process.roles": "broker,controller", "controller.quorum.voters": "1@127.0.0.1:9093", "listeners": "PLAINTEXT://127.0.0.1:0,CONTROLLER://127.0.0.1:0", "controller.listener.names": "CONTROLLER", ...overrides }));
    this.logs = LogManager.open({ logDirs: [join(this.dir, "logs")], nodeId: 1, clusterId: "AAAAAAAAAAAAAAAAAAAAAA" });
    const self = this;
    this.metadata = {
      get image(): MetadataImage {
        return {
          clusterId: "AAAAAAAAAAAAAAAAAAAAAA",
          controllerId: 1,
          offset: 0n,
          topicsByName: self.topics,
          topicsById: new Map([...self.topics.values()].map((t) => [t.topicId, t])),
          brokers: self.brokers,
          configs: self.configs,
          features: new Map(),
        };
      },
      createTopics: () => Promise.reject(new Error("not in the fake")),
      deleteTopics: () => Promise.reject(new Error("not in the fake")),
      createPartitions: () => Promise.reject(new Error("not in the fake")),
      alterConfigs: () => Promise.reject(new Error("not in the fake")),
      partitionLog: (topic: string, partition: number) => (self.topics.get(topic) && partition < self.topics.get(topic)!.partitions.length ? self.logs.getLog({ topic, partition }) : undefined),
      partition: (topic: string, partition: number) => self.topics.get(topic)?.partitions[partition],
      onApplied: () => undefined,
      ensureInternalTopic: () => Promise.reject(new Error("not in the fake")),
      autoCreateTopics: () => Promise.reject(new Error("not in the fake")),
      logConfigFor: () => undefined,
    } as unknown as MetadataLayer;
    this.replicaManager = new ReplicaManager({ nodeId: NODE_ID, config: this.config, logs: this.logs, logger: this.log });
    this.producerIds = new ProducerIdManager(this.config.metadataLogDir);
    this.services = {
      nodeId: this.nodeId,
      clusterId: "AAAAAAAAAAAAAAAAAAAAAA",
      config: this.config,
      logger: this.log,
      clock: systemClock,
      metadata: this.metadata,
      logManager: this.logs,
      replicaManager: this.replicaManager,
      fetchSessions: this.fetchSessions,
      get groupCoordinator(): never {
        throw new Error("no group coordinator in the fake");
      },
      producerIds: this.producerIds,
      metadataEntries: new MetadataEntryCache(),
      raft: null,
      quorumController: null,
      controllerChannel: null,
      txnProduceOrder: new TxnProduceOrder(),
      clientMetrics: new ClientMetricsManager({ nowMs: () => Date.now(), logger: createLogger("error") }),
      apis: [],
      advertisedEndpoints: [],
      transactionCoordinator: null,
      shareCoordinator: null,
      sharePersister: null,
      authorizer: null,
      quotas: null,
      metrics: null,
      sharePartitionManager: null,
    };
  }

  readonly services: BrokerServices;

  addTopic(name: string, partitions = 1, configs: Record<string, string> = {}, logConfig: Partial<LogConfig> = {}): TopicImage {
    const topicId = uuidFor(name);
    const parts: PartitionImage[] = [];
    for (let p = 0; p < partitions; p++) {
      parts.push({ topicId, topic: name, partition: p, replicas: [NODE_ID], isr: [NODE_ID], leader: NODE_ID, leaderEpoch: this.leaderEpoch, partitionEpoch: 0, directories: [] });
      this.logs.getOrCreateLog({ topic: name, partition: p }, logConfig);
    }
    const t: TopicImage = { name, topicId, partitions: parts };
    this.topics.set(name, t);
    if (Object.keys(configs).length > 0) this.configs.set(`topic:${name}`, new Map(Object.entries(configs)));
    // No configChanged: the logs keep the LogConfig given here (the fake has no topic config source).
    this.replicaManager.applyDelta({ before: null, after: this.metadata.image, configChanged: new Set() });
    return t;
  }

  /** Gives a partition led here followers (replicas and ISR) and publishes the image. */
  setReplicas(topic: string, partition: number, replicas: number[], isr: number[]): void {
    const t = this.topics.get(topic)!;
    const parts = t.partitions.map((p) => (p.partition === partition ? { ...p, replicas, isr, partitionEpoch: p.partitionEpoch + 1 } : p));
    const before = this.metadata.image;
    this.topics.set(topic, { ...t, partitions: parts });
    this.replicaManager.applyDelta({ before, after: this.metadata.image, configChanged: new Set() });
  }

  /** Moves a partition's leadership to `leader` at `leaderEpoch` and publishes the image. */
  /** Moves the partition's leadership to `leader`; `replicas` default to this node (a follower then) and the leader. */
  setLeader(topic: string, partition: number, leader: number, leaderEpoch: number, replicas: readonly number[] = [NODE_ID, leader]): void {
    const t = this.topics.get(topic)!;
    const parts = t.partitions.map((p) => (p.partition === partition ? { ...p, leader, leaderEpoch, replicas: [...replicas], isr: [...replicas], partitionEpoch: p.partitionEpoch + 1 } : p));
    const before = this.metadata.image;
    this.topics.set(topic, { ...t, partitions: parts });
    this.replicaManager.applyDelta({ before, after: this.metadata.image, configChanged: new Set() });
  }

  partitionLog(topic: string, partition = 0): Log {
    return this.logs.getLog({ topic, partition })!;
  }

  ctx(apiKey: number, apiVersion: number): RequestContext {
    return {
      conn: { id: 1, listenerName: "PLAINTEXT", remoteAddress: "127.0.0.1" } as unknown as RequestContext["conn"],
      header: { requestApiKey: apiKey, requestApiVersion: apiVersion, correlationId: 1, clientId: "test" } as unknown as RequestContext["header"],
      apiKey,
      apiVersion,
      services: this.services,
      listenerName: "PLAINTEXT",
      securityProtocol: "PLAINTEXT",
      principal: ANONYMOUS,
      requestBytes: 0,
    };
  }

  async call<Res>(h: ApiHandler, version: number, req: unknown): Promise<Res> {
    return (await h.handle(this.ctx(h.key, version), req)) as Res;
  }

  async close(keepDir = false): Promise<void> {
    this.replicaManager.shutdown();
    await this.logs.close();
    if (!keepDir) rmSync(this.dir, { recursive: true, force: true });
  }
}

/** A Produce request for one partition (fields as the generated codec names them). */
export function produceRequest(topic: string, records: Uint8Array | null, acks = -1, partition = 0, topicId = "AAAAAAAAAAAAAAAAAAAAAA") {
  return { transactionalId: null, acks, timeoutMs: 5000, topicData: [{ name: topic, topicId, partitionData: [{ index: partition, records }] }] };
}
