// The log cleaner's worker thread (see executor.ts): runs one cleaning at a time on the files named in
// the task and answers with the result; an abort arrives as a shared flag.
import { loadNativeInBackground } from "../../protocol/records/crc32c-native.ts";
import { installNativeLz4InBackground } from "../../protocol/records/compression/lz4-native.ts";
import { cleanLog, LogCleaningAbortedError } from "./cleaner.ts";
import type { CleanTask } from "./cleaner-task.ts";
import type { WorkerReply } from "./executor.ts";
import { setCurrentThreadNice } from "./thread-priority.ts";

declare const self: Worker;

// The worker has its own module instances: the native CRC32C and LZ4 block decoder the broker loads
// at start are loaded here too (best effort; the TypeScript ones serve until then, or if they fail).
void loadNativeInBackground().catch(() => undefined);
void installNativeLz4InBackground().catch(() => undefined);

/** The nice value this thread runs at, once set (the first task carries it). */
let niceApplied: number | null = null;

self.onmessage = (e: MessageEvent<{ task: CleanTask; flag: Int32Array; nice: number }>) => {
  const { task, flag, nice } = e.data;
  if (niceApplied === null) {
    niceApplied = nice;
    setCurrentThreadNice(nice);
  }
  let reply: WorkerReply;
  try {
    const result = cleanLog(task, {
      checkDone: () => {
        if (Atomics.load(flag, 0) !== 0) throw new LogCleaningAbortedError(`cleaning of ${task.partition} aborted`);
      },
    });
    reply = { id: task.id, ok: true, result };
  } catch (err) {
    reply = { id: task.id, ok: false, aborted: err instanceof LogCleaningAbortedError, message: err instanceof Error ? err.message : String(err) };
  }
  self.postMessage(reply);
};
