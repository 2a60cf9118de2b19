// The group coordinator as the broker runs it: configured from server.properties, persisted in
// __consumer_offsets (loaded before the broker listens), with the periodic offset expiry
// (offsets.retention.check.interval.ms) followed by the bounded-size rewrite of each partition.

import type { Broker } from "../../server/broker.ts";
import type { MetadataLayer } from "../../metadata/layer.ts";
import { GroupCoordinator, type GroupCoordinatorConfig } from "./group-coordinator.ts";
import { OffsetsTopicLog } from "./offsets-topic.ts";
import { systemGroupClock } from "./timer.ts";
import { assignorsFromConfig } from "./assignors/index.ts";
import type { TopicInfo } from "./consumer-manager.ts";
import type { MetadataImage } from "../../metadata/image.ts";

export function coordinatorConfigOf(broker: Broker): GroupCoordinatorConfig {
  const c = broker.config;
  return {
    initialRebalanceDelayMs: c.int("group.initial.rebalance.delay.ms"),
    minSessionTimeoutMs: c.int("group.min.session.timeout.ms"),
    maxSessionTimeoutMs: c.int("group.max.session.timeout.ms"),
    maxGroupSize: c.int("group.max.size"),
    newMemberJoinTimeoutMs: 5 * 60 * 1000,
    numPartitions: c.int("offsets.topic.num.partitions"),
    offsetsRetentionMs: c.int("offsets.retention.minutes") * 60_000,
    offsetsRetentionCheckIntervalMs: c.long("offsets.retention.check.interval.ms"),
    offsetMetadataMaxBytes: 4096,
    consumer: {
      sessionTimeoutMs: c.int("group.consumer.session.timeout.ms"),
      heartbeatIntervalMs: c.int("group.consumer.heartbeat.interval.ms"),
      // Not every group.consumer.* key is in the broker key table yet: Kafka's defaults then.
      maxSize: optional(() => c.int("group.consumer.max.size"), 2 ** 31 - 1),
      assignors: assignorsFromConfig(optional(() => c.list("group.consumer.assignors"), ["uniform", "range"])),
    },
  };
}

function optional<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch (e) {
    if (e instanceof RangeError) return fallback; // "no broker configuration named ..."
    throw e;
  }
}

/** Topics by name from the metadata image, rebuilt only when the image changes. */
function topicSourceOf(broker: Broker): () => ReadonlyMap<string, TopicInfo> {
  let seen: MetadataImage | null = null;
  let cached: ReadonlyMap<string, TopicInfo> = new Map();
  return () => {
    const md = metadataOf(broker);
    if (!md) return cached;
    const image = md.image;
    if (image !== seen) {
      seen = image;
      const m = new Map<string, TopicInfo>();
      for (const t of image.topicsByName.values()) m.set(t.name, { name: t.name, topicId: t.topicId, numPartitions: t.partitions.length });
      cached = m;
    }
    return cached;
  };
}

export class GroupCoordinatorService {
  readonly coordinator: GroupCoordinator;
  readonly topicLog: OffsetsTopicLog;
  private maintenance: ReturnType<typeof setInterval> | null = null;

  constructor(readonly broker: Broker) {
    const config = coordinatorConfigOf(broker);
    const segmentBytes = broker.config.int("offsets.topic.segment.bytes");
    this.topicLog = new OffsetsTopicLog({
      metadata: broker.metadata,
      numPartitions: config.numPartitions,
      segmentBytes,
      compactAfterBytes: Math.max(2 * segmentBytes, 1 << 20),
    });
    this.coordinator = new GroupCoordinator(config, this.topicLog, systemGroupClock());
    this.coordinator.topicSource = topicSourceOf(broker);
  }

  /** Replay __consumer_offsets, then start expiry and compaction. */
  start(): { records: number; bytes: number; groups: number; loadMs: number } {
    const t0 = Date.now();
    const loaded = this.topicLog.load((_p, key, value) => {
      try {
        this.coordinator.replay(key, value);
      } catch (e) {
        this.broker.log.warn("skipping unreadable __consumer_offsets record", { error: (e as Error).message });
      }
    });
    this.coordinator.loaded();
    this.compactAll();
    const every = Math.min(this.coordinator.config.offsetsRetentionCheckIntervalMs, 2 ** 31 - 1);
    this.maintenance = setInterval(() => {
      this.coordinator.expireOffsets();
      this.compactAll();
    }, every);
    this.maintenance.unref?.();
    return { ...loaded, groups: this.coordinator.groups.size, loadMs: Date.now() - t0 };
  }

  compactAll(): number {
    let n = 0;
    for (let p = 0; p < this.coordinator.config.numPartitions; p++) {
      if (this.topicLog.maybeCompact(p, () => this.coordinator.snapshotRecords(p))) n++;
    }
    return n;
  }

  close(): void {
    if (this.maintenance) clearInterval(this.maintenance);
    this.coordinator.close();
  }
}

/** The broker's metadata layer (undefined only in tests that build a bare Broker). */
export function metadataOf(broker: Broker): MetadataLayer | undefined {
  return broker.metadata as MetadataLayer | undefined;
}

/** The broker's coordinator service; throws if the broker did not start one. */
export function groupServiceOf(broker: Broker): GroupCoordinatorService {
  const s = broker.groupCoordinator;
  if (!s) throw new Error("the group coordinator is not running");
  return s;
}

/** The broker's group coordinator; throws if the broker did not start one. */
export function groupsOf(broker: Broker): GroupCoordinator {
  return groupServiceOf(broker).coordinator;
}
