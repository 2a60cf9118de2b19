// The checker of the replication chaos tests (issue 13): given what the producers were told (every
// acknowledged record with its partition and offset) and what consumers read (during the run, and once
// more at the end), it counts what a replicated log must never do:
//
//   lost                  an acknowledged value absent from the final read
//   duplicates            a value at more than one (partition, offset) of the final read
//   inconsistentOffsets   one (partition, offset) seen with two values, across acks and every read
//   readThenTruncated     a record a consumer was served during the run that the final read does not
//                         have at the same offset: it was served past the high watermark
//   phantoms              a value in the final read that no producer ever sent (when `sent` is known)
//
// A send that failed (delivery timeout, fenced producer) has an unknown outcome: its value may or may
// not be in the log, and counts only if it appears twice. Pure: the tests feed it recorded histories.

export interface AckedRecord {
  partition: number;
  offset: number;
  value: string;
  /** Wall-clock ms when send() was called (for the failover time). */
  sentAtMs: number;
  /** Wall-clock ms when the acknowledgement arrived. */
  ackedAtMs: number;
}

export interface ReadRecord {
  partition: number;
  offset: number;
  value: string;
}

export interface History {
  acks: readonly AckedRecord[];
  /** Records consumers were served while faults ran (may repeat). */
  duringRun: readonly ReadRecord[];
  /** One full read of every partition from its start to its end, after the faults. */
  final: readonly ReadRecord[];
  /** Every value any producer passed to send(); null when unknown (no phantom check). */
  sent: ReadonlySet<string> | null;
}

export interface CheckReport {
  acknowledged: number;
  readDuringRun: number;
  readAtEnd: number;
  lost: number;
  duplicates: number;
  inconsistentOffsets: number;
  readThenTruncated: number;
  phantoms: number;
  /** The first few examples of each kind, for the failure message. */
  examples: string[];
}

/** At most this many examples are kept (the counts are exact). */
const MAX_EXAMPLES = 40;

const positionKey = (partition: number, offset: number): string => `${partition}/${offset}`;

export function checkHistory(h: History): CheckReport {
  const examples: string[] = [];
  const example = (s: string) => {
    if (examples.length < MAX_EXAMPLES) examples.push(s);
  };

  // The final log: position -> value, and value -> its positions.
  const finalAt = new Map<string, string>();
  const positionsOf = new Map<string, string[]>();
  let inconsistentOffsets = 0;
  /** Positions already counted as inconsistent, so one bad offset counts once. */
  const inconsistent = new Set<string>();
  const flagInconsistent = (pos: string, a: string, b: string, how: string) => {
    if (inconsistent.has(pos)) return;
    inconsistent.add(pos);
    inconsistentOffsets++;
    example(`inconsistent offset ${pos}: ${JSON.stringify(a)} and ${JSON.stringify(b)} (${how})`);
  };
  for (const r of h.final) {
    const pos = positionKey(r.partition, r.offset);
    const prev = finalAt.get(pos);
    if (prev !== undefined) {
      if (prev !== r.value) flagInconsistent(pos, prev, r.value, "final read");
      continue; // the final read may overlap itself (a re-fetch): count each position once
    }
    finalAt.set(pos, r.value);
    const ps = positionsOf.get(r.value);
    if (ps) ps.push(pos);
    else positionsOf.set(r.value, [pos]);
  }

  let duplicates = 0;
  for (const [value, ps] of positionsOf) {
    if (ps.length > 1) {
      duplicates += ps.length - 1;
      example(`duplicate ${JSON.stringify(value)} at ${ps.join(", ")}`);
    }
  }

  let phantoms = 0;
  if (h.sent) {
    for (const value of positionsOf.keys()) {
      if (!h.sent.has(value)) {
        phantoms++;
        example(`phantom ${JSON.stringify(value)} at ${positionsOf.get(value)!.join(", ")}: never sent`);
      }
    }
  }

  // Acknowledgements: the value must be in the final log, and at the acknowledged offset.
  let lost = 0;
  const ackedAt = new Map<string, string>();
  for (const a of h.acks) {
    const pos = positionKey(a.partition, a.offset);
    const other = ackedAt.get(pos);
    if (other !== undefined && other !== a.value) flagInconsistent(pos, other, a.value, "two acknowledgements");
    ackedAt.set(pos, a.value);
    const there = finalAt.get(pos);
    if (!positionsOf.has(a.value)) {
      lost++;
      example(`lost ${JSON.stringify(a.value)}: acknowledged at ${pos}, not in the final read${there !== undefined ? ` (${pos} holds ${JSON.stringify(there)})` : ""}`);
    }
    if (there !== undefined && there !== a.value) {
      flagInconsistent(pos, a.value, there, "acknowledged vs final read");
    } else if (there === undefined && positionsOf.has(a.value)) {
      // The value is elsewhere in the log and its acknowledged offset is empty: the ack lied.
      flagInconsistent(pos, a.value, "(nothing)", `acknowledged, found at ${positionsOf.get(a.value)!.join(", ")}`);
    }
  }

  // Reads during the run: never two values at one offset, and everything served survives.
  let readThenTruncated = 0;
  const seenAt = new Map<string, string>();
  const truncated = new Set<string>();
  for (const r of h.duringRun) {
    const pos = positionKey(r.partition, r.offset);
    const before = seenAt.get(pos);
    if (before !== undefined && before !== r.value) flagInconsistent(pos, before, r.value, "two reads during the run");
    seenAt.set(pos, r.value);
    const there = finalAt.get(pos);
    if (there === r.value) continue;
    if (there !== undefined) flagInconsistent(pos, r.value, there, "read during the run vs final read");
    const key = `${pos}=${r.value}`;
    if (!truncated.has(key)) {
      truncated.add(key);
      readThenTruncated++;
      example(`read then truncated: ${JSON.stringify(r.value)} served at ${pos} during the run, ${there === undefined ? "absent" : `${JSON.stringify(there)}`} at the end`);
    }
  }

  return {
    acknowledged: h.acks.length,
    readDuringRun: h.duringRun.length,
    readAtEnd: finalAt.size,
    lost,
    duplicates,
    inconsistentOffsets,
    readThenTruncated,
    phantoms,
    examples,
  };
}

/** Whether a report shows no violation. */
export function historyIsClean(r: CheckReport): boolean {
  return r.lost === 0 && r.duplicates === 0 && r.inconsistentOffsets === 0 && r.readThenTruncated === 0 && r.phantoms === 0;
}

/**
 * Failover time of one fault: from `faultAtMs` to the first acknowledgement of a record sent at or
 * after it (to one of `partitions`, when given: those the victim led). A record sent before the fault
 * and acknowledged just after it says nothing about the new leader, so it does not count. Null when no
 * such record was acknowledged before `untilMs`.
 */
export function failoverMs(acks: readonly AckedRecord[], faultAtMs: number, partitions: readonly number[] | null, untilMs = Number.POSITIVE_INFINITY): number | null {
  let first = Number.POSITIVE_INFINITY;
  for (const a of acks) {
    if (a.sentAtMs < faultAtMs || a.ackedAtMs >= untilMs) continue;
    if (partitions && !partitions.includes(a.partition)) continue;
    if (a.ackedAtMs < first) first = a.ackedAtMs;
  }
  return first === Number.POSITIVE_INFINITY ? null : first - faultAtMs;
}
