// The gc.* rows: the broker's collections over a group of workloads (bench/lib/gc-log.ts reads the logs),
// as collections per GiB moved and the p99 pause; the whole summary goes to the JSON's details.
import { gcMark, gcSince } from "./gc-log.ts";
import type { GcWindow } from "./gc-log.ts";
import { addSample } from "./metrics.ts";
import type { Ctx } from "./session.ts";
import { log, recordError } from "./session.ts";

/** A mark in the broker's GC log, or null when the session runs without one (--no-gc-log). */
export function gcStart(c: Ctx): GcWindow | null {
  return c.broker.gcLog ? gcMark(c.broker.gcLog) : null;
}

/** Records `<prefix>.count` (collections per GiB) and `<prefix>.p99` for the window; gib = data moved in it. */
export function gcFinish(c: Ctx, prefix: string, w: GcWindow | null, gib: number): void {
  if (w === null || gib <= 0) return;
  try {
    const g = gcSince(w);
    addSample(c.r, `${prefix}.count`, c.slot, g.collections / gib);
    if (g.p99PauseMs !== null) addSample(c.r, `${prefix}.p99`, c.slot, g.p99PauseMs);
    c.details[prefix] = { ...g, gib };
    log(c, `${prefix}: ${g.collections} collections (${g.full} full) over ${gib.toFixed(2)} GiB, ${g.pauses} pauses, ` +
      `p99 ${g.p99PauseMs ?? "-"} ms, max ${g.maxPauseMs ?? "-"} ms, total ${g.totalPauseMs.toFixed(1)} ms; ${g.logChars} chars of GC log`);
  } catch (e) {
    recordError(c, prefix, e);
  }
}
