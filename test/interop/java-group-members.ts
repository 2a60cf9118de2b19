// What the Java group suites (classic and KIP-848) read from their member processes' JSON events:
// the partitions each member owns now, whether the live members have settled, and the invariant that
// no partition is consumed by two members in the same generation (classic) or member epoch (KIP-848).
import type { Subprocess } from "bun";

export interface Proc {
  name: string;
  proc: Subprocess<"ignore", "pipe", "pipe">;
  events: Array<Record<string, any>>; // eslint-disable-line @typescript-eslint/no-explicit-any
  stderr: string;
}

/**
 * Partitions a member owns now (assigned minus revoked/lost), and its generation: the one of its last
 * assignment, or of its last "epoch" event (KIP-848 members report epoch bumps without a new assignment).
 */
export function owned(p: Proc): { gen: number; parts: Set<number> } {
  const parts = new Set<number>();
  let gen = -1;
  for (const e of p.events) {
    if (e.ev === "epoch") gen = e.gen;
    else if (e.ev === "assigned") {
      gen = e.gen;
      for (const x of e.parts) parts.add(x);
    } else if (e.ev === "revoked" || e.ev === "lost") for (const x of e.parts) parts.delete(x);
  }
  return { gen, parts };
}

/** All live members agree on one generation and together own each of `partitions` exactly once. */
export function settled(live: Proc[], partitions: number): boolean {
  const o = live.map(owned);
  if (o.some((x) => x.gen < 0) || new Set(o.map((x) => x.gen)).size !== 1) return false;
  const all = o.flatMap((x) => [...x.parts]).sort((a, b) => a - b);
  return JSON.stringify(all) === JSON.stringify(Array.from({ length: partitions }, (_, i) => i));
}

/** Over every batch any member consumed: how many batches, and the (generation/partition) keys consumed by two members. */
export function doubleConsumption(members: Proc[]): { batches: number; doubled: Array<[string, Set<string>]> } {
  const owners = new Map<string, Set<string>>();
  let batches = 0;
  for (const m of members) {
    for (const e of m.events) {
      if (e.ev !== "batch") continue;
      batches++;
      const k = `${e.gen}/${e.p}`;
      let s = owners.get(k);
      if (!s) owners.set(k, (s = new Set()));
      s.add(m.name);
    }
  }
  return { batches, doubled: [...owners.entries()].filter(([, s]) => s.size > 1) };
}
