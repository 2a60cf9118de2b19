// The broker's way to the active controller (Kafka's NodeToControllerChannelManager role): send a
// request to whichever controller is believed active, and be told when that belief is wrong.
//
// NodeControllerChannel is the simple form over NetworkClient: a fixed list of controller nodes
// (controller.quorum.voters or the bootstrap servers), one of them current; controllerMoved() moves
// to the next. The lead replaces the guess with the Raft leader once brokers follow the metadata log
// (Kafka's RaftControllerNodeProvider).

import type { ClientResponse, NetworkClient, Node } from "../network/network-client.ts";

export interface ControllerChannel {
  /** Send to the current controller; rejects with the NetworkClient's typed errors. */
  send<T>(apiKey: number, body: Record<string, unknown>, opts?: { timeoutMs?: number; minVersion?: number; maxVersion?: number }): Promise<ClientResponse<T>>;
  /** The controller answered NOT_CONTROLLER or could not be reached: look for the active one again. */
  controllerMoved(): void;
  /** The node requests go to now, for logs; null when none is known. */
  currentController(): Node | null;
  /**
   * A retry's back-off: resolves after `ms`, or sooner (true) when another controller becomes active (or
   * already has since `sinceGeneration`), so
   * a request waiting out a failover goes to the new controller as soon as it is known (Kafka's request
   * thread re-reads the Raft leader on every poll). Without it the caller just sleeps.
   */
  backoff?(ms: number, sinceGeneration: number): Promise<boolean>;
  /** Bumped on every change of active controller: a change between a send and its back-off skips the wait. */
  generation?(): number;
}

/** Waiting retries at most (each is a request in flight, already bounded by the request limits). */
const MAX_BACKOFF_WAITERS = 10_000;

export class NodeControllerChannel implements ControllerChannel {
  private index = 0;

  constructor(
    private readonly client: NetworkClient,
    private readonly controllers: readonly Node[],
  ) {
    if (controllers.length === 0) throw new RangeError("NodeControllerChannel needs at least one controller node");
  }

  send<T>(apiKey: number, body: Record<string, unknown>, opts: { timeoutMs?: number; minVersion?: number; maxVersion?: number } = {}): Promise<ClientResponse<T>> {
    return this.client.send<T>(this.controllers[this.index]!, apiKey, body, opts);
  }

  controllerMoved(): void {
    this.index = (this.index + 1) % this.controllers.length;
  }

  currentController(): Node | null {
    return this.controllers[this.index] ?? null;
  }
}

/** No controller is known yet (no Raft leader): the caller backs off and tries again. */
export class NoControllerError extends Error {
  constructor() {
    super("no active controller is known yet");
    this.name = "NoControllerError";
  }
}

/**
 * Kafka's RaftControllerNodeProvider: requests go to the Raft leader of the metadata quorum, on its
 * controller listener. controllerMoved() needs nothing: the next send asks Raft again.
 */
export class RaftControllerChannel implements ControllerChannel {
  private readonly waiters = new Set<() => void>();
  private changes = 0;

  constructor(
    private readonly client: NetworkClient,
    private readonly leaderNode: () => Node | null,
  ) {}

  /** The metadata quorum has a new leader (or lost it): waiting retries go now. */
  leaderChanged(): void {
    this.changes++;
    const all = [...this.waiters];
    this.waiters.clear();
    for (const w of all) w();
  }

  generation(): number {
    return this.changes;
  }

  backoff(ms: number, sinceGeneration: number): Promise<boolean> {
    if (sinceGeneration !== this.changes) return Promise.resolve(true);
    if (this.waiters.size >= MAX_BACKOFF_WAITERS) return Bun.sleep(ms).then(() => false);
    return new Promise<boolean>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        this.waiters.delete(wake);
        resolve(false);
      }, ms);
      this.waiters.add(wake);
    });
  }

  send<T>(apiKey: number, body: Record<string, unknown>, opts: { timeoutMs?: number; minVersion?: number; maxVersion?: number } = {}): Promise<ClientResponse<T>> {
    const node = this.leaderNode();
    if (!node) return Promise.reject(new NoControllerError());
    // A leader that cannot be reached fails the send at once: the retry goes to whoever leads then.
    return this.client.send<T>(node, apiKey, body, { ...opts, waitForConnection: false });
  }

  controllerMoved(): void {}

  currentController(): Node | null {
    return this.leaderNode();
  }
}

/** True when an answer names NOT_CONTROLLER at its top level or in one of its per-item results. */
export function answersNotController(body: unknown, depth = 0): boolean {
  if (depth > 6 || body === null || typeof body !== "object") return false;
  if (Array.isArray(body)) return body.some((x) => answersNotController(x, depth + 1));
  for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
    if (k === "errorCode" && v === NOT_CONTROLLER) return true;
    if (typeof v === "object" && v !== null && answersNotController(v, depth + 1)) return true;
  }
  return false;
}
const NOT_CONTROLLER = 41;

/**
 * Kafka's NodeToControllerChannelManager retry: a request that finds no controller, loses its
 * connection, times out or is answered NOT_CONTROLLER is sent again (to whichever controller is active
 * then) with a doubling back-off from 50 ms to 1 s, cut short (and started again at 50 ms) when
 * another controller becomes active, until `retryTimeoutMs` has passed; then the last
 * answer (or error) is returned. A request the controller applied before its answer was lost may thus be
 * applied twice, as with Kafka's: CreateTopics then answers TOPIC_ALREADY_EXISTS.
 */
export async function sendToActiveController<T>(
  channel: ControllerChannel,
  apiKey: number,
  body: Record<string, unknown>,
  opts: { minVersion?: number; maxVersion?: number; retryTimeoutMs: number },
): Promise<ClientResponse<T>> {
  const deadline = Date.now() + opts.retryTimeoutMs;
  let backoffMs = 50;
  // Bounded by the deadline: every round waits at least 50 ms, or for a change of controller.
  for (;;) {
    const generation = channel.generation?.() ?? 0;
    try {
      const r = await channel.send<T>(apiKey, body, { minVersion: opts.minVersion, maxVersion: opts.maxVersion });
      if (!answersNotController(r.body) || Date.now() + backoffMs >= deadline) return r;
      channel.controllerMoved();
    } catch (e) {
      channel.controllerMoved();
      if (Date.now() + backoffMs >= deadline) throw e;
    }
    backoffMs = (await backoffOn(channel, backoffMs, generation)) ? 50 : Math.min(backoffMs * 2, 1_000);
  }
}

/** The channel's back-off (true: a new controller is active), else a plain sleep. */
export async function backoffOn(channel: ControllerChannel, ms: number, sinceGeneration: number): Promise<boolean> {
  if (channel.backoff) return channel.backoff(ms, sinceGeneration);
  await Bun.sleep(ms);
  return false;
}
