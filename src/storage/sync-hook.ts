// Test-only observation of a log's durability points, so a test against the real broker process can
// tell whether a produce was answered before the fsync covering it returned (issue 20):
//   STRAND_TEST_SYNC_LOG=<file>      one line "<partition> <flush|sync> <offset>" is appended after each
//                                    flush / group-commit sync completes, before any waiter is released;
//   STRAND_TEST_SYNC_DELAY_MS=<n>    each of them is held n ms more (a slow disk), off the event loop;
//                                    not the metadata log's: a disk slower than the Raft request
//                                    timeout would stop the node registering, which is not what
//                                    these tests look at.
// Unset (production), the hook is null and costs one null check per sync, none per append.
import { appendFileSync } from "node:fs";

export type SyncKind = "flush" | "sync";
export type SyncHook = (partition: string, kind: SyncKind, offset: number) => Promise<void> | void;

function fromEnv(): SyncHook | null {
  const file = process.env.STRAND_TEST_SYNC_LOG;
  const delayMs = Number(process.env.STRAND_TEST_SYNC_DELAY_MS ?? 0);
  if (!file && !(delayMs > 0)) return null;
  return async (partition, kind, offset) => {
    if (delayMs > 0 && partition !== "__cluster_metadata-0") await Bun.sleep(delayMs);
    if (file) appendFileSync(file, `${partition} ${kind} ${offset}\n`);
  };
}

let hook: SyncHook | null = fromEnv();

/** Called by Log after the syncs of a flush or group-commit round have returned. */
export function afterSync(partition: string, kind: SyncKind, offset: number): Promise<void> | void {
  if (hook) return hook(partition, kind, offset);
}

/** Unit tests: replace the hook (null removes it). */
export function setSyncHookForTests(h: SyncHook | null): void {
  hook = h;
}
