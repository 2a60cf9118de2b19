// Kafka's KafkaRaftClient (KIP-595 with KIP-996 pre-vote) for __cluster_metadata-0, over a ReplicatedLog,
// an outbound RaftNetwork (the NetworkClient) and an injected clock and random source.
//
// Event-driven instead of Kafka's poll thread: every event (a timer, a response, an inbound request, an
// append) ends in poll(), which does what the current state has due (Kafka's pollCurrentState) and arms
// one wake-up for the earliest next deadline. Inbound requests are the handle*Request functions, called
// by whoever serves the controller listener with the request's API version; they answer with Kafka's
// error codes, in a shape that version can carry, and never throw on bad input.
//
// KIP-853 dynamic quorums: the voter set is the log's (KRaftControlRecordStateMachine: the bootstrap
// snapshot, VotersRecords by offset, reverted by a truncation) when it has one, else the static
// controller.quorum.voters; a replica with no leader asks controller.quorum.bootstrap.servers (negative
// ids) and follows the leader the answer's NodeEndpoints name; the leader serves AddRaftVoter,
// RemoveRaftVoter and UpdateRaftVoter one change at a time, and an observer controller with
// controller.quorum.auto.join.enable asks to be added.
//
// Left out: metrics, KRaft version upgrades (0 -> 1), a voter sending UpdateRaftVoter when its own
// endpoints changed, and a leader rewriting its own endpoints in the VotersRecord at epoch start.

import type { BeginQuorumEpochRequest } from "../protocol/generated/messages/begin-quorum-epoch-request.ts";
import type { BeginQuorumEpochResponse } from "../protocol/generated/messages/begin-quorum-epoch-response.ts";
import type { DescribeQuorumRequest } from "../protocol/generated/messages/describe-quorum-request.ts";
import type { DescribeQuorumResponse, ReplicaState as DqReplicaState } from "../protocol/generated/messages/describe-quorum-response.ts";
import type { EndQuorumEpochRequest } from "../protocol/generated/messages/end-quorum-epoch-request.ts";
import type { EndQuorumEpochResponse } from "../protocol/generated/messages/end-quorum-epoch-response.ts";
import type { FetchRequest } from "../protocol/generated/messages/fetch-request.ts";
import type { FetchResponse, PartitionData as FetchPartitionData } from "../protocol/generated/messages/fetch-response.ts";
import type { FetchSnapshotRequest } from "../protocol/generated/messages/fetch-snapshot-request.ts";
import type { FetchSnapshotResponse, PartitionSnapshot as FsPartition } from "../protocol/generated/messages/fetch-snapshot-response.ts";
import type { UpdateRaftVoterRequest } from "../protocol/generated/messages/update-raft-voter-request.ts";
import type { UpdateRaftVoterResponse } from "../protocol/generated/messages/update-raft-voter-response.ts";
import type { VoteRequest } from "../protocol/generated/messages/vote-request.ts";
import type { AddRaftVoterRequest } from "../protocol/generated/messages/add-raft-voter-request.ts";
import type { AddRaftVoterResponse } from "../protocol/generated/messages/add-raft-voter-response.ts";
import type { ApiVersionsResponse } from "../protocol/generated/messages/api-versions-response.ts";
import type { RemoveRaftVoterRequest } from "../protocol/generated/messages/remove-raft-voter-request.ts";
import type { RemoveRaftVoterResponse } from "../protocol/generated/messages/remove-raft-voter-response.ts";
import { ControlRecordType } from "../protocol/records/control-batch.ts";
import type { VoteResponse } from "../protocol/generated/messages/vote-response.ts";
import { ErrorCode } from "../protocol/generated/errors.ts";
import { newFetchPartition, newFetchTopic, newReplicaState } from "../protocol/generated/messages/fetch-request.ts";
import { newEpochEndOffset, newLeaderIdAndEpoch, newSnapshotId } from "../protocol/generated/messages/fetch-response.ts";
import { newPartitionData as newVotePartition } from "../protocol/generated/messages/vote-request.ts";
import { newPartitionData as newBeginPartition } from "../protocol/generated/messages/begin-quorum-epoch-request.ts";
import { newPartitionData as newEndPartition } from "../protocol/generated/messages/end-quorum-epoch-request.ts";
import { newPartitionSnapshot } from "../protocol/generated/messages/fetch-snapshot-request.ts";
import { concatSliced, isSlicedRecords, type Records } from "../protocol/primitives/records-ref.ts";
import type { TimerClock, WakeupHandle } from "../util/purgatory/clock.ts";
import { CandidateState } from "./candidate-state.ts";
import type { EpochState } from "./epoch-state.ts";
import { FollowerState } from "./follower-state.ts";
import { LeaderState } from "./leader-state.ts";
import { ProspectiveState } from "./prospective-state.ts";
import { MAX_EPOCH, QuorumState } from "./quorum-state.ts";
import type { QuorumStateStore } from "./quorum-state-store.ts";
import type { Batch, RaftClient, RaftListener, SnapshotReader, SnapshotWriter } from "./raft-client.ts";
import { NotLeaderException } from "./raft-client.ts";
import { batchesOf, controlBatch, dataBatch, leaderChangeBatch, METADATA_PARTITION, METADATA_TOPIC, METADATA_TOPIC_ID, NO_DIRECTORY_ID, toListenerBatch } from "./raft-records.ts";
import type { RawSnapshotWriter, ReplicatedLog } from "./replicated-log.ts";
import { ResignedState } from "./resigned-state.ts";
import { RecordsSnapshotWriter } from "./snapshot/records-snapshot-writer.ts";
import { encodeKRaftVersion, encodeVoters } from "./snapshot/control-records.ts";
import { KRaftControlRecordStateMachine } from "./kraft-control-record-state-machine.ts";
import type { LeaderAndEpoch, ReplicaKey, SnapshotId, VoterEndpoint } from "./types.ts";
import { UnattachedState } from "./unattached-state.ts";
import type { VoterSet } from "./voter-set.ts";

export const API_FETCH = 1;
export const API_VOTE = 52;
export const API_BEGIN_QUORUM_EPOCH = 53;
export const API_END_QUORUM_EPOCH = 54;
export const API_DESCRIBE_QUORUM = 55;
export const API_FETCH_SNAPSHOT = 59;
export const API_API_VERSIONS = 18;
export const API_ADD_RAFT_VOTER = 80;
export const API_REMOVE_RAFT_VOTER = 81;
export const API_UPDATE_RAFT_VOTER = 82;
/** Kafka's KRaftVersion.FEATURE_NAME, as ApiVersions lists it. */
export const KRAFT_VERSION_FEATURE_NAME = "kraft.version";
/** Leaders' endpoints remembered from NodeEndpoints at most. */
const MAX_LEARNED_ENDPOINTS = 64;
/** Listeners of one voter at most (a request with more is cut to these). */
const MAX_VOTER_LISTENERS = 16;

/** What Raft needs of the outbound NetworkClient (src/network/network-client.ts satisfies it). */
export interface RaftNetwork {
  send<T = Record<string, unknown>>(node: { id: number; host: string; port: number }, apiKey: number, body: Record<string, unknown>, opts?: { minVersion?: number; maxVersion?: number; timeoutMs?: number }): Promise<{ version: number; body: T }>;
}

export interface KafkaRaftClientConfig {
  nodeId: number;
  directoryId?: string;
  clusterId: string;
  /** The controller listener voters are reached on (controller.listener.names, first). */
  listenerName: string;
  voters: VoterSet;
  /** controller.quorum.election.timeout.ms */
  electionTimeoutMs: number;
  /** controller.quorum.election.backoff.max.ms */
  electionBackoffMaxMs: number;
  /** controller.quorum.fetch.timeout.ms */
  fetchTimeoutMs: number;
  /** controller.quorum.append.linger.ms */
  appendLingerMs: number;
  /** controller.quorum.request.timeout.ms */
  requestTimeoutMs: number;
  /** controller.quorum.retry.backoff.ms */
  retryBackoffMs: number;
  /** Kafka's fetchMaxWaitMs: how long the leader holds a fetch with nothing new. */
  fetchMaxWaitMs: number;
  /** Kafka's MAX_FETCH_SIZE_BYTES. */
  maxFetchBytes: number;
  /** Kafka's MAX_BATCH_SIZE_BYTES equivalent, in records per batch. */
  maxRecordsPerBatch: number;
  /** Records waiting in the accumulator at most (scheduleAtomicAppend throws past it). */
  maxPendingRecords: number;
  /** Fetches the leader holds at once (one per follower and observer in practice). */
  maxParkedFetches: number;
  kraftVersion: number;
  /** controller.quorum.bootstrap.servers (KIP-853): asked, with negative ids, when no leader is known. */
  bootstrapServers?: ReadonlyArray<{ host: string; port: number }>;
  /** controller.quorum.auto.join.enable: an observer controller asks the leader to add it (KIP-853). */
  autoJoin?: boolean;
  /** This controller's own listeners (what auto-join sends); empty on a broker-only node, which cannot become a voter. */
  localListeners?: readonly VoterEndpoint[];
}

export const DEFAULT_RAFT_CONFIG = {
  electionTimeoutMs: 1_000,
  electionBackoffMaxMs: 1_000,
  fetchTimeoutMs: 2_000,
  appendLingerMs: 25,
  requestTimeoutMs: 2_000,
  retryBackoffMs: 20,
  fetchMaxWaitMs: 500,
  maxFetchBytes: 8 * 1024 * 1024,
  maxRecordsPerBatch: 10_000,
  maxPendingRecords: 1_000_000,
  maxParkedFetches: 10_000,
  kraftVersion: 0,
} as const;

export interface RaftLogger {
  info(msg: string): void;
  debug?(msg: string): void;
}

interface ListenerContext {
  listener: RaftListener;
  nextOffset: number;
  lastLeader: LeaderAndEpoch | null;
}

interface ParkedFetch {
  req: FetchRequest;
  resolve: (r: FetchResponse) => void;
  wakeup: WakeupHandle;
}

/** An AddRaftVoter or RemoveRaftVoter in progress: answered when its VotersRecord commits or at its deadline. */
interface PendingVoterChange {
  readonly kind: "add" | "remove";
  readonly key: ReplicaKey;
  /** The VotersRecord's offset once appended. */
  lastOffset: number | null;
  readonly deadlineMs: number;
  readonly resolve: (errorCode: number, message: string | null) => void;
  wakeup: WakeupHandle | null;
  readonly ackWhenCommitted: boolean;
}

/** Kafka's ReplicaKey.toString. */
function replicaKeyString(k: ReplicaKey): string {
  return `ReplicaKey(id=${k.id}, directoryId=${k.directoryId === NO_DIRECTORY_ID ? "<undefined>" : k.directoryId})`;
}

interface PendingAppend {
  records: readonly Uint8Array[];
}

/** Listeners at most (the metadata loader, a snapshot generator, tests). */
const MAX_LISTENERS = 64;

function toBytes(r: Records | null): Uint8Array {
  if (r === null) return new Uint8Array(0);
  if (r instanceof Uint8Array) return r;
  if (isSlicedRecords(r)) return concatSliced(r);
  return new Uint8Array(0);
}

export class KafkaRaftClient implements RaftClient {
  readonly quorum: QuorumState;
  private readonly cfg: KafkaRaftClientConfig;
  private readonly localKey: ReplicaKey;
  private readonly listeners: ListenerContext[] = [];
  private wakeup: WakeupHandle | null = null;
  private wakeupAtMs = Number.POSITIVE_INFINITY;
  private readonly inFlight = new Set<string>();
  private readonly backoffUntil = new Map<number, number>();
  private readonly parked = new Set<ParkedFetch>();
  private pending: PendingAppend[] = [];
  private pendingRecords = 0;
  private pendingSinceMs = -1;
  private flushing = false;
  private flushAgain = false;
  private fetchingSnapshot: { writer: RawSnapshotWriter; position: number; state: FollowerState } | null = null;
  private polling = false;
  private pollAgain = false;
  private delivering = false;
  private stopped = false;
  private initialized = false;
  private shutdownDeadlineMs = -1;
  private lastNotifiedLeader: LeaderAndEpoch | null = null;
  /** KIP-853: kraft.version and the voter set by log offset. */
  readonly control: KRaftControlRecordStateMachine;
  /** Leaders' endpoints from NodeEndpoints of answers (bounded: one per node id seen, cleared past MAX_LEARNED_ENDPOINTS). */
  private readonly learnedEndpoints = new Map<number, VoterEndpoint>();
  /** The one voter change the leader has in progress (AddRaftVoter / RemoveRaftVoter). */
  private voterChange: PendingVoterChange | null = null;
  /** Auto-join: when this observer next asks to be added (Kafka's FollowerState updateVoterSetPeriod: fetch.timeout.ms). */
  private autoJoinTimer: { state: FollowerState; dueMs: number } | null = null;

  constructor(
    cfg: KafkaRaftClientConfig,
    private readonly log: ReplicatedLog,
    store: QuorumStateStore,
    private readonly network: RaftNetwork,
    private readonly clock: TimerClock,
    private readonly random: () => number,
    private readonly logger: RaftLogger = { info: () => {} },
  ) {
    this.cfg = cfg;
    this.localKey = { id: cfg.nodeId, directoryId: cfg.directoryId ?? NO_DIRECTORY_ID };
    // KIP-853: the voters are the log's (its snapshot and VotersRecords) when it has any, else the static ones.
    this.control = new KRaftControlRecordStateMachine(log, cfg.voters, logger);
    this.control.updateState();
    this.quorum = new QuorumState(
      { localKey: this.localKey, listenerName: cfg.listenerName, electionTimeoutMs: cfg.electionTimeoutMs, fetchTimeoutMs: cfg.fetchTimeoutMs, beginQuorumEpochTimeoutMs: cfg.fetchTimeoutMs / 2, kraftVersion: cfg.kraftVersion },
      this.control.lastVoterSet(),
      store,
      () => clock.nowMs(),
      random,
    );
  }

  /** Read the quorum-state file and start the state machine (Kafka's initialize). */
  initialize(): void {
    this.quorum.initialize(this.log.endOffset());
    this.initialized = true;
    this.logger.info(`raft ${this.cfg.nodeId}: starting as ${this.quorum.current.name} in epoch ${this.quorum.epoch}`);
    // A single voter elects itself at once, as Kafka's does.
    if (this.quorum.isOnlyVoter() && !(this.quorum.current instanceof LeaderState)) {
      if (this.quorum.current instanceof ResignedState) this.quorum.transitionToUnattached(this.quorum.epoch, -1);
      this.transitionToProspective();
    }
    this.poll();
  }

  // ---- RaftClient ----

  register(listener: RaftListener): void {
    if (this.listeners.length >= MAX_LISTENERS) throw new RangeError(`at most ${MAX_LISTENERS} raft listeners`);
    this.listeners.push({ listener, nextOffset: 0, lastLeader: null });
    this.poll();
  }

  leaderAndEpoch(): LeaderAndEpoch {
    return this.quorum.leaderAndEpoch();
  }

  highWatermark(): number {
    return this.initialized ? this.quorum.highWatermark() : -1;
  }

  scheduleAtomicAppend(epoch: number, records: readonly Uint8Array[]): number {
    const s = this.quorum.current;
    if (!(s instanceof LeaderState) || s.epoch !== epoch || s.resignRequested || this.shutdownDeadlineMs >= 0) {
      throw new NotLeaderException(this.quorum.epoch, `append in epoch ${epoch}: this node is ${s.name} in epoch ${s.epoch}`);
    }
    if (records.length === 0) throw new RangeError("scheduleAtomicAppend needs at least one record");
    if (this.pendingRecords + records.length > this.cfg.maxPendingRecords) throw new RangeError(`more than ${this.cfg.maxPendingRecords} records waiting to be appended`);
    if (this.pending.length === 0) this.pendingSinceMs = this.clock.nowMs();
    this.pending.push({ records: [...records] });
    this.pendingRecords += records.length;
    const last = this.log.endOffset().offset + this.pendingRecords - 1;
    this.poll();
    return last;
  }

  logEndOffset(): number {
    return this.log.endOffset().offset + this.pendingRecords;
  }

  resign(epoch: number): void {
    const s = this.quorum.current;
    if (s instanceof LeaderState && s.epoch === epoch) {
      s.resignRequested = true;
      this.poll();
    }
  }

  createSnapshot(snapshotId: SnapshotId, lastContainedLogTimestampMs: number): SnapshotWriter | null {
    if (snapshotId.offset > this.log.highWatermark()) throw new RangeError(`snapshot ${snapshotId.offset} is past the high watermark ${this.log.highWatermark()}`);
    const raw = this.log.createNewSnapshot(snapshotId);
    if (!raw) return null;
    // Header (and, with kraft.version 1, the voters) first, footer last, as Kafka's RecordsSnapshotWriter.
    const kraftVersion = this.control.lastVoterSetOffset() === null ? this.cfg.kraftVersion : this.control.kraftVersionAtOffset(snapshotId.offset - 1);
    const voters = kraftVersion >= 1 && this.control.lastVoterSetOffset() !== null ? this.control.voterSetAtOffset(snapshotId.offset - 1).voters() : null;
    const writer = new RecordsSnapshotWriter(raw, { lastContainedLogTimestampMs, kraftVersion, voters, maxBatchSizeBytes: this.cfg.maxFetchBytes });
    return {
      snapshotId,
      append: (records) => writer.append(records),
      freeze: async () => {
        await writer.freeze();
        // A new snapshot may let the log start move up (metadata.max.retention.*, Kafka's maybeClean).
        this.log.maybeClean?.();
      },
      close: () => writer.close(),
    };
  }

  latestSnapshotId(): SnapshotId | null {
    return this.log.latestSnapshotId();
  }

  async shutdown(timeoutMs: number): Promise<void> {
    if (this.stopped) return;
    this.shutdownDeadlineMs = this.clock.nowMs() + timeoutMs;
    const s = this.quorum.current;
    if (s instanceof LeaderState) s.resignRequested = true;
    this.poll();
    // Wait (on the injected clock) until the resignation is acknowledged or the time is up.
    await new Promise<void>((resolve) => {
      const check = () => {
        const cur = this.quorum.current;
        const done = !(cur instanceof LeaderState) && (!(cur instanceof ResignedState) || cur.unackedVoters().length === 0);
        if (done || this.clock.nowMs() >= this.shutdownDeadlineMs) return resolve();
        this.clock.schedule(check, Math.max(1, Math.min(50, this.shutdownDeadlineMs - this.clock.nowMs())));
      };
      check();
    });
    for (const l of this.listeners) l.listener.beginShutdown?.();
    this.halt();
    await this.log.close();
  }

  /** Stop at once (a killed process): no resignation, no more timers; in-flight answers are dropped. */
  halt(): void {
    this.stopped = true;
    this.wakeup?.cancel();
    this.wakeup = null;
    for (const p of this.parked) {
      p.wakeup.cancel();
    }
    this.parked.clear();
    this.fetchingSnapshot?.writer.close();
    this.fetchingSnapshot = null;
  }

  // ---- the poll loop ----

  private poll(): void {
    // Listeners may register before initialize(); nothing runs until then.
    if (this.stopped || !this.initialized) return;
    if (this.polling) {
      this.pollAgain = true;
      return;
    }
    this.polling = true;
    try {
      // Bounded: each pass either changes state or finds nothing due; a few passes settle any event.
      for (let pass = 0; pass < 16; pass++) {
        this.pollAgain = false;
        this.syncVoters();
        const waitMs = this.pollCurrentState(this.clock.nowMs());
        this.maybeNotifyLeaderChange();
        this.deliverCommitted();
        if (!this.pollAgain) {
          this.arm(waitMs);
          break;
        }
        if (pass === 15) this.arm(0);
      }
    } finally {
      this.polling = false;
    }
  }

  private arm(waitMs: number): void {
    if (this.stopped) return;
    const now = this.clock.nowMs();
    const at = waitMs === Number.POSITIVE_INFINITY ? Number.POSITIVE_INFINITY : now + Math.max(0, Math.ceil(waitMs));
    if (this.wakeup && at >= this.wakeupAtMs && this.wakeupAtMs > now) return;
    this.wakeup?.cancel();
    this.wakeup = null;
    this.wakeupAtMs = at;
    if (at === Number.POSITIVE_INFINITY) return;
    this.wakeup = this.clock.schedule(() => {
      this.wakeup = null;
      this.wakeupAtMs = Number.POSITIVE_INFINITY;
      this.poll();
    }, Math.min(at - now, 2 ** 31 - 1));
  }

  private pollCurrentState(now: number): number {
    const s = this.quorum.current;
    if (s instanceof LeaderState) return this.pollLeader(s, now);
    if (s instanceof CandidateState) return this.pollCandidate(s, now);
    if (s instanceof ProspectiveState) return this.pollProspective(s, now);
    if (s instanceof FollowerState) return this.pollFollower(s, now);
    if (s instanceof ResignedState) return this.pollResigned(s, now);
    return this.pollUnattached(s as UnattachedState, now);
  }

  private pollLeader(s: LeaderState, now: number): number {
    this.pollVoterChange(s, now);
    if (s.resignRequested || this.shutdownDeadlineMs >= 0) {
      this.transitionToResigned(s.nonLeaderVotersByDescendingFetchOffset());
      return 0;
    }
    if (s.timeUntilCheckQuorumExpires(now) === 0) {
      this.logger.info(`raft ${this.cfg.nodeId}: did not hear fetches from a majority of voters within ${Math.floor(this.cfg.fetchTimeoutMs * 1.5)} ms; resigning epoch ${s.epoch}`);
      this.transitionToResigned(s.nonLeaderVotersByDescendingFetchOffset());
      return 0;
    }
    let wait = s.timeUntilCheckQuorumExpires(now);
    const toSend = s.needToSendBeginQuorumRequests(now);
    if (toSend.length > 0) {
      for (const id of toSend) this.sendBeginQuorumEpoch(s, id);
      s.resetBeginQuorumEpochTimer(now);
    }
    wait = Math.min(wait, s.timeUntilBeginQuorumEpochTimerExpires(now));
    if (this.pending.length > 0) {
      // Linger is the longest a write waits. Writes batch while an earlier one is still being
      // flushed or committed (group commit); a write to an idle log, everything before it committed,
      // goes at once: a chain of dependent writes (start-up's bootstrap, registration, unfencing and
      // producer-id block) does not wait 25 ms per step. Kafka's BatchAccumulator always lingers.
      const due = this.pendingSinceMs + this.cfg.appendLingerMs;
      const idle = !this.flushing && this.quorum.highWatermark() >= this.log.endOffset().offset;
      if (now >= due || idle || this.pendingRecords >= this.cfg.maxRecordsPerBatch) this.drainAccumulator(s);
      else wait = Math.min(wait, due - now);
    }
    return wait;
  }

  private pollCandidate(s: CandidateState, now: number): number {
    if (this.shutdownDeadlineMs < 0 && s.hasElectionTimeoutExpired(now)) {
      this.logger.info(`raft ${this.cfg.nodeId}: election in epoch ${s.epoch} was not granted, transitioning to prospective`);
      this.transitionToProspective();
      return 0;
    }
    return Math.min(this.maybeSendVoteRequests(s, false, now), s.remainingElectionTimeMs(now));
  }

  private pollProspective(s: ProspectiveState, now: number): number {
    if (this.shutdownDeadlineMs < 0 && s.hasElectionTimeoutExpired(now)) {
      this.prospectiveTransitionAfterElectionLoss(s);
      return 0;
    }
    return Math.min(this.maybeSendVoteRequests(s, true, now), s.remainingElectionTimeMs(now));
  }

  private pollFollower(s: FollowerState, now: number): number {
    if (this.quorum.isVoter() && this.shutdownDeadlineMs < 0 && s.hasFetchTimeoutExpired(now)) {
      this.logger.info(`raft ${this.cfg.nodeId}: no fetch answer from leader ${s.leaderId} within the fetch timeout; transitioning to prospective`);
      this.transitionToProspective();
      return 0;
    }
    if (!this.quorum.isVoter() && s.hasFetchTimeoutExpired(now)) {
      // An observer that lost its leader asks the voters (a fetch that lands on the leader counts).
      const id = this.randomVoter();
      if (id !== s.leaderId) return this.maybeSendFetchToAnyVoter(s, id);
    }
    if (!this.quorum.isVoter() && this.maybeAutoJoin(s, now)) return this.cfg.retryBackoffMs;
    const wait = this.maybeSendFetchOrFetchSnapshot(s, now);
    return this.quorum.isVoter() ? Math.min(wait, s.remainingFetchTimeMs(now)) : wait;
  }

  private pollResigned(s: ResignedState, now: number): number {
    for (const id of s.unackedVoters()) this.sendEndQuorumEpoch(s, id, now);
    if (this.shutdownDeadlineMs >= 0) return Math.max(1, this.shutdownDeadlineMs - now);
    if (s.hasElectionTimeoutExpired(now)) {
      this.transitionToUnattached(this.quorum.epoch, -1);
      return 0;
    }
    return Math.min(s.remainingElectionTimeMs(now), s.unackedVoters().length > 0 ? this.cfg.retryBackoffMs : Number.POSITIVE_INFINITY);
  }

  private pollUnattached(s: UnattachedState, now: number): number {
    // An observer learns the leader by asking any voter (Kafka's fetch to a bootstrap server).
    if (!this.quorum.isVoter()) return this.maybeSendFetchToAnyVoter(s, this.randomVoter());
    if (this.shutdownDeadlineMs < 0 && s.hasElectionTimeoutExpired(now)) {
      this.transitionToProspective();
      return 0;
    }
    return s.remainingElectionTimeMs(now);
  }

  // ---- transitions (with their side effects) ----

  private onStateChange(): void {
    // Held fetches answer with the new state's view (NOT_LEADER_OR_FOLLOWER, FENCED_LEADER_EPOCH, ...).
    this.completeParkedFetches();
    this.inFlight.clear();
    this.pending = [];
    this.pendingRecords = 0;
    this.pendingSinceMs = -1;
    this.failVoterChange(ErrorCode.NOT_LEADER_OR_FOLLOWER, "the leader changed before the voter change committed");
    if (this.fetchingSnapshot) {
      this.fetchingSnapshot.writer.close();
      this.fetchingSnapshot = null;
    }
    this.pollAgain = true;
  }

  private transitionToProspective(): void {
    this.quorum.transitionToProspective();
    this.onStateChange();
    this.maybeTransitionForward(this.quorum.current);
  }

  private transitionToUnattached(epoch: number, leaderId: number): void {
    this.quorum.transitionToUnattached(epoch, leaderId);
    this.onStateChange();
  }

  private transitionToFollower(epoch: number, leaderId: number): void {
    this.quorum.transitionToFollower(epoch, leaderId);
    this.onStateChange();
  }

  private transitionToResigned(successors: readonly number[]): void {
    this.quorum.transitionToResigned(successors);
    this.onStateChange();
  }

  private prospectiveTransitionAfterElectionLoss(s: ProspectiveState): void {
    if (s.leaderId >= 0 && s.leaderId !== this.cfg.nodeId && this.nodeOf(s.leaderId)) this.transitionToFollower(s.epoch, s.leaderId);
    else this.transitionToUnattached(s.epoch, s.leaderId);
  }

  /** A nominee with a majority moves on: Prospective → Candidate, Candidate → Leader. */
  private maybeTransitionForward(s: EpochState): void {
    if (s instanceof ProspectiveState && s.epochElection.isVoteGranted() && s.epoch >= MAX_EPOCH) {
      // A peer (a corrupt or forged request) took the quorum to the last epoch: no election can follow
      // it. Stay prospective (its timeout moves on to Unattached), never in an epoch past int32.
      this.logger.info(`raft ${this.cfg.nodeId}: won the pre-vote in epoch ${s.epoch}, the last epoch there is; not standing for election`);
    } else if (s instanceof ProspectiveState && s.epochElection.isVoteGranted()) {
      this.quorum.transitionToCandidate();
      this.onStateChange();
      this.maybeTransitionForward(this.quorum.current);
    } else if (s instanceof CandidateState && s.epochElection.isVoteGranted()) {
      this.onBecomeLeader();
    }
  }

  private onBecomeLeader(): void {
    const endOffset = this.log.endOffset().offset;
    const leader = this.quorum.transitionToLeader(endOffset, this.cfg.fetchTimeoutMs);
    this.onStateChange();
    this.log.initializeLeaderEpoch(leader.epoch);
    this.logger.info(`raft ${this.cfg.nodeId}: elected leader in epoch ${leader.epoch} (votes from ${leader.grantingVoters.join(",")}), epoch starts at ${endOffset}`);
    // The epoch opens with a LeaderChange control batch; nothing commits before it does.
    this.log.appendAsLeader(leaderChangeBatch(this.cfg.nodeId, this.quorum.voters.voterIds(), leader.grantingVoters, this.clock.nowMs()), leader.epoch);
    this.maybeAppendStartOfEpochVoters(leader);
    this.flushLeaderLog(leader);
  }

  private drainAccumulator(s: LeaderState): void {
    const now = this.clock.nowMs();
    let batch: Uint8Array[] = [];
    const flushBatch = () => {
      if (batch.length === 0) return;
      this.log.appendAsLeader(dataBatch(batch, now), s.epoch);
      batch = [];
    };
    for (const p of this.pending) {
      // An atomic append never splits; a batch holds whole appends up to maxRecordsPerBatch.
      if (batch.length > 0 && batch.length + p.records.length > this.cfg.maxRecordsPerBatch) flushBatch();
      batch.push(...p.records);
    }
    flushBatch();
    this.pending = [];
    this.pendingRecords = 0;
    this.pendingSinceMs = -1;
    this.flushLeaderLog(s);
    this.completeParkedFetches();
  }

  /** Flush, then count the leader's own log up to what is durable (Kafka: lastFlushedOffset). */
  private flushLeaderLog(s: LeaderState): void {
    if (this.flushing) {
      this.flushAgain = true;
      return;
    }
    this.flushing = true;
    this.log.flush().then(
      () => {
        this.flushing = false;
        if (this.stopped) return;
        if (this.quorum.current === s && s.updateLocalState(this.log.lastFlushedOffset())) this.onLeaderHighWatermark(s);
        if (this.flushAgain) {
          this.flushAgain = false;
          if (this.quorum.current === s) this.flushLeaderLog(s);
        }
        this.poll();
      },
      (e: unknown) => {
        this.flushing = false;
        this.logger.info(`raft ${this.cfg.nodeId}: log flush failed: ${(e as Error).message}`);
      },
    );
  }

  private onLeaderHighWatermark(s: LeaderState): void {
    this.log.updateHighWatermark(s.highWatermark());
    this.completeParkedFetches();
    this.pollAgain = true;
  }

  // ---- outbound requests ----

  private nodeOf(id: number): { id: number; host: string; port: number } | null {
    // KIP-853: a bootstrap server (negative id), a voter of the log's voter set, or a leader we
    // learned of from a response's NodeEndpoints before its VotersRecord reached us.
    if (id < 0) {
      const b = this.cfg.bootstrapServers?.[-id - 1];
      return b ? { id, host: b.host, port: b.port } : null;
    }
    const e = this.quorum.voters.endpoint(id, this.cfg.listenerName) ?? this.learnedEndpoints.get(id) ?? null;
    return e ? { id, host: e.host, port: e.port } : null;
  }

  /** Send unless one of this kind is in flight to the node or it is backing off after a failure. */
  private maybeSend<T>(id: number, apiKey: number, body: Record<string, unknown>, minVersion: number, onResponse: (r: T) => void, timeoutMs = this.cfg.requestTimeoutMs): boolean {
    const now = this.clock.nowMs();
    const k = `${apiKey}:${id}`;
    if (this.inFlight.has(k) || (this.backoffUntil.get(id) ?? 0) > now) return false;
    const node = this.nodeOf(id);
    if (!node) return false;
    this.inFlight.add(k);
    const sentState = this.quorum.current;
    this.network.send<T>(node, apiKey, body, { minVersion, timeoutMs }).then(
      (r) => {
        if (this.stopped) return;
        if (this.quorum.current === sentState) this.inFlight.delete(k);
        try {
          onResponse(r.body);
        } catch (e) {
          // An answer that could not be applied (a failed invariant, a bad response) backs off like a
          // failed request: retrying at once would spin on the same answer.
          this.logger.info(`raft ${this.cfg.nodeId}: bad api ${apiKey} response from ${id}: ${(e as Error).message}`);
          this.backoffUntil.set(id, this.clock.nowMs() + this.cfg.retryBackoffMs);
        }
        this.poll();
      },
      (e: unknown) => {
        if (this.stopped) return;
        this.logger.debug?.(`raft ${this.cfg.nodeId}: api ${apiKey} to ${id} failed: ${(e as Error).message}`);
        if (this.quorum.current === sentState) this.inFlight.delete(k);
        this.backoffUntil.set(id, this.clock.nowMs() + this.cfg.retryBackoffMs);
        if (this.backoffUntil.size > 4 * this.quorum.voters.size + 16 + (this.cfg.bootstrapServers?.length ?? 0)) this.backoffUntil.clear();
        this.poll();
      },
    );
    return true;
  }

  private maybeSendVoteRequests(s: CandidateState | ProspectiveState, preVote: boolean, now: number): number {
    const end = this.log.endOffset();
    for (const id of s.epochElection.unrecordedVoters()) {
      if (id === this.cfg.nodeId) continue;
      const body = {
        clusterId: this.cfg.clusterId,
        voterId: id,
        topics: [{ topicName: METADATA_TOPIC, partitions: [{ ...newVotePartition(), partitionIndex: METADATA_PARTITION, replicaEpoch: s.epoch, replicaId: this.cfg.nodeId, replicaDirectoryId: this.localKey.directoryId, voterDirectoryId: NO_DIRECTORY_ID, lastOffsetEpoch: end.epoch, lastOffset: BigInt(end.offset), preVote }] }],
      };
      this.maybeSend<VoteResponse>(id, API_VOTE, body, 2, (r) => this.handleVoteResponse(id, s, preVote, r));
    }
    return this.cfg.retryBackoffMs;
  }

  private handleVoteResponse(id: number, sent: CandidateState | ProspectiveState, preVote: boolean, r: VoteResponse): void {
    if (r.errorCode !== ErrorCode.NONE) return;
    const p = r.topics[0]?.partitions[0];
    if (!p) return;
    if (this.maybeHandleCommonResponse(p.errorCode, p.leaderId, p.leaderEpoch)) return;
    if (p.errorCode !== ErrorCode.NONE) return;
    // Only the round that asked counts (a late answer of an earlier round is dropped).
    if (this.quorum.current !== sent || (sent instanceof ProspectiveState) !== preVote) return;
    if (p.voteGranted) {
      sent.epochElection.recordGranted(id);
      this.maybeTransitionForward(sent);
    } else {
      sent.epochElection.recordRejected(id);
      if (sent instanceof ProspectiveState && sent.epochElection.isVoteRejected()) this.prospectiveTransitionAfterElectionLoss(sent);
    }
  }

  private sendBeginQuorumEpoch(s: LeaderState, id: number): void {
    const self = this.quorum.voters.endpoint(this.cfg.nodeId, this.cfg.listenerName);
    const body = {
      clusterId: this.cfg.clusterId,
      voterId: id,
      topics: [{ topicName: METADATA_TOPIC, partitions: [{ ...newBeginPartition(), partitionIndex: METADATA_PARTITION, voterDirectoryId: NO_DIRECTORY_ID, leaderId: this.cfg.nodeId, leaderEpoch: s.epoch }] }],
      leaderEndpoints: self ? [{ name: self.name, host: self.host, port: self.port }] : [],
    };
    this.maybeSend<BeginQuorumEpochResponse>(id, API_BEGIN_QUORUM_EPOCH, body, 0, (r) => {
      const p = r.topics[0]?.partitions[0];
      if (r.errorCode !== ErrorCode.NONE || !p) return;
      if (this.maybeHandleCommonResponse(p.errorCode, p.leaderId, p.leaderEpoch)) return;
      if (p.errorCode === ErrorCode.NONE && this.quorum.current === s) s.addAcknowledgementFrom(id);
    });
  }

  private sendEndQuorumEpoch(s: ResignedState, id: number, _now: number): void {
    const self = this.quorum.voters.endpoint(this.cfg.nodeId, this.cfg.listenerName);
    const body = {
      clusterId: this.cfg.clusterId,
      topics: [{ topicName: METADATA_TOPIC, partitions: [{ ...newEndPartition(), partitionIndex: METADATA_PARTITION, leaderId: this.cfg.nodeId, leaderEpoch: s.epoch, preferredSuccessors: [...s.preferredSuccessors], preferredCandidates: s.preferredSuccessors.map((c) => ({ candidateId: c, candidateDirectoryId: NO_DIRECTORY_ID })) }] }],
      leaderEndpoints: self ? [{ name: self.name, host: self.host, port: self.port }] : [],
    };
    this.maybeSend<EndQuorumEpochResponse>(id, API_END_QUORUM_EPOCH, body, 0, (r) => {
      const p = r.topics[0]?.partitions[0];
      if (r.errorCode !== ErrorCode.NONE || !p) return;
      if (this.quorum.current === s && (p.errorCode === ErrorCode.NONE || p.leaderEpoch > s.epoch)) s.acknowledgeResignation(id);
      this.maybeHandleCommonResponse(p.errorCode, p.leaderId, p.leaderEpoch);
    });
  }

  private randomVoter(): number | undefined {
    const ids = this.quorum.voters.voterIds().filter((id) => id !== this.cfg.nodeId);
    // KIP-853: with controller.quorum.bootstrap.servers, a replica that knows no leader asks them.
    const boot = this.cfg.bootstrapServers ?? [];
    if (boot.length > 0) return -1 - Math.floor(this.random() * boot.length);
    return ids[Math.floor(this.random() * ids.length)];
  }

  private maybeSendFetchToAnyVoter(s: EpochState, id: number | undefined): number {
    if (id !== undefined && ![...this.inFlight].some((k) => k.startsWith(`${API_FETCH}:`))) {
      this.maybeSend<FetchResponse>(id, API_FETCH, this.fetchBody(s.epoch), 13, (r) => {
        this.learnEndpoints(r.nodeEndpoints);
        const p = r.responses[0]?.partitions[0];
        if (r.errorCode === ErrorCode.NONE && p) this.maybeHandleCommonResponse(p.errorCode, p.currentLeader.leaderId, p.currentLeader.leaderEpoch >= 0 ? p.currentLeader.leaderEpoch : this.quorum.epoch);
      }, this.cfg.requestTimeoutMs + this.cfg.fetchMaxWaitMs);
    }
    return this.cfg.retryBackoffMs * 5;
  }

  private maybeSendFetchOrFetchSnapshot(s: FollowerState, _now: number): number {
    if (this.fetchingSnapshot && this.fetchingSnapshot.state === s) {
      this.sendFetchSnapshot(s);
      return this.cfg.retryBackoffMs;
    }
    this.maybeSend<FetchResponse>(s.leaderId, API_FETCH, this.fetchBody(s.epoch), 13, (r) => this.handleFetchResponse(s, r), this.cfg.requestTimeoutMs + this.cfg.fetchMaxWaitMs);
    return this.cfg.retryBackoffMs;
  }

  private fetchBody(epoch: number): Record<string, unknown> {
    const end = this.log.endOffset();
    return {
      clusterId: this.cfg.clusterId,
      replicaId: -1,
      replicaState: { ...newReplicaState(), replicaId: this.cfg.nodeId, replicaEpoch: -1n },
      maxWaitMs: this.cfg.fetchMaxWaitMs,
      minBytes: 0,
      maxBytes: this.cfg.maxFetchBytes,
      isolationLevel: 0,
      topics: [{ ...newFetchTopic(), topic: METADATA_TOPIC, topicId: METADATA_TOPIC_ID, partitions: [{ ...newFetchPartition(), partition: METADATA_PARTITION, currentLeaderEpoch: epoch, fetchOffset: BigInt(end.offset), lastFetchedEpoch: this.log.lastFetchedEpoch(), logStartOffset: BigInt(this.log.startOffset()), partitionMaxBytes: this.cfg.maxFetchBytes, replicaDirectoryId: this.localKey.directoryId }] }],
    };
  }

  private handleFetchResponse(sent: FollowerState, r: FetchResponse): void {
    if (r.errorCode !== ErrorCode.NONE) return;
    this.learnEndpoints(r.nodeEndpoints);
    const p: FetchPartitionData | undefined = r.responses[0]?.partitions[0];
    if (!p) return;
    if (this.maybeHandleCommonResponse(p.errorCode, p.currentLeader.leaderId, p.currentLeader.leaderEpoch >= 0 ? p.currentLeader.leaderEpoch : this.quorum.epoch)) return;
    if (p.errorCode !== ErrorCode.NONE || this.quorum.current !== sent) return;
    const now = this.clock.nowMs();
    sent.resetFetchTimeout(now);
    if (p.divergingEpoch.epoch >= 0 || p.divergingEpoch.endOffset >= 0n) {
      // A diverging answer without both halves is malformed: nothing of it (not its HW) is trusted.
      if (p.divergingEpoch.epoch < 0 || p.divergingEpoch.endOffset < 0n) return;
      this.truncateToEndOffset({ offset: Number(p.divergingEpoch.endOffset), epoch: p.divergingEpoch.epoch });
    } else if (p.snapshotId.endOffset >= 0n && p.snapshotId.epoch >= 0) {
      const id = { offset: Number(p.snapshotId.endOffset), epoch: p.snapshotId.epoch };
      // Unchecked, as Kafka's: the snapshot is past this follower's high watermark by definition.
      const writer = this.log.createNewSnapshotUnchecked(id);
      if (writer) this.fetchingSnapshot = { writer, position: 0, state: sent };
      else if (this.log.truncateToLatestSnapshot()) this.onFollowerLogReset(sent);
    } else {
      const bytes = toBytes(p.records);
      if (bytes.length > 0) {
        this.log.appendAsFollower(bytes, sent.epoch);
        // A voter's next fetch offset acknowledges what it holds: make it durable first.
        this.inFlight.add(`${API_FETCH}:${sent.leaderId}`);
        this.log.flush().then(() => {
          this.inFlight.delete(`${API_FETCH}:${sent.leaderId}`);
          this.poll();
        });
      }
      this.updateFollowerHighWatermark(sent, Number(p.highWatermark));
    }
  }

  /** Kafka's KafkaMetadataLog.truncateToEndOffset. */
  private truncateToEndOffset(end: { offset: number; epoch: number }): void {
    let offset: number;
    if (end.epoch === 0) offset = Math.min(end.offset, this.log.endOffset().offset);
    else {
      const local = this.log.endOffsetForEpoch(end.epoch);
      offset = local.epoch === end.epoch ? Math.min(local.offset, end.offset) : local.offset;
    }
    offset = Math.max(offset, this.log.highWatermark());
    this.logger.info(`raft ${this.cfg.nodeId}: truncating to ${offset} (leader's epoch ${end.epoch} ends at ${end.offset})`);
    this.log.truncateTo(offset);
  }

  private updateFollowerHighWatermark(s: FollowerState, hw: number): void {
    if (hw < 0) return;
    const bounded = Math.min(hw, this.log.endOffset().offset);
    if (s.updateHighWatermark(bounded)) {
      this.log.updateHighWatermark(bounded);
      this.pollAgain = true;
    }
  }

  private onFollowerLogReset(s: FollowerState): void {
    // The log restarts at the snapshot: listeners reload from it.
    s.updateHighWatermark(this.log.highWatermark());
    for (const l of this.listeners) if (l.nextOffset < this.log.startOffset()) l.nextOffset = 0;
    this.pollAgain = true;
  }

  private sendFetchSnapshot(s: FollowerState): void {
    const f = this.fetchingSnapshot!;
    const body = {
      clusterId: this.cfg.clusterId,
      replicaId: this.cfg.nodeId,
      maxBytes: this.cfg.maxFetchBytes,
      topics: [{ name: METADATA_TOPIC, partitions: [{ ...newPartitionSnapshot(), partition: METADATA_PARTITION, currentLeaderEpoch: s.epoch, snapshotId: { endOffset: BigInt(f.writer.snapshotId.offset), epoch: f.writer.snapshotId.epoch }, position: BigInt(f.position), replicaDirectoryId: this.localKey.directoryId }] }],
    };
    this.maybeSend<FetchSnapshotResponse>(s.leaderId, API_FETCH_SNAPSHOT, body, 0, (r) => {
      const p: FsPartition | undefined = r.topics[0]?.partitions[0];
      if (r.errorCode !== ErrorCode.NONE || !p) return;
      if (this.maybeHandleCommonResponse(p.errorCode, p.currentLeader.leaderId, p.currentLeader.leaderEpoch)) return;
      const cur = this.fetchingSnapshot;
      if (!cur || cur !== f || this.quorum.current !== s) return;
      if (p.errorCode !== ErrorCode.NONE) {
        // SNAPSHOT_NOT_FOUND / POSITION_OUT_OF_RANGE: start over with a fetch.
        f.writer.close();
        this.fetchingSnapshot = null;
        return;
      }
      s.resetFetchTimeout(this.clock.nowMs());
      if (Number(p.position) !== f.position) return;
      const bytes = toBytes(p.unalignedRecords);
      f.writer.append(bytes);
      f.position += bytes.length;
      if (f.position >= Number(p.size)) {
        this.fetchingSnapshot = null;
        f.writer.freeze().then(() => {
          this.logger.info(`raft ${this.cfg.nodeId}: fetched snapshot ${f.writer.snapshotId.offset}-${f.writer.snapshotId.epoch} (${f.position} bytes) from leader ${s.leaderId}`);
          if (this.stopped || this.quorum.current !== s) return;
          if (this.log.truncateToLatestSnapshot()) this.onFollowerLogReset(s);
          this.poll();
        });
      }
    });
  }

  /**
   * Kafka's maybeHandleCommonResponse: a response from a higher epoch (or naming the leader we did not
   * know) moves us; a stale one is dropped. True when the caller must not look further.
   */
  private maybeHandleCommonResponse(error: number, leaderId: number, epoch: number): boolean {
    if (epoch < this.quorum.epoch || error === ErrorCode.UNKNOWN_LEADER_EPOCH) return true;
    if (epoch > this.quorum.epoch || error === ErrorCode.FENCED_LEADER_EPOCH || error === ErrorCode.NOT_LEADER_OR_FOLLOWER) {
      this.maybeTransition(leaderId, epoch);
      return true;
    }
    if (epoch === this.quorum.epoch && leaderId >= 0 && !this.quorum.hasLeader()) {
      this.maybeTransition(leaderId, epoch);
      return error !== ErrorCode.NONE;
    }
    return false;
  }

  private maybeTransition(leaderId: number, epoch: number): void {
    const cur = this.quorum.current;
    if (epoch === cur.epoch && leaderId >= 0 && this.quorum.hasLeader() && this.quorum.leaderIdOrSentinel() !== leaderId) {
      // Two leaders in one epoch would break election safety: someone is lying or corrupt. Ignore it.
      this.logger.info(`raft ${this.cfg.nodeId}: ignoring leader ${leaderId} for epoch ${epoch}: ${this.quorum.leaderIdOrSentinel()} leads it`);
      return;
    }
    if (epoch > cur.epoch) {
      if (leaderId >= 0 && leaderId !== this.cfg.nodeId && this.nodeOf(leaderId)) this.transitionToFollower(epoch, leaderId);
      else this.transitionToUnattached(epoch, leaderId === this.cfg.nodeId ? -1 : leaderId);
    } else if (epoch === cur.epoch && leaderId >= 0 && leaderId !== this.cfg.nodeId && !this.quorum.hasLeader() && this.nodeOf(leaderId)) {
      this.transitionToFollower(epoch, leaderId);
    } else if (epoch === cur.epoch && cur instanceof ProspectiveState && leaderId >= 0 && leaderId !== this.cfg.nodeId && cur.leaderId === leaderId) {
      // A prospective that still knows the leader goes back to following it.
      this.transitionToFollower(epoch, leaderId);
    }
  }

  // ---- inbound requests (wired onto the controller listener by the caller) ----

  private validateVoterOnlyRequest(remoteId: number, requestEpoch: number): number | null {
    if (requestEpoch < this.quorum.epoch) return ErrorCode.FENCED_LEADER_EPOCH;
    if (remoteId < 0) return ErrorCode.INVALID_REQUEST;
    // No voter-set check (Kafka 4.4.0 dropped INCONSISTENT_VOTER_SET here, KIP-853): while the set
    // changes, replicas disagree on it. A leader that removed itself still ends its epoch with
    // EndQuorumEpoch to the remaining voters, which it is no longer one of.
    return null;
  }

  private validateLeaderOnlyRequest(requestEpoch: number): number | null {
    if (requestEpoch < this.quorum.epoch) return ErrorCode.FENCED_LEADER_EPOCH;
    if (requestEpoch > this.quorum.epoch) return ErrorCode.UNKNOWN_LEADER_EPOCH;
    if (!(this.quorum.current instanceof LeaderState) || this.shutdownDeadlineMs >= 0) return ErrorCode.NOT_LEADER_OR_FOLLOWER;
    return null;
  }

  private clusterIdOk(clusterId: string | null): boolean {
    return clusterId === null || clusterId === this.cfg.clusterId;
  }

  private isMetadataPartition(topicName: string, topicId: string | null, partition: number): boolean {
    return (topicName === METADATA_TOPIC || topicId === METADATA_TOPIC_ID) && partition === METADATA_PARTITION;
  }

  /** Vote (52) v0-2, pre-vote included (v2). */
  handleVoteRequest(req: VoteRequest, apiVersion = 2): VoteResponse {
    const answer = (top: number, error: number, granted: boolean): VoteResponse => ({
      errorCode: top,
      topics: top !== ErrorCode.NONE ? [] : [{ topicName: METADATA_TOPIC, partitions: [{ partitionIndex: METADATA_PARTITION, errorCode: error, leaderId: this.quorum.leaderIdOrSentinel(), leaderEpoch: this.quorum.epoch, voteGranted: granted }] }],
      nodeEndpoints: this.leaderEndpoints(apiVersion >= 1),
    });
    if (this.stopped) return answer(ErrorCode.BROKER_NOT_AVAILABLE, 0, false);
    if (!this.clusterIdOk(req.clusterId)) return answer(ErrorCode.INCONSISTENT_CLUSTER_ID, 0, false);
    const t = req.topics[0];
    const p = t?.partitions[0];
    if (req.topics.length !== 1 || !t || t.partitions.length !== 1 || !p || !this.isMetadataPartition(t.topicName, null, p.partitionIndex)) return answer(ErrorCode.INVALID_REQUEST, 0, false);
    const lastOffset = Number(p.lastOffset);
    if (p.lastOffset < 0n || p.lastOffsetEpoch < 0 || p.lastOffsetEpoch > p.replicaEpoch || p.replicaEpoch < 0) return answer(ErrorCode.NONE, ErrorCode.INVALID_REQUEST, false);
    const err = this.validateVoterOnlyRequest(p.replicaId, p.replicaEpoch);
    if (err !== null) return answer(ErrorCode.NONE, err, false);
    try {
      if (p.replicaEpoch > this.quorum.epoch && !p.preVote) this.transitionToUnattached(p.replicaEpoch, -1);
      if (req.voterId >= 0 && req.voterId !== this.cfg.nodeId) return answer(ErrorCode.NONE, ErrorCode.INVALID_VOTER_KEY, false);
      const end = this.log.endOffset();
      const upToDate = p.lastOffsetEpoch > end.epoch || (p.lastOffsetEpoch === end.epoch && lastOffset >= end.offset);
      const key = { id: p.replicaId, directoryId: p.replicaDirectoryId };
      // A pre-vote from a higher epoch is judged as if in that epoch: we have no vote or leader there.
      const granted = p.preVote && p.replicaEpoch > this.quorum.epoch ? upToDate && this.canGrantPreVoteFromHigherEpoch() : this.quorum.canGrantVote(key, upToDate, p.preVote);
      if (!p.preVote && granted) {
        // Durable before the answer leaves (QuorumStateStore writes synchronously).
        const cur = this.quorum.current;
        if (cur instanceof UnattachedState && !cur.votedKey) this.quorum.unattachedAddVotedState(p.replicaEpoch, key);
        else if (cur instanceof ProspectiveState && !cur.votedKey) {
          this.quorum.prospectiveAddVotedState(p.replicaEpoch, key);
          this.onStateChange();
        }
      }
      return answer(ErrorCode.NONE, ErrorCode.NONE, granted);
    } finally {
      this.poll();
    }
  }

  /** A follower that hears its leader refuses pre-votes of any epoch (KIP-996). */
  private canGrantPreVoteFromHigherEpoch(): boolean {
    const cur = this.quorum.current;
    return !(cur instanceof FollowerState && cur.hasFetchedFromLeader) && !(cur instanceof LeaderState);
  }

  /** What BeginQuorumEpoch and EndQuorumEpoch answer (one shape): a top-level error, or the partition's. */
  private quorumEpochAnswer(top: number, error: number, apiVersion: number): BeginQuorumEpochResponse & EndQuorumEpochResponse {
    return {
      errorCode: top,
      topics: top !== ErrorCode.NONE ? [] : [{ topicName: METADATA_TOPIC, partitions: [{ partitionIndex: METADATA_PARTITION, errorCode: error, leaderId: this.quorum.leaderIdOrSentinel(), leaderEpoch: this.quorum.epoch }] }],
      nodeEndpoints: this.leaderEndpoints(apiVersion >= 1),
    };
  }

  /**
   * The checks BeginQuorumEpoch and EndQuorumEpoch share, in Kafka's order: a stopped client, the
   * cluster id, exactly the metadata partition, then the voter-only epoch check. Returns the answer
   * to send, or the request's partition to act on.
   */
  private checkQuorumEpochRequest<P extends { partitionIndex: number; leaderId: number; leaderEpoch: number }>(
    clusterId: string | null,
    topics: ReadonlyArray<{ topicName: string; partitions: readonly P[] }>,
    apiVersion: number,
  ): { answer: BeginQuorumEpochResponse & EndQuorumEpochResponse } | { partition: P } {
    if (this.stopped) return { answer: this.quorumEpochAnswer(ErrorCode.BROKER_NOT_AVAILABLE, 0, apiVersion) };
    if (!this.clusterIdOk(clusterId)) return { answer: this.quorumEpochAnswer(ErrorCode.INCONSISTENT_CLUSTER_ID, 0, apiVersion) };
    const t = topics[0];
    const p = t?.partitions[0];
    if (topics.length !== 1 || !t || t.partitions.length !== 1 || !p || !this.isMetadataPartition(t.topicName, null, p.partitionIndex)) return { answer: this.quorumEpochAnswer(ErrorCode.INVALID_REQUEST, 0, apiVersion) };
    const err = this.validateVoterOnlyRequest(p.leaderId, p.leaderEpoch);
    if (err !== null) return { answer: this.quorumEpochAnswer(ErrorCode.NONE, err, apiVersion) };
    return { partition: p };
  }

  /** BeginQuorumEpoch (53) v0-1. */
  handleBeginQuorumEpochRequest(req: BeginQuorumEpochRequest, apiVersion = 1): BeginQuorumEpochResponse {
    const checked = this.checkQuorumEpochRequest(req.clusterId, req.topics, apiVersion);
    if ("answer" in checked) return checked.answer;
    const p = checked.partition;
    if (req.voterId >= 0 && req.voterId !== this.cfg.nodeId) return this.quorumEpochAnswer(ErrorCode.NONE, ErrorCode.INVALID_VOTER_KEY, apiVersion);
    if (p.leaderId === this.cfg.nodeId) return this.quorumEpochAnswer(ErrorCode.NONE, ErrorCode.INVALID_REQUEST, apiVersion);
    try {
      this.maybeTransition(p.leaderId, p.leaderEpoch);
      return this.quorumEpochAnswer(ErrorCode.NONE, ErrorCode.NONE, apiVersion);
    } finally {
      this.poll();
    }
  }

  /** EndQuorumEpoch (54) v0-1: the leader resigned; a follower of it starts an election after its back-off. */
  handleEndQuorumEpochRequest(req: EndQuorumEpochRequest, apiVersion = 1): EndQuorumEpochResponse {
    const checked = this.checkQuorumEpochRequest(req.clusterId, req.topics, apiVersion);
    if ("answer" in checked) return checked.answer;
    const p = checked.partition;
    try {
      this.maybeTransition(p.leaderId, p.leaderEpoch);
      const cur = this.quorum.current;
      if (cur instanceof FollowerState && cur.leaderId === p.leaderId) {
        const successors = p.preferredCandidates.length > 0 ? p.preferredCandidates.map((c) => c.candidateId) : p.preferredSuccessors;
        cur.overrideFetchTimeout(this.clock.nowMs(), this.endEpochElectionBackoff(successors.slice(0, 64)));
      }
      return this.quorumEpochAnswer(ErrorCode.NONE, ErrorCode.NONE, apiVersion);
    } finally {
      this.poll();
    }
  }

  /** Kafka's strictExponentialElectionBackoffMs by our place among the preferred successors. */
  private endEpochElectionBackoff(successors: readonly number[]): number {
    const pos = successors.indexOf(this.cfg.nodeId);
    const max = this.cfg.electionBackoffMaxMs;
    if (pos === 0) return 0;
    if (pos < 0) return max;
    const base = max >> Math.min(30, successors.length - 1);
    return Math.min(max, base << Math.min(30, pos - 1));
  }

  /** Fetch (1) as Raft serves it (v13+ by topic id, earlier by name): held up to maxWaitMs when there is nothing new. */
  handleFetchRequest(req: FetchRequest, apiVersion = 18): Promise<FetchResponse> {
    // Raft's answer needs v12's fields (diverging epoch, current leader, snapshot id): an older
    // version is told so, with those fields at the defaults its encoding requires.
    if (apiVersion < 12) {
      const p = { ...this.emptyFetchPartition(ErrorCode.UNSUPPORTED_VERSION), divergingEpoch: newEpochEndOffset(), currentLeader: newLeaderIdAndEpoch(), snapshotId: newSnapshotId() };
      return Promise.resolve({ throttleTimeMs: 0, errorCode: ErrorCode.UNSUPPORTED_VERSION, sessionId: 0, responses: [{ topic: METADATA_TOPIC, topicId: METADATA_TOPIC_ID, partitions: [p] }], nodeEndpoints: [] });
    }
    // v16+ answers name the leader's endpoint (KIP-853): a replica that asked a bootstrap server finds it so.
    const withEndpoints = (r: FetchResponse): FetchResponse => (apiVersion >= 16 && r.errorCode === ErrorCode.NONE ? { ...r, nodeEndpoints: this.leaderEndpoints(true).map((e) => ({ ...e, rack: null })) } : r);
    const immediate = this.tryCompleteFetch(req, false);
    if (immediate) return Promise.resolve(withEndpoints(immediate));
    if (this.parked.size >= this.cfg.maxParkedFetches) return Promise.resolve(withEndpoints(this.tryCompleteFetch(req, true)!));
    return new Promise<FetchResponse>((resolve0) => {
      const resolve = (r: FetchResponse) => resolve0(withEndpoints(r));
      const entry: ParkedFetch = {
        req,
        resolve,
        wakeup: this.clock.schedule(() => {
          if (!this.parked.delete(entry)) return;
          resolve(this.tryCompleteFetch(req, true)!);
        }, Math.max(0, Math.min(req.maxWaitMs, 60_000))),
      };
      this.parked.add(entry);
    });
  }

  private completeParkedFetches(): void {
    if (this.parked.size === 0) return;
    const all = [...this.parked];
    this.parked.clear();
    for (const p of all) {
      p.wakeup.cancel();
      p.resolve(this.tryCompleteFetch(p.req, true)!);
    }
  }

  private emptyFetchPartition(error: number): FetchPartitionData {
    return {
      partitionIndex: METADATA_PARTITION,
      errorCode: error,
      highWatermark: BigInt(this.log.highWatermark() > 0 && this.quorum.current instanceof LeaderState ? this.quorum.highWatermark() : -1),
      lastStableOffset: -1n,
      logStartOffset: BigInt(this.log.startOffset()),
      divergingEpoch: { epoch: -1, endOffset: -1n },
      currentLeader: { leaderId: this.quorum.leaderIdOrSentinel(), leaderEpoch: this.quorum.epoch },
      snapshotId: { endOffset: -1n, epoch: -1 },
      abortedTransactions: null,
      preferredReadReplica: -1,
      records: null,
    };
  }

  /** The answer to `req` now, or null when it should wait (nothing new and not `force`). */
  private tryCompleteFetch(req: FetchRequest, force: boolean): FetchResponse | null {
    const respond = (top: number, p: FetchPartitionData | null): FetchResponse => ({
      throttleTimeMs: 0,
      errorCode: top,
      sessionId: 0,
      responses: p ? [{ topic: METADATA_TOPIC, topicId: METADATA_TOPIC_ID, partitions: [p] }] : [],
      nodeEndpoints: [],
    });
    if (this.stopped) return respond(ErrorCode.BROKER_NOT_AVAILABLE, null);
    if (!this.clusterIdOk(req.clusterId)) return respond(ErrorCode.INCONSISTENT_CLUSTER_ID, null);
    const t = req.topics[0];
    const fp = t?.partitions[0];
    if (req.topics.length !== 1 || !t || t.partitions.length !== 1 || !fp || !this.isMetadataPartition(t.topic, t.topicId, fp.partition)) return respond(ErrorCode.INVALID_REQUEST, null);
    const replicaId = req.replicaState.replicaId >= 0 ? req.replicaState.replicaId : req.replicaId;
    if (fp.fetchOffset < 0n || fp.lastFetchedEpoch < 0 || fp.lastFetchedEpoch > fp.currentLeaderEpoch || fp.fetchOffset > BigInt(Number.MAX_SAFE_INTEGER)) return respond(ErrorCode.NONE, this.emptyFetchPartition(ErrorCode.INVALID_REQUEST));
    const err = this.validateLeaderOnlyRequest(fp.currentLeaderEpoch);
    if (err !== null) return respond(ErrorCode.NONE, this.emptyFetchPartition(err));
    // The leader never fetches from itself (Kafka's LeaderState refuses it too): a replayed or forged
    // fetch, which must not count toward check-quorum.
    if (replicaId === this.cfg.nodeId) return respond(ErrorCode.NONE, this.emptyFetchPartition(ErrorCode.INVALID_REQUEST));
    const s = this.quorum.current as LeaderState;
    const now = this.clock.nowMs();
    const fetchOffset = Number(fp.fetchOffset);
    const p = this.emptyFetchPartition(ErrorCode.NONE);
    const valid = this.log.validateOffsetAndEpoch(fetchOffset, fp.lastFetchedEpoch);
    if (valid.kind === "DIVERGING") {
      p.divergingEpoch = { epoch: valid.offsetAndEpoch.epoch, endOffset: BigInt(valid.offsetAndEpoch.offset) };
      return respond(ErrorCode.NONE, p);
    }
    if (valid.kind === "SNAPSHOT") {
      p.snapshotId = { endOffset: BigInt(valid.offsetAndEpoch.offset), epoch: valid.offsetAndEpoch.epoch };
      return respond(ErrorCode.NONE, p);
    }
    if (replicaId >= 0) {
      if (this.quorum.isVoter(replicaId)) s.updateCheckQuorumForFollowingVoter(replicaId, now);
      const key = { id: replicaId, directoryId: fp.replicaDirectoryId ?? NO_DIRECTORY_ID };
      if (s.updateReplicaState(key, now, fetchOffset, this.log.endOffset().offset)) {
        this.log.updateHighWatermark(s.highWatermark());
        p.highWatermark = BigInt(s.highWatermark());
        // Other held fetches learn the new high watermark now.
        queueMicrotask(() => {
          this.completeParkedFetches();
          this.poll();
        });
      }
    }
    const read = this.log.read(fetchOffset, "UNCOMMITTED", Math.max(1, Math.min(req.maxBytes > 0 ? req.maxBytes : this.cfg.maxFetchBytes, this.cfg.maxFetchBytes)));
    if (read.records.length === 0 && !force && req.maxWaitMs > 0) return null;
    p.records = read.records;
    p.highWatermark = BigInt(s.highWatermark());
    return respond(ErrorCode.NONE, p);
  }

  /** FetchSnapshot (59) v0-1: the leader sends `maxBytes` of its snapshot from `position`. */
  handleFetchSnapshotRequest(req: FetchSnapshotRequest, _apiVersion = 1): FetchSnapshotResponse {
    const partition = (error: number): FsPartition => ({
      index: METADATA_PARTITION,
      errorCode: error,
      snapshotId: { endOffset: -1n, epoch: -1 },
      currentLeader: { leaderId: this.quorum.leaderIdOrSentinel(), leaderEpoch: this.quorum.epoch },
      size: -1n,
      position: -1n,
      unalignedRecords: null,
    });
    const respond = (top: number, p: FsPartition | null): FetchSnapshotResponse => ({ throttleTimeMs: 0, errorCode: top, topics: p ? [{ name: METADATA_TOPIC, partitions: [p] }] : [], nodeEndpoints: [] });
    if (this.stopped) return respond(ErrorCode.BROKER_NOT_AVAILABLE, null);
    if (!this.clusterIdOk(req.clusterId)) return respond(ErrorCode.INCONSISTENT_CLUSTER_ID, null);
    const t = req.topics[0];
    const fp = t?.partitions[0];
    if (req.topics.length !== 1 || !t || t.partitions.length !== 1 || !fp || !this.isMetadataPartition(t.name, null, fp.partition)) return respond(ErrorCode.INVALID_REQUEST, null);
    const err = this.validateLeaderOnlyRequest(fp.currentLeaderEpoch);
    if (err !== null) return respond(ErrorCode.NONE, partition(err));
    if (req.replicaId === this.cfg.nodeId) return respond(ErrorCode.NONE, partition(ErrorCode.INVALID_REQUEST));
    const id = { offset: Number(fp.snapshotId.endOffset), epoch: fp.snapshotId.epoch };
    const snap = fp.snapshotId.endOffset >= 0n ? this.log.readSnapshot(id) : null;
    if (!snap) return respond(ErrorCode.NONE, partition(ErrorCode.SNAPSHOT_NOT_FOUND));
    if (fp.position < 0n || fp.position >= BigInt(snap.sizeInBytes)) return respond(ErrorCode.NONE, partition(ErrorCode.POSITION_OUT_OF_RANGE));
    const maxBytes = Math.max(1, Math.min(req.maxBytes > 0 ? req.maxBytes : this.cfg.maxFetchBytes, this.cfg.maxFetchBytes));
    const p = partition(ErrorCode.NONE);
    p.snapshotId = { endOffset: BigInt(id.offset), epoch: id.epoch };
    p.size = BigInt(snap.sizeInBytes);
    p.position = fp.position;
    p.unalignedRecords = snap.slice(Number(fp.position), maxBytes);
    const s = this.quorum.current as LeaderState;
    if (req.replicaId >= 0 && this.quorum.isVoter(req.replicaId)) s.updateCheckQuorumForFollowingVoter(req.replicaId, this.clock.nowMs());
    return respond(ErrorCode.NONE, p);
  }

  /** DescribeQuorum (55) v0-2: the leader's view of every voter and observer. */
  handleDescribeQuorumRequest(req: DescribeQuorumRequest, apiVersion = 2): DescribeQuorumResponse {
    const s = this.quorum.current;
    const t = req.topics[0];
    const base = { errorCode: ErrorCode.NONE, errorMessage: null, nodes: [] as DescribeQuorumResponse["nodes"] };
    if (!t || t.topicName !== METADATA_TOPIC || t.partitions[0]?.partitionIndex !== METADATA_PARTITION) return { ...base, errorCode: ErrorCode.INVALID_REQUEST, errorMessage: "only __cluster_metadata-0 is a Raft partition", topics: [] };
    if (!(s instanceof LeaderState)) {
      return { ...base, topics: [{ topicName: METADATA_TOPIC, partitions: [{ partitionIndex: METADATA_PARTITION, errorCode: ErrorCode.NOT_LEADER_OR_FOLLOWER, errorMessage: null, leaderId: this.quorum.leaderIdOrSentinel(), leaderEpoch: this.quorum.epoch, highWatermark: -1n, currentVoters: [], observers: [] }] }] };
    }
    const now = this.clock.nowMs();
    const leo = this.log.endOffset().offset;
    const rs = (x: { key: ReplicaKey; endOffset: number; lastFetchTimestampMs: number; lastCaughtUpTimestampMs: number }): DqReplicaState => {
      const self = x.key.id === this.cfg.nodeId;
      // Directory ids and the nodes' endpoints are v2's (KIP-853).
      return { replicaId: x.key.id, replicaDirectoryId: apiVersion >= 2 ? x.key.directoryId : NO_DIRECTORY_ID, logEndOffset: BigInt(self ? leo : x.endOffset), lastFetchTimestamp: BigInt(self ? now : x.lastFetchTimestampMs), lastCaughtUpTimestamp: BigInt(self ? now : x.lastCaughtUpTimestampMs) };
    };
    const voters = this.quorum.voters.voters();
    return {
      ...base,
      topics: [{ topicName: METADATA_TOPIC, partitions: [{ partitionIndex: METADATA_PARTITION, errorCode: ErrorCode.NONE, errorMessage: null, leaderId: this.cfg.nodeId, leaderEpoch: s.epoch, highWatermark: BigInt(s.highWatermark()), currentVoters: [...s.voterStates.values()].map(rs), observers: [...s.observerStates.values()].map(rs) }] }],
      nodes: apiVersion < 2 ? [] : voters.map((v) => ({ nodeId: v.key.id, listeners: v.endpoints.map((e) => ({ name: e.name, host: e.host, port: e.port })) })),
    };
  }

  /** The leader's endpoint on our listener, for answers whose version carries NodeEndpoints (`carried`). */
  private leaderEndpoints(carried: boolean): { nodeId: number; host: string; port: number }[] {
    if (!carried) return [];
    const id = this.quorum.leaderIdOrSentinel();
    const e = id >= 0 ? (this.quorum.voters.endpoint(id, this.cfg.listenerName) ?? this.learnedEndpoints.get(id) ?? null) : null;
    return e ? [{ nodeId: id, host: e.host, port: e.port }] : [];
  }

  // ---- KIP-853: the voter set from the log, and voter changes on the leader ----

  /** Where node `id` is reached on the controller listener, as far as this replica knows (voters, leaders learned of). */
  nodeEndpoint(id: number): { id: number; host: string; port: number } | null {
    return id >= 0 ? this.nodeOf(id) : null;
  }

  /** kraft.version as the log says (0: static voters). */
  kraftVersion(): number {
    return this.control.lastVoterSetOffset() === null ? this.cfg.kraftVersion : this.control.lastKraftVersion();
  }

  /** A response's NodeEndpoints: where a leader not (yet) in our voter set is reached. */
  private learnEndpoints(endpoints: ReadonlyArray<{ nodeId: number; host: string; port: number }> | undefined): void {
    for (const e of (endpoints ?? []).slice(0, MAX_LEARNED_ENDPOINTS)) {
      if (e.nodeId < 0 || e.nodeId === this.cfg.nodeId || e.port <= 0 || e.port > 65_535 || e.host === "") continue;
      if (this.learnedEndpoints.size >= MAX_LEARNED_ENDPOINTS && !this.learnedEndpoints.has(e.nodeId)) this.learnedEndpoints.clear();
      this.learnedEndpoints.set(e.nodeId, { name: this.cfg.listenerName, host: e.host, port: e.port });
    }
  }

  /** Catch up the voter set with the log (appends, truncations, snapshots); the leader recounts its quorum. */
  private syncVoters(): void {
    if (!this.control.updateState()) return;
    const voters = this.control.lastVoterSet();
    if (voters === this.quorum.voters) return;
    this.logger.info(`raft ${this.cfg.nodeId}: voters are now ${voters.voterIds().join(",") || "(none)"} (kraft.version ${this.control.lastKraftVersion()}, at offset ${this.control.lastVoterSetOffset()})`);
    this.quorum.voters = voters;
    const s = this.quorum.current;
    if (s instanceof LeaderState) {
      s.updateVoters(voters.voterKeys());
      if (s.updateLocalState(this.log.lastFlushedOffset())) this.onLeaderHighWatermark(s);
    }
    this.pollAgain = true;
  }

  /**
   * Kafka's appendStartOfEpochControlRecords at kraft.version 1: the first leader writes the bootstrap
   * snapshot's voters into the log (the bootstrap snapshot itself is never replicated), so that
   * replicas formatted without initial controllers learn them by fetching.
   */
  private maybeAppendStartOfEpochVoters(leader: LeaderState): void {
    if (this.control.lastKraftVersion() < 1 || this.control.lastVoterSetOffset() !== -1) return;
    const now = this.clock.nowMs();
    this.log.appendAsLeader(controlBatch([
      { type: ControlRecordType.KRAFT_VERSION, value: encodeKRaftVersion(this.control.lastKraftVersion()) },
      { type: ControlRecordType.KRAFT_VOTERS, value: encodeVoters(this.control.lastVoterSet().voters()) },
    ], now), leader.epoch);
    this.syncVoters();
  }

  /** Append a VotersRecord (after what is waiting in the accumulator); its offset. */
  private appendVotersRecord(s: LeaderState, voters: VoterSet): number {
    if (this.pending.length > 0) this.drainAccumulator(s);
    const info = this.log.appendAsLeader(controlBatch([{ type: ControlRecordType.KRAFT_VOTERS, value: encodeVoters(voters.voters()) }], this.clock.nowMs()), s.epoch);
    this.syncVoters();
    this.flushLeaderLog(s);
    this.completeParkedFetches();
    return info.lastOffset;
  }

  /** Kafka's isOperationPending: a voter change in progress (one that timed out is answered and dropped). */
  private voterChangePending(now: number): boolean {
    const c = this.voterChange;
    if (!c) return false;
    if (now < c.deadlineMs) return true;
    this.finishVoterChange(c, ErrorCode.REQUEST_TIMED_OUT, `the ${c.kind} voter operation for ${replicaKeyString(c.key)} timed out`);
    return false;
  }

  private finishVoterChange(c: PendingVoterChange, error: number, message: string | null): void {
    if (this.voterChange === c) this.voterChange = null;
    c.wakeup?.cancel();
    c.resolve(error, message);
  }

  private failVoterChange(error: number, message: string): void {
    if (this.voterChange) this.finishVoterChange(this.voterChange, error, message);
  }

  /** The leader's poll: a voter change commits once the high watermark passes its VotersRecord. */
  private pollVoterChange(s: LeaderState, now: number): void {
    const c = this.voterChange;
    if (!c) return;
    if (c.lastOffset !== null && s.highWatermark() > c.lastOffset) {
      this.finishVoterChange(c, ErrorCode.NONE, null);
      // RemoveVoterHandler.highWatermarkUpdated: a leader not in the committed voter set resigns.
      if (c.kind === "remove" && !this.quorum.voters.isVoter(this.localKey)) {
        this.logger.info(`raft ${this.cfg.nodeId}: leader is not in the committed voter set ${this.quorum.voters.voterIds()}; resigning epoch ${s.epoch}`);
        s.resignRequested = true;
      }
      return;
    }
    this.voterChangePending(now);
  }

  /**
   * Kafka's pollFollowerAsObserver with controller.quorum.auto.join.enable: every fetch.timeout.ms an
   * observer controller on a kraft.version 1 quorum asks its leader to add it (AddRaftVoter v1, no wait
   * for the commit), or first to remove the voter holding its id with another directory (a controller
   * whose disk was replaced). True when a request went out.
   */
  private maybeAutoJoin(s: FollowerState, now: number): boolean {
    const listeners = this.cfg.localListeners ?? [];
    if (!this.cfg.autoJoin || listeners.length === 0 || this.control.lastKraftVersion() < 1 || this.localKey.directoryId === NO_DIRECTORY_ID) return false;
    if (!this.autoJoinTimer || this.autoJoinTimer.state !== s) this.autoJoinTimer = { state: s, dueMs: now + this.cfg.fetchTimeoutMs };
    if (now < this.autoJoinTimer.dueMs) return false;
    const stale = this.control.lastVoterSet().voter(this.cfg.nodeId);
    const sent = stale
      ? this.maybeSend<RemoveRaftVoterResponse>(s.leaderId, API_REMOVE_RAFT_VOTER, { clusterId: this.cfg.clusterId, voterId: stale.key.id, voterDirectoryId: stale.key.directoryId }, 0, (r) => this.logger.info(`raft ${this.cfg.nodeId}: auto-join: RemoveRaftVoter of ${replicaKeyString(stale.key)} answered ${r.errorCode}`))
      : this.maybeSend<AddRaftVoterResponse>(s.leaderId, API_ADD_RAFT_VOTER, { clusterId: this.cfg.clusterId, timeoutMs: this.cfg.requestTimeoutMs, voterId: this.cfg.nodeId, voterDirectoryId: this.localKey.directoryId, listeners: listeners.map((l) => ({ name: l.name, host: l.host, port: l.port })), ackWhenCommitted: false }, 1, (r) => {
          if (r.errorCode !== ErrorCode.NONE) this.logger.debug?.(`raft ${this.cfg.nodeId}: auto-join: AddRaftVoter answered ${r.errorCode} ${r.errorMessage ?? ""}`);
        });
    if (sent) this.autoJoinTimer.dueMs = now + this.cfg.fetchTimeoutMs;
    return sent;
  }

  /** The checks AddRaftVoter, RemoveRaftVoter and UpdateRaftVoter share after the request's own (Kafka's handlers' order). */
  private checkVoterChange(s: LeaderState, now: number, what: string): { error: number; message: string } | null {
    if (this.voterChangePending(now)) return { error: ErrorCode.REQUEST_TIMED_OUT, message: "Request timed out waiting for leader to handle previous voter change request" };
    const hw = s.highWatermark();
    if (hw < 0) return { error: ErrorCode.REQUEST_TIMED_OUT, message: "Request timed out waiting for leader to establish HWM and fence previous voter changes" };
    const kraftVersion = this.control.lastKraftVersion();
    if (kraftVersion < 1) return { error: ErrorCode.UNSUPPORTED_VERSION, message: `Cluster doesn't support ${what} voter because the kraft.version feature is ${kraftVersion}` };
    const offset = this.control.lastVoterSetOffset();
    if (offset === null || offset >= hw) return { error: ErrorCode.REQUEST_TIMED_OUT, message: `Request timed out waiting for voters to commit the latest voter change at ${offset === null ? "Optional.empty" : `Optional[${offset}]`} with HWM ${hw}` };
    return null;
  }

  /** The request's listeners as voter endpoints (bounded), or null when the controller listener is missing. */
  private requestEndpoints(listeners: ReadonlyArray<{ name: string; host: string; port: number }>): VoterEndpoint[] | null {
    const out = listeners.slice(0, MAX_VOTER_LISTENERS).map((l) => ({ name: l.name, host: l.host, port: l.port }));
    return out.some((e) => e.name === this.cfg.listenerName) ? out : null;
  }

  /**
   * AddRaftVoter (80) v0-1, on the leader: the new voter must be an observer caught up with the log and
   * support the finalized kraft.version (asked with ApiVersions). Answered once the VotersRecord commits
   * (v1 with ackWhenCommitted false: once it is appended). Never throws.
   */
  handleAddRaftVoterRequest(req: AddRaftVoterRequest, apiVersion = 1): Promise<AddRaftVoterResponse> {
    const answer = (errorCode: number, errorMessage: string | null): AddRaftVoterResponse => ({ throttleTimeMs: 0, errorCode, errorMessage });
    if (this.stopped) return Promise.resolve(answer(ErrorCode.BROKER_NOT_AVAILABLE, null));
    if (!this.clusterIdOk(req.clusterId)) return Promise.resolve(answer(ErrorCode.INCONSISTENT_CLUSTER_ID, `The given id "${req.clusterId}" doesn't match the cluster id "${this.cfg.clusterId}"`));
    const err = this.validateLeaderOnlyRequest(this.quorum.epoch);
    if (err !== null) return Promise.resolve(answer(err, null));
    const key: ReplicaKey = { id: req.voterId, directoryId: req.voterDirectoryId };
    if (key.id < 0 || key.directoryId === NO_DIRECTORY_ID) return Promise.resolve(answer(ErrorCode.INVALID_REQUEST, "Add voter request didn't include a valid voter"));
    const endpoints = this.requestEndpoints(req.listeners);
    if (!endpoints) return Promise.resolve(answer(ErrorCode.INVALID_REQUEST, `Add voter request didn't include the endpoint for the default listener ${this.cfg.listenerName}`));
    const s = this.quorum.current as LeaderState;
    const now = this.clock.nowMs();
    const bad = this.checkVoterChange(s, now, "adding");
    if (bad) return Promise.resolve(answer(bad.error, bad.message));
    const voters = this.control.lastVoterSet();
    if (voters.isVoterId(key.id)) return Promise.resolve(answer(ErrorCode.DUPLICATE_VOTER, `The voter id for ${replicaKeyString(key)} is already part of the set of voters ${voters.voterKeys().map(replicaKeyString).join(", ")}.`));
    const e = endpoints.find((x) => x.name === this.cfg.listenerName)!;
    const ackWhenCommitted = apiVersion < 1 || req.ackWhenCommitted;
    return new Promise((resolve) => {
      const change: PendingVoterChange = { kind: "add", key, lastOffset: null, deadlineMs: now + this.cfg.requestTimeoutMs, resolve: (c, m) => resolve(answer(c, m)), wakeup: null, ackWhenCommitted };
      change.wakeup = this.clock.schedule(() => this.poll(), this.cfg.requestTimeoutMs);
      this.voterChange = change;
      // Kafka asks the new voter for its kraft.version range (API_VERSIONS) before writing anything.
      this.network.send<ApiVersionsResponse>({ id: key.id, host: e.host, port: e.port }, API_API_VERSIONS, { clientSoftwareName: "strand-raft", clientSoftwareVersion: "0" }, { minVersion: 3, timeoutMs: this.cfg.requestTimeoutMs }).then(
        (r) => this.handleAddVoterApiVersions(change, endpoints, r.body),
        () => this.handleAddVoterApiVersions(change, endpoints, null),
      );
    });
  }

  /** AddVoterHandler.handleApiVersionsResponse: check the range and the lag, then append the new voter set. */
  private handleAddVoterApiVersions(change: PendingVoterChange, endpoints: VoterEndpoint[], r: ApiVersionsResponse | null): void {
    if (this.stopped || this.voterChange !== change) return;
    const s = this.quorum.current;
    if (!(s instanceof LeaderState)) return this.finishVoterChange(change, ErrorCode.NOT_LEADER_OR_FOLLOWER, null);
    const key = change.key;
    if (!r || r.errorCode !== ErrorCode.NONE) return this.finishVoterChange(change, ErrorCode.REQUEST_TIMED_OUT, `Aborted add voter operation for since API_VERSIONS returned an error ${r ? r.errorCode : "NETWORK_EXCEPTION"}`);
    const kraftVersion = this.control.lastKraftVersion();
    const range = (r.supportedFeatures ?? []).find((f) => f.name === KRAFT_VERSION_FEATURE_NAME);
    if (!range || range.minVersion > kraftVersion || range.maxVersion < kraftVersion) {
      const shown = range ? `(min: ${range.minVersion}, max: ${range.maxVersion}` : "(min: 0, max: 0)";
      return this.finishVoterChange(change, ErrorCode.INVALID_REQUEST, `Aborted add voter operation for ${replicaKeyString(key)} since the kraft.version range ${shown} doesn't support the finalized version ${kraftVersion}`);
    }
    const now = this.clock.nowMs();
    if (!s.isReplicaCaughtUp(key, now)) return this.finishVoterChange(change, ErrorCode.REQUEST_TIMED_OUT, `Aborted add voter operation for ${replicaKeyString(key)} since it is lagging behind`);
    const next = this.control.lastVoterSet().addVoter({ key, endpoints, kraftVersion: { min: range.minVersion, max: range.maxVersion } });
    if (!next) return this.finishVoterChange(change, ErrorCode.DUPLICATE_VOTER, `The voter id for ${replicaKeyString(key)} is already part of the set of voters`);
    change.lastOffset = this.appendVotersRecord(s, next);
    this.logger.info(`raft ${this.cfg.nodeId}: adding voter ${replicaKeyString(key)} at offset ${change.lastOffset}`);
    if (!change.ackWhenCommitted) this.finishVoterChange(change, ErrorCode.NONE, null);
    this.poll();
  }

  /** RemoveRaftVoter (81) v0, on the leader: answered once the VotersRecord without the voter commits. Never throws. */
  handleRemoveRaftVoterRequest(req: RemoveRaftVoterRequest, _apiVersion = 0): Promise<RemoveRaftVoterResponse> {
    const answer = (errorCode: number, errorMessage: string | null): RemoveRaftVoterResponse => ({ throttleTimeMs: 0, errorCode, errorMessage });
    if (this.stopped) return Promise.resolve(answer(ErrorCode.BROKER_NOT_AVAILABLE, null));
    if (!this.clusterIdOk(req.clusterId)) return Promise.resolve(answer(ErrorCode.INCONSISTENT_CLUSTER_ID, `The given id "${req.clusterId}" doesn't match the cluster id "${this.cfg.clusterId}"`));
    const err = this.validateLeaderOnlyRequest(this.quorum.epoch);
    if (err !== null) return Promise.resolve(answer(err, null));
    const key: ReplicaKey = { id: req.voterId, directoryId: req.voterDirectoryId };
    if (key.id < 0 || key.directoryId === NO_DIRECTORY_ID) return Promise.resolve(answer(ErrorCode.INVALID_REQUEST, "Remove voter request didn't include a valid voter"));
    const s = this.quorum.current as LeaderState;
    const now = this.clock.nowMs();
    const bad = this.checkVoterChange(s, now, "removing");
    if (bad) return Promise.resolve(answer(bad.error, bad.message));
    const voters = this.control.lastVoterSet();
    const next = voters.removeVoter(key);
    if (!next) return Promise.resolve(answer(ErrorCode.VOTER_NOT_FOUND, `Cannot remove voter ${replicaKeyString(key)} from the set of voters ${voters.voterKeys().map(replicaKeyString).join(", ")}`));
    return new Promise((resolve) => {
      const change: PendingVoterChange = { kind: "remove", key, lastOffset: null, deadlineMs: now + this.cfg.requestTimeoutMs, resolve: (c, m) => resolve(answer(c, m)), wakeup: null, ackWhenCommitted: true };
      change.wakeup = this.clock.schedule(() => this.poll(), this.cfg.requestTimeoutMs);
      this.voterChange = change;
      change.lastOffset = this.appendVotersRecord(s, next);
      this.logger.info(`raft ${this.cfg.nodeId}: removing voter ${replicaKeyString(key)} at offset ${change.lastOffset}`);
      this.poll();
    });
  }

  /** UpdateRaftVoter (82) v0, on the leader: a voter's endpoints and kraft.version range; answered once appended. Never throws. */
  handleUpdateRaftVoterRequest(req: UpdateRaftVoterRequest, _apiVersion = 0): UpdateRaftVoterResponse {
    const answer = (errorCode: number): UpdateRaftVoterResponse => {
      const le = this.quorum.leaderAndEpoch();
      const e = le.leaderId >= 0 ? this.nodeOf(le.leaderId) : null;
      return { throttleTimeMs: 0, errorCode, currentLeader: { leaderId: le.leaderId, leaderEpoch: le.epoch, host: e?.host ?? "", port: e?.port ?? -1 } };
    };
    if (this.stopped) return answer(ErrorCode.BROKER_NOT_AVAILABLE);
    if (!this.clusterIdOk(req.clusterId)) return answer(ErrorCode.INCONSISTENT_CLUSTER_ID);
    const err = this.validateLeaderOnlyRequest(req.currentLeaderEpoch);
    if (err !== null) return answer(err);
    const key: ReplicaKey = { id: req.voterId, directoryId: req.voterDirectoryId };
    if (key.id < 0 || key.directoryId === NO_DIRECTORY_ID) return answer(ErrorCode.INVALID_REQUEST);
    const endpoints = this.requestEndpoints(req.listeners);
    if (!endpoints) return answer(ErrorCode.INVALID_REQUEST);
    const range = req.kRaftVersionFeature;
    if (range.minSupportedVersion < 0 || range.maxSupportedVersion < 0 || range.maxSupportedVersion < range.minSupportedVersion) return answer(ErrorCode.INVALID_REQUEST);
    // A static quorum (kraft.version 0) has no VotersRecord to change: Kafka 4.4's voters still send
    // UpdateRaftVoter, and its leader checks that the range holds 0 and the sender is a voter, answers
    // NONE and changes nothing (it would keep the range for a kraft.version upgrade Strand lacks).
    if (this.control.lastKraftVersion() === 0) {
      if (range.minSupportedVersion > 0) return answer(ErrorCode.INVALID_REQUEST);
      return answer(this.quorum.isVoter(key.id) ? ErrorCode.NONE : ErrorCode.VOTER_NOT_FOUND);
    }
    const s = this.quorum.current as LeaderState;
    const bad = this.checkVoterChange(s, this.clock.nowMs(), "updating");
    if (bad) return answer(bad.error);
    const kraftVersion = this.control.lastKraftVersion();
    if (range.minSupportedVersion > kraftVersion || range.maxSupportedVersion < kraftVersion) return answer(ErrorCode.INVALID_REQUEST);
    const next = this.control.lastVoterSet().updateVoter({ key, endpoints, kraftVersion: { min: range.minSupportedVersion, max: range.maxSupportedVersion } });
    if (!next) return answer(ErrorCode.VOTER_NOT_FOUND);
    this.appendVotersRecord(s, next);
    this.poll();
    // Kafka replies at once, without waiting for the change to commit.
    return answer(ErrorCode.NONE);
  }

  // ---- listeners ----

  private maybeNotifyLeaderChange(): void {
    const le = this.quorum.leaderAndEpoch();
    for (const l of this.listeners) {
      if (l.lastLeader && l.lastLeader.leaderId === le.leaderId && l.lastLeader.epoch === le.epoch) continue;
      const s = this.quorum.current;
      // The local leader is announced once its listener has read everything before the epoch started.
      if (s instanceof LeaderState && l.nextOffset < s.epochStartOffset) continue;
      l.lastLeader = le;
      l.listener.handleLeaderChange(le);
    }
    this.lastNotifiedLeader = le;
  }

  /** Committed batches below the high watermark, in order, once per listener. */
  private deliverCommitted(): void {
    if (this.delivering) return;
    this.delivering = true;
    try {
      const hw = this.log.highWatermark();
      for (const l of this.listeners) {
        if (l.nextOffset < this.log.startOffset()) {
          const snapId = this.log.latestSnapshotId();
          const raw = snapId ? this.log.readSnapshot(snapId) : null;
          if (snapId && raw && snapId.offset <= hw) {
            l.listener.handleLoadSnapshot(snapshotReaderOf(snapId, raw.slice(0, raw.sizeInBytes)));
            l.nextOffset = snapId.offset;
          } else continue;
        }
        // Bounded: each round moves nextOffset forward by at least one batch, up to the high watermark.
        for (let round = 0; round < 10_000 && l.nextOffset < hw; round++) {
          const read = this.log.read(l.nextOffset, "COMMITTED", this.cfg.maxFetchBytes);
          if (read.records.length === 0) break;
          const out: Batch[] = [];
          for (const b of batchesOf(read.records)) {
            const last = Number(b.lastOffset);
            if (last < l.nextOffset) continue;
            if (last >= hw) break;
            const lb = toListenerBatch(b, true);
            if (lb) out.push(lb);
            l.nextOffset = last + 1;
          }
          if (out.length > 0) l.listener.handleCommit(out);
          if (out.length === 0 && read.records.length > 0 && l.nextOffset <= Number(read.startOffset)) break;
        }
      }
    } finally {
      this.delivering = false;
    }
    this.maybeNotifyLeaderChange();
  }
}

function snapshotReaderOf(id: SnapshotId, bytes: Uint8Array): SnapshotReader {
  return {
    snapshotId: id,
    lastContainedLogTimestampMs: 0,
    *batches(): Iterable<Batch> {
      for (const b of batchesOf(bytes)) {
        const lb = toListenerBatch(b);
        if (lb) yield lb;
      }
    },
  };
}
