// Kafka's ShareSessionCache: one share session per (groupId, memberId), holding the partitions the
// member fetches and the epoch its next request must carry.
//
// Epochs (ShareRequestMetadata): 0 opens a session (replacing the member's old one), -1 closes it,
// anything else must equal the session's next epoch (INVALID_SHARE_SESSION_EPOCH), and a session that
// does not exist is SHARE_SESSION_NOT_FOUND. A request that is accepted moves the epoch on (wrapping
// past Integer.MAX_VALUE to 1, as Kafka's nextEpoch). At most group.share.max.share.sessions
// sessions: a new one past that is SHARE_SESSION_LIMIT_REACHED. A session holds at most
// MAX_PARTITIONS_PER_SESSION partitions (a bound Kafka does not have; its requests are bounded by
// the frame size).

import { ErrorCode } from "../../protocol/errors.ts";

export const INITIAL_EPOCH = 0;
export const FINAL_EPOCH = -1;
export const MAX_PARTITIONS_PER_SESSION = 10_000;

/** topicId + ":" + partition. */
export type SharePartitionKeyString = string;

export function tpKey(topicId: string, partition: number): SharePartitionKeyString {
  return `${topicId}:${partition}`;
}

export interface SessionPartition {
  topicId: string;
  partition: number;
}

export interface ShareSession {
  readonly groupId: string;
  readonly memberId: string;
  epoch: number;
  /** The connection that opened or last used the session (closed: the session ends, as Kafka's ClientConnectionDisconnectListener). */
  connectionId: number;
  /** In the order they were added (Kafka's session keeps insertion order). */
  readonly partitions: Map<SharePartitionKeyString, SessionPartition>;
  lastUsedMs: number;
}

export function nextEpoch(epoch: number): number {
  return epoch >= 2 ** 31 - 1 ? 1 : epoch + 1;
}

export class ShareSessionCache {
  private readonly sessions = new Map<string, ShareSession>();

  constructor(private readonly maxSessions: () => number) {}

  private static key(groupId: string, memberId: string): string {
    return `${groupId}\u0000${memberId}`;
  }

  get size(): number {
    return this.sessions.size;
  }

  get(groupId: string, memberId: string): ShareSession | undefined {
    return this.sessions.get(ShareSessionCache.key(groupId, memberId));
  }

  /** A new session at epoch 1 (the epoch of the member's next request), replacing an old one. */
  open(groupId: string, memberId: string, nowMs: number, connectionId = -1): ShareSession | number {
    const key = ShareSessionCache.key(groupId, memberId);
    const old = this.sessions.get(key);
    if (old === undefined && this.sessions.size >= this.maxSessions()) return ErrorCode.SHARE_SESSION_LIMIT_REACHED;
    const s: ShareSession = { groupId, memberId, epoch: 1, connectionId, partitions: new Map(), lastUsedMs: nowMs };
    this.sessions.set(key, s);
    return s;
  }

  /** The session a request with `epoch` (> 0 or -1) continues, or its error code. */
  check(groupId: string, memberId: string, epoch: number): ShareSession | number {
    const s = this.get(groupId, memberId);
    if (s === undefined) return ErrorCode.SHARE_SESSION_NOT_FOUND;
    if (epoch !== FINAL_EPOCH && epoch !== s.epoch) return ErrorCode.INVALID_SHARE_SESSION_EPOCH;
    return s;
  }

  remove(groupId: string, memberId: string): ShareSession | undefined {
    const key = ShareSessionCache.key(groupId, memberId);
    const s = this.sessions.get(key);
    this.sessions.delete(key);
    return s;
  }

  /** Every session of a member that left the group (ShareGroupListener.onMemberLeave). */
  removeMember(groupId: string, memberId: string): ShareSession | undefined {
    return this.remove(groupId, memberId);
  }

  /** The sessions last used on a connection that closed, removed (a scan of at most max sessions). */
  removeConnection(connectionId: number): ShareSession[] {
    const out: ShareSession[] = [];
    for (const [key, s] of this.sessions) {
      if (s.connectionId !== connectionId) continue;
      this.sessions.delete(key);
      out.push(s);
    }
    return out;
  }
}

/** Adds the request's partitions to the session and drops the forgotten ones (bounded). */
export function updateSessionPartitions(s: ShareSession, added: readonly SessionPartition[], forgotten: readonly SessionPartition[]): void {
  for (const f of forgotten) s.partitions.delete(tpKey(f.topicId, f.partition));
  for (const a of added) {
    const k = tpKey(a.topicId, a.partition);
    if (!s.partitions.has(k) && s.partitions.size < MAX_PARTITIONS_PER_SESSION) s.partitions.set(k, a);
  }
}
