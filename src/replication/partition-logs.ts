// The log side of ReplicaManager.applyDelta (moved from metadata/, which only publishes the delta now).
// Keeps the LogManager's partition logs in step with the image: a partition of this broker that
// appears gets its log (with the topic's log config), a topic that goes away loses its logs, and a
// topic's config change reaches its open logs. At start-up, logs on disk whose topic is not in the
// image (or whose partition.metadata names another topic id) are stray: renamed `-stray` and kept,
// as Kafka does, and logged at ERROR; a partition set aside for another topic id is created again. An offline partition (corrupt, or failed a write)
// is left alone here: it was logged at ERROR when it went offline and stays offline until its topic
// is deleted; nothing here may throw past one partition, since the image is already committed.
//
// partition.metadata is Kafka's per-partition file `version: 0\ntopic_id: <uuid>\n`.

import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { LogManager } from "../storage/log-manager.ts";
import { partitionDirName } from "../storage/file-names.ts";
import type { Log } from "../storage/log.ts";
import type { Logger } from "../util/log.ts";
import type { MetadataImage, PartitionImage } from "../metadata/image.ts";
import { METADATA_TOPIC } from "../metadata/metadata-log.ts";

export const PARTITION_METADATA_FILE = "partition.metadata";

export function readPartitionTopicId(logDir: string): string | null {
  const p = join(logDir, PARTITION_METADATA_FILE);
  if (!existsSync(p)) return null;
  // The line must be whole (ends in a newline): a file torn by a crash reads as absent, not as another id.
  const m = /topic_id:[ \t]*(\S+)\r?\n/.exec(readFileSync(p, "utf8"));
  return m ? m[1]! : null;
}

export function writePartitionTopicId(log: Log, topicId: string): void {
  if (readPartitionTopicId(log.dir) === topicId) return;
  // Written without fsync; the log syncs it (and its dir) before its next durability point. A file
  // lost or torn by a crash reads as absent and is written again from the metadata image.
  writeFileSync(join(log.dir, PARTITION_METADATA_FILE), `version: 0\ntopic_id: ${topicId}\n`);
  log.deferSync(join(log.dir, PARTITION_METADATA_FILE));
}

function hostedHere(p: PartitionImage | undefined, nodeId: number): p is PartitionImage {
  return p !== undefined && p.replicas.includes(nodeId);
}

/**
 * Logs on disk that the image does not assign to this broker are stray. As Kafka 4.4.0
 * (LogManager.loadLog with isStray), each is renamed to `<topic>-<partition>.<uuid>-stray` and kept:
 * data the metadata does not know about is never deleted without the operator. Unlike Kafka (INFO/WARN),
 * each is logged at ERROR with what to do, since a stray log usually means lost or replaced metadata.
 * Returns how many were set aside.
 */
export function markStrayLogs(image: MetadataImage, logs: LogManager, nodeId: number, logger: Logger): number {
  let n = 0;
  const onDisk = [...logs.allLogs().map((l) => ({ tp: l.tp, dir: l.dir })), ...logs.offlinePartitions().map((o) => ({ tp: o.tp, dir: join(o.dir, partitionDirName(o.tp)) }))];
  // Bounded by the partition dirs loaded at start-up.
  for (const { tp, dir } of onDisk) {
    const { topic, partition } = tp;
    if (topic === METADATA_TOPIC) continue;
    const t = image.topicsByName.get(topic);
    const p = t?.partitions[partition];
    let reason: string | null = null;
    if (!t) reason = "topic not in the metadata image";
    else if (!hostedHere(p, nodeId)) reason = "partition not assigned to this broker";
    else {
      const id = readPartitionTopicId(dir);
      if (id !== null && id !== t.topicId) reason = `partition.metadata names topic id ${id}, the metadata image ${t.topicId} (the topic was deleted and created again while this log was away)`;
    }
    if (!reason) continue;
    try {
      const kept = logs.markStray(tp);
      if (kept === null) continue;
      n++;
      logger.error("stray partition log set aside, not deleted: the metadata does not place it here", {
        partition: `${topic}-${partition}`,
        dir,
        keptAs: kept,
        reason,
        action: "inspect it (kafka-dump-log.sh --files <segment>.log); delete the dir when its data is not needed, or restore the metadata that knows it and rename the dir back to <topic>-<partition> with the broker stopped",
      });
    } catch (e) {
      logger.error("could not set aside stray partition log; it is not served", { partition: `${topic}-${partition}`, dir, reason, error: (e as Error).message });
    }
  }
  let userTopics = 0;
  for (const name of image.topicsByName.keys()) if (name !== METADATA_TOPIC) userTopics++;
  if (n > 0 && userTopics === 0) {
    logger.error("the metadata log knows no topics but partition logs were on disk: all were set aside as stray", {
      count: n,
      action: `if ${METADATA_TOPIC}-0 was lost or replaced, stop the broker, restore it from a backup and rename each <topic>-<partition>.<id>-stray dir back; the data is intact`,
    });
  }
  return n;
}

export interface ReconcileResult {
  created: number;
  deleted: number;
  reconfigured: number;
}

/**
 * Brings logs from `before` to `after`: creates logs of new partitions hosted here, deletes logs of
 * partitions no longer here, and re-reads the log config of every topic in `configChanged`.
 */
export function reconcileLogs(
  before: MetadataImage | null,
  after: MetadataImage,
  logs: LogManager,
  nodeId: number,
  configChanged: ReadonlySet<string> | "all",
  logger: Logger,
): ReconcileResult {
  const r: ReconcileResult = { created: 0, deleted: 0, reconfigured: 0 };
  for (const t of after.topicsById.values()) {
    const old = before?.topicsById.get(t.topicId);
    for (const p of t.partitions) {
      if (!hostedHere(p, nodeId)) continue;
      const tp = { topic: t.name, partition: p.partition };
      if (logs.isOffline(tp)) continue;
      if (old && hostedHere(old.partitions[p.partition], nodeId) && logs.getLog(tp)) continue;
      try {
        const log = logs.getOrCreateLog(tp);
        try {
          writePartitionTopicId(log, t.topicId);
        } catch (e) {
          // A write failure in a new log: the partition goes offline (Kafka: its log dir).
          log.takeOffline(e instanceof Error ? e : new Error(String(e)));
          continue;
        }
        r.created++;
      } catch (e) {
        // Already logged at ERROR as the partition went offline (LogManager.onPartitionOffline).
        if (!logs.isOffline(tp)) logger.error("could not create partition log", { partition: `${t.name}-${p.partition}`, error: (e as Error).message });
      }
    }
  }
  if (before) {
    for (const t of before.topicsById.values()) {
      const now = after.topicsById.get(t.topicId);
      for (const p of t.partitions) {
        if (!hostedHere(p, nodeId) || hostedHere(now?.partitions[p.partition], nodeId)) continue;
        logger.info("deleting partition log", { partition: `${t.name}-${p.partition}`, reason: now ? "replica moved" : "topic deleted" });
        try {
          logs.deleteLog({ topic: t.name, partition: p.partition });
          r.deleted++;
        } catch (e) {
          logger.error("could not delete partition log", { partition: `${t.name}-${p.partition}`, error: (e as Error).message });
        }
      }
    }
  }
  for (const log of logs.allLogs()) {
    if (log.tp.topic === METADATA_TOPIC) continue;
    if (configChanged !== "all" && !configChanged.has(log.tp.topic)) continue;
    try {
      log.config = logs.configFor(log.tp.topic);
      r.reconfigured++;
    } catch (e) {
      logger.error("could not apply topic config to its log", { topic: log.tp.topic, error: (e as Error).message });
    }
  }
  return r;
}
