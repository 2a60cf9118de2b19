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
      // group.max.session.timeout.ms and friends are ints: a clamp to 2^31-1 ms changes nothing.
      const task = new GroupTimeoutTask(timer.clock.deadlineAfterMs(Math.min(Math.max(0, Math.floor(delayMs)), 2 ** 31 - 1)), callback);
      timer.add(task);
      return { cancel: () => task.cancel() };
    },
  };
}
