// Kafka's QuorumController, the active controller's half: while this node leads the metadata quorum it
// plans every operation against its own image (the committed image plus the records it has appended in
// this epoch and that are not committed yet), appends the records through the Raft client
// (scheduleAtomicAppend) and answers when the quorum has committed them. Planning is synchronous, so
// operations never interleave (Kafka's single controller event thread); the wait for the commit is not,
// so many operations may be in flight at once, as in Kafka.
//
// The uncommitted image is this controller's alone: the broker side of the node (and every other node)
// sees the records only when the MetadataLoader gets them committed from the log. On losing leadership
// every waiting operation fails with NOT_CONTROLLER and the uncommitted image is dropped: what the
// quorum did not commit may be truncated away by the next leader.
//
// On activation (Kafka's claim()): broker sessions restart from the image (unfenced brokers are treated
// as just heard from), an empty log is bootstrapped (feature levels and the cluster-level
// min.insync.replicas, as Kafka's ActivationRecordsGenerator writes them), and a timer fences brokers
// whose sessions expire (broker.session.timeout.ms), one per check, as maybeFenceOneStaleBroker.
//
// Left out: metadata transactions for operations larger than one batch (such an operation is refused
// by the planners' MAX_RECORDS_PER_USER_OP), the event-queue time metrics, periodic no-op records.

import type { BrokerHeartbeatRequest } from "../protocol/generated/messages/broker-heartbeat-request.ts";
import type { BrokerRegistrationRequest } from "../protocol/generated/messages/broker-registration-request.ts";
import type { ControllerRegistrationRequest } from "../protocol/generated/messages/controller-registration-request.ts";
import type { AlterPartitionRequest } from "../protocol/generated/messages/alter-partition-request.ts";
import type { AlterPartitionResponse } from "../protocol/generated/messages/alter-partition-response.ts";
import { ErrorCode } from "../protocol/errors.ts";
import type { RaftClient } from "../raft/raft-client.ts";
import { NotLeaderException } from "../raft/raft-client.ts";
import type { TimerClock, WakeupHandle } from "../util/purgatory/clock.ts";
import type { Logger } from "../util/log.ts";
import { brokerDefaultDirectory, planAlterPartition } from "./alter-partition.ts";
import { arePartitionLeadersImbalanced, areSomePartitionsLeaderless, planBalancePartitionLeaders, planElectUncleanLeaders, UNCLEAN_LEADER_ELECTION_CHECK_INTERVAL_MS } from "./leader-balance.ts";
import { PeriodicControllerTask } from "./periodic-task.ts";
import { sweepExpiredDelegationTokens } from "./delegation-token-control.ts";
import { BrokerHeartbeatManager } from "./broker-heartbeat-manager.ts";
import {
  planBrokerHeartbeat,
  planBrokerRegistration,
  planControllerRegistration,
  planFenceStaleBroker,
  planUnregisterBroker,
  type BrokerHeartbeatResult,
  type BrokerRegistrationResult,
  type ClusterControlEnv,
  type PlannedError,
} from "./cluster-control.ts";
import { ConfigResourceTypeId, ImageBuilder } from "./image-builder.ts";
import type { MetadataImage } from "./image.ts";
import { nextProducerIdBlockStart, planAllocateProducerIds, type AllocateProducerIdsResult } from "./producer-id-control.ts";
import { encodeMetadataRecord, metadataRecord, RecordType, type MetadataRecordOut } from "./record-serde.ts";
import { bootstrapFeatureLevels } from "./supported-features.ts";

/** Operations waiting for their commit at once; more are refused (REQUEST_TIMED_OUT), never queued. */
export const MAX_IN_FLIGHT_OPERATIONS = 10_000;
/** Brokers whose last registration refusal is remembered (to log each reason once); cleared beyond. */
const MAX_REFUSALS_REMEMBERED = 1_000;

/** This node is not (or no longer) the active controller: the operation was not (or may not be) committed. */
export class NotControllerError extends Error {
  readonly errorCode = ErrorCode.NOT_CONTROLLER;
  constructor(message: string) {
    super(message);
    this.name = "NotControllerError";
  }
}

export class ControllerBusyError extends Error {
  readonly errorCode = ErrorCode.REQUEST_TIMED_OUT;
  constructor(n: number) {
    super(`${n} controller operations are waiting for their commit (limit ${MAX_IN_FLIGHT_OPERATIONS})`);
    this.name = "ControllerBusyError";
  }
}

/** What a planned operation gives back: its records (empty: nothing to write) and its result. */
export interface ControllerResult<R> {
  readonly records: readonly MetadataRecordOut[];
  readonly result: R;
  /** Called with the offset of the last record written (or the last written offset with none). */
  readonly afterWrite?: (lastOffset: number) => void;
}

export interface QuorumControllerOptions {
  readonly nodeId: number;
  readonly env: ClusterControlEnv;
  readonly raft: Pick<RaftClient, "scheduleAtomicAppend" | "logEndOffset">;
  readonly clock: TimerClock;
  /** broker.session.timeout.ms */
  readonly sessionTimeoutMs: number;
  /** The cluster-level min.insync.replicas written with the bootstrap records. */
  readonly bootstrapMinIsr: number;
  /**
   * Records of the bootstrap snapshot written with the bootstrap feature levels when the cluster is
   * new: the UserScramCredentialRecords of `storage format --add-scram` (absent: none), as Kafka's
   * controller writes its BootstrapMetadata records on first activation.
   */
  readonly bootstrapRecords?: () => readonly MetadataRecordOut[];
  /** delegation.token.expiry.check.interval.ms when delegation.token.secret.key is set (absent: no token sweep). */
  readonly delegationTokenExpiryCheckIntervalMs?: number;
  /** leader.imbalance.check.interval.seconds in ms when auto.leader.rebalance.enable (absent: no balancing). */
  readonly leaderImbalanceCheckIntervalMs?: number;
  /** How often leaderless partitions of topics allowing unclean elections get one (default 5 minutes, as Kafka). */
  readonly uncleanLeaderElectionCheckIntervalMs?: number;
  readonly logger: Logger;
}

interface Waiter {
  readonly offset: number;
  readonly resolve: () => void;
  readonly reject: (e: Error) => void;
}

interface Active {
  readonly epoch: number;
  image: MetadataImage;
  /** The offset the next appended record gets. */
  nextWriteOffset: number;
  /** Committed offsets wait here in offset order (appends are in order). */
  readonly waiters: Waiter[];
  fenceTimer: WakeupHandle | null;
  /** maybeBalancePartitionLeaders, maybeElectUncleanLeaders. */
  readonly periodic: PeriodicControllerTask[];
}

export class QuorumController {
  private active: Active | null = null;
  private committedOffset = -1;
  /** brokerId -> the last refusal logged for it ("code:reason"). */
  private readonly lastRefusal = new Map<number, string>();
  readonly heartbeats: BrokerHeartbeatManager;

  constructor(private readonly opts: QuorumControllerOptions) {
    this.heartbeats = new BrokerHeartbeatManager(opts.clock, opts.sessionTimeoutMs);
  }

  get isActive(): boolean {
    return this.active !== null;
  }

  get epoch(): number {
    return this.active?.epoch ?? -1;
  }

  /** This controller's view, committed and not (for tests and tools); null when not active. */
  get uncommittedImage(): MetadataImage | null {
    return this.active?.image ?? null;
  }

  /**
   * This node leads `epoch` and `committed` holds everything before the epoch began (the Raft client
   * announces the local leader only then): take over.
   */
  activate(epoch: number, committed: MetadataImage): void {
    if (this.active) this.deactivate(`a new epoch ${epoch} began`);
    this.committedOffset = Number(committed.offset);
    this.active = { epoch, image: committed, nextWriteOffset: this.opts.raft.logEndOffset(), waiters: [], fenceTimer: null, periodic: this.periodicTasks() };
    this.heartbeats.activate(committed.brokers.values());
    this.opts.logger.info("this node is the active controller", { epoch, committedOffset: this.committedOffset, nextWriteOffset: this.active.nextWriteOffset });
    if (!committed.features.has("metadata.version")) void this.bootstrap().catch((e: unknown) => this.opts.logger.warn("bootstrap records not written", { error: String(e) }));
    // A non-empty log is not bootstrapped again: a feature left at level 0 stays absent.
    else this.opts.logger.info("finalized features", { features: [...committed.features].map(([k, v]) => `${k}=${v}`).sort().join(",") });
    this.scheduleFenceCheck();
    // The bootstrap write may already have lost leadership (deactivate stopped nothing yet started).
    for (const t of this.active?.periodic ?? []) t.start();
  }

  /** Leadership is gone: every waiting operation fails, the uncommitted image is dropped. */
  deactivate(reason: string): void {
    const a = this.active;
    if (!a) return;
    this.active = null;
    a.fenceTimer?.cancel();
    for (const t of a.periodic) t.stop();
    const err = new NotControllerError(`this node is no longer the active controller (epoch ${a.epoch}): ${reason}`);
    for (const w of a.waiters.splice(0)) w.reject(err);
    this.opts.logger.info("this node is no longer the active controller", { epoch: a.epoch, reason });
  }

  /** The loader applied committed records up to `offset`: answer the operations they complete. */
  committed(offset: number): void {
    if (offset > this.committedOffset) this.committedOffset = offset;
    const a = this.active;
    if (!a) return;
    let n = 0;
    while (n < a.waiters.length && a.waiters[n]!.offset <= offset) n++;
    for (const w of a.waiters.splice(0, n)) w.resolve();
  }

  /**
   * Plan against this controller's image, append, and resolve with the result once committed. Rejects
   * with NotControllerError when not active (or leadership is lost before the commit).
   */
  write<R>(name: string, plan: (image: MetadataImage, nextWriteOffset: number) => ControllerResult<R>): Promise<R> {
    const a = this.active;
    if (!a) return Promise.reject(new NotControllerError(`${name}: this node is not the active controller`));
    if (a.waiters.length >= MAX_IN_FLIGHT_OPERATIONS) return Promise.reject(new ControllerBusyError(a.waiters.length));
    let planned: ControllerResult<R>;
    try {
      planned = plan(a.image, a.nextWriteOffset);
    } catch (e) {
      return Promise.reject(e);
    }
    let lastOffset: number;
    if (planned.records.length === 0) {
      // Nothing to write: answer once everything already written is committed, so the answer never
      // reflects state the quorum could still lose.
      lastOffset = a.nextWriteOffset - 1;
    } else {
      try {
        lastOffset = this.opts.raft.scheduleAtomicAppend(a.epoch, planned.records.map(encodeMetadataRecord));
      } catch (e) {
        if (e instanceof NotLeaderException) {
          this.deactivate(e.message);
          return Promise.reject(new NotControllerError(`${name}: ${e.message}`));
        }
        return Promise.reject(e);
      }
      const first = lastOffset - planned.records.length + 1;
      // The Raft client gives the records consecutive offsets right after the previous append.
      if (first !== a.nextWriteOffset) this.opts.logger.warn("controller write offset moved", { expected: a.nextWriteOffset, got: first });
      const builder = new ImageBuilder(a.image.clusterId, a.image.controllerId, a.image);
      planned.records.forEach((r, i) => builder.apply(r.apiKey, r.message, BigInt(first + i)));
      a.image = builder.build();
      a.nextWriteOffset = lastOffset + 1;
    }
    planned.afterWrite?.(lastOffset);
    const result = planned.result;
    if (lastOffset <= this.committedOffset) return Promise.resolve(result);
    return new Promise<R>((resolve, reject) => {
      a.waiters.push({ offset: lastOffset, resolve: () => resolve(result), reject });
    });
  }

  // ---- broker lifecycle (the controller listener's APIs) ----

  registerBroker(req: BrokerRegistrationRequest): Promise<BrokerRegistrationResult> {
    return this.write("registerBroker", (image, next) => {
      const p = planBrokerRegistration(image, this.heartbeats, this.opts.env, req, BigInt(next));
      if (p.error) this.logRefusedRegistration(req.brokerId, p.error);
      else this.opts.logger.info("broker registered", { brokerId: req.brokerId, brokerEpoch: p.response.brokerEpoch, incarnationId: req.incarnationId });
      return { records: p.records, result: p.response };
    });
  }

  /**
   * A refused registration is retried by the broker every few seconds: the reason is logged once per
   * broker and reason (then at debug). A finalized feature the broker does not support (a Kafka 4.4.0
   * log dir or quorum finalizes streams.version=1, which Strand does not serve)
   * is a warning naming the operator's fix, a downgrade as before any Kafka downgrade.
   */
  private logRefusedRegistration(brokerId: number, error: PlannedError): void {
    const { errorCode, message: reason, unsupportedFeature: feature } = error;
    const key = `${errorCode}:${reason}`;
    if (this.lastRefusal.get(brokerId) === key) return this.opts.logger.debug("broker registration refused", { brokerId, errorCode, reason });
    if (this.lastRefusal.size >= MAX_REFUSALS_REMEMBERED) this.lastRefusal.clear();
    this.lastRefusal.set(brokerId, key);
    if (feature) {
      const fix = `kafka-features.sh --bootstrap-controller <this controller's listener> downgrade --feature ${feature.name}=${feature.maxSupported}`;
      this.opts.logger.warn("broker registration refused: the metadata log finalizes a feature level the broker does not support", { brokerId, errorCode, reason, fix });
    } else this.opts.logger.info("broker registration refused", { brokerId, errorCode, reason });
  }

  brokerHeartbeat(req: BrokerHeartbeatRequest): Promise<BrokerHeartbeatResult> {
    if (this.active) this.heartbeats.trackHeartbeat(req.brokerId, req.brokerEpoch);
    return this.write("brokerHeartbeat", (image) => {
      const before = image.brokers.get(req.brokerId)?.fenced;
      const p = planBrokerHeartbeat(image, this.heartbeats, this.opts.env, req);
      if (p.error === null && before !== undefined && before !== p.response.isFenced) {
        if (p.response.isFenced) this.opts.logger.info("broker fenced", { brokerId: req.brokerId, brokerEpoch: req.brokerEpoch });
        else this.opts.logger.info("broker unfenced", { brokerId: req.brokerId, brokerEpoch: req.brokerEpoch, ...leadersElected(image, p.records, req.brokerId) });
      }
      return {
        records: p.records,
        result: p.response,
        afterWrite: p.inControlledShutdown ? (last) => this.heartbeats.maybeUpdateControlledShutdownOffset(req.brokerId, BigInt(last)) : undefined,
      };
    });
  }

  unregisterBroker(brokerId: number): Promise<{ errorCode: number }> {
    return this.write("unregisterBroker", (image) => {
      const p = planUnregisterBroker(image, this.heartbeats, this.opts.env, brokerId);
      return { records: p.records, result: p.response };
    });
  }

  registerController(req: ControllerRegistrationRequest): Promise<{ errorCode: number; errorMessage: string | null }> {
    return this.write("registerController", (image) => {
      const p = planControllerRegistration(image, req);
      return { records: p.records, result: p.response };
    });
  }

  /** AlterPartition from a partition leader (alter-partition.ts). */
  alterPartition(req: AlterPartitionRequest, apiVersion: number): Promise<AlterPartitionResponse> {
    return this.write("alterPartition", (image) => {
      const p = planAlterPartition(image, this.opts.env, req, apiVersion, (b) => brokerDefaultDirectory(image, b));
      for (const r of p.refused) this.opts.logger.info("AlterPartition refused", { brokerId: req.brokerId, ...r });
      for (const c of p.changed) this.opts.logger.info("ISR changed through AlterPartition", { brokerId: req.brokerId, ...c });
      return { records: p.records, result: p.response };
    });
  }

  allocateProducerIds(req: { brokerId: number; brokerEpoch: bigint }): Promise<AllocateProducerIdsResult> {
    return this.write("allocateProducerIds", (image) => {
      const p = planAllocateProducerIds(image, req);
      return { records: p.records, result: p.response };
    });
  }

  /**
   * A data dir from before producer ids lived in the metadata log holds the next block start in a side
   * file (single-node Strands only): the log continues from it with a ProducerIdsRecord, so no id
   * handed out then is handed out again. True once the log's next block starts at or after it.
   */
  adoptProducerIds(brokerId: number, brokerEpoch: bigint, nextBlockStart: bigint): Promise<boolean> {
    return this.write("adoptProducerIds", (image) => {
      if (nextBlockStart <= nextProducerIdBlockStart(image)) return { records: [], result: true };
      this.opts.logger.info("producer id blocks continue from the side file's", { nextProducerId: String(nextBlockStart) });
      return { records: [metadataRecord(RecordType.PRODUCER_IDS, { brokerId, brokerEpoch, nextProducerId: nextBlockStart })], result: true };
    });
  }

  // ---- activation work ----

  private bootstrap(): Promise<void> {
    return this.write("bootstrap", (image) => {
      if (image.features.has("metadata.version")) return { records: [], result: undefined };
      const levels = bootstrapFeatureLevels();
      this.opts.logger.info("bootstrapping a new cluster", { features: levels.map((f) => `${f.name}=${f.level}`).join(",") });
      return {
        records: [
          ...levels.map((f) => metadataRecord(RecordType.FEATURE_LEVEL, { name: f.name, featureLevel: f.level })),
          metadataRecord(RecordType.CONFIG, { resourceType: ConfigResourceTypeId.BROKER, resourceName: "", name: "min.insync.replicas", value: String(this.opts.bootstrapMinIsr) }),
          ...(this.opts.bootstrapRecords?.() ?? []),
        ],
        result: undefined,
      };
    });
  }

  /** Kafka's periodic controller writes: preferred-leader balancing (when enabled) and unclean elections. */
  private periodicTasks(): PeriodicControllerTask[] {
    const tasks: PeriodicControllerTask[] = [];
    const every = (name: string, intervalMs: number, plan: (image: MetadataImage) => { records: MetadataRecordOut[]; more: boolean }) =>
      tasks.push(
        new PeriodicControllerTask(this.opts.clock, intervalMs, () => {
          let more = false;
          void this.write(name, (image) => {
            const p = plan(image);
            more = p.more;
            if (p.records.length > 0) this.opts.logger.info(`${name}: leaders elected`, { partitions: p.records.length, more });
            return { records: p.records, result: undefined };
          }).catch(() => {});
          return more;
        }),
      );
    const balanceMs = this.opts.leaderImbalanceCheckIntervalMs;
    if (balanceMs !== undefined) every("maybeBalancePartitionLeaders", balanceMs, (image) => (arePartitionLeadersImbalanced(image) ? planBalancePartitionLeaders(image, this.opts.env) : { records: [], more: false }));
    every("maybeElectUncleanLeaders", this.opts.uncleanLeaderElectionCheckIntervalMs ?? UNCLEAN_LEADER_ELECTION_CHECK_INTERVAL_MS, (image) =>
      areSomePartitionsLeaderless(image) ? planElectUncleanLeaders(image, this.opts.env) : { records: [], more: false },
    );
    // Kafka's sweepExpiredDelegationTokens, scheduled only when tokens are enabled; expiry is wall-clock time.
    const sweepMs = this.opts.delegationTokenExpiryCheckIntervalMs;
    if (sweepMs !== undefined) {
      tasks.push(
        new PeriodicControllerTask(this.opts.clock, sweepMs, () => {
          void this.write("sweepExpiredDelegationTokens", (image) => {
            const records = sweepExpiredDelegationTokens(image, BigInt(Date.now()));
            if (records.length > 0) this.opts.logger.info("sweepExpiredDelegationTokens: expired tokens removed", { tokens: records.length });
            return { records, result: undefined };
          }).catch(() => {});
          return false;
        }),
      );
    }
    return tasks;
  }

  private scheduleFenceCheck(): void {
    const a = this.active;
    if (!a) return;
    a.fenceTimer?.cancel();
    const due = this.heartbeats.nextCheckTimeMs();
    // No session tracked: look again after one session timeout (a broker may register meanwhile).
    const delayMs = due === null ? this.opts.sessionTimeoutMs : Math.max(0, due - this.opts.clock.nowMs());
    a.fenceTimer = this.opts.clock.schedule(() => this.fenceStaleBrokers(), Math.min(delayMs, this.opts.sessionTimeoutMs));
  }

  private fenceStaleBrokers(): void {
    if (!this.active) return;
    // Bounded: each round removes one expired session.
    for (let i = 0; i < 10_000; i++) {
      let expired = false;
      void this.write("maybeFenceStaleBroker", (image) => {
        const p = planFenceStaleBroker(image, this.heartbeats, this.opts.env);
        expired = p.expired;
        if (p.fenced !== null) this.opts.logger.info("broker fenced: its session expired", { brokerId: p.fenced, sessionTimeoutMs: this.opts.sessionTimeoutMs });
        return { records: p.records, result: undefined };
      }).catch(() => {});
      if (!expired) break;
    }
    this.scheduleFenceCheck();
  }
}

/**
 * What unfencing `brokerId` elected: partitions it now leads, and of those how many it led from the
 * ELR (KIP-966: a clean stop of the last ISR member leaves ISR [] and ELR [it]).
 */
function leadersElected(image: MetadataImage, records: readonly MetadataRecordOut[], brokerId: number): { leadersElected: number; fromElr: number } {
  let elected = 0;
  let fromElr = 0;
  // Bounded by the plan's records.
  for (const r of records) {
    if (r.apiKey !== RecordType.PARTITION_CHANGE) continue;
    const m = r.message as { topicId: string; partitionId: number; leader: number };
    if (m.leader !== brokerId) continue;
    elected++;
    const before = image.topicsById.get(m.topicId)?.partitions[m.partitionId];
    if (before && before.isr.length === 0 && (before.elr ?? []).includes(brokerId)) fromElr++;
  }
  return { leadersElected: elected, fromElr };
}

