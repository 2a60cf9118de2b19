// Consumer-group lag computed by the broker (what users otherwise run kafka-lag-exporter for), with
// kafka-lag-exporter's metric names: kafka_consumergroup_group_offset (the committed offset),
// kafka_consumergroup_group_lag (high watermark - committed offset, at least 0) per group / topic /
// partition, and kafka_consumergroup_group_sum_lag per group. Read at scrape time.
//
// Covered: the groups whose coordinator is this broker (its loaded __consumer_offsets shards), for the
// partitions hosted here (their high watermark is local; a follower's trails the leader's by at most
// one fetch). Left out: partitions hosted only on other brokers (no RPC at scrape time) — scrape every
// broker, as kafka-lag-exporter's users do; and kafka-lag-exporter's member labels and time lag.

import type { GroupCoordinatorService } from "../../coordinator/group/service.ts";
import type { ReplicaManager } from "../../replication/replica-manager.ts";
import type { MetricsRegistry, Sample } from "../../util/metrics/index.ts";

interface LagRow {
  readonly group: string;
  readonly topic: string;
  readonly partition: number;
  readonly offset: number;
  readonly lag: number;
}

export function registerGroupLag(reg: MetricsRegistry, groups: GroupCoordinatorService, rm: ReplicaManager): void {
  const rows = (): LagRow[] => {
    const out: LagRow[] = [];
    // Bounded by the committed offsets held (MAX_SAMPLES_PER_FAMILY bounds what a scrape renders).
    for (const o of groups.committedOffsets()) {
      const p = rm.partition(o.topic, o.partition);
      if (!p || p.isOffline) continue;
      const offset = Number(o.offset);
      out.push({ group: o.groupId, topic: o.topic, partition: o.partition, offset, lag: Math.max(0, p.highWatermark - offset) });
    }
    return out;
  };
  const labels = (r: LagRow) => ({ group: r.group, topic: r.topic, partition: String(r.partition) });
  reg.gaugeFn("kafka_consumergroup_group_offset", "The committed offset of a consumer group on a partition (groups coordinated by this broker).", () => rows().map((r): Sample => ({ labels: labels(r), value: r.offset })));
  reg.gaugeFn("kafka_consumergroup_group_lag", "High watermark minus the group's committed offset, per partition (groups coordinated by this broker, partitions hosted here).", () => rows().map((r): Sample => ({ labels: labels(r), value: r.lag })));
  reg.gaugeFn("kafka_consumergroup_group_sum_lag", "The lag of a consumer group summed over its partitions (as kafka_consumergroup_group_lag covers them).", () => {
    const sums = new Map<string, number>();
    for (const r of rows()) sums.set(r.group, (sums.get(r.group) ?? 0) + r.lag);
    return [...sums].map(([group, value]): Sample => ({ labels: { group }, value }));
  });
}
