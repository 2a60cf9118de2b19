// State the data path shares across requests of every connection: the fetch session cache, the
// delayed fetches waiting for appends, and the high-watermark rule of a single node. One per broker:
// Broker builds it and handlers reach it as ctx.services.dataPlane (src/server/services.ts).
//
// High watermark on a single node: every appended offset is committed, so the high watermark follows
// the log end, except with strand.log.fsync.before.ack where it follows what is on disk (a consumer
// never reads a record a crash could lose), and while a forced flush (flush.messages / flush.ms) is
// pending, where it moves once that flush has returned (Kafka flushes inside the append, before the
// high watermark moves). The replication work replaces this rule for clusters.

import type { BrokerConfig } from "../../config/broker-config.ts";
import type { MetadataLayer } from "../../metadata/layer.ts";
import type { Log } from "../../storage/log.ts";
import { FetchWaiters, partitionWatchKey } from "../fetch/delayed-fetch.ts";
import { Timer, type TimerClock } from "../../util/purgatory/index.ts";
import { ProduceWaiters } from "./delayed-produce.ts";
import { FetchSessionCache } from "../fetch/session-cache.ts";
import { resolveTopicSettings, type TopicSettings } from "./topic-settings.ts";

/** What the data path needs of the broker. */
export interface DataPlaneHost {
  readonly config: BrokerConfig;
  readonly nodeId: number;
  readonly metadata?: MetadataLayer;
  /** The clock of the delayed produce/fetch timing wheel (default: the system's monotonic clock). */
  readonly clock?: TimerClock;
}

export class MetadataNotReadyError extends Error {
  override readonly name = "MetadataNotReadyError";
  constructor() {
    super("the broker has no metadata layer (broker.metadata) yet");
  }
}

export class DataPlane {
  readonly fetchSessions: FetchSessionCache;
  /** One timing wheel (one wake-up) for every delayed operation of the data path. */
  private readonly timer: Timer;
  readonly fetchWaiters: FetchWaiters;
  readonly produceWaiters: ProduceWaiters;
  private readonly durableWaits = new WeakSet<Log>();

  constructor(readonly host: DataPlaneHost) {
    this.fetchSessions = new FetchSessionCache();
    this.timer = new Timer(host.clock ? { clock: host.clock } : {});
    this.fetchWaiters = new FetchWaiters(this.timer);
    this.produceWaiters = new ProduceWaiters(this.timer);
  }

  get metadata(): MetadataLayer {
    const m = this.host.metadata;
    if (!m) throw new MetadataNotReadyError();
    return m;
  }

  get nodeId(): number {
    return this.host.nodeId;
  }

  settings(topic: string): TopicSettings {
    return resolveTopicSettings(this.host.metadata?.image, this.host.config, topic, this.host.nodeId);
  }

  fsyncBeforeAck(log: Log): boolean {
    return log.config.fsyncBeforeAck || this.host.config.bool("strand.log.fsync.before.ack");
  }

  /** Moves the high watermark as far as the single-node rule allows (see the file comment). */
  syncHighWatermark(log: Log): void {
    const end = log.logEndOffset;
    if (log.highWatermark >= end) return;
    const fsync = this.fsyncBeforeAck(log);
    const flushAt = fsync ? -1 : log.pendingFlushOffset;
    if (!fsync && flushAt < 0) {
      log.setHighWatermark(end);
      return;
    }
    const durable = Math.min(log.durableOffset, end);
    if (durable > log.highWatermark) log.setHighWatermark(durable);
    if (durable >= end || this.durableWaits.has(log)) return;
    void (fsync ? this.advanceWhenDurable(log, end) : this.advanceWhenFlushed(log, end, flushAt)).catch(() => undefined);
  }

  /** Waits (group commit) for `offset` to be on disk, then moves the high watermark and wakes fetches. */
  advanceWhenDurable(log: Log, offset: number): Promise<void> {
    return this.advanceAfter(log, offset, log.waitDurable(offset));
  }

  /**
   * Waits for the forced flush up to `flushAt` (flush.messages / flush.ms), then moves the high
   * watermark to `offset` (the end of an append made while that flush was pending) and wakes fetches.
   */
  advanceWhenFlushed(log: Log, offset: number, flushAt: number): Promise<void> {
    return this.advanceAfter(log, offset, log.waitFlushed(flushAt));
  }

  private advanceAfter(log: Log, offset: number, sync: Promise<void>): Promise<void> {
    const p = sync.then(() => {
      if (offset > log.highWatermark) log.setHighWatermark(Math.min(offset, log.logEndOffset));
      this.notifyAppended(log.tp.topic, log.tp.partition);
    });
    if (!this.durableWaits.has(log)) {
      this.durableWaits.add(log);
      void p.catch(() => undefined).finally(() => this.durableWaits.delete(log));
    }
    return p;
  }

  /** An append (or a high-watermark move) happened: wake the fetches waiting on the partition. */
  notifyAppended(topic: string, partition: number): void {
    this.fetchWaiters.checkAndComplete(partitionWatchKey(topic, partition));
  }
}
