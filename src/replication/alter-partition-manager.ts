// ISR changes sent to the active controller (Kafka's DefaultAlterPartitionManager). LEADER SIDE of
// replication: a leading Partition submits its proposed ISR (PendingExpandIsr / PendingShrinkIsr) and
// learns the outcome through the returned promise.
//
// - One pending change per partition: a second submit for a partition whose change is not answered
//   yet is refused at once with OPERATION_NOT_ATTEMPTED (the Partition never does this: it proposes
//   nothing while a change is pending).
// - Batched, one request in flight: every unsent change goes in the next AlterPartition (v2-3; v3
//   carries each ISR member's broker epoch, NewIsrWithEpochs, so the controller can refuse a member
//   that restarted since it fetched: INELIGIBLE_REPLICA; v2, with NewIsr, only for a controller that
//   does not serve v3). Topic ids name topics (v2+).
// - Retried without end, as Kafka's (its channel has retryTimeoutMs Long.MaxValue): a send that fails
//   (no controller known, connection lost, timed out, NOT_CONTROLLER) or a top-level error
//   (STALE_BROKER_EPOCH, ...) is sent again after 50 ms, to whichever controller is active then; a
//   partition missing from an answer stays unsent and goes in the next request. A partition-level
//   error completes that partition's promise with an AlterPartitionError; the Partition decides
//   (see partition-leader.ts) whether to retry, reset or wait for metadata.
// - Bound: at most one entry per partition led here (the map is keyed by partition), and shutdown()
//   rejects what is left.

import { ErrorCode, errorName } from "../protocol/errors.ts";
import type { ClientResponse } from "../network/network-client.ts";
import { UnsupportedVersionException } from "../network/network-errors.ts";
import type { Logger } from "../util/log.ts";
import { assert } from "../util/assert.ts";
import type { WakeupHandle } from "../util/purgatory/clock.ts";
import { AlterPartitionError } from "./leader-errors.ts";
import type { LeaderAndIsr } from "./isr-state.ts";

export const ALTER_PARTITION_API_KEY = 56;
/** Kafka's retry delay after a failed AlterPartition (scheduleOnce("send-alter-partition", 50 ms)). */
export const ALTER_PARTITION_RETRY_MS = 50;
/** Kafka's request.timeout.ms default, which its broker-to-controller channel waits for an answer. */
const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

/** What AlterPartitionManager needs of the broker-to-controller channel (server/controller-channel.ts). */
export interface ControllerRequestChannel {
  send<T>(apiKey: number, body: Record<string, unknown>, opts?: { timeoutMs?: number; minVersion?: number; maxVersion?: number }): Promise<ClientResponse<T>>;
  controllerMoved(): void;
}

export interface AlterPartitionItem {
  topicId: string;
  topic: string;
  partition: number;
  leaderAndIsr: LeaderAndIsr;
}

interface Pending extends AlterPartitionItem {
  resolve(v: LeaderAndIsr): void;
  reject(e: Error): void;
}

interface ResponsePartition {
  partitionIndex: number;
  errorCode: number;
  leaderId: number;
  leaderEpoch: number;
  isr: number[];
  leaderRecoveryState: number;
  partitionEpoch: number;
}
interface AlterPartitionResponseBody {
  errorCode: number;
  topics: Array<{ topicId: string; partitions: ResponsePartition[] }>;
}

export interface AlterPartitionManagerOptions {
  brokerId: number;
  /** This broker's current epoch (from its registration). */
  brokerEpoch: () => bigint;
  channel: ControllerRequestChannel;
  /** Schedules the retry (the broker's clock; a FakeClock in tests). */
  schedule: (callback: () => void, delayMs: number) => WakeupHandle;
  /** How long one AlterPartition waits for its answer (default: Kafka's request.timeout.ms, 30 s). */
  requestTimeoutMs?: number;
  logger: Logger;
}

export class AlterPartitionManager {
  /** topic-partition -> the change not answered yet (sent or not). */
  private readonly unsent = new Map<string, Pending>();
  private inflight = false;
  private retry: WakeupHandle | null = null;
  private closed = false;
  /** The controller answered UNSUPPORTED_VERSION to v3 (an older controller): v2 from then on. */
  private v2Only = false;
  /** Sends failed in a row (for the log). */
  private sendFailures = 0;

  constructor(private readonly opts: AlterPartitionManagerOptions) {}

  get pendingCount(): number {
    return this.unsent.size;
  }

  /** Kafka's submit: resolves with the controller's LeaderAndIsr, or rejects with AlterPartitionError. */
  submit(item: AlterPartitionItem): Promise<LeaderAndIsr> {
    const key = `${item.topic}\u0000${item.partition}`;
    if (this.closed) return Promise.reject(new AlterPartitionError(ErrorCode.OPERATION_NOT_ATTEMPTED, "the AlterPartition manager is shut down"));
    if (this.unsent.has(key)) {
      return Promise.reject(new AlterPartitionError(ErrorCode.OPERATION_NOT_ATTEMPTED, `Failed to enqueue ISR change state for partition ${item.topic}-${item.partition}`));
    }
    const { promise, resolve, reject } = Promise.withResolvers<LeaderAndIsr>();
    this.unsent.set(key, { ...item, resolve, reject });
    this.maybePropagateIsrChanges();
    return promise;
  }

  /** Rejects every change not answered yet and sends nothing more. */
  shutdown(): void {
    this.closed = true;
    this.retry?.cancel();
    this.retry = null;
    const all = [...this.unsent.values()];
    this.unsent.clear();
    for (const p of all) p.reject(new AlterPartitionError(ErrorCode.OPERATION_NOT_ATTEMPTED, "the broker is shutting down"));
  }

  private maybePropagateIsrChanges(): void {
    if (this.closed || this.inflight || this.unsent.size === 0) return;
    this.inflight = true;
    const items = [...this.unsent.entries()];
    const brokerEpoch = this.opts.brokerEpoch();
    // v3 carries NewIsrWithEpochs and v2 NewIsr (each version refuses the other's field): v3 unless the
    // controller turned out to serve only v2.
    const version = this.v2Only ? 2 : 3;
    const body = this.buildRequest(items.map(([, p]) => p), brokerEpoch, version);
    let sent: Promise<ClientResponse<AlterPartitionResponseBody>>;
    try {
      // Kafka's channel waits request.timeout.ms (30 s) for the answer: a busy controller is not a lost
      // one (a timed-out request also drops the connection the heartbeats share).
      sent = this.opts.channel.send<AlterPartitionResponseBody>(ALTER_PARTITION_API_KEY, body, { minVersion: version, maxVersion: version, timeoutMs: this.opts.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS });
    } catch (e) {
      // A channel that throws instead of rejecting must not leave the request in flight for ever.
      sent = Promise.reject(e);
    }
    sent
      .then(
        (r) => this.handleResponse(r.body, items, brokerEpoch),
        (e: unknown) => {
          if (e instanceof UnsupportedVersionException && !this.v2Only) {
            this.v2Only = true;
            this.opts.logger.info("the controller does not serve AlterPartition v3; sending v2 (no broker epochs)", { error: e.message });
            return 0; // sent again at once, as v2
          }
          this.sendFailures++;
          // Logged on the first failure in a row and every 100th after (one retry each 50 ms).
          if (this.sendFailures % 100 === 1) this.opts.logger.info("AlterPartition not answered; retrying", { error: (e as Error).message, partitions: items.length, failuresInARow: this.sendFailures });
          this.opts.channel.controllerMoved();
          return ErrorCode.NETWORK_EXCEPTION;
        },
      )
      .then((error) => {
        this.inflight = false;
        if (error === 0) this.maybePropagateIsrChanges();
        else this.scheduleRetry();
      });
  }

  private scheduleRetry(): void {
    if (this.closed || this.retry !== null) return;
    this.retry = this.opts.schedule(() => {
      this.retry = null;
      this.maybePropagateIsrChanges();
    }, ALTER_PARTITION_RETRY_MS);
  }

  private buildRequest(items: readonly Pending[], brokerEpoch: bigint, version: number): Record<string, unknown> {
    const byTopic = new Map<string, { topicId: string; partitions: Array<Record<string, unknown>> }>();
    for (const it of items) {
      let t = byTopic.get(it.topicId);
      if (!t) byTopic.set(it.topicId, (t = { topicId: it.topicId, partitions: [] }));
      const l = it.leaderAndIsr;
      t.partitions.push({
        partitionIndex: it.partition,
        leaderEpoch: l.leaderEpoch,
        newIsr: version < 3 ? l.isrWithEpochs.map((b) => b.brokerId) : [],
        newIsrWithEpochs: version >= 3 ? l.isrWithEpochs.map((b) => ({ brokerId: b.brokerId, brokerEpoch: b.brokerEpoch })) : [],
        leaderRecoveryState: l.leaderRecoveryState,
        partitionEpoch: l.partitionEpoch,
      });
    }
    return { brokerId: this.opts.brokerId, brokerEpoch, topics: [...byTopic.values()] };
  }

  /** Kafka's handleAlterPartitionResponse: the top-level error (0 when the partitions were answered). */
  private handleResponse(body: AlterPartitionResponseBody, sent: ReadonlyArray<[string, Pending]>, brokerEpoch: bigint): number {
    this.sendFailures = 0;
    const top = body.errorCode;
    if (top === ErrorCode.NOT_CONTROLLER) this.opts.channel.controllerMoved();
    if (top === ErrorCode.STALE_BROKER_EPOCH) this.opts.logger.warn("AlterPartition: broker had a stale broker epoch, retrying", { brokerEpoch: String(brokerEpoch) });
    else if (top === ErrorCode.CLUSTER_AUTHORIZATION_FAILED) this.opts.logger.error("broker is not authorized to send AlterPartition to the controller", {});
    else if (top !== 0) this.opts.logger.warn("controller answered AlterPartition with a top-level error; retrying", { error: errorName(top) });
    if (top !== 0) return top;
    const answers = new Map<string, ResponsePartition>();
    // Bounded by the response's decoded topics and partitions.
    for (const t of body.topics) for (const p of t.partitions) answers.set(`${t.topicId}:${p.partitionIndex}`, p);
    for (const [key, item] of sent) {
      const a = answers.get(`${item.topicId}:${item.partition}`);
      if (!a) {
        this.opts.logger.warn("partition sent in AlterPartition but not in its answer; sending it again", { partition: `${item.topic}-${item.partition}` });
        continue;
      }
      // Cleared first, so the promise's handler may submit the partition's next change.
      if (this.unsent.get(key) === item) this.unsent.delete(key);
      if (a.errorCode !== 0) {
        item.reject(new AlterPartitionError(a.errorCode, `AlterPartition for ${item.topic}-${item.partition}: ${errorName(a.errorCode)}`));
        continue;
      }
      if (a.leaderRecoveryState !== 0 && a.leaderRecoveryState !== 1) {
        this.opts.logger.error("controller returned an invalid leader recovery state", { partition: `${item.topic}-${item.partition}`, leaderRecoveryState: a.leaderRecoveryState });
        item.reject(new AlterPartitionError(ErrorCode.UNKNOWN_SERVER_ERROR, `invalid leader recovery state ${a.leaderRecoveryState}`));
        continue;
      }
      assert(Array.isArray(a.isr), () => `AlterPartition answer for ${item.topic}-${item.partition} has no ISR`);
      item.resolve({
        leaderId: a.leaderId,
        leaderEpoch: a.leaderEpoch,
        isrWithEpochs: a.isr.map((id) => ({ brokerId: id, brokerEpoch: -1n })),
        leaderRecoveryState: a.leaderRecoveryState,
        partitionEpoch: a.partitionEpoch,
      });
    }
    return 0;
  }
}
