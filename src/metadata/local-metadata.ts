// The MetadataLayer of a single node that is the only voter of its metadata quorum: it replays the
// metadata log into the image at start-up, bootstraps a fresh cluster (feature levels, the cluster-level
// min.insync.replicas Kafka 4.4.0 writes with them, and this broker's registration), and runs controller
// operations one at a time: plan (controller.ts) -> append to the metadata log and fsync (committed) ->
// apply to a new image -> publish the delta (the ReplicaManager creates/deletes partition logs and
// Partitions) -> tell listeners.
//
// Operations are serialised so that each one is planned against the image its predecessor produced.
// Left out: snapshots (the whole log is replayed at start-up), broker fencing and controlled-shutdown
// records (one node is always the unfenced leader of every partition: leader epochs stay as created,
// except where a Kafka log dir left partitions leaderless, which are led again at start as Kafka's
// controller does, leader-recovery.ts, and elections asked for by ElectLeaders, leader-election.ts).

import { randomKafkaUuid } from "../storage/meta-properties.ts";
import type { BrokerConfig } from "../config/broker-config.ts";
import type { Endpoint } from "../config/listeners.ts";
import { ErrorCode } from "../protocol/errors.ts";
import { ZERO_UUID } from "../protocol/primitives/codec-runtime.ts";
import type { LogConfig } from "../storage/log-config.ts";
import type { LogManager } from "../storage/log-manager.ts";
import type { Log } from "../storage/log.ts";
import type { Logger } from "../util/log.ts";
import { planResourceConfigs, type ResourceChanges, type ResourceResult } from "./config-changes.ts";
import { planCreatePartitions, planCreateTopics, planDeleteTopics, type ControllerEnv } from "./controller.ts";
import { ConfigResourceTypeId, ImageBuilder } from "./image-builder.ts";
import { type MetadataImage, type PartitionImage, type TopicImage } from "./image.ts";
import type { CreatedTopic, MetadataLayer, OperationResult, PartitionIncrease, TopicDeletion, TopicToCreate } from "./layer.ts";
import { METADATA_TOPIC, MetadataLog, metadataLogConfig } from "./metadata-log.ts";
import type { MetadataDelta, MetadataPublisher } from "./publisher.ts";
import { metadataRecord, RecordType, type MetadataRecordOut } from "./record-serde.ts";
import { planElectLeaders, type ElectionTopicResult } from "./leader-election.ts";
import { planLeaderRecovery } from "./leader-recovery.ts";
import { registrationRecord, registrationMatches } from "./registration.ts";
import { topicConfigSupport } from "./topic-config-support.ts";
import type { TopicConfigSnapshot } from "./topic-config-snapshot.ts";
import { autoCreateTopicsOn, ensureInternalTopicOn, withTopicConfigs } from "./layer-operations.ts";

import { mark } from "../util/startup-trace.ts";
import { planUpdateFeatures, type FeatureUpdate } from "./feature-control.ts";
import { nextProducerIdBlockStart, planAllocateProducerIds, type AllocateProducerIdsResult } from "./producer-id-control.ts";
import { bootstrapFeatureLevels, LATEST_METADATA_VERSION_LEVEL } from "./supported-features.ts";

/** metadata.version of Kafka 4.4.0's latest production release (MetadataVersion.IBP_4_4_IV2). */
export const METADATA_VERSION_LEVEL = LATEST_METADATA_VERSION_LEVEL;

/** Operations waiting for the metadata log at once; more are refused (REQUEST_TIMED_OUT). */
const MAX_PENDING_OPERATIONS = 4096;

export class MetadataBusyError extends Error {
  constructor(readonly pending: number) {
    super(`${pending} metadata operations are already waiting (limit ${MAX_PENDING_OPERATIONS})`);
    this.name = "MetadataBusyError";
  }
}

export interface LocalMetadataOptions {
  nodeId: number;
  clusterId: string;
  config: BrokerConfig;
  logs: LogManager;
  logger: Logger;
  /** Gets every committed change before it is visible (ReplicaManager.applyDelta). */
  publisher: MetadataPublisher;
}

export class LocalMetadata implements MetadataLayer {
  image: MetadataImage;
  private readonly listeners: Array<(image: MetadataImage) => void> = [];
  private chain: Promise<unknown> = Promise.resolve();
  private pending = 0;
  private readonly incarnationId = randomKafkaUuid();
  private readonly env: ControllerEnv;

  private constructor(
    private readonly opts: LocalMetadataOptions,
    private readonly mlog: MetadataLog,
    image: MetadataImage,
  ) {
    this.image = this.withTopicConfigs(image, undefined);
    const dirIds = opts.logs.logDirs.map((d) => opts.logs.metaProperties(d)?.directoryId ?? ZERO_UUID);
    this.env = {
      nodeId: opts.nodeId,
      defaultPartitions: opts.config.int("num.partitions"),
      defaultReplicationFactor: opts.config.int("default.replication.factor"),
      validateTopicConfigs: (pairs) => topicConfigSupport.validate(pairs),
      newTopicId: () => randomKafkaUuid(),
      // One log dir: its id (as Kafka's controller records it); several: UNASSIGNED until placed.
      replicaDirectory: (b) => (b === opts.nodeId && dirIds.length === 1 ? dirIds[0]! : "AAAAAAAAAAAAAAAAAAAAAQ"),
    };
  }

  /**
   * Opens the metadata log, replays it, opens a new leader epoch, bootstraps a fresh cluster and
   * registers this broker with the configured advertised endpoints, sets stray logs aside and opens the
   * logs of every partition hosted here.
   */
  static async open(opts: LocalMetadataOptions): Promise<LocalMetadata> {
    const logger = opts.logger.child({ component: "metadata" });
    const startMs = Date.now();
    const segmentBytes = opts.config.given.has("metadata.log.segment.bytes") ? opts.config.int("metadata.log.segment.bytes") : undefined;
    const mlog = MetadataLog.open({ dir: opts.config.metadataLogDir, logs: opts.logs, logger, segmentBytes });
    mark("metadata-log-open");
    const builder = new ImageBuilder(opts.clusterId, opts.nodeId);
    let ignored = 0;
    let stats;
    try {
      stats = mlog.replay((rec, offset) => {
        if (!rec.schema || !builder.apply(rec.apiKey, rec.message, offset)) {
          ignored++;
          logger.debug("metadata record not applied to the image", { offset, type: rec.schema?.name ?? rec.apiKey, version: rec.version });
        }
      });
    } catch (e) {
      await mlog.close();
      throw e;
    }
    const md = new LocalMetadata({ ...opts, logger }, mlog, builder.build());
    // From here on every log's config comes from the replayed image (topic overrides, dynamic broker
    // configs) over server.properties; the first delta published below re-applies it to the logs
    // loaded at start-up, before the broker starts its flush and retention tasks.
    opts.logs.setTopicConfigSource((topic) => md.logConfigFor(topic));
    mark("metadata-replayed");
    logger.info("metadata log replayed", {
      records: stats.records,
      batches: stats.batches,
      controlRecords: stats.controlRecords,
      notApplied: ignored,
      topics: md.image.topicsByName.size,
      endOffset: mlog.endOffset,
      epoch: mlog.epoch,
      replayMs: Date.now() - startMs,
    });
    await mlog.writeLeaderChange(opts.nodeId, [opts.nodeId]);
    mark("metadata-leader-change");
    if (!md.image.features.has("metadata.version")) {
      // A fresh cluster finalizes what Kafka's `kafka-storage format` finalizes (supported-features.ts).
      // A log that has metadata.version but lacks another feature keeps it absent, i.e. at level 0,
      // as Kafka reads it: such a cluster runs e.g. transactions V1 until `kafka-features upgrade`.
      const levels = bootstrapFeatureLevels();
      const minIsr = String(opts.config.int("min.insync.replicas"));
      await md.commit([
        ...levels.map((f) => metadataRecord(RecordType.FEATURE_LEVEL, { name: f.name, featureLevel: f.level })),
        // Kafka 4.4.0's controller writes this with the bootstrap records of an empty log
        // (ActivationRecordsGenerator.recordsForEmptyLog, when ELR is finalized, the default): a
        // cluster-level min.insync.replicas from its own server.properties, which DescribeConfigs then
        // lists as DYNAMIC_DEFAULT_BROKER_CONFIG for brokers and every topic. Strand does not finalize
        // ELR but writes it all the same so a fresh cluster describes as Kafka's does. Only here: a log
        // that already has metadata.version gets nothing (Kafka's recordsForNonEmptyLog neither).
        metadataRecord(RecordType.CONFIG, { resourceType: ConfigResourceTypeId.BROKER, resourceName: "", name: "min.insync.replicas", value: minIsr }),
      ]);
      logger.info("new cluster bootstrapped", {
        metadataVersion: METADATA_VERSION_LEVEL,
        features: levels.map((f) => `${f.name}=${f.level}`).join(","),
        clusterConfigs: `min.insync.replicas=${minIsr}`,
      });
      mark("metadata-bootstrapped");
    } else {
      logger.info("finalized features", { features: [...md.image.features].map(([k, v]) => `${k}=${v}`).sort().join(",") });
    }
    // Stray logs set aside (-stray), the logs of every partition hosted here opened (ReplicaManager.applyDelta).
    md.publish({ before: null, after: md.image, configChanged: "all" });
    mark("metadata-logs-reconciled");
    await md.registerBroker([...opts.config.advertisedListeners]);
    await md.electLeadersOnStart();
    return md;
  }

  /**
   * Once registered (Kafka: unfenced), leads every leaderless partition whose ISR or ELR holds this
   * broker, as Kafka's controller does on restart (leader-recovery.ts): a Kafka 4.x log dir stopped
   * cleanly has every partition leaderless with the broker as its only ELR member.
   */
  private electLeadersOnStart(): Promise<void> {
    return this.serial(async () => {
      const plan = planLeaderRecovery(this.image, this.opts.nodeId);
      await this.commit(plan.records);
      if (plan.elected.length > 0) {
        this.opts.logger.info("leaders elected for leaderless partitions", { count: plan.elected.length, fromElr: plan.elected.filter((e) => e.from === "elr").length });
      }
      for (const p of plan.leaderless) {
        this.opts.logger.error("partition has no leader and this broker is in neither its ISR nor its ELR: it stays offline (Kafka would need an unclean election)", {
          partition: `${p.topic}-${p.partition}`,
          isr: p.isr.join(","),
          elr: p.elr.join(","),
          lastKnownElr: p.lastKnownElr.join(","),
        });
      }
    });
  }

  /**
   * Registers this broker with `endpoints` unless the image already holds an identical unfenced
   * registration (a restart on the same endpoints appends nothing). Call again once the listeners are
   * bound (port 0 becomes the real port).
   */
  registerBroker(endpoints: readonly Endpoint[]): Promise<void> {
    return this.serial(async () => {
      const current = this.image.brokers.get(this.opts.nodeId);
      if (current && registrationMatches(current, endpoints, this.opts.config)) return;
      const rec = registrationRecord({
        nodeId: this.opts.nodeId,
        incarnationId: this.incarnationId,
        brokerEpoch: BigInt(this.mlog.endOffset),
        endpoints,
        config: this.opts.config,
        logDirIds: this.opts.logs.logDirs.map((d) => this.opts.logs.metaProperties(d)?.directoryId ?? ZERO_UUID),
      });
      await this.commit([rec]);
      this.opts.logger.info("broker registered", { nodeId: this.opts.nodeId, endpoints: endpoints.map((e) => `${e.name}://${e.host}:${e.port}`).join(",") });
    });
  }

  /**
   * AllocateProducerIds on this node's own controller: the next block of producer ids, committed as a
   * ProducerIdsRecord before it is handed out (producer-id-control.ts), with this broker's epoch.
   */
  allocateProducerIds(): Promise<AllocateProducerIdsResult> {
    return this.serial(async () => {
      const brokerEpoch = this.image.brokers.get(this.opts.nodeId)?.brokerEpoch ?? -1n;
      const plan = planAllocateProducerIds(this.image, { brokerId: this.opts.nodeId, brokerEpoch });
      if (plan.error) return plan.response;
      await this.commit(plan.records);
      return plan.response;
    });
  }

  /**
   * A data dir from before producer ids lived in the metadata log holds the next block start in a side
   * file: the log continues from it (a ProducerIdsRecord), so no id handed out then is handed out again.
   */
  adoptProducerIdsFrom(nextBlockStart: bigint): Promise<void> {
    return this.serial(async () => {
      if (nextBlockStart <= nextProducerIdBlockStart(this.image)) return;
      const brokerEpoch = this.image.brokers.get(this.opts.nodeId)?.brokerEpoch ?? -1n;
      await this.commit([metadataRecord(RecordType.PRODUCER_IDS, { brokerId: this.opts.nodeId, brokerEpoch, nextProducerId: nextBlockStart })]);
      this.opts.logger.info("producer id blocks continue from the side file's", { nextProducerId: String(nextBlockStart) });
    });
  }

  /** Runs `fn` after every earlier operation; a bounded number may wait. */
  private serial<T>(fn: () => Promise<T>): Promise<T> {
    if (this.pending >= MAX_PENDING_OPERATIONS) return Promise.reject(new MetadataBusyError(this.pending));
    this.pending++;
    const run = this.chain.then(fn, fn);
    this.chain = run.then(
      () => undefined,
      () => undefined,
    );
    return run.finally(() => {
      this.pending--;
    });
  }

  /** Appends and applies records (inside serial()). */
  private async commit(records: MetadataRecordOut[]): Promise<void> {
    if (records.length === 0) return;
    mark("commit");
    const { firstOffset } = await this.mlog.append(records);
    mark("commit-durable");
    const before = this.image;
    const builder = new ImageBuilder(before.clusterId, before.controllerId, before);
    const configChanged = new Set<string>();
    let brokerConfigChanged = false;
    records.forEach((r, i) => {
      builder.apply(r.apiKey, r.message, firstOffset + BigInt(i));
      if (r.apiKey === RecordType.CONFIG) {
        const m = r.message as { resourceType: number; resourceName: string };
        if (m.resourceType === 2) configChanged.add(m.resourceName);
        else brokerConfigChanged = true;
      }
    });
    const after = this.withTopicConfigs(builder.build(), before.topicConfigs);
    // Logs of new partitions exist before the image that shows them is published.
    this.image = after;
    // The records are committed: whatever happens to the logs now (a partition that cannot get its
    // log goes offline) must not turn the operation's answer into a failure, as in Kafka, where the
    // controller answers and the brokers apply the change later.
    this.publish({ before, after, configChanged: brokerConfigChanged ? "all" : configChanged });
    mark("commit-applied");
    for (const l of this.listeners) {
      try {
        l(after);
      } catch (e) {
        this.opts.logger.error("metadata listener failed", { error: (e as Error).message });
      }
    }
  }

  private publish(delta: MetadataDelta): void {
    try {
      this.opts.publisher.applyDelta(delta);
    } catch (e) {
      this.opts.logger.error("applying a committed metadata change to the logs failed", { error: (e as Error).message });
    }
  }

  createTopics(topics: TopicToCreate[], opts: { validateOnly: boolean }): Promise<CreatedTopic[]> {
    return this.serial(async () => {
      const plan = planCreateTopics(this.image, this.env, topics);
      if (!opts.validateOnly) await this.commit(plan.records);
      return plan.results;
    }).catch((e) => topics.map((t) => ({ name: t.name, topicId: ZERO_UUID, ...errorOf(e), numPartitions: -1, replicationFactor: -1 })));
  }

  deleteTopics(refs: Array<{ name: string | null; topicId: string | null }>): Promise<TopicDeletion[]> {
    return this.serial(async () => {
      const plan = planDeleteTopics(this.image, refs);
      await this.commit(plan.records);
      return plan.results;
    }).catch((e) => refs.map((r) => ({ name: r.name, topicId: r.topicId ?? ZERO_UUID, ...errorOf(e) })));
  }

  createPartitions(increases: PartitionIncrease[], opts: { validateOnly: boolean }): Promise<Array<OperationResult & { name: string }>> {
    return this.serial(async () => {
      const plan = planCreatePartitions(this.image, this.env, increases);
      if (!opts.validateOnly) await this.commit(plan.records);
      return plan.results;
    }).catch((e) => increases.map((i) => ({ name: i.name, ...errorOf(e) })));
  }

  alterConfigs(resources: ResourceChanges[], opts: { validateOnly: boolean; incremental: boolean }): Promise<ResourceResult[]> {
    return this.serial(async () => {
      const results: ResourceResult[] = [];
      const records: MetadataRecordOut[] = [];
      for (const res of resources) {
        const p = planResourceConfigs(this.image, res, opts.incremental, (type, name) => topicConfigSupport.defaultValue(type, name));
        results.push(p.result);
        records.push(...p.records);
      }
      if (!opts.validateOnly) await this.commit(records);
      return results;
    }).catch((e) => resources.map((r) => ({ resourceType: r.resourceType, resourceName: r.resourceName, ...errorOf(e) })));
  }

  updateFeatures(updates: FeatureUpdate[], opts: { validateOnly: boolean }): Promise<OperationResult> {
    return this.serial(async () => {
      const plan = planUpdateFeatures(this.image, this.opts.nodeId, updates);
      if (plan.errorCode === ErrorCode.NONE && !opts.validateOnly) {
        await this.commit(plan.records);
        this.opts.logger.info("features updated", { updates: updates.map((u) => `${u.feature}=${u.maxVersionLevel}`).join(",") });
      }
      return { errorCode: plan.errorCode, errorMessage: plan.errorMessage };
    }).catch((e) => errorOf(e));
  }

  electLeaders(electionType: number, topicPartitions: ReadonlyArray<{ topic: string; partitions: readonly number[] }> | null): Promise<ElectionTopicResult[]> {
    return this.serial(async () => {
      const plan = planElectLeaders(this.image, electionType, topicPartitions);
      await this.commit(plan.records);
      if (plan.records.length > 0) this.opts.logger.info("leaders elected by request", { electionType, partitions: plan.records.length });
      return plan.results;
    });
  }

  ensureInternalTopic(name: string, partitions: number, configs: Record<string, string>, replicationFactor = 1): Promise<TopicImage> {
    return ensureInternalTopicOn(this, name, partitions, configs, replicationFactor);
  }

  autoCreateTopics(names: readonly string[]): Promise<Map<string, number>> {
    return autoCreateTopicsOn(this, names, this.opts.logger);
  }

  private withTopicConfigs(image: MetadataImage, previous: TopicConfigSnapshot | undefined): MetadataImage {
    return withTopicConfigs(image, previous, this.opts.config, this.opts.nodeId, this.opts.logger);
  }

  /** The log config of `topic` in the current image (from its topic-config snapshot). */
  logConfigFor(topic: string): Partial<LogConfig> | undefined {
    // The metadata partition, if the LogManager holds it, is never trimmed by retention.
    if (topic === METADATA_TOPIC) return { ...this.mlog.log.config, ...metadataLogConfig() };
    return this.image.topicConfigs?.get(topic).logConfig;
  }

  partitionLog(topic: string, partition: number): Log | undefined {
    if (!this.partition(topic, partition)) return undefined;
    return this.opts.logs.getLog({ topic, partition });
  }

  partition(topic: string, partition: number): PartitionImage | undefined {
    return this.image.topicsByName.get(topic)?.partitions[partition];
  }

  onApplied(listener: (image: MetadataImage) => void): void {
    this.listeners.push(listener);
  }

  /** The metadata log's epoch and end (for tools and tests). */
  get logState(): { epoch: number; endOffset: number } {
    return { epoch: this.mlog.epoch, endOffset: this.mlog.endOffset };
  }

  /** Waits for running operations, then closes the metadata log (if the LogManager does not own it). */
  async close(): Promise<void> {
    await this.chain;
    await this.mlog.close();
  }
}

function errorOf(e: unknown): { errorCode: number; errorMessage: string } {
  if (e instanceof MetadataBusyError) return { errorCode: ErrorCode.REQUEST_TIMED_OUT, errorMessage: e.message };
  return { errorCode: ErrorCode.UNKNOWN_SERVER_ERROR, errorMessage: e instanceof Error ? e.message : String(e) };
}
