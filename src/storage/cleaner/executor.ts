// Where a cleaning runs. WorkerExecutor: a Bun Worker per cleaner thread (log.cleaner.threads), so the
// cleaning's CPU (decompression, hashing, recompression) and its blocking file I/O run on another
// core while the event loop serves requests. InlineExecutor: the same code on the calling thread, for
// tests and for a runtime without workers. An abort (Kafka's checkCleaningAborted) is a shared flag the
// cleaning polls between chunks of io.buffer.size bytes.
import { cleanLog, LogCleaningAbortedError } from "./cleaner.ts";
import type { CleanResult, CleanTask } from "./cleaner-task.ts";

export interface RunningClean {
  result: Promise<CleanResult>;
  abort(): void;
}

export interface CleanerExecutor {
  start(task: CleanTask): RunningClean;
  close(): void;
}

export interface WorkerReply {
  id: number;
  ok: boolean;
  result?: CleanResult;
  aborted?: boolean;
  message?: string;
}

/**
 * The worker's entry point: next to this file when run from source; in the compiled binary, where
 * tools/compile.ts embeds it as a second entry point, under the bundle's root by its path below src/
 * (/$bunfs/root/storage/cleaner/cleaner-worker.js), since every module's import.meta.url is the bundle's.
 */
function workerEntry(): string {
  if (import.meta.url.includes("$bunfs")) return "./storage/cleaner/cleaner-worker.ts";
  return new URL("./cleaner-worker.ts", import.meta.url).href;
}

export class InlineExecutor implements CleanerExecutor {
  start(task: CleanTask): RunningClean {
    let aborted = false;
    const result = Promise.resolve().then(() =>
      cleanLog(task, {
        checkDone: () => {
          if (aborted) throw new LogCleaningAbortedError(`cleaning of ${task.partition} aborted`);
        },
      }),
    );
    return { result, abort: () => void (aborted = true) };
  }
  close(): void {}
}

export class WorkerExecutor implements CleanerExecutor {
  private worker: Worker | null = null;
  /** The worker thread's nice value (thread-priority.ts). */
  private readonly nice: number;

  constructor(nice = 0) {
    this.nice = nice;
  }
  private pending = new Map<number, { resolve: (r: CleanResult) => void; reject: (e: Error) => void }>();

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const w = new Worker(workerEntry());
    w.onmessage = (e: MessageEvent<WorkerReply>) => {
      const p = this.pending.get(e.data.id);
      if (!p) return;
      this.pending.delete(e.data.id);
      if (e.data.ok && e.data.result) p.resolve(e.data.result);
      else p.reject(e.data.aborted ? new LogCleaningAbortedError(e.data.message ?? "aborted") : new Error(e.data.message ?? "cleaner worker failed"));
    };
    w.onerror = (e: ErrorEvent) => {
      for (const p of this.pending.values()) p.reject(new Error(`cleaner worker failed: ${e.message}`));
      this.pending.clear();
      this.worker = null;
      w.terminate();
    };
    // The broker may exit while the worker is idle.
    w.unref();
    this.worker = w;
    return w;
  }

  start(task: CleanTask): RunningClean {
    const flag = new Int32Array(new SharedArrayBuffer(4));
    const result = new Promise<CleanResult>((resolve, reject) => {
      this.pending.set(task.id, { resolve, reject });
      try {
        this.ensureWorker().postMessage({ task, flag, nice: this.nice });
      } catch (e) {
        this.pending.delete(task.id);
        reject(e instanceof Error ? e : new Error(String(e)));
      }
    });
    return { result, abort: () => Atomics.store(flag, 0, 1) };
  }

  close(): void {
    for (const p of this.pending.values()) p.reject(new LogCleaningAbortedError("the cleaner is shutting down"));
    this.pending.clear();
    this.worker?.terminate();
    this.worker = null;
  }
}
