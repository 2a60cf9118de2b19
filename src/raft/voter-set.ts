// Kafka's VoterSet: who votes and where each voter is reached. Static today (controller.quorum.voters,
// kraft.version 0); KIP-853 grows it from VotersRecords in the log, so it is a value built from a list of
// Voters rather than from the config string alone.

import type { ReplicaKey, Voter, VoterEndpoint } from "./types.ts";
import { NO_DIRECTORY_ID } from "./raft-records.ts";

/** Bound on voters: Kafka's quorums are a handful of nodes; a config with thousands is a mistake. */
export const MAX_VOTERS = 64;

export class VoterSet {
  private readonly byId = new Map<number, Voter>();

  constructor(voters: readonly Voter[], opts: { allowEmpty?: boolean } = {}) {
    if (voters.length === 0 && !opts.allowEmpty) throw new RangeError("a voter set needs at least one voter");
    if (voters.length > MAX_VOTERS) throw new RangeError(`at most ${MAX_VOTERS} voters, got ${voters.length}`);
    for (const v of voters) {
      if (this.byId.has(v.key.id)) throw new RangeError(`voter ${v.key.id} listed twice`);
      this.byId.set(v.key.id, v);
    }
  }

  /**
   * controller.quorum.voters: `id@host:port,...` (KIP-595), every endpoint on `listenerName`. Throws
   * Kafka's message shape for a bad entry.
   */
  static parseStatic(value: string, listenerName: string): VoterSet {
    const voters: Voter[] = [];
    for (const entry of value.split(",").map((s) => s.trim()).filter((s) => s.length > 0)) {
      const m = /^(\d+)@(.+):(\d+)$/.exec(entry);
      if (!m) throw new RangeError(`Invalid controller.quorum.voters entry ${entry}: expected {id}@{host}:{port}`);
      const port = Number(m[3]);
      if (port <= 0 || port > 65535) throw new RangeError(`Invalid port in controller.quorum.voters entry ${entry}`);
      const host = m[2]!.startsWith("[") && m[2]!.endsWith("]") ? m[2]!.slice(1, -1) : m[2]!;
      voters.push({ key: { id: Number(m[1]), directoryId: NO_DIRECTORY_ID }, endpoints: [{ name: listenerName, host, port }], kraftVersion: { min: 0, max: 0 } });
    }
    return new VoterSet(voters);
  }

  /**
   * No voters: a controller formatted with --no-initial-controllers (or a broker) on a dynamic quorum
   * before it has read a VotersRecord from the leader (Kafka's VoterSet.empty()).
   */
  static empty(): VoterSet {
    return new VoterSet([], { allowEmpty: true });
  }

  get size(): number {
    return this.byId.size;
  }

  /** Votes (or fetched offsets) needed for a decision. */
  get majoritySize(): number {
    return Math.floor(this.byId.size / 2) + 1;
  }

  voterIds(): number[] {
    return [...this.byId.keys()].sort((a, b) => a - b);
  }

  voters(): Voter[] {
    return this.voterIds().map((id) => this.byId.get(id)!);
  }

  isVoterId(id: number): boolean {
    return this.byId.has(id);
  }

  /** Static voters carry no directory id: any directory matches (Kafka's ReplicaKey with no directory). */
  isVoter(key: ReplicaKey): boolean {
    const v = this.byId.get(key.id);
    if (!v) return false;
    return v.key.directoryId === NO_DIRECTORY_ID || key.directoryId === NO_DIRECTORY_ID || v.key.directoryId === key.directoryId;
  }

  isOnlyVoter(key: ReplicaKey): boolean {
    return this.byId.size === 1 && this.isVoter(key);
  }

  endpoint(id: number, listenerName: string): VoterEndpoint | null {
    const v = this.byId.get(id);
    if (!v) return null;
    return v.endpoints.find((e) => e.name === listenerName) ?? v.endpoints[0] ?? null;
  }

  voter(id: number): Voter | null {
    return this.byId.get(id) ?? null;
  }

  voterKeys(): ReplicaKey[] {
    return this.voters().map((v) => v.key);
  }

  /** Kafka's VoterSet.addVoter: a new set with `voter`, or null when its id is a voter already. */
  addVoter(voter: Voter): VoterSet | null {
    if (this.byId.has(voter.key.id)) return null;
    return new VoterSet([...this.byId.values(), voter]);
  }

  /** Kafka's VoterSet.removeVoter: the id and directory id must match; the last voter stays. */
  removeVoter(key: ReplicaKey): VoterSet | null {
    const v = this.byId.get(key.id);
    if (!v || v.key.directoryId !== key.directoryId || this.byId.size === 1) return null;
    return new VoterSet([...this.byId.values()].filter((x) => x.key.id !== key.id));
  }

  /** Kafka's VoterSet.updateVoter: replaces the voter with the same id and directory id, else null. */
  updateVoter(voter: Voter): VoterSet | null {
    const v = this.byId.get(voter.key.id);
    if (!v || (v.key.directoryId !== voter.key.directoryId && v.key.directoryId !== NO_DIRECTORY_ID)) return null;
    return new VoterSet([...this.byId.values()].map((x) => (x.key.id === voter.key.id ? voter : x)));
  }

  /** Same voters, keys, endpoints and version ranges. */
  equals(other: VoterSet): boolean {
    return JSON.stringify(this.voters()) === JSON.stringify(other.voters());
  }
}
