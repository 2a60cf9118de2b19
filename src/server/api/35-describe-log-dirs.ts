// DescribeLogDirs (key 35), versions 1-5 served (all Kafka 4.4.0 defines).
//
// One result per log dir: the partitions it holds (all, or those asked for; unknown topics and
// partitions are left out, as Kafka does) with their size in bytes and offset lag (0: Strand has no
// future replicas moving between dirs), and from v4 the dir's total and usable bytes (statfs).
// A dir that cannot be read reports KAFKA_STORAGE_ERROR. An offline partition (corrupt, or failed a
// write) is left out of its dir's list, as Kafka lists only the logs it has online; Kafka would have
// taken the whole dir offline (KAFKA_STORAGE_ERROR, no partitions), Strand only that partition, so
// the dir stays online with the partitions that serve (see log-manager.ts).
//
// The metadata log (__cluster_metadata-0, which Strand's log manager holds next to the partitions) is
// not listed: Kafka's raft manager owns it outside the LogManager, so Kafka's answer never names it.
//
// Left out: isCordoned (v5) is always false — Strand has no cordoned.log.dirs yet.
//
// With an authorizer, DESCRIBE on the cluster (else no directories, CLUSTER_AUTHORIZATION_FAILED).

import { statfsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { ErrorCode } from "../../protocol/errors.ts";
import type { DescribeLogDirsRequest } from "../../protocol/generated/messages/describe-log-dirs-request.ts";
import { newDescribeLogDirsResponse, type DescribeLogDirsResponse, type DescribeLogDirsResult, type DescribeLogDirsTopic } from "../../protocol/generated/messages/describe-log-dirs-response.ts";
import { defineHandler } from "../handler.ts";
import { AclOperation } from "../../metadata/authorizer/acl.ts";
import { authorizeCluster } from "../auth-helper.ts";
import { METADATA_TOPIC } from "../../raft/kafka-metadata-log.ts";

export const describeLogDirsHandler = defineHandler<DescribeLogDirsRequest, DescribeLogDirsResponse>({
  key: 35,
  minVersion: 1,
  maxVersion: 5,
  handle(ctx, req) {
    const res = newDescribeLogDirsResponse();
    // KafkaApis.handleDescribeLogDirsRequest: DESCRIBE on the cluster, else no results (v3+: CLUSTER_AUTHORIZATION_FAILED).
    if (!authorizeCluster(ctx, AclOperation.DESCRIBE)) {
      res.errorCode = ErrorCode.CLUSTER_AUTHORIZATION_FAILED;
      return res;
    }
    const logs = ctx.services.logManager;
    let wanted: Map<string, Set<number>> | null = null;
    if (req.topics !== null) {
      wanted = new Map();
      for (const t of req.topics) {
        const s = wanted.get(t.topic) ?? new Set<number>();
        for (const p of t.partitions) s.add(p);
        wanted.set(t.topic, s);
      }
    }
    const byDir = new Map<string, Map<string, DescribeLogDirsTopic>>();
    for (const dir of logs.logDirs) byDir.set(resolve(dir), new Map());
    for (const log of logs.allLogs()) {
      if (log.tp.topic === METADATA_TOPIC) continue;
      if (wanted && !wanted.get(log.tp.topic)?.has(log.tp.partition)) continue;
      const topics = byDir.get(resolve(dirname(log.dir)));
      if (!topics) continue;
      let t = topics.get(log.tp.topic);
      if (!t) topics.set(log.tp.topic, (t = { name: log.tp.topic, partitions: [] }));
      t.partitions.push({ partitionIndex: log.tp.partition, partitionSize: BigInt(log.sizeBytes), offsetLag: 0n, isFutureKey: false });
    }
    for (const [dir, topics] of byDir) {
      const r: DescribeLogDirsResult = { errorCode: 0, logDir: dir, topics: [...topics.values()], totalBytes: -1n, usableBytes: -1n, isCordoned: false };
      for (const t of r.topics) t.partitions.sort((a, b) => a.partitionIndex - b.partitionIndex);
      try {
        const st = statfsSync(dir, { bigint: true });
        r.totalBytes = st.blocks * st.bsize;
        r.usableBytes = st.bavail * st.bsize;
      } catch {
        r.errorCode = ErrorCode.KAFKA_STORAGE_ERROR;
        r.topics = [];
      }
      res.results.push(r);
    }
    return res;
  },
});
