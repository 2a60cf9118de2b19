// The broker's GroupClock for the group coordinator: timeouts are TimerTasks on a purgatory timing
// wheel (O(1) add and cancel, one wake-up for the earliest bucket; deadlines on the wheel's monotonic
// clock, so a stepped wall clock does not move them), nowMs() is `wallNowMs` (it goes into records).
// Each broker makes its own (no module singleton): brokers in one process keep independent timers.

import type { GroupClock } from "../coordinator/group/timer.ts";
import { Timer, TimerTask } from "../util/purgatory/index.ts";

class GroupTimeoutTask extends TimerTask {
  constructor(
    deadlineMs: number,
    private readonly callback: () => void,
  ) {
    super(deadlineMs);
  }
  run(): void {
    this.callback();
  }
}

export function wheelGroupClock(timer: Timer, wallNowMs: () => number = Date.now): GroupClock {
  return {
    nowMs: wallNowMs,
    schedule(callback, delayMs) {
      // The wheel runs a task whose deadline has already passed inside add(); a timeout must never run
      // inside schedule() (its caller has not recorded the handle yet: a 0 ms initial rebalance delay
      // on a clock that has not moved did exactly that), so such a run is deferred to a microtask.
      let adding = true;
      let cancelled = false;
      const run = (): void => {
        if (!cancelled) callback();
      };
      // group.max.session.timeout.ms and friends are ints: a clamp to 2^31-1 ms changes nothing.
      const task = new GroupTimeoutTask(timer.clock.deadlineAfterMs(Math.min(Math.max(0, Math.floor(delayMs)), 2 ** 31 - 1)), () => {
        if (adding) queueMicrotask(run);
        else run();
      });
      timer.add(task);
      adding = false;
      return {
        cancel: () => {
          cancelled = true;
          task.cancel();
        },
      };
    },
  };
}
