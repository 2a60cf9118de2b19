// SIGSTOP that returns once the process is really stopped. kill(2) only makes the stop pending: a thread
// running on another core, or not yet scheduled on a busy machine, goes on for a moment (measured: still
// "R" right after kill, "T" some ms later), long enough for a follower to fetch a record produced "after"
// the pause. Tests that reason about what a stopped process can no longer do wait for every thread.

import { readdirSync, readFileSync } from "node:fs";

/** The state letter of every thread of `pid` (Linux /proc), empty when the process is gone. */
function threadStates(pid: number): string[] {
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  const states: string[] = [];
  // Bounded by the process's threads (a JVM has tens).
  for (const tid of tids) {
    try {
      const st = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
      states.push(st.slice(st.lastIndexOf(")") + 2).split(" ")[0]!);
    } catch {
      // the thread exited meanwhile
    }
  }
  return states;
}

/** SIGSTOP `pid` and wait (bounded) until every thread is stopped ("T"), or the process is a zombie. */
export async function stopProcess(pid: number, timeoutMs = 10_000): Promise<void> {
  process.kill(pid, "SIGSTOP");
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const states = threadStates(pid);
    if (states.length === 0 || states.every((s) => s === "T" || s === "t" || s === "Z")) return;
    if (performance.now() > deadline) throw new Error(`pid ${pid} not stopped ${timeoutMs} ms after SIGSTOP: thread states ${states.join("")}`);
    await Bun.sleep(2);
  }
}
