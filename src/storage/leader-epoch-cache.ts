// The leader-epoch cache of a partition: (epoch, start offset) pairs in increasing order of both,
// persisted in `leader-epoch-checkpoint`. Followers use it (OffsetForLeaderEpoch) to find where
// their log diverges from the leader's.
import { dirname, join } from "node:path";
import { readEpochCheckpoint, syncPathAsync, writeEpochCheckpoint } from "./checkpoint-file.ts";
import type { EpochEntry } from "./checkpoint-file.ts";
import { endOffsetForEpoch } from "./epoch-lookup.ts";

export const LEADER_EPOCH_CHECKPOINT = "leader-epoch-checkpoint";

export class LeaderEpochCache {
  private entries: EpochEntry[];
  private readonly path: string;
  /** assign() writes the checkpoint without fsync (as Kafka since KAFKA-15046); the log's next flush syncs it. */
  private unsynced = false;
  /** assignWithoutWrite() changed the entries and the file does not have them yet. */
  private unwritten = false;

  constructor(dir: string) {
    this.path = join(dir, LEADER_EPOCH_CHECKPOINT);
    this.entries = readEpochCheckpoint(this.path);
  }

  get all(): readonly EpochEntry[] {
    return this.entries;
  }

  latestEpoch(): number {
    return this.entries.length === 0 ? -1 : this.entries[this.entries.length - 1]!.epoch;
  }

  /** Records that `epoch` starts at startOffset; ignored unless the epoch is new and the offset is not behind. */
  assign(epoch: number, startOffset: number): boolean {
    if (!this.put(epoch, startOffset)) return false;
    // No fsync on the append path: an epoch start is re-derived from the batches above the recovery
    // point after a crash, and the log syncs this file before it moves the recovery point.
    writeEpochCheckpoint(this.path, this.entries, false);
    this.unwritten = false;
    this.unsynced = true;
    return true;
  }

  /**
   * As assign(), but the file is written later: by the next assign() (an append with the epoch), or
   * the log's next flush (syncIfNeeded). For a partition becoming leader (Kafka's makeLeader), where a
   * write per partition would cost a restart of thousands of partitions a file write each (3 s for
   * 2,000 here). Losing it in a crash loses nothing: becoming leader again assigns it again, at the
   * same log end, before any append.
   */
  assignWithoutWrite(epoch: number, startOffset: number): boolean {
    if (!this.put(epoch, startOffset)) return false;
    this.unwritten = true;
    return true;
  }

  private put(epoch: number, startOffset: number): boolean {
    if (epoch < 0) return false;
    const last = this.entries[this.entries.length - 1];
    if (last && (epoch <= last.epoch || startOffset < last.startOffset)) {
      if (!(epoch > last.epoch)) return false;
      // A newer epoch starting below the last start offset replaces the entries it overlaps (Kafka
      // removes conflicting entries the same way).
      this.entries = this.entries.filter((e) => e.startOffset < startOffset);
    }
    this.entries.push({ epoch, startOffset });
    return true;
  }

  /**
   * Kafka's LeaderEpochFileCache.endOffsetFor (epoch-lookup.ts): the epoch actually held (the largest <=
   * requested) and the start offset of the next higher epoch, or logEndOffset for the latest; an epoch
   * older than every entry answers itself with the first entry's start; (-1, -1) for an epoch above the
   * latest or an empty cache. A leader answers a follower's last fetched epoch with this, so an answer
   * that differs from Kafka's makes a follower loop (an older epoch read as unknown is OFFSET_OUT_OF_RANGE
   * on every fetch).
   */
  endOffsetFor(epoch: number, logEndOffset: number): { epoch: number; endOffset: number } {
    return endOffsetForEpoch(this.entries, epoch, logEndOffset);
  }

  /** Drops entries starting at or after endOffset (the log was truncated to it). */
  truncateFromEnd(endOffset: number): void {
    const kept = this.entries.filter((e) => e.startOffset < endOffset);
    if (kept.length === this.entries.length) return;
    this.entries = kept;
    this.flush();
  }

  /** The log start moved to startOffset: earlier entries go, the one covering it starts there. */
  truncateFromStart(startOffset: number): void {
    let i = -1;
    for (let k = 0; k < this.entries.length && this.entries[k]!.startOffset <= startOffset; k++) i = k; // bounded by entries
    if (i < 0) return;
    const kept = this.entries.slice(i);
    kept[0] = { epoch: kept[0]!.epoch, startOffset };
    if (kept.length === this.entries.length && this.entries[0]!.startOffset === startOffset) return;
    this.entries = kept;
    this.flush();
  }

  /** Drops every entry (the log restarted empty: truncateFullyAndStartAt). */
  clear(): void {
    if (this.entries.length === 0) return;
    this.entries = [];
    this.flush();
  }

  flush(): void {
    writeEpochCheckpoint(this.path, this.entries);
    this.unsynced = false;
    this.unwritten = false;
  }

  /** Makes an unsynced assign() (or an unwritten assignWithoutWrite()) durable (file and directory), off the event loop. */
  async syncIfNeeded(): Promise<void> {
    if (this.unwritten) {
      writeEpochCheckpoint(this.path, this.entries, false);
      this.unwritten = false;
      this.unsynced = true;
    }
    if (!this.unsynced) return;
    this.unsynced = false;
    try {
      await syncPathAsync(this.path);
      await syncPathAsync(dirname(this.path));
    } catch (e) {
      this.unsynced = true;
      throw e;
    }
  }
}
