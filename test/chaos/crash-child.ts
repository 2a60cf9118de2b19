// Child process of the crash test: opens the log dir (recovering it), then appends batches with
// fsync-before-ack from several concurrent "producers" and prints `ACK <first> <last> <tag>` to
// fd 1 only after waitDurable resolved. The parent SIGKILLs it at a random moment.
import { writeSync } from "node:fs";
import { LogManager } from "../../src/storage/log-manager.ts";
import { valuesBatch } from "../unit/storage/batch-builder.ts";

const [dir, tagBaseArg] = process.argv.slice(2);
if (!dir || !tagBaseArg) throw new Error("usage: crash-child <dir> <tagBase>");
const tagBase = Number(tagBaseArg);
const manager = LogManager.open({
  logDirs: [dir],
  nodeId: 1,
  clusterId: "crashtestclusterAAAAAA",
  defaultConfig: { segmentBytes: 96 * 1024, indexIntervalBytes: 1024, fsyncBeforeAck: true },
});
manager.startScheduler({ flushCheckMs: 50, checkpointMs: 30, retentionCheckMs: 100_000 });
const log = manager.getOrCreateLog({ topic: "crash", partition: 0 });
writeSync(1, `READY ${log.logEndOffset}\n`);

let tag = tagBase;
async function producer(): Promise<void> {
  // Runs until the parent kills the process; bounded by the parent's kill timer.
  for (;;) {
    const t = tag++;
    const count = 1 + (t % 7);
    const r = log.append(valuesBatch(count, 64 + ((t * 37) % 900), t));
    await log.waitDurable(r.lastOffset + 1);
    writeSync(1, `ACK ${r.firstOffset} ${r.lastOffset} ${t}\n`);
    if (t % 50 === 0) await log.flush();
  }
}
await Promise.all([producer(), producer(), producer(), producer()]);
