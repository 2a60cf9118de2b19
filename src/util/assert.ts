// Invariant checks at boundaries (TigerBeetle's habit): before a write to disk, after a read back, on
// every message between nodes. A failed invariant is a bug in Strand, never bad input: bad input gets
// Kafka's error code. The handler that hit it is logged at ERROR with its API and correlation id
// (server/dispatch.ts) and its connection is closed; nothing is written past the failed check.

export class InvariantError extends Error {
  override readonly name = "InvariantError";
}

/** Throws InvariantError with `message` (a function, so the hot path builds no string) when `cond` is false. */
export function assert(cond: boolean, message: () => string): asserts cond {
  if (!cond) throw new InvariantError(message());
}
