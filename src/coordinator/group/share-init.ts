// Share-state initialisation in the group coordinator (Kafka 4.4.0's GroupMetadataManager
// maybeCreateInitializeShareGroupStateRequest / initializeShareGroupState / uninitializeShareGroupState):
// only partitions whose share state the share coordinator has initialized are assigned. A heartbeat that
// finds subscribed partitions neither initialized nor initializing records them as initializing
// (ShareGroupStatePartitionMetadata) and returns the InitializeShareGroupState request the service
// sends through the Persister: start offset -1 (the partition leader applies share.auto.offset.reset),
// or 0 for new partitions of a topic already initialized, as Kafka. The answer moves them to
// initialized; the next heartbeat bumps the group epoch to assign them. Initializing partitions not
// answered within group.share.initialize.retry.interval.ms are sent again.

import type { InitializeShareGroupStateRequest } from "../../protocol/generated/messages/initialize-share-group-state-request.ts";
import type { InitializeShareGroupStateResponse } from "../../protocol/generated/messages/initialize-share-group-state-response.ts";
import { ErrorCode } from "../../protocol/errors.ts";
import type { TopicInfo } from "./consumer-manager.ts";
import type { KeyValue } from "./records.ts";
import type { InitTopic, ShareGroup } from "./share-group.ts";
import { statePartitionRecord } from "./share-group-records.ts";

/**
 * Kafka's maybeCreateInitializeShareGroupStateRequest: the subscribed partitions neither initialized
 * nor (recently) initializing become initializing; the request to send for them, or null.
 */
export function maybeInitialize(group: ShareGroup, topics: ReadonlyMap<string, TopicInfo>, retryIntervalMs: number, records: KeyValue[], now: number): InitializeShareGroupStateRequest | null {
  const wanted = new Map<string, { name: string; partitions: number[] }>();
  for (const name of [...group.subscribedTopicNames()].sort()) {
    const t = topics.get(name);
    if (!t) continue;
    const done = group.initialized.get(t.topicId)?.partitions;
    const pending = group.initializing.get(t.topicId);
    const stale = pending !== undefined && now - pending.timestampMs >= retryIntervalMs;
    const ps: number[] = [];
    for (let p = 0; p < t.numPartitions; p++) {
      if (done?.has(p)) continue;
      if (pending?.partitions.has(p) && !stale) continue;
      ps.push(p);
    }
    if (ps.length > 0) wanted.set(t.topicId, { name, partitions: ps });
  }
  if (wanted.size === 0) return null;
  // A topic with partitions already known gets its new partitions from offset 0 (Kafka).
  const known = new Set([...group.initialized.keys(), ...group.initializing.keys()]);
  for (const [topicId, w] of wanted) {
    const cur = group.initializing.get(topicId) ?? { name: w.name, partitions: new Set<number>(), timestampMs: now };
    for (const p of w.partitions) cur.partitions.add(p);
    cur.timestampMs = now;
    group.initializing.set(topicId, cur);
    group.deleting.delete(topicId);
  }
  records.push(statePartitionRecord(group));
  return {
    groupId: group.groupId,
    topics: [...wanted].map(([topicId, w]) => ({
      topicId,
      partitions: w.partitions.map((p) => ({ partition: p, stateEpoch: group.groupEpoch, startOffset: known.has(topicId) ? 0n : -1n })),
    })),
  };
}

/**
 * The Persister's answer to an initialization (Kafka's initializeShareGroupState /
 * uninitializeShareGroupState): partitions answered NONE are initialized, the others leave the
 * initializing set (the next heartbeat sends them again). Returns the records to write.
 */
export function applyInitialized(group: ShareGroup, response: InitializeShareGroupStateResponse | null, request: InitializeShareGroupStateRequest, topicName: (topicId: string) => string, nowMs: number): KeyValue[] {
  const ok = new Map<string, Set<number>>();
  for (const r of response?.results ?? []) {
    for (const p of r.partitions) {
      if (p.errorCode !== ErrorCode.NONE) continue;
      let s = ok.get(r.topicId);
      if (!s) ok.set(r.topicId, (s = new Set()));
      s.add(p.partition);
    }
  }
  let changed = false;
  for (const t of request.topics) {
    const pending = group.initializing.get(t.topicId);
    for (const { partition } of t.partitions) {
      if (pending?.partitions.delete(partition)) changed = true;
      if (!ok.get(t.topicId)?.has(partition)) continue;
      const name = pending?.name ?? topicName(t.topicId);
      const init: InitTopic = group.initialized.get(t.topicId) ?? { name, partitions: new Set(), timestampMs: nowMs };
      init.partitions.add(partition);
      group.initialized.set(t.topicId, init);
      changed = true;
    }
    if (pending && pending.partitions.size === 0) group.initializing.delete(t.topicId);
  }
  return changed ? [statePartitionRecord(group)] : [];
}
