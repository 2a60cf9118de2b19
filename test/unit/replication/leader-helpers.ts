// Shared pieces of the leader-side replication tests: a ReplicaManager on a FakeClock leading one
// partition with followers, an AlterPartitionManager over a fake controller channel whose answers the
// test gives by hand, images with broker registrations, and follower fetches.
import type { ReplicaQuota } from "../../../src/replication/replication-quota.ts";
import { BrokerConfig } from "../../../src/config/broker-config.ts";
import type { BrokerRegistrationImage, MetadataImage, PartitionImage, TopicImage } from "../../../src/metadata/image.ts";
import type { ClientResponse } from "../../../src/network/network-client.ts";
import { UnsupportedVersionException } from "../../../src/network/network-errors.ts";
import { encodeRequest } from "../../../src/protocol/frame.ts";
import { API_CODECS } from "../../../src/protocol/generated/apis.ts";
import { AlterPartitionManager, type ControllerRequestChannel } from "../../../src/replication/alter-partition-manager.ts";
import type { FetchParams, FetchResults, PartitionReadResult } from "../../../src/replication/fetch-read.ts";
import { ReplicaManager } from "../../../src/replication/replica-manager.ts";
import { LogManager } from "../../../src/storage/log-manager.ts";
import { createLogger } from "../../../src/util/log.ts";
import { FakeClock, Timer } from "../../../src/util/purgatory/index.ts";
import { tempDir } from "../storage/helpers.ts";
import { settleMicrotasks, type ManualDurability } from "./helpers.ts";

export const LEADER = 1;
export const TOPIC = "t";
export const TOPIC_ID = "AAAAAAAAAAAAAAAAAAAAAQ";
export const LAG_MS = 10_000;

export interface SentRequest {
  apiKey: number;
  body: Record<string, unknown>;
  resolve(body: unknown): void;
  reject(e: Error): void;
}

/** A controller channel whose requests wait until the test answers them. */
export class FakeControllerChannel implements ControllerRequestChannel {
  readonly sent: SentRequest[] = [];
  moved = 0;
  /** The highest version the "controller" serves (a send asking only for more fails as NetworkClient's). */
  maxVersion = 3;
  send<T>(apiKey: number, body: Record<string, unknown>, opts: { minVersion?: number; maxVersion?: number } = {}): Promise<ClientResponse<T>> {
    const version = Math.min(opts.maxVersion ?? this.maxVersion, this.maxVersion);
    if (version < (opts.minVersion ?? 0)) return Promise.reject(new UnsupportedVersionException(3000, apiKey, `it serves versions 2-${this.maxVersion}`));
    // Encoded with the real codec, as NetworkClient does: a field the version lacks fails here too.
    encodeRequest({ requestApiKey: apiKey, requestApiVersion: version, correlationId: 1, clientId: "test" }, { ...(API_CODECS.get(apiKey)!.newRequest() as object), ...body });
    return new Promise((resolve, reject) => {
      this.sent.push({ apiKey, body: { ...body, version }, resolve: (b) => resolve({ version, body: b as T }), reject });
    });
  }
  controllerMoved(): void {
    this.moved++;
  }
  /** The oldest unanswered request, removed. */
  take(): SentRequest {
    const r = this.sent.shift();
    if (!r) throw new Error("no AlterPartition request was sent");
    return r;
  }
}

export interface BrokerSpec {
  id: number;
  epoch?: bigint;
  fenced?: boolean;
  inControlledShutdown?: boolean;
}

export interface PartitionSpec {
  replicas: number[];
  isr: number[];
  leader?: number;
  leaderEpoch?: number;
  partitionEpoch?: number;
}

export function brokerImage(b: BrokerSpec): BrokerRegistrationImage {
  return { nodeId: b.id, incarnationId: "", brokerEpoch: b.epoch ?? BigInt(100 + b.id), endpoints: [{ name: "PLAINTEXT", host: "127.0.0.1", port: 9000 + b.id }], rack: null, fenced: b.fenced ?? false, inControlledShutdown: b.inControlledShutdown ?? false } as BrokerRegistrationImage;
}

export function leaderImage(p: PartitionSpec, brokers: BrokerSpec[] = p.replicas.map((id) => ({ id }))): MetadataImage {
  const part: PartitionImage = { topicId: TOPIC_ID, topic: TOPIC, partition: 0, replicas: p.replicas, isr: p.isr, leader: p.leader ?? LEADER, leaderEpoch: p.leaderEpoch ?? 0, partitionEpoch: p.partitionEpoch ?? 0, directories: [] };
  const topic: TopicImage = { name: TOPIC, topicId: TOPIC_ID, partitions: [part] } as TopicImage;
  return {
    clusterId: "AAAAAAAAAAAAAAAAAAAAAA",
    controllerId: 3000,
    offset: 0n,
    topicsByName: new Map([[TOPIC, topic]]),
    topicsById: new Map([[TOPIC_ID, topic]]),
    brokers: new Map(brokers.map((b) => [b.id, brokerImage(b)])),
    configs: new Map(),
    features: new Map(),
  } as MetadataImage;
}

export interface LeaderSetup {
  rm: ReplicaManager;
  clock: FakeClock;
  channel: FakeControllerChannel;
  alter: AlterPartitionManager;
  minIsr: { value: number };
  publish(image: MetadataImage): void;
  close(): Promise<void>;
}

export function leaderSetup(p: PartitionSpec, brokers?: BrokerSpec[], opts: { fsync?: ManualDurability; leaderQuota?: (clock: FakeClock) => ReplicaQuota } = {}): LeaderSetup {
  const dir = tempDir("strand-leader-");
  const config = BrokerConfig.from(new Map(), Object.entries({
    "node.id": String(LEADER),
    "log.dirs": dir.path,
    "process.roles": "broker",
    "controller.quorum.voters": "3000@127.0.0.1:9093",
    listeners: "PLAINTEXT://127.0.0.1:0",
    "controller.listener.names": "CONTROLLER",
    "listener.security.protocol.map": "CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT",
    "replica.lag.time.max.ms": String(LAG_MS),
    "strand.log.fsync.before.ack": String(opts.fsync !== undefined),
  }));
  const logs = LogManager.open({ logDirs: [dir.path], nodeId: LEADER, clusterId: "AAAAAAAAAAAAAAAAAAAAAA" });
  const clock = new FakeClock(1_000);
  const channel = new FakeControllerChannel();
  const logger = createLogger("error");
  const alter = new AlterPartitionManager({ brokerId: LEADER, brokerEpoch: () => 101n, channel, schedule: (cb, ms) => clock.schedule(cb, ms), logger });
  const minIsr = { value: 1 };
  const fsync = opts.fsync;
  const rm = new ReplicaManager({
    nodeId: LEADER,
    config,
    logs,
    logger,
    timer: new Timer({ clock }),
    alterPartitionManager: alter,
    brokerEpoch: () => 101n,
    minInsyncReplicas: () => minIsr.value,
    ...(fsync ? { durabilityOf: () => fsync } : {}),
    ...(opts.leaderQuota ? { leaderQuota: opts.leaderQuota(clock) } : {}),
  });
  let current: MetadataImage | null = null;
  const publish = (image: MetadataImage): void => {
    rm.applyDelta({ before: current, after: image, configChanged: "all" });
    current = image;
  };
  publish(leaderImage(p, brokers));
  return {
    rm,
    clock,
    channel,
    alter,
    minIsr,
    publish,
    close: async () => {
      rm.shutdown();
      alter.shutdown();
      await logs.close();
      dir.cleanup();
    },
  };
}

export function followerFetch(replicaId: number, offset: bigint, opts: { epoch?: bigint; lastFetchedEpoch?: number; currentLeaderEpoch?: number; maxWaitMs?: number; logStartOffset?: bigint } = {}): FetchParams {
  return {
    partitions: [{ key: "p0", topic: TOPIC, partition: 0, fetchOffset: offset, maxBytes: 1 << 20, currentLeaderEpoch: opts.currentLeaderEpoch ?? -1, unknownTopicId: false, lastFetchedEpoch: opts.lastFetchedEpoch ?? -1, logStartOffset: opts.logStartOffset ?? 0n }],
    maxBytes: 1 << 20,
    minBytes: 1,
    maxWaitMs: opts.maxWaitMs ?? 0,
    replicaId,
    replicaEpoch: opts.epoch ?? BigInt(100 + replicaId),
  };
}

/** A follower's fetch answered at once (maxWaitMs 0). */
export function fetchNow(rm: ReplicaManager, params: FetchParams): PartitionReadResult {
  const r = rm.fetchMessages(params);
  if (r instanceof Promise) throw new Error("expected an immediate answer");
  return (r as FetchResults).results.get("p0")!;
}

/** Answers the oldest AlterPartition with the partition's new state (or an error) and lets callbacks run. */
export async function answerAlterPartition(channel: FakeControllerChannel, answer: { errorCode?: number; isr?: number[]; partitionEpoch?: number; leaderEpoch?: number; topError?: number }): Promise<SentRequest> {
  const req = channel.take();
  const topics = req.body.topics as Array<{ topicId: string; partitions: Array<{ partitionIndex: number; leaderEpoch: number; partitionEpoch: number; newIsrWithEpochs: Array<{ brokerId: number }> }> }>;
  const p = topics[0]!.partitions[0]!;
  req.resolve({
    throttleTimeMs: 0,
    errorCode: answer.topError ?? 0,
    topics: [{ topicId: topics[0]!.topicId, partitions: [{ partitionIndex: p.partitionIndex, errorCode: answer.errorCode ?? 0, leaderId: LEADER, leaderEpoch: answer.leaderEpoch ?? p.leaderEpoch, isr: answer.isr ?? p.newIsrWithEpochs.map((b) => b.brokerId), leaderRecoveryState: 0, partitionEpoch: answer.partitionEpoch ?? p.partitionEpoch + 1 }] }],
  });
  for (let i = 0; i < 5; i++) await settleMicrotasks();
  return req;
}
