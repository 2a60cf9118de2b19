// The client side of an incremental fetch session (KIP-227; Kafka's FetchSessionHandler), one per
// replica fetcher and leader. The first request is full (session id 0 or the old one, epoch 0) and asks
// the leader to create a session; once it answers with a session id, each request carries only the
// partitions whose fetch parameters changed (added or altered) and those that left (forgotten), and
// each answer only the partitions with something new. An error or an answer that does not fit closes
// the session: the next request is full again (epoch 0), as in Kafka:
// - FETCH_SESSION_ID_NOT_FOUND: a new session (id 0); any other top-level error, a failed request, or
//   an answer naming a partition not in the session: the same id at epoch 0 (close it, attempt new);
// - a full answer with session id 0: the leader keeps no session (its cache is full): full again.

import { ErrorCode } from "../protocol/errors.ts";
import type { FetchRequestPartition } from "./remote-leader-endpoint.ts";

const INVALID_SESSION_ID = 0;
const INITIAL_EPOCH = 0;

/** The fetcher's partition key ("topic:partition", as remote-leader-endpoint.ts's partitionKey). */
const partitionKey = (topic: string, partition: number): string => `${topic}:${partition}`;

/** What one request carries (Kafka's FetchRequestData). */
export interface SessionFetchData {
  sessionId: number;
  sessionEpoch: number;
  /** Partitions to send: all of them for a full request, else the added and altered. */
  toSend: FetchRequestPartition[];
  /** Partitions that left the session (incremental requests only). */
  toForget: FetchRequestPartition[];
  /** A full request: the answer must cover every session partition it answers for. */
  full: boolean;
}

function sameFetchParameters(a: FetchRequestPartition, b: FetchRequestPartition): boolean {
  return a.topicId === b.topicId && a.fetchOffset === b.fetchOffset && a.logStartOffset === b.logStartOffset && a.currentLeaderEpoch === b.currentLeaderEpoch && a.lastFetchedEpoch === b.lastFetchedEpoch && a.highWatermark === b.highWatermark;
}

export class FetchSessionHandler {
  private sessionId = INVALID_SESSION_ID;
  private epoch = INITIAL_EPOCH;
  /** The partitions in the session as last sent, by "topic:partition" (bounded by the fetcher's map). */
  private session = new Map<string, FetchRequestPartition>();

  get currentSessionId(): number {
    return this.sessionId;
  }
  get nextEpoch(): number {
    return this.epoch;
  }

  /** The request for `next` (every partition to fetch now), updating the session as Kafka's Builder.build. */
  build(next: readonly FetchRequestPartition[]): SessionFetchData {
    if (this.epoch === INITIAL_EPOCH) {
      this.session = new Map(next.map((p) => [partitionKey(p.topic, p.partition), p]));
      return { sessionId: this.sessionId, sessionEpoch: INITIAL_EPOCH, toSend: [...next], toForget: [], full: true };
    }
    const wanted = new Map(next.map((p) => [partitionKey(p.topic, p.partition), p]));
    const toSend: FetchRequestPartition[] = [];
    const toForget: FetchRequestPartition[] = [];
    for (const [key, prev] of this.session) {
      const now = wanted.get(key);
      if (now === undefined) {
        this.session.delete(key);
        toForget.push(prev);
      } else if (now.topicId !== prev.topicId) {
        // Replaced (the topic was re-created): forget the old id, send the new.
        toForget.push(prev);
        toSend.push(now);
        this.session.set(key, now);
      } else if (!sameFetchParameters(prev, now)) {
        toSend.push(now);
        this.session.set(key, now);
      }
    }
    for (const [key, p] of wanted) {
      if (this.session.has(key)) continue;
      this.session.set(key, p);
      toSend.push(p);
    }
    return { sessionId: this.sessionId, sessionEpoch: this.epoch, toSend, toForget, full: false };
  }

  /**
   * Kafka's handleResponse: true when the answer's partitions may be used; the session moves to its
   * next epoch, or back to a full request.
   */
  handleResponse(sent: SessionFetchData, errorCode: number, sessionId: number, answered: Iterable<string>, answeredUnknownTopic = false): boolean {
    if (errorCode !== ErrorCode.NONE) {
      if (errorCode === ErrorCode.FETCH_SESSION_ID_NOT_FOUND) this.reset(INVALID_SESSION_ID);
      else this.reset(this.sessionId);
      return false;
    }
    if (answeredUnknownTopic) {
      this.reset(sent.full ? INVALID_SESSION_ID : this.sessionId);
      return false;
    }
    for (const key of answered) {
      if (!this.session.has(key)) {
        // A partition this session does not hold: nothing of the answer can be trusted.
        this.reset(sent.full ? INVALID_SESSION_ID : this.sessionId);
        return false;
      }
    }
    if (sessionId === INVALID_SESSION_ID) {
      this.reset(INVALID_SESSION_ID);
      return true;
    }
    if (sent.full) {
      this.sessionId = sessionId;
      this.epoch = 1;
    } else {
      this.epoch = this.epoch === 0x7fffffff ? 1 : this.epoch + 1;
    }
    return true;
  }

  /** Kafka's handleError: the request failed; the next one closes this session and asks for a new one. */
  handleError(): void {
    this.reset(this.sessionId);
  }

  private reset(sessionId: number): void {
    this.sessionId = sessionId;
    this.epoch = INITIAL_EPOCH;
  }
}
