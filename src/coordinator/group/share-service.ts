// The share-group half of Kafka's GroupCoordinatorService: the operations that go through the
// Persister (the share coordinator's state) as well as through the group's shard.
//   heartbeat        the shard's write; once committed, share partitions first subscribed are
//                    initialized through Persister.initializeState, and the answer is written back
//                    (initializing -> initialized) by a second write of the shard
//   deleteGroup      an empty share group: its share state deleted (Persister.deleteState), then the
//                    group's tombstones
//   describeOffsets  DescribeShareGroupOffsets: Persister.readSummary for the partitions asked for (or
//                    every initialized one), lag = end offset - start offset - delivered-complete count
//   alterOffsets     AlterShareGroupOffsets: initializeState at the given start offsets
//   deleteOffsets    DeleteShareGroupOffsets: deleteState of whole topics
// Without a Persister (none wired) initialization succeeds at once and nothing is read or deleted.

import { ErrorCode, errorMessage } from "../../protocol/errors.ts";
import type { InitializeShareGroupStateRequest } from "../../protocol/generated/messages/initialize-share-group-state-request.ts";
import type { InitializeShareGroupStateResponse } from "../../protocol/generated/messages/initialize-share-group-state-response.ts";
import type { DeleteShareGroupStateRequest } from "../../protocol/generated/messages/delete-share-group-state-request.ts";
import type { DeleteShareGroupStateResponse } from "../../protocol/generated/messages/delete-share-group-state-response.ts";
import type { ReadShareGroupStateSummaryResponse } from "../../protocol/generated/messages/read-share-group-state-summary-response.ts";
import { ZERO_UUID } from "../../protocol/primitives/codec-runtime.ts";
import type { Persister } from "../share/persister.ts";
import type { CoordinatorLogger } from "../runtime/logger.ts";
import { GroupError } from "./errors.ts";
import type { GroupCoordinator } from "./group-coordinator.ts";
import { completeDeleteOffsets, planAlterOffsets, planDeleteOffsets, shareStatePartitions, type AlterTopicResult, type DeletePlan } from "./share-offsets.ts";
import type { ShareHeartbeatRequest, ShareHeartbeatResult } from "./share-manager.ts";

/** What the service needs of GroupCoordinatorService (its shard operations). */
export interface ShardRunner {
  write<T>(name: string, groupId: string, op: (shard: GroupCoordinator) => T): Promise<T>;
  read<T>(groupId: string, op: (shard: GroupCoordinator) => T): T;
}

export interface DescribedShareOffsets {
  errorCode: number;
  errorMessage: string | null;
  topics: Array<{
    topicName: string;
    topicId: string;
    partitions: Array<{ partitionIndex: number; startOffset: bigint; leaderEpoch: number; lag: bigint; errorCode: number; errorMessage: string | null }>;
  }>;
}

/** The high watermark of a partition hosted here, or null (lag is then -1). */
export type EndOffsetOf = (topic: string, partition: number) => number | null;

export class ShareGroupService {
  constructor(
    private readonly shards: ShardRunner,
    private readonly persister: () => Persister | null,
    private readonly logger: CoordinatorLogger,
  ) {}

  async heartbeat(req: ShareHeartbeatRequest): Promise<ShareHeartbeatResult> {
    const r = await this.shards.write("share-group-heartbeat", req.groupId, (s) => s.share.heartbeat(req));
    await r.written;
    if (r.initialize !== null) this.initialize(r.initialize);
    return r.result;
  }

  /** Initialize share state in the background; the answer is written back into the group. */
  private initialize(req: InitializeShareGroupStateRequest): void {
    const p = this.persister();
    const asked: Promise<InitializeShareGroupStateResponse | null> = p
      ? p.initializeState(req).catch((e: unknown) => {
          this.logger.warn("share group state was not initialized", { groupId: req.groupId, error: e instanceof Error ? e.message : String(e) });
          return null;
        })
      : Promise.resolve(allOk(req));
    void asked
      .then((resp) => this.shards.write("initialize-share-group-state", req.groupId, (s) => s.shareStateInitialized(req.groupId, resp, req)))
      .then((written) => written)
      .catch((e: unknown) => this.logger.warn("share group initialized partitions were not written", { groupId: req.groupId, error: e instanceof Error ? e.message : String(e) }));
  }

  /** DeleteGroups of a share group id: NON_EMPTY_GROUP, or its state deleted and then the group. */
  async deleteGroup(groupId: string): Promise<number> {
    const state = this.shards.read(groupId, (s) => {
      const g = s.shareGroups.get(groupId);
      if (!g) return null;
      return g.isEmpty() ? shareStatePartitions(g) : "non-empty";
    });
    if (state === "non-empty") return ErrorCode.NON_EMPTY_GROUP;
    if (state !== null && state.topics.length > 0) {
      const resp = await this.deleteState(state);
      const failed = firstError(resp);
      if (failed !== ErrorCode.NONE) return failed;
    }
    const r = await this.shards.write("delete-groups", groupId, (s) => s.deleteGroup(groupId));
    await r.written;
    return r.errorCode;
  }

  private async deleteState(req: DeleteShareGroupStateRequest): Promise<DeleteShareGroupStateResponse | null> {
    const p = this.persister();
    if (!p) return null;
    try {
      return await p.deleteState(req);
    } catch (e) {
      this.logger.warn("share group state was not deleted", { groupId: req.groupId, error: e instanceof Error ? e.message : String(e) });
      return { results: req.topics.map((t) => ({ topicId: t.topicId, partitions: t.partitions.map((x) => ({ partition: x.partition, errorCode: ErrorCode.UNKNOWN_SERVER_ERROR, errorMessage: null })) })) };
    }
  }

  async describeOffsets(groupId: string, topics: ReadonlyArray<{ topicName: string; partitions: number[] }> | null, endOffset: EndOffsetOf): Promise<DescribedShareOffsets> {
    // Topic names and ids, and (all topics) the initialized partitions of the group.
    const plan = this.shards.read(groupId, (s) => {
      const known = s.topicSource();
      if (topics !== null) return { missing: false, asked: topics.map((t) => ({ name: t.topicName, topicId: known.get(t.topicName)?.topicId ?? null, partitions: t.partitions })) };
      const g = s.shareGroups.get(groupId);
      // Kafka 4.4.0 answers a group that does not exist with no topics and no error.
      if (!g) return { missing: false, asked: [] };
      // Topics deleted since are left out (Kafka cleans them out of the group's state metadata).
      const ids = new Set([...known.values()].map((t) => t.topicId));
      return { missing: false, asked: [...g.initialized].filter(([t, v]) => v.partitions.size > 0 && ids.has(t)).map(([topicId, v]) => ({ name: v.name, topicId: topicId as string | null, partitions: [...v.partitions].sort((a, b) => a - b) })) };
    });
    if (plan.missing) return { errorCode: ErrorCode.GROUP_ID_NOT_FOUND, errorMessage: `Group ${groupId} not found.`, topics: [] };
    const known = plan.asked.filter((t) => t.topicId !== null);
    let summary: ReadShareGroupStateSummaryResponse | null = null;
    const p = this.persister();
    if (p && known.length > 0) {
      try {
        summary = await p.readSummary({ groupId, topics: known.map((t) => ({ topicId: t.topicId!, partitions: t.partitions.map((partition) => ({ partition, leaderEpoch: 0 })) })) });
      } catch (e) {
        return { errorCode: ErrorCode.UNKNOWN_SERVER_ERROR, errorMessage: e instanceof Error ? e.message : null, topics: [] };
      }
    }
    const byTp = new Map<string, ReadShareGroupStateSummaryResponse["results"][number]["partitions"][number]>();
    for (const r of summary?.results ?? []) for (const x of r.partitions) byTp.set(`${r.topicId}:${x.partition}`, x);
    return {
      errorCode: ErrorCode.NONE,
      errorMessage: null,
      topics: plan.asked.map((t) => ({
        topicName: t.name,
        topicId: t.topicId ?? ZERO_UUID,
        partitions: t.partitions.map((partitionIndex) => {
          // An unknown topic (zero id) or a partition without state: no offset, no error, as Kafka 4.4.0.
          const x = t.topicId === null ? undefined : byTp.get(`${t.topicId}:${partitionIndex}`);
          if (!x) return { partitionIndex, startOffset: -1n, leaderEpoch: 0, lag: -1n, errorCode: ErrorCode.NONE, errorMessage: null };
          const end = endOffset(t.name, partitionIndex);
          // Kafka's shouldComputeSharePartitionLag: a known start offset and delivered-complete count.
          const lag = x.errorCode === ErrorCode.NONE && x.startOffset !== -1n && x.deliveryCompleteCount !== -1 && end !== null ? BigInt(end) - x.startOffset - BigInt(x.deliveryCompleteCount) : -1n;
          return { partitionIndex, startOffset: x.startOffset, leaderEpoch: x.leaderEpoch, lag: lag < 0n && lag !== -1n ? 0n : lag, errorCode: x.errorCode, errorMessage: x.errorMessage };
        }),
      })),
    };
  }

  async alterOffsets(groupId: string, topics: ReadonlyArray<{ topicName: string; partitions: ReadonlyArray<{ partitionIndex: number; startOffset: bigint }> }>): Promise<{ errorCode: number; errorMessage: string | null; results: AlterTopicResult[] }> {
    let plan;
    try {
      plan = await this.shards.write("share-group-offsets-alter", groupId, (s) => {
        const g = s.shareGroup(groupId, true)!;
        const p = planAlterOffsets(g, s.topicSource(), topics, s.timers.nowMs());
        return { ...p, written: s.appendShareRecords(groupId, p.records) };
      });
      await plan.written;
    } catch (e) {
      if (e instanceof GroupError) return { errorCode: e.code, errorMessage: errorMessage(e.code), results: [] };
      throw e;
    }
    if (plan.initialize === null) return { errorCode: ErrorCode.NONE, errorMessage: null, results: plan.results };
    const req = plan.initialize;
    const p = this.persister();
    let resp: InitializeShareGroupStateResponse | null;
    try {
      resp = p ? await p.initializeState(req) : allOk(req);
    } catch (e) {
      this.logger.warn("share group offsets were not altered", { groupId, error: e instanceof Error ? e.message : String(e) });
      resp = null;
    }
    await (await this.shards.write("initialize-share-group-state", groupId, (s) => s.shareStateInitialized(groupId, resp, req)));
    const codes = new Map<string, number>();
    for (const r of resp?.results ?? []) for (const x of r.partitions) codes.set(`${r.topicId}:${x.partition}`, x.errorCode);
    for (const t of plan.results) {
      for (const x of t.partitions) {
        if (x.errorCode !== ErrorCode.NONE) continue;
        const code = resp === null ? ErrorCode.UNKNOWN_SERVER_ERROR : (codes.get(`${t.topicId}:${x.partitionIndex}`) ?? ErrorCode.NONE);
        x.errorCode = code;
        x.errorMessage = code === ErrorCode.NONE ? null : errorMessage(code);
      }
    }
    return { errorCode: ErrorCode.NONE, errorMessage: null, results: plan.results };
  }

  async deleteOffsets(groupId: string, names: readonly string[]): Promise<{ errorCode: number; errorMessage: string | null; results: DeletePlan["results"] }> {
    let plan;
    try {
      plan = await this.shards.write("initiate-delete-share-group-offsets", groupId, (s) => {
        const g = s.shareGroup(groupId, false);
        if (!g) throw new GroupError(ErrorCode.GROUP_ID_NOT_FOUND, groupId, `Group ${groupId} not found.`);
        const p = planDeleteOffsets(g, s.topicSource(), names);
        return { ...p, written: s.appendShareRecords(groupId, p.records) };
      });
      await plan.written;
    } catch (e) {
      if (e instanceof GroupError) return { errorCode: e.code, errorMessage: e.code === ErrorCode.NON_EMPTY_GROUP ? errorMessage(e.code) : e.message.replace(/^[A-Z_]+: group '.*?': /, ""), results: [] };
      throw e;
    }
    if (plan.delete === null) return { errorCode: ErrorCode.NONE, errorMessage: null, results: plan.results };
    const req = plan.delete;
    const resp = await this.deleteState(req);
    const codes = new Map<string, number>();
    for (const r of resp?.results ?? []) for (const x of r.partitions) if (x.errorCode !== ErrorCode.NONE) codes.set(r.topicId, x.errorCode);
    const done = req.topics.map((t) => t.topicId).filter((t) => !codes.has(t));
    await (await this.shards.write("complete-delete-share-group-offsets", groupId, (s) => {
      const g = s.shareGroups.get(groupId);
      return g ? s.appendShareRecords(groupId, completeDeleteOffsets(g, done)) : Promise.resolve();
    }));
    for (const r of plan.results) {
      const code = codes.get(r.topicId);
      if (r.errorCode === ErrorCode.NONE && code !== undefined) {
        r.errorCode = code;
        r.errorMessage = errorMessage(code);
      }
    }
    return { errorCode: ErrorCode.NONE, errorMessage: null, results: plan.results };
  }
}

/** The answer of a Persister that initializes everything (none wired). */
function allOk(req: InitializeShareGroupStateRequest): InitializeShareGroupStateResponse {
  return { results: req.topics.map((t) => ({ topicId: t.topicId, partitions: t.partitions.map((p) => ({ partition: p.partition, errorCode: ErrorCode.NONE, errorMessage: null })) })) };
}

function firstError(resp: DeleteShareGroupStateResponse | null): number {
  for (const r of resp?.results ?? []) for (const p of r.partitions) if (p.errorCode !== ErrorCode.NONE) return p.errorCode;
  return ErrorCode.NONE;
}
