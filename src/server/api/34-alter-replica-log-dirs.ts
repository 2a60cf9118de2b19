// AlterReplicaLogDirs (key 34), versions 1-2 served (Kafka 4.4.0 defines and advertises 1-2).
//
// Per partition, as Kafka's ReplicaManager.alterReplicaLogDirs answers (the last dir named for a
// partition wins, as Kafka's map does): a topic whose `-future` dir name would pass 255 characters
// INVALID_TOPIC_EXCEPTION; a path that is not one of log.dirs LOG_DIR_NOT_FOUND; an offline partition
// KAFKA_STORAGE_ERROR; a topic or partition the metadata does not know UNKNOWN_TOPIC_OR_PARTITION, one
// not hosted here REPLICA_NOT_AVAILABLE; a replica already in that dir NONE (nothing to move).
// Results are grouped by topic in the order topics first appear in the request (Kafka's order is its
// hash maps').
//
// Left out: moving a replica to another of several log.dirs (JBOD). Kafka answers NONE and copies the
// log in the background (a `-future` replica); Strand cannot move a live log yet, so it answers
// KAFKA_STORAGE_ERROR and logs why, rather than NONE for a move that never happens. Authorization
// (CLUSTER ALTER; no authorizer yet).

import { resolve } from "node:path";
import { ErrorCode } from "../../protocol/errors.ts";
import type { AlterReplicaLogDirsRequest } from "../../protocol/generated/messages/alter-replica-log-dirs-request.ts";
import { newAlterReplicaLogDirsResponse, type AlterReplicaLogDirsResponse, type AlterReplicaLogDirTopicResult } from "../../protocol/generated/messages/alter-replica-log-dirs-response.ts";
import { METADATA_TOPIC } from "../../metadata/metadata-log.ts";
import { LogOfflineError } from "../../storage/errors.ts";
import { defineHandler, type RequestContext } from "../handler.ts";
import { AclOperation } from "../../metadata/authorizer/acl.ts";
import { authorizeCluster } from "../auth-helper.ts";

/** Kafka's `-future` dir name: `<topic>-<partition>.<32 hex>-future`. */
const futureDirNameLength = (topic: string, partition: number): number => `${topic}-${partition}.`.length + 32 + "-future".length;

export const alterReplicaLogDirsHandler = defineHandler<AlterReplicaLogDirsRequest, AlterReplicaLogDirsResponse>({
  key: 34,
  minVersion: 1,
  maxVersion: 2,
  handle(ctx, req) {
    // Kafka's AlterReplicaLogDirsRequest.partitionDirs: one destination per partition, the last named.
    const wanted = new Map<string, Map<number, string>>();
    // Bounded by the request.
    for (const d of req.dirs) {
      for (const t of d.topics) {
        let parts = wanted.get(t.name);
        if (!parts) wanted.set(t.name, (parts = new Map()));
        for (const p of t.partitions) parts.set(p, d.path);
      }
    }
    const res = newAlterReplicaLogDirsResponse();
    // KafkaApis.handleAlterReplicaLogDirsRequest: ALTER on the cluster, else every partition refused, none moved.
    const allowed = authorizeCluster(ctx, AclOperation.ALTER);
    res.results = [...wanted].map(([topicName, parts]): AlterReplicaLogDirTopicResult => ({
      topicName,
      partitions: [...parts].map(([partitionIndex, dir]) => ({ partitionIndex, errorCode: allowed ? alterOne(ctx, topicName, partitionIndex, dir) : ErrorCode.CLUSTER_AUTHORIZATION_FAILED })),
    }));
    return res;
  },
});

function alterOne(ctx: RequestContext, topic: string, partition: number, destination: string): number {
  const { logManager, metadata } = ctx.services;
  if (futureDirNameLength(topic, partition) > 255) return ErrorCode.INVALID_TOPIC_EXCEPTION;
  const dest = resolve(destination);
  if (!logManager.logDirs.some((d) => resolve(d) === dest)) return ErrorCode.LOG_DIR_NOT_FOUND;
  const tp = { topic, partition };
  if (logManager.isOffline(tp)) return ErrorCode.KAFKA_STORAGE_ERROR;
  const p = topic === METADATA_TOPIC ? undefined : metadata.partition(topic, partition);
  if (!p) return ErrorCode.UNKNOWN_TOPIC_OR_PARTITION;
  let log;
  try {
    log = logManager.getLog(tp);
  } catch (e) {
    if (e instanceof LogOfflineError) return ErrorCode.KAFKA_STORAGE_ERROR;
    throw e;
  }
  if (!log || !p.replicas.includes(ctx.services.nodeId)) return ErrorCode.REPLICA_NOT_AVAILABLE;
  if (resolve(log.dir, "..") === dest) return ErrorCode.NONE;
  ctx.services.logger.warn("AlterReplicaLogDirs: moving a replica between log dirs is not supported yet; answered KAFKA_STORAGE_ERROR", { partition: `${topic}-${partition}`, from: resolve(log.dir, ".."), to: dest });
  return ErrorCode.KAFKA_STORAGE_ERROR;
}
