// The cleaner worker's CPU priority. Cleaning is background work: on a host whose cores are busy with
// requests (and, on small hosts, with the clients themselves) it should take the CPU that is left, not
// an equal share of it. Linux's setpriority(PRIO_PROCESS, tid) sets one thread's nice value, so the
// worker thread lowers its own priority (strand.log.cleaner.thread.nice) and the event loop keeps its.
// Kafka's cleaner threads run at the JVM's normal priority; this is Strand's choice, and 0 restores it.
// Best effort: without libc (not Linux) or a gettid symbol the worker runs at normal priority.
import { dlopen, FFIType } from "bun:ffi";

const PRIO_PROCESS = 0;

/** Lower the calling thread's priority to `nice` (0-19); true when the kernel took it. */
export function setCurrentThreadNice(nice: number): boolean {
  if (!Number.isInteger(nice) || nice < 0 || nice > 19) throw new RangeError(`thread nice must be an integer in 0..19, got ${nice}`);
  if (nice === 0) return true;
  try {
    const libc = dlopen("libc.so.6", {
      gettid: { args: [], returns: FFIType.i32 },
      setpriority: { args: [FFIType.i32, FFIType.u32, FFIType.i32], returns: FFIType.i32 },
    });
    try {
      const tid = libc.symbols.gettid();
      return tid > 0 && libc.symbols.setpriority(PRIO_PROCESS, tid, nice) === 0;
    } finally {
      libc.close();
    }
  } catch {
    return false;
  }
}
