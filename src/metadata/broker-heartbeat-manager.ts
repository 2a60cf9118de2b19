// The active controller's in-memory view of broker sessions, as Kafka 4.4.0's BrokerHeartbeatManager
// and BrokerHeartbeatTracker keep it (read from Kafka's classes). Not part of the metadata image: a
// controller that becomes active registers every broker of its image afresh (activate()), giving the
// unfenced ones a full session from that moment.
//
// - The tracker: the last contact time per (broker id, broker epoch), updated by every heartbeat that
//   reaches the controller, fenced brokers' included. A session is valid while
//   now <= lastContact + broker.session.timeout.ms; an expired entry is removed when found.
// - Per broker: fenced, the metadata offset of its last heartbeat, and the controlled shutdown offset
//   (-1: not shutting down). Active brokers are those unfenced and not shutting down; the lowest
//   metadata offset among them decides when a broker in controlled shutdown may stop.
// - calculateNextBrokerState: Kafka's state machine FENCED / UNFENCED / CONTROLLED_SHUTDOWN /
//   SHUTDOWN_NOW from the heartbeat's wantFence, wantShutDown and currentMetadataOffset.
//
// Time comes from an injected clock (FakeClock in tests). Bounded by MAX_TRACKED_BROKERS.

import { assert } from "../util/assert.ts";

export type BrokerControlState = "FENCED" | "UNFENCED" | "CONTROLLED_SHUTDOWN" | "SHUTDOWN_NOW";

export const controlStateFenced = (s: BrokerControlState): boolean => s === "FENCED" || s === "SHUTDOWN_NOW";

/** Brokers (and tracker entries) the manager keeps at most: far above any real cluster. */
export const MAX_TRACKED_BROKERS = 100_000;

export interface HeartbeatClock {
  nowMs(): number;
}

interface BrokerHeartbeatState {
  readonly id: number;
  fenced: boolean;
  metadataOffset: bigint;
  /** -1: not in controlled shutdown. */
  controlledShutdownOffset: bigint;
}

export interface HeartbeatRequestView {
  readonly wantFence: boolean;
  readonly wantShutDown: boolean;
  readonly currentMetadataOffset: bigint;
}

export class BrokerHeartbeatManager {
  private readonly brokers = new Map<number, BrokerHeartbeatState>();
  /** "id:epoch" -> last contact ms (Kafka's BrokerHeartbeatTracker.contactTimes). */
  private readonly contactTimes = new Map<string, { id: number; epoch: bigint; atMs: number }>();

  constructor(
    private readonly clock: HeartbeatClock,
    readonly sessionTimeoutMs: number,
  ) {
    assert(Number.isSafeInteger(sessionTimeoutMs) && sessionTimeoutMs > 0, () => `broker.session.timeout.ms must be positive, got ${sessionTimeoutMs}`);
  }

  /**
   * On becoming the active controller (ClusterControlManager.activate): every registered broker is
   * registered with its fencing state, and the unfenced ones are treated as just heard from.
   */
  activate(brokers: Iterable<{ nodeId: number; brokerEpoch: bigint; fenced: boolean }>): void {
    this.brokers.clear();
    this.contactTimes.clear();
    for (const b of brokers) {
      this.register(b.nodeId, b.fenced);
      if (!b.fenced) this.trackHeartbeat(b.nodeId, b.brokerEpoch);
    }
  }

  /** BrokerHeartbeatTracker.updateContactTime: called for every heartbeat, before it is processed. */
  trackHeartbeat(brokerId: number, brokerEpoch: bigint): void {
    const key = `${brokerId}:${brokerEpoch}`;
    if (!this.contactTimes.has(key)) assert(this.contactTimes.size < MAX_TRACKED_BROKERS, () => "too many broker sessions tracked");
    this.contactTimes.set(key, { id: brokerId, epoch: brokerEpoch, atMs: this.clock.nowMs() });
  }

  private isExpired(contactMs: number, nowMs: number): boolean {
    return nowMs > contactMs && contactMs + this.sessionTimeoutMs < nowMs;
  }

  hasValidSession(brokerId: number, brokerEpoch: bigint): boolean {
    const c = this.contactTimes.get(`${brokerId}:${brokerEpoch}`);
    return c !== undefined && !this.isExpired(c.atMs, this.clock.nowMs());
  }

  /** BrokerHeartbeatTracker.maybeRemoveExpired: one expired session, removed, or null. */
  maybeRemoveExpired(): { id: number; epoch: bigint } | null {
    const now = this.clock.nowMs();
    for (const [key, c] of this.contactTimes) {
      if (this.isExpired(c.atMs, now)) {
        this.contactTimes.delete(key);
        return { id: c.id, epoch: c.epoch };
      }
    }
    return null;
  }

  /** When the next session may expire (ms), or null when none is tracked: when to look for stale brokers. */
  nextCheckTimeMs(): number | null {
    let best: number | null = null;
    for (const c of this.contactTimes.values()) {
      const due = c.atMs + this.sessionTimeoutMs + 1;
      if (best === null || due < best) best = due;
    }
    return best;
  }

  register(brokerId: number, fenced: boolean): void {
    let b = this.brokers.get(brokerId);
    let metadataOffset = -1n;
    if (!b) {
      assert(this.brokers.size < MAX_TRACKED_BROKERS, () => "too many brokers registered");
      b = { id: brokerId, fenced, metadataOffset: -1n, controlledShutdownOffset: -1n };
      this.brokers.set(brokerId, b);
    } else if (b.fenced !== fenced) {
      metadataOffset = b.metadataOffset;
    }
    this.touch(brokerId, fenced, metadataOffset);
  }

  remove(brokerId: number): void {
    this.brokers.delete(brokerId);
  }

  fence(brokerId: number): void {
    const b = this.brokers.get(brokerId);
    if (b) b.fenced = true;
  }

  touch(brokerId: number, fenced: boolean, metadataOffset: bigint): void {
    const b = this.stateOrThrow(brokerId);
    b.fenced = fenced;
    b.metadataOffset = metadataOffset;
    // A fenced broker leaves controlled shutdown: on its next heartbeat it shuts down at once.
    if (fenced) b.controlledShutdownOffset = -1n;
  }

  isShuttingDown(brokerId: number): boolean {
    return (this.brokers.get(brokerId)?.controlledShutdownOffset ?? -1n) >= 0n;
  }

  controlledShutdownOffset(brokerId: number): bigint | null {
    const b = this.brokers.get(brokerId);
    return b && b.controlledShutdownOffset >= 0n ? b.controlledShutdownOffset : null;
  }

  /**
   * After the records of a heartbeat that put the broker in controlled shutdown are written: the end
   * offset of that batch (QuorumController's processBatchEndOffset). Only the first one counts.
   */
  maybeUpdateControlledShutdownOffset(brokerId: number, offset: bigint): void {
    const b = this.stateOrThrow(brokerId);
    if (b.fenced) throw new Error("Fenced brokers cannot enter controlled shutdown.");
    if (b.controlledShutdownOffset < 0n) b.controlledShutdownOffset = offset;
  }

  /** The lowest metadata offset of the active brokers (unfenced, not shutting down); null when none. */
  lowestActiveOffset(): bigint | null {
    let low: bigint | null = null;
    for (const b of this.brokers.values()) {
      if (b.fenced || b.controlledShutdownOffset >= 0n) continue;
      if (low === null || b.metadataOffset < low) low = b.metadataOffset;
    }
    return low;
  }

  currentState(brokerId: number): BrokerControlState {
    const b = this.stateOrThrow(brokerId);
    if (b.controlledShutdownOffset >= 0n) return "CONTROLLED_SHUTDOWN";
    return b.fenced ? "FENCED" : "UNFENCED";
  }

  calculateNextBrokerState(brokerId: number, req: HeartbeatRequestView, registerBrokerRecordOffset: bigint, hasLeaderships: () => boolean): { current: BrokerControlState; next: BrokerControlState } {
    const b = this.stateOrThrow(brokerId);
    const current = this.currentState(brokerId);
    const to = (next: BrokerControlState) => ({ current, next });
    switch (current) {
      case "FENCED":
        if (req.wantShutDown) return to("SHUTDOWN_NOW");
        if (!req.wantFence && req.currentMetadataOffset >= registerBrokerRecordOffset) return to("UNFENCED");
        return to("FENCED");
      case "UNFENCED":
        if (req.wantFence) return to(req.wantShutDown ? "SHUTDOWN_NOW" : "FENCED");
        if (req.wantShutDown) return to(hasLeaderships() ? "CONTROLLED_SHUTDOWN" : "SHUTDOWN_NOW");
        return to("UNFENCED");
      case "CONTROLLED_SHUTDOWN": {
        if (hasLeaderships()) return to("CONTROLLED_SHUTDOWN");
        const lowest = this.lowestActiveOffset();
        // Every active broker has seen the records that moved leadership away (none active: nobody to wait for).
        if (lowest === null || b.controlledShutdownOffset <= lowest) return to("SHUTDOWN_NOW");
        return to("CONTROLLED_SHUTDOWN");
      }
      default:
        return to("SHUTDOWN_NOW");
    }
  }

  private stateOrThrow(brokerId: number): BrokerHeartbeatState {
    const b = this.brokers.get(brokerId);
    if (!b) throw new Error(`Broker ${brokerId} is not registered.`);
    return b;
  }
}
