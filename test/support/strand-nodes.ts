// The Strand processes and data dirs of one test file, killed and removed after all its tests (bounded).
import { afterAll } from "bun:test";
import { removeDataDir, type StrandHandle } from "./strand.ts";

export function strandNodesRemovedAfterAll(): { handles: Map<number, StrandHandle>; dirs: string[] } {
  const handles = new Map<number, StrandHandle>();
  const dirs: string[] = [];
  afterAll(async () => {
    for (const h of handles.values()) await h.kill().catch(() => {});
    for (const d of dirs) removeDataDir(d);
  }, 120_000);
  return { handles, dirs };
}
