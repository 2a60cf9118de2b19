// Which partitions this broker hosts after a metadata image, and what their replica fetchers must do
// (Kafka's ReplicaManager.applyDelta: applyLocalLeadersDelta / applyLocalFollowersDelta). Each hosted
// partition's Partition is made to match its assignment (leader epoch, replicas, ISR); partitions led
// here, offline, gone, or (in a controlled shutdown) leaderless or out of the ISR stop being fetched;
// followers whose leader epoch moved stop and start again from their new leader.

import type { MetadataImage } from "../metadata/image.ts";
import { METADATA_TOPIC } from "../metadata/metadata-log.ts";
import type { Log } from "../storage/log.ts";
import type { Logger } from "../util/log.ts";
import type { Partition } from "./partition.ts";

export type HostedPartitions = Map<string, Array<Partition | undefined>>;

export interface AssignmentContext {
  nodeId: number;
  /** Kafka's isInControlledShutdown: followers out of the ISR (or leaderless) stop fetching. */
  inControlledShutdown: boolean;
  /** The partition's log, undefined while it is offline. */
  currentLog(topic: string, partition: number): Log | undefined;
  newPartition(log: Log, topic: string, partition: number): Partition;
  logger: Logger;
}

export interface AssignmentChanges {
  /** topic -> partition index -> Partition, for the partitions the image puts here. */
  hosted: HostedPartitions;
  stopFetching: Array<{ topic: string; partition: number }>;
  startFetching: Partition[];
  /** Partitions hosted before and not now (or replaced by a new Partition over a new log). */
  gone: Partition[];
}

export function applyAssignments(image: MetadataImage, before: HostedPartitions, ctx: AssignmentContext): AssignmentChanges {
  const hosted: HostedPartitions = new Map();
  const stopFetching: Array<{ topic: string; partition: number }> = [];
  const startFetching: Partition[] = [];
  // Bounded by the image's partitions.
  for (const t of image.topicsById.values()) {
    if (t.name === METADATA_TOPIC) continue;
    const old = before.get(t.name);
    let here: Array<Partition | undefined> | null = null;
    for (const state of t.partitions) {
      if (!state.replicas.includes(ctx.nodeId)) continue;
      let p = old?.[state.partition];
      const log = ctx.currentLog(t.name, state.partition);
      // A log deleted and made again is a new Partition; an offline one (log undefined) keeps its own.
      if (p !== undefined && log !== undefined && p.log !== log) p = undefined;
      if (p === undefined && log !== undefined) p = ctx.newPartition(log, t.name, state.partition);
      if (p === undefined) {
        stopFetching.push({ topic: t.name, partition: state.partition });
        continue;
      }
      (here ??= [])[state.partition] = p;
      try {
        const isNewLeaderEpoch = p.applyAssignment(state, ctx.nodeId);
        if (state.leader === ctx.nodeId || p.isOffline) stopFetching.push({ topic: t.name, partition: state.partition });
        // Kafka's applyLocalFollowersDelta: shutting down, a replica with no leader or out of the ISR
        // stops fetching (it must not rejoin the ISR it was taken out of).
        else if (ctx.inControlledShutdown && (state.leader < 0 || !state.isr.includes(ctx.nodeId))) stopFetching.push({ topic: t.name, partition: state.partition });
        else if (isNewLeaderEpoch) startFetching.push(p);
      } catch (e) {
        ctx.logger.error("could not apply a partition's assignment", { partition: p.name, error: (e as Error).message });
        stopFetching.push({ topic: t.name, partition: state.partition });
      }
    }
    if (here) hosted.set(t.name, here);
  }
  const gone: Partition[] = [];
  // Bounded by the partitions hosted before.
  for (const [topic, arr] of before) for (const p of arr) if (p !== undefined && hosted.get(topic)?.[p.partition] !== p) gone.push(p);
  for (const p of gone) stopFetching.push({ topic: p.topic, partition: p.partition });
  return { hosted, stopFetching, startFetching, gone };
}
