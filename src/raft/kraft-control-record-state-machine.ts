// Kafka's KRaftControlRecordStateMachine (KIP-853): the kraft.version and the voter set as the log and
// its latest snapshot say, each a history keyed by the offset of the record that set it, so that a
// follower truncating its log reverts an uncommitted voter change (the entries at or past the new end
// are dropped) and a reader can ask for the voters at an offset (a snapshot's).
//
// A snapshot contributes its header's KRaftVersionRecord and VotersRecord at offset snapshot - 1 (-1
// for the bootstrap snapshot 0-0 `kafka-storage format` writes); the log contributes the
// KRaftVersionRecord and VotersRecord control records at their offsets. With no entry (kraft.version
// 0, a static quorum) the voters are controller.quorum.voters.
//
// updateState() catches up with the log; the raft client calls it after every change to the log (an
// append, a truncation, a fetched snapshot), cheaply: it reads only past the last offset it saw.

import { ControlRecordType, controlRecordTypeOf } from "../protocol/records/control-batch.ts";
import { batchesOf } from "./raft-records.ts";
import type { ReplicatedLog } from "./replicated-log.ts";
import { decodeKRaftVersion, decodeVoters } from "./snapshot/control-records.ts";
import { RecordsSnapshotReader } from "./snapshot/records-snapshot-reader.ts";
import type { SnapshotId } from "./types.ts";
import { VoterSet } from "./voter-set.ts";

interface Entry<T> {
  readonly offset: number;
  readonly value: T;
}

/** Entries before the log start kept: the newest one (the voters the log starts with). */
const MAX_KEPT_BEFORE_START = 1;
/** Entries kept at most (a log of nothing but voter changes is a mistake; the oldest go first). */
const MAX_HISTORY = 10_000;
/** Bytes read from the log per step while catching up. */
const READ_BYTES = 1 << 20;
/** Read steps per updateState (a log of metadata catches up over a few polls, never in one unbounded loop). */
const MAX_READS_PER_UPDATE = 1_000;

export class KRaftControlRecordStateMachine {
  private voterHistory: Entry<VoterSet>[] = [];
  private versionHistory: Entry<number>[] = [];
  private nextOffset = -1;
  private loadedSnapshot: SnapshotId | null = null;

  constructor(
    private readonly log: ReplicatedLog,
    private readonly staticVoters: VoterSet,
    private readonly logger: { info(msg: string): void } = { info: () => {} },
  ) {}

  /** Catch up with the log (and a newer snapshot); true when the last voter set or kraft.version changed. */
  updateState(): boolean {
    const beforeVoters = this.lastVoterSet();
    const beforeVersion = this.lastKraftVersion();
    const end = this.log.endOffset().offset;
    if (this.nextOffset > end) this.truncateNewEntries(end);
    this.maybeLoadSnapshot();
    this.maybeLoadLog();
    this.truncateOldEntries(this.log.startOffset());
    return this.lastVoterSet() !== beforeVoters || this.lastKraftVersion() !== beforeVersion;
  }

  /** The newest voter set, committed or not (Raft uses a configuration as soon as it is in the log). */
  lastVoterSet(): VoterSet {
    return this.voterHistory[this.voterHistory.length - 1]?.value ?? this.staticVoters;
  }

  /** The offset of the newest VotersRecord; -1 when it came from a snapshot (or the bootstrap), null when there is none. */
  lastVoterSetOffset(): number | null {
    return this.voterHistory[this.voterHistory.length - 1]?.offset ?? null;
  }

  /** The voters as of `offset` (the newest entry at or before it). */
  voterSetAtOffset(offset: number): VoterSet {
    for (let i = this.voterHistory.length - 1; i >= 0; i--) if (this.voterHistory[i]!.offset <= offset) return this.voterHistory[i]!.value;
    return this.staticVoters;
  }

  lastKraftVersion(): number {
    return this.versionHistory[this.versionHistory.length - 1]?.value ?? 0;
  }

  kraftVersionAtOffset(offset: number): number {
    for (let i = this.versionHistory.length - 1; i >= 0; i--) if (this.versionHistory[i]!.offset <= offset) return this.versionHistory[i]!.value;
    return 0;
  }

  private truncateNewEntries(endOffset: number): void {
    const dropped = this.voterHistory.filter((e) => e.offset >= endOffset).length;
    this.voterHistory = this.voterHistory.filter((e) => e.offset < endOffset);
    this.versionHistory = this.versionHistory.filter((e) => e.offset < endOffset);
    if (dropped > 0) this.logger.info(`kraft control records: log truncated to ${endOffset}, dropped ${dropped} uncommitted voter set(s); voters now ${this.lastVoterSet().voterIds()}`);
    this.nextOffset = endOffset;
  }

  /** Kafka's truncateOldEntries: history before the log start is kept only as its newest entry. */
  private truncateOldEntries(startOffset: number): void {
    const prune = <T>(h: Entry<T>[]): Entry<T>[] => {
      let lastBefore = -1;
      for (let i = 0; i < h.length; i++) if (h[i]!.offset < startOffset) lastBefore = i;
      const from = Math.max(lastBefore - (MAX_KEPT_BEFORE_START - 1), h.length - MAX_HISTORY, 0);
      return from > 0 ? h.slice(from) : h;
    };
    this.voterHistory = prune(this.voterHistory);
    this.versionHistory = prune(this.versionHistory);
  }

  private maybeLoadSnapshot(): void {
    const id = this.log.latestSnapshotId();
    if (!id) return;
    const fresh = this.nextOffset < 0 || this.nextOffset < this.log.startOffset();
    // A follower whose log restarted at a newer snapshot (truncateToLatestSnapshot) reads it too.
    const reset = this.loadedSnapshot !== null && id.offset > this.loadedSnapshot.offset && this.log.startOffset() >= id.offset && this.nextOffset <= id.offset;
    if (!fresh && !reset) return;
    const raw = this.log.readSnapshot(id);
    if (!raw) return;
    const reader = RecordsSnapshotReader.of(raw);
    this.voterHistory = [];
    this.versionHistory = [];
    const at = id.offset - 1;
    if (reader.kraftVersion > 0) this.versionHistory.push({ offset: at, value: reader.kraftVersion });
    if (reader.voters && reader.voters.length > 0) this.voterHistory.push({ offset: at, value: new VoterSet(reader.voters) });
    this.loadedSnapshot = id;
    this.nextOffset = id.offset;
  }

  private maybeLoadLog(): void {
    if (this.nextOffset < 0) this.nextOffset = this.log.startOffset();
    const end = this.log.endOffset().offset;
    for (let round = 0; round < MAX_READS_PER_UPDATE && this.nextOffset < end; round++) {
      const read = this.log.read(this.nextOffset, "UNCOMMITTED", READ_BYTES);
      if (read.records.length === 0) break;
      const before = this.nextOffset;
      for (const b of batchesOf(read.records)) {
        if (Number(b.lastOffset) < this.nextOffset) continue;
        if (b.isControl) {
          for (const r of b.records()) {
            const type = controlRecordTypeOf(r.key);
            const offset = Number(r.offset);
            if (type === ControlRecordType.KRAFT_VERSION) this.versionHistory.push({ offset, value: decodeKRaftVersion(r.value) });
            else if (type === ControlRecordType.KRAFT_VOTERS) {
              const voters = decodeVoters(r.value);
              if (voters.length > 0) this.voterHistory.push({ offset, value: new VoterSet(voters) });
            }
          }
        }
        this.nextOffset = Number(b.lastOffset) + 1;
      }
      if (this.nextOffset === before) break;
    }
  }
}
