// Kafka's DefaultStatePersister with its PersisterStateManager: the broker's Persister. Each share
// partition's state lives with the share coordinator of its key (groupId:topicId:partition), the
// leader of that key's __share_group_state partition. A request is split by where each partition's
// coordinator is: answered in-process by this node's ShareCoordinatorService when this node leads (or
// is loading) the partition, else sent as the same share-state request to the leader's node over the
// inter-broker listener, one request per node, and the answers are gathered back per partition in the
// order asked.
//
// Retries as PersisterStateManager: a partition answering NOT_COORDINATOR,
// COORDINATOR_LOAD_IN_PROGRESS, COORDINATOR_NOT_AVAILABLE or UNKNOWN_TOPIC_OR_PARTITION, or whose
// node did not answer (NETWORK_EXCEPTION, REQUEST_TIMED_OUT), is located again and retried after an
// exponential backoff (1 s doubling up to 30 s, 20 % jitter), 5 attempts in all; then it answers its
// last error. __share_group_state is created on the first need (Kafka's FindCoordinator does it).
// Errors are answered per partition (an empty group id: INVALID_REQUEST for each); the promise
// rejects only once the persister is closed.

import type { MetadataImage } from "../../metadata/image.ts";
import type { ShareCoordinatorService } from "../../coordinator/share/service.ts";
import type { Persister } from "../../coordinator/share/persister.ts";
import { asCoordinatorKey } from "../../coordinator/share/share-partition-key.ts";
import type { Node } from "../../network/network-client.ts";
import { TimeoutException } from "../../network/network-errors.ts";
import { ErrorCode, errorMessage } from "../../protocol/errors.ts";
import type { InitializeShareGroupStateRequest } from "../../protocol/generated/messages/initialize-share-group-state-request.ts";
import type { InitializeShareGroupStateResponse } from "../../protocol/generated/messages/initialize-share-group-state-response.ts";
import type { ReadShareGroupStateRequest } from "../../protocol/generated/messages/read-share-group-state-request.ts";
import type { ReadShareGroupStateResponse } from "../../protocol/generated/messages/read-share-group-state-response.ts";
import type { WriteShareGroupStateRequest } from "../../protocol/generated/messages/write-share-group-state-request.ts";
import type { WriteShareGroupStateResponse } from "../../protocol/generated/messages/write-share-group-state-response.ts";
import type { DeleteShareGroupStateRequest } from "../../protocol/generated/messages/delete-share-group-state-request.ts";
import type { DeleteShareGroupStateResponse } from "../../protocol/generated/messages/delete-share-group-state-response.ts";
import type { ReadShareGroupStateSummaryRequest } from "../../protocol/generated/messages/read-share-group-state-summary-request.ts";
import type { ReadShareGroupStateSummaryResponse } from "../../protocol/generated/messages/read-share-group-state-summary-response.ts";
import { leaderEndpoint } from "../../replication/leader-endpoint-lookup.ts";
import type { Logger } from "../../util/log.ts";

export const API_INITIALIZE_SHARE_GROUP_STATE = 83;
export const API_READ_SHARE_GROUP_STATE = 84;
export const API_WRITE_SHARE_GROUP_STATE = 85;
export const API_DELETE_SHARE_GROUP_STATE = 86;
export const API_READ_SHARE_GROUP_STATE_SUMMARY = 87;

/** How the persister reaches another node (NetworkClient.send over the inter-broker listener). */
export interface ShareStateSender {
  send<T>(node: Node, apiKey: number, body: unknown, opts: { timeoutMs: number }): Promise<{ body: T }>;
}

export interface PersisterBackoff {
  initialMs: number;
  maxMs: number;
  maxAttempts: number;
}

/** PersisterStateManager's REQUEST_BACKOFF_MS, REQUEST_BACKOFF_MAX_MS and its 5 attempts. */
export const KAFKA_PERSISTER_BACKOFF: PersisterBackoff = { initialMs: 1000, maxMs: 30_000, maxAttempts: 5 };

export interface DefaultStatePersisterDeps {
  nodeId: number;
  coordinator: ShareCoordinatorService;
  image: () => MetadataImage | undefined;
  /** The inter-broker listener's name: other nodes are reached on their endpoint of that name. */
  listenerName: string;
  sender: ShareStateSender;
  requestTimeoutMs: number;
  logger: Logger;
  backoff?: PersisterBackoff;
  random?: () => number;
}

interface AnyPartitionResult {
  partition: number;
  errorCode: number;
  errorMessage: string | null;
}

interface AnyTopics<P> {
  topicId: string;
  partitions: P[];
}

/** One share-state API, as the persister drives it. */
interface StateApi<P extends { partition: number }, R extends AnyPartitionResult> {
  apiKey: number;
  local(groupId: string, topics: Array<AnyTopics<P>>): Promise<Array<AnyTopics<R>>>;
  failed(partition: number, code: number, message: string | null): R;
}

const RETRIABLE: ReadonlySet<number> = new Set([
  ErrorCode.NOT_COORDINATOR,
  ErrorCode.COORDINATOR_LOAD_IN_PROGRESS,
  ErrorCode.COORDINATOR_NOT_AVAILABLE,
  ErrorCode.UNKNOWN_TOPIC_OR_PARTITION,
  ErrorCode.NETWORK_EXCEPTION,
  ErrorCode.REQUEST_TIMED_OUT,
]);

export class PersisterClosedError extends Error {
  override readonly name = "PersisterClosedError";
}

interface Pending<P> {
  topicId: string;
  p: P;
  index: number;
}

export class DefaultStatePersister implements Persister {
  private closed = false;
  private readonly backoff: PersisterBackoff;
  private readonly random: () => number;
  private readonly sleeping = new Set<{ timer: ReturnType<typeof setTimeout>; wake: () => void }>();

  constructor(private readonly deps: DefaultStatePersisterDeps) {
    this.backoff = deps.backoff ?? KAFKA_PERSISTER_BACKOFF;
    this.random = deps.random ?? Math.random;
  }

  close(): void {
    this.closed = true;
    for (const s of this.sleeping) {
      clearTimeout(s.timer);
      s.wake();
    }
    this.sleeping.clear();
  }

  initializeState(request: InitializeShareGroupStateRequest): Promise<InitializeShareGroupStateResponse> {
    const c = this.deps.coordinator;
    return this.run(request.groupId, request.topics, {
      apiKey: API_INITIALIZE_SHARE_GROUP_STATE,
      local: (groupId, topics) => c.initializeState({ groupId, topics }).then((r) => r.results),
      failed: (partition, errorCode, errorMessage) => ({ partition, errorCode, errorMessage }),
    }).then((results) => ({ results }));
  }

  readState(request: ReadShareGroupStateRequest): Promise<ReadShareGroupStateResponse> {
    const c = this.deps.coordinator;
    return this.run(request.groupId, request.topics, {
      apiKey: API_READ_SHARE_GROUP_STATE,
      local: (groupId, topics) => c.readState({ groupId, topics }).then((r) => r.results),
      failed: (partition, errorCode, errorMessage) => ({ partition, errorCode, errorMessage, stateEpoch: 0, startOffset: 0n, stateBatches: [] }),
    }).then((results) => ({ results }));
  }

  writeState(request: WriteShareGroupStateRequest): Promise<WriteShareGroupStateResponse> {
    const c = this.deps.coordinator;
    return this.run(request.groupId, request.topics, {
      apiKey: API_WRITE_SHARE_GROUP_STATE,
      local: (groupId, topics) => c.writeState({ groupId, topics }).then((r) => r.results),
      failed: (partition, errorCode, errorMessage) => ({ partition, errorCode, errorMessage }),
    }).then((results) => ({ results }));
  }

  deleteState(request: DeleteShareGroupStateRequest): Promise<DeleteShareGroupStateResponse> {
    const c = this.deps.coordinator;
    return this.run(request.groupId, request.topics, {
      apiKey: API_DELETE_SHARE_GROUP_STATE,
      local: (groupId, topics) => c.deleteState({ groupId, topics }).then((r) => r.results),
      failed: (partition, errorCode, errorMessage) => ({ partition, errorCode, errorMessage }),
    }).then((results) => ({ results }));
  }

  readSummary(request: ReadShareGroupStateSummaryRequest): Promise<ReadShareGroupStateSummaryResponse> {
    const c = this.deps.coordinator;
    return this.run(request.groupId, request.topics, {
      apiKey: API_READ_SHARE_GROUP_STATE_SUMMARY,
      local: (groupId, topics) => c.readSummary({ groupId, topics }).then((r) => r.results),
      failed: (partition, errorCode, errorMessage) => ({ partition, errorCode, errorMessage, stateEpoch: 0, leaderEpoch: 0, startOffset: 0n, deliveryCompleteCount: -1 }),
    }).then((results) => ({ results }));
  }

  /** Answers every partition of `topics`, retrying the retriable ones; results in request order. */
  private async run<P extends { partition: number }, R extends AnyPartitionResult>(groupId: string, topics: ReadonlyArray<AnyTopics<P>>, api: StateApi<P, R>): Promise<Array<AnyTopics<R>>> {
    if (this.closed) throw new PersisterClosedError("the persister is closed");
    // Kafka's DefaultStatePersister refuses such a request before sending anything.
    if (groupId === "") return topics.map((t) => ({ topicId: t.topicId, partitions: t.partitions.map((p) => api.failed(p.partition, ErrorCode.INVALID_REQUEST, "Group id must be specified and non-empty")) }));
    const answers: Array<R | undefined> = [];
    let pending: Array<Pending<P>> = [];
    for (const t of topics) for (const p of t.partitions) pending.push({ topicId: t.topicId, p, index: answers.push(undefined) - 1 });
    // Bounded by maxAttempts rounds; each round answers or keeps (to retry) every pending partition.
    for (let attempt = 1; pending.length > 0; attempt++) {
      if (attempt > 1) await this.sleep(this.backoffMs(attempt - 1));
      const last = attempt >= this.backoff.maxAttempts;
      const retry: Array<Pending<P>> = [];
      for (const { entry, result } of await this.attempt(groupId, pending, api)) {
        if (RETRIABLE.has(result.errorCode) && !last) retry.push(entry);
        else answers[entry.index] = result;
      }
      pending = retry;
    }
    const out: Array<AnyTopics<R>> = [];
    let i = 0;
    for (const t of topics) out.push({ topicId: t.topicId, partitions: t.partitions.map(() => answers[i++]!) });
    return out;
  }

  /** One round: locate each partition's coordinator, ask each node once, match the answers back. */
  private async attempt<P extends { partition: number }, R extends AnyPartitionResult>(groupId: string, pending: Array<Pending<P>>, api: StateApi<P, R>): Promise<Array<{ entry: Pending<P>; result: R }>> {
    if (this.closed) throw new PersisterClosedError("the persister is closed");
    const coordinator = this.deps.coordinator;
    const out: Array<{ entry: Pending<P>; result: R }> = [];
    if (!coordinator.topicExists) {
      try {
        await coordinator.ensureTopic();
      } catch (e) {
        this.deps.logger.warn("__share_group_state could not be created", { error: (e as Error).message });
        return pending.map((entry) => ({ entry, result: api.failed(entry.p.partition, ErrorCode.COORDINATOR_NOT_AVAILABLE, errorMessage(ErrorCode.COORDINATOR_NOT_AVAILABLE)) }));
      }
    }
    const byNode = new Map<number, Array<Pending<P>>>();
    for (const entry of pending) {
      const where = coordinator.locate(asCoordinatorKey(groupId, entry.topicId, entry.p.partition));
      const nodeId = where.kind === "here" || where.kind === "loading" ? this.deps.nodeId : where.kind === "elsewhere" ? where.leader : -1;
      if (nodeId < 0) {
        out.push({ entry, result: api.failed(entry.p.partition, ErrorCode.COORDINATOR_NOT_AVAILABLE, where.kind === "unavailable" ? where.reason : null) });
        continue;
      }
      let list = byNode.get(nodeId);
      if (!list) byNode.set(nodeId, (list = []));
      list.push(entry);
    }
    const rounds = [...byNode].map(async ([nodeId, entries]) => {
      const topics = groupTopics(entries);
      let results: Array<AnyTopics<R>>;
      try {
        results = nodeId === this.deps.nodeId ? await api.local(groupId, topics) : await this.remote(nodeId, groupId, topics, api);
      } catch (e) {
        const code = e instanceof TimeoutException ? ErrorCode.REQUEST_TIMED_OUT : ErrorCode.NETWORK_EXCEPTION;
        for (const entry of entries) out.push({ entry, result: api.failed(entry.p.partition, code, `node ${nodeId}: ${(e as Error).message}`) });
        return;
      }
      // A partition asked twice gets the answer the coordinator gave it (Kafka keys answers by partition).
      const byKey = new Map<string, R>();
      for (const t of results) for (const r of t.partitions) byKey.set(`${t.topicId}:${r.partition}`, r);
      for (const entry of entries) {
        const r = byKey.get(`${entry.topicId}:${entry.p.partition}`);
        out.push({ entry, result: r ?? api.failed(entry.p.partition, ErrorCode.UNKNOWN_SERVER_ERROR, `node ${nodeId} did not answer partition ${entry.p.partition}`) });
      }
    });
    await Promise.all(rounds);
    return out;
  }

  private async remote<P extends { partition: number }, R extends AnyPartitionResult>(nodeId: number, groupId: string, topics: Array<AnyTopics<P>>, api: StateApi<P, R>): Promise<Array<AnyTopics<R>>> {
    const image = this.deps.image();
    const node = image ? leaderEndpoint(image, nodeId, this.deps.listenerName) : null;
    if (node === null) throw new Error(`node ${nodeId} has no endpoint on listener ${this.deps.listenerName}`);
    const r = await this.deps.sender.send<{ results: Array<AnyTopics<R>> }>(node, api.apiKey, { groupId, topics }, { timeoutMs: this.deps.requestTimeoutMs });
    return r.body.results;
  }

  /** ExponentialBackoffManager: initial * 2^(attempts-1), at most max, +-20 % jitter. */
  private backoffMs(attempts: number): number {
    const base = Math.min(this.backoff.maxMs, this.backoff.initialMs * 2 ** Math.max(0, attempts - 1));
    return Math.max(0, Math.round(base * (0.8 + 0.4 * this.random())));
  }

  private sleep(ms: number): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const s = {
        timer: setTimeout(() => {
          this.sleeping.delete(s);
          resolve();
        }, ms),
        wake: () => reject(new PersisterClosedError("the persister is closed")),
      };
      this.sleeping.add(s);
    });
  }
}

function groupTopics<P>(entries: ReadonlyArray<Pending<P>>): Array<AnyTopics<P>> {
  const byTopic = new Map<string, P[]>();
  for (const e of entries) {
    let list = byTopic.get(e.topicId);
    if (!list) byTopic.set(e.topicId, (list = []));
    list.push(e.p);
  }
  return [...byTopic].map(([topicId, partitions]) => ({ topicId, partitions }));
}
