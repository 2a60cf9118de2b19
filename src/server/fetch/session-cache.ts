// The broker's bounded cache of incremental fetch sessions (KIP-227, Kafka's FetchSessionCache).
//
// At most `maxSlots` sessions (max.incremental.fetch.session.cache.slots, default 1000). A new
// session takes a free slot; when none is free it evicts a session unused for `evictionMs`
// (120 s in Kafka), else the least recently used session with fewer partitions than the new one
// (Kafka prefers keeping larger sessions); otherwise no session is created and the client gets
// session id 0 (it then sends full requests). Followers' sessions are privileged (Kafka's
// EvictableKey): a follower's new session evicts a consumer's whatever its size, and a consumer's
// never evicts a follower's that is not stale.

import { FetchSession, INVALID_SESSION_ID } from "./fetch-session.ts";

export const DEFAULT_SESSION_SLOTS = 1000;
export const DEFAULT_SESSION_EVICTION_MS = 120_000;

export class FetchSessionCache {
  private readonly sessions = new Map<number, FetchSession>();

  constructor(
    readonly maxSlots = DEFAULT_SESSION_SLOTS,
    readonly evictionMs = DEFAULT_SESSION_EVICTION_MS,
    private readonly randomInt: () => number = () => (Math.random() * 0x7fffffff) | 0,
  ) {
    if (!(maxSlots >= 0)) throw new RangeError(`fetch session slots must be >= 0, got ${maxSlots}`);
  }

  get size(): number {
    return this.sessions.size;
  }

  get(id: number): FetchSession | undefined {
    return this.sessions.get(id);
  }

  remove(id: number): boolean {
    return this.sessions.delete(id);
  }

  touch(session: FetchSession, nowMs: number): void {
    session.lastUsedMs = nowMs;
  }

  private newId(): number {
    // Bounded: ids are drawn from 2^31 values and at most maxSlots are taken.
    for (let i = 0; i < 1000; i++) {
      const id = this.randomInt();
      if (id > 0 && !this.sessions.has(id)) return id;
    }
    throw new Error("could not draw an unused fetch session id in 1000 tries");
  }

  /**
   * Kafka's tryEvict: a stale session; else the least valuable one (non-privileged before privileged,
   * then fewest partitions, then least recently used) when the new session is worth more: privileged
   * over a non-privileged one, else more partitions. A consumer's session never evicts a follower's.
   */
  private evictOne(nowMs: number, newSize: number, privileged: boolean): boolean {
    let stale: FetchSession | null = null;
    let least: FetchSession | null = null;
    for (const s of this.sessions.values()) {
      if (nowMs - s.lastUsedMs >= this.evictionMs && (!stale || s.lastUsedMs < stale.lastUsedMs)) stale = s;
      if (s.privileged && !privileged) continue;
      if (!least || rank(s) < rank(least) || (rank(s) === rank(least) && s.lastUsedMs < least.lastUsedMs)) least = s;
    }
    const victim = stale ?? (least && ((privileged && !least.privileged) || least.size < newSize) ? least : null);
    if (!victim) return false;
    this.sessions.delete(victim.id);
    return true;
  }

  /** A new session for `partitionCount` partitions, or null when the cache has no room for it. */
  maybeCreate(nowMs: number, usesTopicIds: boolean, partitionCount: number, privileged = false): FetchSession | null {
    if (this.maxSlots === 0) return null;
    if (this.sessions.size >= this.maxSlots && !this.evictOne(nowMs, partitionCount, privileged)) return null;
    const s = new FetchSession(this.newId(), usesTopicIds, nowMs, privileged);
    this.sessions.set(s.id, s);
    return s;
  }
}

/** Kafka's EvictableKey order without the id: privileged sessions rank above any non-privileged one. */
function rank(s: FetchSession): number {
  return (s.privileged ? 2 ** 31 : 0) + s.size;
}

export { INVALID_SESSION_ID };
