// A periodic task of the active controller (Kafka's deferred ControllerWriteEvents such as
// maybeBalancePartitionLeaders and maybeElectUncleanLeaders): runs every intervalMs while this node
// is the active controller; a run that reports more work left runs again 10 ms later (Kafka's
// ImbalanceSchedule.IMMEDIATELY), else after the interval (DEFERRED). One timer at a time.

import type { TimerClock, WakeupHandle } from "../util/purgatory/clock.ts";

/** Kafka delays an immediate reschedule by 10 ms so other deferred events are not starved. */
const IMMEDIATE_DELAY_MS = 10;

export class PeriodicControllerTask {
  private timer: WakeupHandle | null = null;

  constructor(
    private readonly clock: TimerClock,
    private readonly intervalMs: number,
    /** One run; true when it stopped at its limit with more to do. */
    private readonly run: () => boolean,
  ) {}

  start(): void {
    this.schedule(this.intervalMs);
  }

  stop(): void {
    this.timer?.cancel();
    this.timer = null;
  }

  private schedule(delayMs: number): void {
    this.timer?.cancel();
    this.timer = this.clock.schedule(() => {
      this.timer = null;
      const more = this.run();
      this.schedule(more ? IMMEDIATE_DELAY_MS : this.intervalMs);
    }, delayMs);
  }
}
