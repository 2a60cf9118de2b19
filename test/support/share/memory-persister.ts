// An in-memory Persister (src/coordinator/share/persister.ts) for the group coordinator's tests: the
// share-state of each (group, topic, partition) as the share coordinator would keep it (state epoch,
// start offset, leader epoch), with every call recorded. Initialize sets the state; readSummary
// answers it (delivered-complete count 0); deleteState drops it. `failNext` makes the next call of an
// operation answer an error for every partition, as a share coordinator that cannot be reached.
import { ErrorCode } from "../../../src/protocol/errors.ts";
import type { Persister } from "../../../src/coordinator/share/persister.ts";
import type { InitializeShareGroupStateRequest } from "../../../src/protocol/generated/messages/initialize-share-group-state-request.ts";
import type { InitializeShareGroupStateResponse } from "../../../src/protocol/generated/messages/initialize-share-group-state-response.ts";
import type { ReadShareGroupStateRequest } from "../../../src/protocol/generated/messages/read-share-group-state-request.ts";
import type { ReadShareGroupStateResponse } from "../../../src/protocol/generated/messages/read-share-group-state-response.ts";
import type { WriteShareGroupStateRequest } from "../../../src/protocol/generated/messages/write-share-group-state-request.ts";
import type { WriteShareGroupStateResponse } from "../../../src/protocol/generated/messages/write-share-group-state-response.ts";
import type { DeleteShareGroupStateRequest } from "../../../src/protocol/generated/messages/delete-share-group-state-request.ts";
import type { DeleteShareGroupStateResponse } from "../../../src/protocol/generated/messages/delete-share-group-state-response.ts";
import type { ReadShareGroupStateSummaryRequest } from "../../../src/protocol/generated/messages/read-share-group-state-summary-request.ts";
import type { ReadShareGroupStateSummaryResponse } from "../../../src/protocol/generated/messages/read-share-group-state-summary-response.ts";

export interface PartitionState {
  stateEpoch: number;
  startOffset: bigint;
  leaderEpoch: number;
}

type Op = "initializeState" | "readState" | "writeState" | "deleteState" | "readSummary";

export class MemoryPersister implements Persister {
  readonly states = new Map<string, PartitionState>();
  readonly calls: Array<{ op: Op; groupId: string }> = [];
  private readonly failing = new Set<Op>();

  static key(groupId: string, topicId: string, partition: number): string {
    return `${groupId}\u0000${topicId}\u0000${partition}`;
  }

  failNext(op: Op): void {
    this.failing.add(op);
  }

  private code(op: Op, groupId: string): number {
    this.calls.push({ op, groupId });
    if (!this.failing.delete(op)) return ErrorCode.NONE;
    return ErrorCode.COORDINATOR_NOT_AVAILABLE;
  }

  initializeState(req: InitializeShareGroupStateRequest): Promise<InitializeShareGroupStateResponse> {
    const code = this.code("initializeState", req.groupId);
    return Promise.resolve({
      results: req.topics.map((t) => ({
        topicId: t.topicId,
        partitions: t.partitions.map((p) => {
          if (code === ErrorCode.NONE) this.states.set(MemoryPersister.key(req.groupId, t.topicId, p.partition), { stateEpoch: p.stateEpoch, startOffset: p.startOffset, leaderEpoch: 0 });
          return { partition: p.partition, errorCode: code, errorMessage: null };
        }),
      })),
    });
  }

  readState(req: ReadShareGroupStateRequest): Promise<ReadShareGroupStateResponse> {
    this.code("readState", req.groupId);
    return Promise.resolve({
      results: req.topics.map((t) => ({
        topicId: t.topicId,
        partitions: t.partitions.map((p) => {
          const s = this.states.get(MemoryPersister.key(req.groupId, t.topicId, p.partition));
          return { partition: p.partition, errorCode: ErrorCode.NONE, errorMessage: null, stateEpoch: s?.stateEpoch ?? 0, startOffset: s?.startOffset ?? -1n, stateBatches: [] };
        }),
      })),
    } as unknown as ReadShareGroupStateResponse);
  }

  writeState(req: WriteShareGroupStateRequest): Promise<WriteShareGroupStateResponse> {
    this.code("writeState", req.groupId);
    return Promise.resolve({ results: req.topics.map((t) => ({ topicId: t.topicId, partitions: t.partitions.map((p) => ({ partition: p.partition, errorCode: ErrorCode.NONE, errorMessage: null })) })) });
  }

  deleteState(req: DeleteShareGroupStateRequest): Promise<DeleteShareGroupStateResponse> {
    const code = this.code("deleteState", req.groupId);
    return Promise.resolve({
      results: req.topics.map((t) => ({
        topicId: t.topicId,
        partitions: t.partitions.map((p) => {
          if (code === ErrorCode.NONE) this.states.delete(MemoryPersister.key(req.groupId, t.topicId, p.partition));
          return { partition: p.partition, errorCode: code, errorMessage: null };
        }),
      })),
    });
  }

  readSummary(req: ReadShareGroupStateSummaryRequest): Promise<ReadShareGroupStateSummaryResponse> {
    this.code("readSummary", req.groupId);
    return Promise.resolve({
      results: req.topics.map((t) => ({
        topicId: t.topicId,
        partitions: t.partitions.map((p) => {
          const s = this.states.get(MemoryPersister.key(req.groupId, t.topicId, p.partition));
          return { partition: p.partition, errorCode: ErrorCode.NONE, errorMessage: null, stateEpoch: s?.stateEpoch ?? 0, leaderEpoch: s?.leaderEpoch ?? 0, startOffset: s?.startOffset ?? -1n, deliveryCompleteCount: s ? 0 : -1 };
        }),
      })),
    });
  }
}
