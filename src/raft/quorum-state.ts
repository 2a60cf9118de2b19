// Kafka's QuorumState: the replica's current EpochState and the transitions between them, each checked
// as Kafka checks it. Transitions that change what must survive a crash (a new epoch, a vote, a leader)
// write the ElectionState through the QuorumStateStore first ("durable"); Prospective and Resigned are
// memory-only, as in Kafka (a pre-vote changes nothing durable; a resigned leader's epoch is already
// written).
//
//   Unattached --election timeout--> Prospective --majority of pre-votes--> Candidate --majority--> Leader
//   Follower --fetch timeout--> Prospective --lost/timed out--> Follower (leader known) | Unattached
//   Candidate --election timeout--> Prospective;  Leader --resign/check-quorum--> Resigned --timeout--> Unattached
//   any --higher epoch seen--> Unattached | Follower

import { assert } from "../util/assert.ts";
import { CandidateState } from "./candidate-state.ts";
import { ElectionState } from "./election-state.ts";
import type { EpochState } from "./epoch-state.ts";
import { FollowerState } from "./follower-state.ts";
import { LeaderState } from "./leader-state.ts";
import { ProspectiveState } from "./prospective-state.ts";
import type { QuorumStateStore } from "./quorum-state-store.ts";
import { ResignedState } from "./resigned-state.ts";
import type { LeaderAndEpoch, OffsetAndEpoch, ReplicaKey } from "./types.ts";
import { UnattachedState } from "./unattached-state.ts";
import type { VoterSet } from "./voter-set.ts";

/**
 * The last epoch there is: epochs are int32 on the wire and in the quorum-state file. A replica in it
 * cannot start another election (its candidacy would be in an epoch no peer can read); Kafka's int
 * epoch would wrap to a negative one there.
 */
export const MAX_EPOCH = 2 ** 31 - 1;

export class IllegalStateTransition extends Error {
  constructor(message: string) {
    super(message);
    this.name = "IllegalStateTransition";
  }
}

export interface QuorumStateConfig {
  readonly localKey: ReplicaKey;
  readonly listenerName: string;
  readonly electionTimeoutMs: number;
  readonly fetchTimeoutMs: number;
  /** Time between BeginQuorumEpoch resends to voters that have not acknowledged the leader. */
  readonly beginQuorumEpochTimeoutMs: number;
  readonly kraftVersion: number;
}

export class QuorumState {
  private state!: EpochState;

  constructor(
    private readonly cfg: QuorumStateConfig,
    public voters: VoterSet,
    private readonly store: QuorumStateStore,
    private readonly now: () => number,
    private readonly random: () => number,
  ) {}

  /** Start from the stored election state, never behind the log's last epoch (Kafka's initialize). */
  initialize(logEndOffsetAndEpoch: OffsetAndEpoch): void {
    const stored = this.store.readElectionState() ?? ElectionState.withUnknownLeader(0, this.voters.voterIds());
    const now = this.now();
    const local = this.cfg.localKey;
    const ids = this.voters.voterIds();
    let s: EpochState;
    if (stored.epoch < logEndOffsetAndEpoch.epoch) {
      // The store is behind the log (a lost file, or a copy): start unattached in the log's epoch.
      s = new UnattachedState(now, logEndOffsetAndEpoch.epoch, -1, null, ids, -1, this.randomElectionTimeoutMs());
    } else if (stored.isLeader(local.id)) {
      // We were leader: the epoch's uncommitted tail is unknown to us now; resign it.
      s = new ResignedState(now, local.id, stored.epoch, ids, this.randomElectionTimeoutMs(), []);
    } else if (stored.isVotedCandidate(local) && !stored.hasLeader()) {
      s = new CandidateState(now, local, stored.epoch, ids, -1, this.randomElectionTimeoutMs());
    } else if (stored.hasLeader() && this.voters.endpoint(stored.leaderId, this.cfg.listenerName)) {
      s = new FollowerState(now, stored.epoch, stored.leaderId, this.voters.endpoint(stored.leaderId, this.cfg.listenerName), stored.votedKey, ids, -1, this.cfg.fetchTimeoutMs, this.random);
    } else {
      s = new UnattachedState(now, stored.epoch, stored.leaderId, stored.votedKey, ids, -1, this.isVoter() ? this.randomElectionTimeoutMs() : Number.MAX_SAFE_INTEGER);
    }
    this.state = s;
    // Write what we start from, so a later read sees this epoch (Kafka does a durable transition too).
    if (s.name !== "Resigned" && !stored.equals(s.election())) this.store.writeElectionState(s.election(), this.cfg.kraftVersion);
  }

  get current(): EpochState {
    return this.state;
  }
  get epoch(): number {
    return this.state.epoch;
  }
  get localId(): number {
    return this.cfg.localKey.id;
  }
  get localKey(): ReplicaKey {
    return this.cfg.localKey;
  }
  leaderAndEpoch(): LeaderAndEpoch {
    return this.state.leaderAndEpoch();
  }
  leaderIdOrSentinel(): number {
    return this.state.leaderAndEpoch().leaderId;
  }
  hasLeader(): boolean {
    return this.leaderIdOrSentinel() >= 0;
  }
  isVoter(id: number = this.cfg.localKey.id): boolean {
    return this.voters.isVoterId(id);
  }
  isObserver(): boolean {
    return !this.voters.isVoter(this.cfg.localKey);
  }
  isOnlyVoter(): boolean {
    return this.voters.isOnlyVoter(this.cfg.localKey);
  }
  highWatermark(): number {
    return this.state.highWatermark();
  }
  canGrantVote(key: ReplicaKey, isLogUpToDate: boolean, isPreVote: boolean): boolean {
    return this.state.canGrantVote(key, isLogUpToDate, isPreVote);
  }

  votedKey(): ReplicaKey | null {
    const s = this.state;
    if (s instanceof UnattachedState || s instanceof ProspectiveState || s instanceof FollowerState) return s.votedKey;
    if (s instanceof CandidateState || s instanceof LeaderState) return s.localKey;
    return null;
  }

  /** Kafka's QuorumState.randomElectionTimeoutMs: the timeout plus up to as much again of jitter. */
  randomElectionTimeoutMs(): number {
    const t = this.cfg.electionTimeoutMs;
    return t === 0 ? 0 : t + Math.floor(this.random() * t);
  }

  private durableTransitionTo(s: EpochState): void {
    this.store.writeElectionState(s.election(), this.cfg.kraftVersion);
    this.state = s;
  }

  transitionToUnattached(epoch: number, leaderId: number): void {
    const cur = this.state;
    if (epoch < cur.epoch || (epoch === cur.epoch && cur.name !== "Prospective" && cur.name !== "Resigned")) {
      throw new IllegalStateTransition(`Cannot transition to Unattached with epoch=${epoch} from current state ${cur.name} in epoch ${cur.epoch}`);
    }
    const now = this.now();
    let timeoutMs: number;
    if (this.isObserver()) timeoutMs = Number.MAX_SAFE_INTEGER;
    else if (cur instanceof CandidateState) timeoutMs = cur.remainingElectionTimeMs(now);
    else if (cur instanceof UnattachedState) timeoutMs = cur.remainingElectionTimeMs(now);
    else timeoutMs = this.randomElectionTimeoutMs();
    const votedKey = epoch === cur.epoch ? this.votedKey() : null;
    this.durableTransitionTo(new UnattachedState(now, epoch, leaderId, votedKey, this.voters.voterIds(), cur.highWatermark(), timeoutMs));
  }

  /** A vote granted in Unattached: durable before the response goes out. */
  unattachedAddVotedState(epoch: number, candidate: ReplicaKey): void {
    const cur = this.state;
    if (!(cur instanceof UnattachedState) || cur.epoch !== epoch || cur.votedKey) throw new IllegalStateTransition(`Cannot add a vote for ${candidate.id} in ${cur.name} epoch ${cur.epoch}`);
    this.durableTransitionTo(new UnattachedState(this.now(), epoch, cur.leaderId, candidate, this.voters.voterIds(), cur.highWatermark(), cur.remainingElectionTimeMs(this.now())));
  }

  /** A vote granted while Prospective: the replica stops its own attempt (Unattached, voted), durably. */
  prospectiveAddVotedState(epoch: number, candidate: ReplicaKey): void {
    const cur = this.state;
    if (!(cur instanceof ProspectiveState) || cur.epoch !== epoch || cur.votedKey) throw new IllegalStateTransition(`Cannot add a vote for ${candidate.id} in ${cur.name} epoch ${cur.epoch}`);
    this.durableTransitionTo(new UnattachedState(this.now(), epoch, cur.leaderId, candidate, this.voters.voterIds(), cur.highWatermark(), this.randomElectionTimeoutMs()));
  }

  transitionToFollower(epoch: number, leaderId: number): void {
    const cur = this.state;
    if (leaderId === this.localId) throw new IllegalStateTransition(`Cannot transition to Follower with leader ${leaderId} and epoch=${epoch} since it matches the local id`);
    const endpoint = this.voters.endpoint(leaderId, this.cfg.listenerName);
    if (epoch < cur.epoch) throw new IllegalStateTransition(`Cannot transition to Follower with leader ${leaderId} and epoch=${epoch} from ${cur.name} in epoch ${cur.epoch}`);
    if (epoch === cur.epoch) {
      if (cur instanceof FollowerState) throw new IllegalStateTransition(`Cannot transition to Follower with leader ${leaderId} and epoch=${epoch} from state ${cur.name}: already following ${cur.leaderId}`);
      if (cur instanceof LeaderState) throw new IllegalStateTransition(`Cannot transition to Follower with leader ${leaderId} and epoch=${epoch} from state Leader`);
    }
    const votedKey = epoch === cur.epoch ? this.votedKey() : null;
    this.durableTransitionTo(new FollowerState(this.now(), epoch, leaderId, endpoint, votedKey, this.voters.voterIds(), cur.highWatermark(), this.cfg.fetchTimeoutMs, this.random));
  }

  transitionToProspective(): void {
    const cur = this.state;
    if (this.isObserver()) throw new IllegalStateTransition(`Cannot transition to Prospective since the local id (${this.localId}) is not one of the voters ${this.voters.voterIds()}`);
    if (cur instanceof LeaderState || cur instanceof ProspectiveState) throw new IllegalStateTransition(`Cannot transition to Prospective since the local broker.id=${this.localId} is state ${cur.name}`);
    const leaderId = cur instanceof CandidateState ? -1 : cur.leaderAndEpoch().leaderId === this.localId ? -1 : cur.leaderAndEpoch().leaderId;
    const votedKey = this.votedKey();
    this.state = new ProspectiveState(this.now(), this.localId, cur.epoch, leaderId, votedKey, this.voters.voterIds(), cur.highWatermark(), this.randomElectionTimeoutMs());
  }

  transitionToCandidate(): void {
    const cur = this.state;
    if (!(cur instanceof ProspectiveState)) throw new IllegalStateTransition(`Cannot transition to Candidate from ${cur.name}: only a Prospective that won its pre-vote can`);
    if (!cur.epochElection.isVoteGranted() && !this.isOnlyVoter()) throw new IllegalStateTransition(`Cannot transition to Candidate: the pre-vote is not won (${cur.epochElection})`);
    if (cur.epoch >= MAX_EPOCH) throw new IllegalStateTransition(`Cannot transition to Candidate: epoch ${cur.epoch} is the last one`);
    this.durableTransitionTo(new CandidateState(this.now(), this.cfg.localKey, cur.epoch + 1, this.voters.voterIds(), cur.highWatermark(), this.randomElectionTimeoutMs()));
  }

  transitionToLeader(epochStartOffset: number, fetchTimeoutMs: number): LeaderState {
    const cur = this.state;
    if (!(cur instanceof CandidateState)) throw new IllegalStateTransition(`Cannot transition to Leader from ${cur.name}`);
    if (!cur.epochElection.isVoteGranted()) throw new IllegalStateTransition(`Cannot become leader without a majority of votes (${cur.epochElection})`);
    const leader = new LeaderState(this.now(), this.cfg.localKey, cur.epoch, epochStartOffset, this.voters.voterIds(), cur.epochElection.grantingVoters(), fetchTimeoutMs, this.cfg.beginQuorumEpochTimeoutMs);
    this.durableTransitionTo(leader);
    return leader;
  }

  transitionToResigned(preferredSuccessors: readonly number[]): void {
    const cur = this.state;
    if (!(cur instanceof LeaderState)) throw new IllegalStateTransition(`Invalid transition to Resigned state from ${cur.name}`);
    // Memory only: the epoch and our leadership are already durable.
    this.state = new ResignedState(this.now(), this.localId, cur.epoch, this.voters.voterIds(), this.randomElectionTimeoutMs(), preferredSuccessors);
  }
}

export function assertEpochState(s: EpochState): void {
  assert(Number.isInteger(s.epoch) && s.epoch >= 0 && s.epoch <= MAX_EPOCH, () => `epoch ${s.epoch}`);
}
