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
}

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
  constructor(
    private readonly client: NetworkClient,
    private readonly leaderNode: () => Node | null,
  ) {}

  send<T>(apiKey: number, body: Record<string, unknown>, opts: { timeoutMs?: number; minVersion?: number; maxVersion?: number } = {}): Promise<ClientResponse<T>> {
    const node = this.leaderNode();
    if (!node) return Promise.reject(new NoControllerError());
    return this.client.send<T>(node, apiKey, body, opts);
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
 * then) with a doubling back-off from 50 ms to 1 s, until `retryTimeoutMs` has passed; then the last
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
  // Bounded by the deadline: every round waits at least 50 ms.
  for (;;) {
    try {
      const r = await channel.send<T>(apiKey, body, { minVersion: opts.minVersion, maxVersion: opts.maxVersion });
      if (!answersNotController(r.body) || Date.now() + backoffMs >= deadline) return r;
      channel.controllerMoved();
    } catch (e) {
      channel.controllerMoved();
      if (Date.now() + backoffMs >= deadline) throw e;
    }
    await Bun.sleep(backoffMs);
    backoffMs = Math.min(backoffMs * 2, 1_000);
  }
}
