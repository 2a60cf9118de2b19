// Kafka's AcquisitionLockTimerTask: one per range of records acquired together, on the broker's timing
// wheel; when it fires, the share partition releases what is still acquired under it.

import { TimerTask } from "../../util/purgatory/index.ts";

export interface LockTimeoutHandler {
  onLockTimeout(task: AcquisitionLockTimerTask): void;
}

export class AcquisitionLockTimerTask extends TimerTask {
  constructor(
    deadlineMs: number,
    private readonly owner: LockTimeoutHandler,
    readonly lockId: number,
    readonly firstOffset: number,
    readonly lastOffset: number,
  ) {
    super(deadlineMs);
  }
  run(): void {
    this.owner.onLockTimeout(this);
  }
}
