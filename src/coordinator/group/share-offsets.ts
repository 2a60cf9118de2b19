// The shard side of the share-group offset APIs and of share group deletion (Kafka's
// GroupMetadataManager.alterShareGroupOffsets, sharePartitionsEligibleForOffsetDeletion,
// completeDeleteShareGroupOffsets, shareGroupBuildPartitionDeleteRequest): which partitions the
// Persister is asked about, and the ShareGroupStatePartitionMetadata records of the change.
// The Persister calls themselves are made by share-service.ts, outside the shard.

import { ErrorCode, errorMessage } from "../../protocol/errors.ts";
import { ZERO_UUID } from "../../protocol/primitives/codec-runtime.ts";
import type { InitializeShareGroupStateRequest } from "../../protocol/generated/messages/initialize-share-group-state-request.ts";
import type { DeleteShareGroupStateRequest } from "../../protocol/generated/messages/delete-share-group-state-request.ts";
import type { TopicInfo } from "./consumer-manager.ts";
import { GroupError } from "./errors.ts";
import type { KeyValue } from "./records.ts";
import type { ShareGroup } from "./share-group.ts";
import { statePartitionRecord } from "./share-group-records.ts";

export interface AlterTopicResult {
  topicName: string;
  topicId: string;
  partitions: Array<{ partitionIndex: number; errorCode: number; errorMessage: string | null }>;
}

export interface AlterPlan {
  records: KeyValue[];
  results: AlterTopicResult[];
  /** null: nothing to initialize. */
  initialize: InitializeShareGroupStateRequest | null;
}

function notEmpty(g: ShareGroup): void {
  if (!g.isEmpty()) throw new GroupError(ErrorCode.NON_EMPTY_GROUP, g.groupId, errorMessage(ErrorCode.NON_EMPTY_GROUP));
}

/**
 * AlterShareGroupOffsets (Kafka creates the share group when absent; it must be empty): the existing
 * partitions asked for become initializing, to be initialized at the offsets given.
 */
export function planAlterOffsets(g: ShareGroup, topics: ReadonlyMap<string, TopicInfo>, req: ReadonlyArray<{ topicName: string; partitions: ReadonlyArray<{ partitionIndex: number; startOffset: bigint }> }>, nowMs: number): AlterPlan {
  notEmpty(g);
  const results: AlterTopicResult[] = [];
  const init = new Map<string, Array<{ partition: number; stateEpoch: number; startOffset: bigint }>>();
  for (const t of req) {
    const info = topics.get(t.topicName);
    if (!info) {
      const code = ErrorCode.UNKNOWN_TOPIC_OR_PARTITION;
      results.push({ topicName: t.topicName, topicId: ZERO_UUID, partitions: t.partitions.map((p) => ({ partitionIndex: p.partitionIndex, errorCode: code, errorMessage: errorMessage(code) })) });
      continue;
    }
    const parts: AlterTopicResult["partitions"] = [];
    for (const p of t.partitions) {
      if (p.partitionIndex < 0 || p.partitionIndex >= info.numPartitions) {
        parts.push({ partitionIndex: p.partitionIndex, errorCode: ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, errorMessage: errorMessage(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION) });
        continue;
      }
      parts.push({ partitionIndex: p.partitionIndex, errorCode: ErrorCode.NONE, errorMessage: null });
      const l = init.get(info.topicId) ?? [];
      l.push({ partition: p.partitionIndex, stateEpoch: g.groupEpoch, startOffset: p.startOffset });
      init.set(info.topicId, l);
      const cur = g.initializing.get(info.topicId) ?? { name: info.name, partitions: new Set<number>(), timestampMs: nowMs };
      cur.partitions.add(p.partitionIndex);
      cur.timestampMs = nowMs;
      g.initializing.set(info.topicId, cur);
      g.initialized.get(info.topicId)?.partitions.delete(p.partitionIndex);
      g.deleting.delete(info.topicId);
    }
    results.push({ topicName: t.topicName, topicId: info.topicId, partitions: parts });
  }
  if (init.size === 0) return { records: [], results, initialize: null };
  return {
    records: [statePartitionRecord(g)],
    results,
    initialize: { groupId: g.groupId, topics: [...init].map(([topicId, partitions]) => ({ topicId, partitions })) },
  };
}

export interface DeletePlan {
  records: KeyValue[];
  /** Per requested topic: its error (NONE when its state is being deleted). */
  results: Array<{ topicName: string; topicId: string; errorCode: number; errorMessage: string | null }>;
  delete: DeleteShareGroupStateRequest | null;
}

/**
 * DeleteShareGroupOffsets (the group must exist and be empty): the initialized topics asked for move
 * to deleting; the others answer UNKNOWN_TOPIC_OR_PARTITION.
 */
export function planDeleteOffsets(g: ShareGroup, topics: ReadonlyMap<string, TopicInfo>, names: readonly string[]): DeletePlan {
  notEmpty(g);
  const results: DeletePlan["results"] = [];
  const del: DeleteShareGroupStateRequest = { groupId: g.groupId, topics: [] };
  for (const name of names) {
    const info = topics.get(name);
    const init = info ? (g.initialized.get(info.topicId) ?? g.initializing.get(info.topicId)) : undefined;
    if (!info || !init) {
      const code = ErrorCode.UNKNOWN_TOPIC_OR_PARTITION;
      results.push({ topicName: name, topicId: info?.topicId ?? ZERO_UUID, errorCode: code, errorMessage: errorMessage(code) });
      continue;
    }
    const partitions = new Set([...(g.initialized.get(info.topicId)?.partitions ?? []), ...(g.initializing.get(info.topicId)?.partitions ?? [])]);
    del.topics.push({ topicId: info.topicId, partitions: [...partitions].sort((a, b) => a - b).map((partition) => ({ partition })) });
    g.initialized.delete(info.topicId);
    g.initializing.delete(info.topicId);
    g.deleting.set(info.topicId, info.name);
    results.push({ topicName: name, topicId: info.topicId, errorCode: ErrorCode.NONE, errorMessage: null });
  }
  if (del.topics.length === 0) return { records: [], results, delete: null };
  return { records: [statePartitionRecord(g)], results, delete: del };
}

/** The deletion answered: topics leave the deleting set (Kafka's completeDeleteShareGroupOffsets). */
export function completeDeleteOffsets(g: ShareGroup, topicIds: readonly string[]): KeyValue[] {
  let changed = false;
  for (const t of topicIds) if (g.deleting.delete(t)) changed = true;
  return changed ? [statePartitionRecord(g)] : [];
}

/** Every partition with share state (initialized or initializing) of a group being deleted. */
export function shareStatePartitions(g: ShareGroup): DeleteShareGroupStateRequest {
  const byTopic = new Map<string, Set<number>>();
  for (const m of [g.initialized, g.initializing]) {
    for (const [t, v] of m) {
      const s = byTopic.get(t) ?? new Set<number>();
      for (const p of v.partitions) s.add(p);
      byTopic.set(t, s);
    }
  }
  return { groupId: g.groupId, topics: [...byTopic].map(([topicId, ps]) => ({ topicId, partitions: [...ps].sort((a, b) => a - b).map((partition) => ({ partition })) })) };
}
