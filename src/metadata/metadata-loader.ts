// Kafka's MetadataLoader: the only way a metadata image is built once the metadata log is replicated.
// It is a RaftListener: it gets committed batches (handleCommit) and snapshots (handleLoadSnapshot)
// from the Raft client, on the active controller exactly as on followers and observers, turns them into
// a new image and hands each change to `onChange` (publishers: the ReplicaManager, listeners). Nothing
// an operation planned is visible before the quorum committed it.
//
// Metadata transactions (BeginTransactionRecord ... EndTransactionRecord, which Kafka's controller
// writes around operations too large for one batch and around bootstrap records) are held until their
// end and dropped on AbortTransactionRecord, as Kafka's loader does; at most MAX_TRANSACTION_RECORDS.
//
// Catching up (Kafka's stillNeedToCatchUp): nothing is published until the loader has read the
// committed log up to the high watermark the Raft client knows, so the first image publishers see
// (the ReplicaManager sets aside partition logs it does not place: stray logs) is the whole committed
// metadata, never the first chunk of a replay. Afterwards every commit is published as it comes.
//
// A record the image does not keep (a type Strand does not model yet) is
// counted and skipped; a record that cannot be decoded stops the loader (Kafka's loader fails too): the
// image stays where it was and `onFault` is told, so the node does not serve metadata it cannot read.

import type { Batch, RaftListener, SnapshotReader } from "../raft/raft-client.ts";
import type { LeaderAndEpoch } from "../raft/types.ts";
import type { Logger } from "../util/log.ts";
import { ConfigResourceTypeId, ImageBuilder } from "./image-builder.ts";
import type { MetadataImage } from "./image.ts";
import { loadImageSnapshot } from "./image-snapshot.ts";
import type { MetadataDelta } from "./publisher.ts";
import { decodeMetadataRecord, MetadataRecordError, RecordType, type MetadataRecordIn } from "./record-serde.ts";

/** Records one metadata transaction may hold before the loader gives up on it. */
export const MAX_TRANSACTION_RECORDS = 1_000_000;

export interface MetadataLoaderOptions {
  readonly clusterId: string;
  readonly nodeId: number;
  readonly initial: MetadataImage;
  readonly logger: Logger;
  /** A new image: publish it (called synchronously, in log order). */
  onChange(delta: MetadataDelta): void;
  /** The Raft leader changed (after the image holds everything before the new epoch's start). */
  onLeaderChange(leader: LeaderAndEpoch): void;
  /** After each commit is published: the last batch's epoch and the batches' bytes (snapshot generation). */
  onLogDelta?(image: MetadataImage, epoch: number, batchBytes: number): void;
  /** After a snapshot is loaded and published. */
  onSnapshotLoaded?(image: MetadataImage): void;
  /** The log holds a record the loader cannot read: it stops applying. */
  onFault(error: Error): void;
  /**
   * The Raft client's high watermark, -1 while unknown (RaftClient.highWatermark): images are published
   * once the loader has read up to it. Without it every commit is published at once.
   */
  highWatermark?(): number;
}

interface HeldRecord {
  readonly rec: MetadataRecordIn;
  readonly offset: bigint;
}

export class MetadataLoader implements RaftListener {
  /** The image published last (what the node serves). */
  private current: MetadataImage;
  /** The image of everything read; ahead of `current` only while catching up. */
  private latest: MetadataImage;
  private catchingUp: boolean;
  /** Topics whose configs changed since `current` ("all": any other config), while catching up. */
  private pendingConfigs: Set<string> | "all" = new Set();
  /** The offset of the last record handed to the loader (applied or held), -1 before any. */
  private lastOffset = -1;
  private held: HeldRecord[] | null = null;
  private faulted: Error | null = null;
  /** Records skipped because the image does not keep their type, by type (for logs). */
  readonly skipped = new Map<number, number>();

  constructor(private readonly opts: MetadataLoaderOptions) {
    this.current = opts.initial;
    this.latest = opts.initial;
    this.catchingUp = opts.highWatermark !== undefined;
  }

  /** The published image. */
  get image(): MetadataImage {
    return this.current;
  }

  /** The image of everything read so far (ahead of `image` while catching up: the active controller's start). */
  get latestImage(): MetadataImage {
    return this.latest;
  }

  /** True until the loader has read up to the high watermark once. */
  get isCatchingUp(): boolean {
    return this.catchingUp;
  }

  /** The offset of the last committed record read (the broker's "highest metadata offset"). */
  get highestOffset(): number {
    return this.lastOffset;
  }

  get fault(): Error | null {
    return this.faulted;
  }

  handleCommit(batches: readonly Batch[]): void {
    if (this.faulted) return;
    let builder: ImageBuilder | null = null;
    let lastEpoch = -1;
    let bytes = 0;
    const configChanged = new Set<string>();
    let allConfigs = false;
    const apply = (rec: MetadataRecordIn, offset: bigint) => {
      builder ??= new ImageBuilder(this.latest.clusterId, this.latest.controllerId, this.latest);
      if (!rec.schema || !builder.apply(rec.apiKey, rec.message, offset)) {
        this.skipped.set(rec.apiKey, (this.skipped.get(rec.apiKey) ?? 0) + 1);
        builder.offset = offset;
        return;
      }
      if (rec.apiKey === RecordType.CONFIG) {
        const m = rec.message as { resourceType: number; resourceName: string };
        if (m.resourceType === ConfigResourceTypeId.TOPIC) configChanged.add(m.resourceName);
        else allConfigs = true;
      }
    };
    try {
      for (const batch of batches) {
        // Batches arrive in order and once: an overlap would apply a record twice.
        if (batch.baseOffset <= this.lastOffset) throw new MetadataRecordError(BigInt(batch.baseOffset), `batch at ${batch.baseOffset} is not after the last applied offset ${this.lastOffset}`);
        let offset = batch.baseOffset;
        // A control batch has no records: only its offsets count as read.
        for (const value of batch.records) {
          const at = BigInt(offset);
          const rec = decodeMetadataRecord(value, at);
          offset++;
          if (rec.apiKey === RecordType.BEGIN_TRANSACTION) {
            if (this.held) throw new MetadataRecordError(at, "BeginTransactionRecord inside a transaction");
            this.held = [];
            continue;
          }
          if (rec.apiKey === RecordType.END_TRANSACTION) {
            if (!this.held) throw new MetadataRecordError(at, "EndTransactionRecord outside a transaction");
            for (const h of this.held) apply(h.rec, h.offset);
            this.held = null;
            continue;
          }
          if (rec.apiKey === RecordType.ABORT_TRANSACTION) {
            if (!this.held) throw new MetadataRecordError(at, "AbortTransactionRecord outside a transaction");
            this.held = null;
            continue;
          }
          if (this.held) {
            if (this.held.length >= MAX_TRANSACTION_RECORDS) throw new MetadataRecordError(at, `transaction holds more than ${MAX_TRANSACTION_RECORDS} records`);
            this.held.push({ rec, offset: at });
            continue;
          }
          apply(rec, at);
        }
        this.lastOffset = batch.lastOffset;
        lastEpoch = batch.epoch;
        bytes += batch.sizeInBytes;
      }
    } catch (e) {
      this.fail(e as Error);
      return;
    } finally {
      const b = builder as ImageBuilder | null;
      if (b && !this.faulted) this.acceptImage(b.build(), allConfigs ? "all" : configChanged);
      else if (!this.faulted) this.maybeFinishCatchingUp();
    }
    if (!this.faulted && lastEpoch >= 0) this.opts.onLogDelta?.(this.latest, lastEpoch, bytes);
  }

  handleLoadSnapshot(reader: SnapshotReader): void {
    if (this.faulted) return;
    try {
      const loaded = loadImageSnapshot(reader, this.latest.clusterId, this.latest.controllerId);
      for (const [type, n] of loaded.skipped) this.skipped.set(type, (this.skipped.get(type) ?? 0) + n);
      this.held = null;
      this.lastOffset = reader.snapshotId.offset - 1;
      this.opts.logger.info("metadata snapshot loaded", { offset: reader.snapshotId.offset, epoch: reader.snapshotId.epoch, records: loaded.records });
      this.acceptImage(loaded.image, "all");
      this.opts.onSnapshotLoaded?.(this.latest);
    } catch (e) {
      this.fail(e as Error);
    }
  }

  handleLeaderChange(leader: LeaderAndEpoch): void {
    this.opts.onLeaderChange(leader);
  }

  /**
   * Replace the published image without a log change (the controller id the Metadata response names).
   * While catching up the read-ahead image stays; the next publish names the controller again.
   */
  replace(image: MetadataImage): void {
    if (this.latest === this.current) this.latest = image;
    this.current = image;
  }

  /** A new image of everything read: published now, or once caught up. */
  private acceptImage(after: MetadataImage, configChanged: ReadonlySet<string> | "all"): void {
    this.latest = after;
    if (this.catchingUp) {
      if (configChanged === "all" || this.pendingConfigs === "all") this.pendingConfigs = "all";
      else for (const t of configChanged) this.pendingConfigs.add(t);
      this.maybeFinishCatchingUp();
      return;
    }
    this.publish(configChanged);
  }

  /** Kafka's stillNeedToCatchUp, negated: publishes what was read once it reaches the high watermark. */
  private maybeFinishCatchingUp(): void {
    if (!this.catchingUp) return;
    const hw = this.opts.highWatermark?.() ?? -1;
    if (hw < 0 || hw - 1 > this.lastOffset) return;
    this.catchingUp = false;
    this.opts.logger.info("metadata loader caught up with the high watermark", { highWatermark: hw, offset: this.lastOffset });
    const configs = this.pendingConfigs;
    this.pendingConfigs = new Set();
    if (this.latest !== this.current) this.publish(configs);
  }

  private publish(configChanged: ReadonlySet<string> | "all"): void {
    const before = this.current;
    const after = this.latest;
    this.current = after;
    this.opts.onChange({ before, after, configChanged });
  }

  private fail(e: Error): void {
    this.faulted = e;
    this.opts.logger.error("metadata loader stopped: a committed record could not be applied", { error: e.message });
    this.opts.onFault(e);
  }
}
