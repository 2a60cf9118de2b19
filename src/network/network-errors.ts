// Typed errors of the outbound NetworkClient, one per way a request can fail, so a caller (Raft, the
// broker-to-controller channel, a replica fetcher) can tell "retry elsewhere" from "retry later" from
// "this node cannot serve the API at all" without reading messages. Names follow Kafka's exceptions.

/** The connection was lost (or never made) before the response arrived; the request may have been processed. */
export class DisconnectException extends Error {
  readonly nodeId: number;
  constructor(nodeId: number, reason: string) {
    super(`connection to node ${nodeId} lost: ${reason}`);
    this.name = "DisconnectException";
    this.nodeId = nodeId;
  }
}

/** No response within the request's timeout; the connection was closed, as Kafka's NetworkClient does. */
export class TimeoutException extends Error {
  readonly nodeId: number;
  readonly timeoutMs: number;
  constructor(nodeId: number, what: string, timeoutMs: number) {
    super(`${what} to node ${nodeId} timed out after ${timeoutMs} ms`);
    this.name = "TimeoutException";
    this.nodeId = nodeId;
    this.timeoutMs = timeoutMs;
  }
}

/** The node does not serve the API in any version this side can send. */
export class UnsupportedVersionException extends Error {
  readonly nodeId: number;
  readonly apiKey: number;
  constructor(nodeId: number, apiKey: number, detail: string) {
    super(`node ${nodeId} cannot serve api ${apiKey}: ${detail}`);
    this.name = "UnsupportedVersionException";
    this.nodeId = nodeId;
    this.apiKey = apiKey;
  }
}

/** The per-node queue (or the node table) is full: the caller is sending faster than the node answers. */
export class QueueFullException extends Error {
  readonly nodeId: number;
  constructor(nodeId: number, limit: number, what: string) {
    super(`${what} for node ${nodeId} is full (limit ${limit})`);
    this.name = "QueueFullException";
    this.nodeId = nodeId;
  }
}

/** The client was closed; nothing more is sent. */
export class ClientClosedException extends Error {
  constructor() {
    super("the network client is closed");
    this.name = "ClientClosedException";
  }
}
