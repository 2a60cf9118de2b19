// One client connection: frames in, responses out in the order the requests arrived.
//
// Requests are handed to the dispatcher as soon as they are whole, in arrival order and synchronously,
// so a handler's ordering-sensitive work (a produce's append) happens in arrival order even when its
// response waits (acks=all, a long-polling fetch). Responses are queued in slots and written strictly in
// request order.
//
// Bounds: at most `maxInFlight` requests awaiting responses (reading pauses beyond it); at most
// `maxQueuedBytes` of responses waiting for the socket (reading pauses beyond it); frames above
// `maxFrameBytes` close the connection before their body is read.
//
// TLS: Bun's TLS socket still exposes its kernel fd, and sendfile(2) to it would put plaintext segment
// bytes on an encrypted stream, so a TLS connection's output queue has no sendfile: file slices are read
// (pread) and written through the socket, which encrypts them, corked (tcp-cork.ts). Bun exposes no
// kernel TLS (kTLS), which would be the only way to keep zero copy here (and this machine's kernel has
// no "tls" ULP either: /proc/sys/net/ipv4/tcp_available_ulp; bench/PROFILE.md).
//
// File lifetimes: a response that points into segment files holds a reference to each from the moment
// it is handed over (its slot) until the output queue has sent it, or the connection is gone; so a
// deleted segment's descriptor stays open, and names the same file, while a slow client still waits.

import type { Socket } from "bun";
import type { FrameParts } from "../protocol/primitives/writer.ts";
import { FrameAssembler, FrameSizeError, type Frame } from "./frame-assembler.ts";
import { OutputQueue, releaseFrameFiles, retainFrameFiles } from "./output-queue.ts";
import { sendfileImpl } from "./sendfile.ts";
import { tcpCork } from "./tcp-cork.ts";

/** What the dispatcher returns for a request: a response frame, no response (acks=0), or close. */
export type Outcome = FrameParts | null | "close";

export interface ConnectionInfo {
  readonly id: number;
  readonly listenerName: string;
  readonly remoteAddress: string;
  /** The peer's port (-1 when the socket does not say): KIP-714 matches client_source_port on it. */
  readonly remotePort?: number;
  /** ClientSoftwareName/Version from this connection's ApiVersions v3+ (Kafka's ClientInformation). */
  clientSoftware?: { readonly name: string; readonly version: string };
  /** Set once the connection has sent a valid request (the smaller pre-auth frame limit no longer applies). */
  authenticated: boolean;
  /**
   * Who is on the other end (Kafka's KafkaPrincipal): User:ANONYMOUS until an authenticator (SASL, TLS
   * client certificates) sets it. The dispatcher puts it on every RequestContext.
   */
  principal: { readonly principalType: string; readonly name: string };
  /**
   * Close once every response already started has been sent (a failed SASL login: its error response
   * goes out, then the connection closes, as Kafka's). Optional: test doubles may leave it out.
   */
  closeWhenAnswered?(): void;
  /**
   * Kafka's channel throttling (client quotas): stop reading requests for `ms`, counted from now (the
   * response being answered goes out first); a later throttle extends the mute. Optional: test doubles.
   */
  throttle?(ms: number): void;
}

/** Kafka's KafkaPrincipal.ANONYMOUS, every connection's principal until it authenticates. */
export const ANONYMOUS_PRINCIPAL: { readonly principalType: string; readonly name: string } = Object.freeze({ principalType: "User", name: "ANONYMOUS" });

export interface RequestSink {
  /** `frame` is one buffer, or for a large frame that spanned socket chunks, its slices in order. */
  handle(conn: ConnectionInfo, frame: Frame): Outcome | Promise<Outcome>;
}

export interface ConnectionLimits {
  maxFrameBytes: number;
  /**
   * The frame limit until the connection is authenticated (sasl.server.max.receive.size on SASL
   * listeners); absent: maxFrameBytes from the start.
   */
  maxPreAuthFrameBytes?: number;
  maxInFlight: number;
  maxQueuedBytes: number;
}

export interface ConnectionLog {
  warn(msg: string, fields?: Record<string, unknown>): void;
}

/** How long a closing connection waits for the peer's FIN before it is cut off. */
const CLOSE_LINGER_MS = 5000;

interface Slot {
  outcome: Outcome | undefined;
}

export class Connection implements ConnectionInfo {
  readonly id: number;
  readonly listenerName: string;
  readonly remoteAddress: string;
  readonly remotePort: number;
  clientSoftware?: { readonly name: string; readonly version: string };
  authenticated = false;
  principal: { readonly principalType: string; readonly name: string } = ANONYMOUS_PRINCIPAL;
  lastActiveMs: number;
  closed = false;

  private readonly socket: Socket<Connection | undefined>;
  private readonly sink: RequestSink;
  private readonly limits: ConnectionLimits;
  private readonly log: ConnectionLog;
  private readonly assembler: FrameAssembler;
  private readonly out: OutputQueue;
  private readonly slots: Slot[] = [];
  /** Whole frames received while the in-flight bound was reached (bounded by one read's worth). */
  private readonly backlog: Frame[] = [];
  private paused = false;
  /** Set by quiesce(): no new request is started; those in flight are answered. */
  private quiescing = false;
  /** Set once the socket is really gone (peer closed, error, or linger expired). */
  private finished = false;
  private lingerTimer: ReturnType<typeof setTimeout> | null = null;
  /** The pre-authentication frame limit is in force (lifted on the first read after authentication). */
  private preAuthLimit: boolean;
  /** closeWhenAnswered() was called: close once the slots are empty. */
  private closeWhenDrained = false;
  /** Muted by a client quota until this time (Date.now() ms); 0: not muted. */
  private throttledUntilMs = 0;
  private throttleTimer: ReturnType<typeof setTimeout> | null = null;
  /** A flush of the output queue is queued as a microtask (responses finished together share a write). */
  private flushQueued = false;
  private readonly onClose: (c: Connection) => void;

  constructor(
    id: number,
    socket: Socket<Connection | undefined>,
    listenerName: string,
    sink: RequestSink,
    limits: ConnectionLimits,
    log: ConnectionLog,
    onClose: (c: Connection) => void,
    /** A TLS socket: file slices must go through the socket's encryption, never sendfile(2) to its fd. */
    tls = false,
  ) {
    this.out = new OutputQueue(tls ? null : sendfileImpl, tls ? tcpCork : null);
    this.id = id;
    this.socket = socket;
    this.listenerName = listenerName;
    this.remoteAddress = `${socket.remoteAddress}`;
    this.remotePort = typeof socket.remotePort === "number" ? socket.remotePort : -1;
    this.sink = sink;
    this.limits = limits;
    this.log = log;
    this.onClose = onClose;
    this.preAuthLimit = limits.maxPreAuthFrameBytes !== undefined;
    this.assembler = new FrameAssembler(limits.maxPreAuthFrameBytes ?? limits.maxFrameBytes);
    this.lastActiveMs = Date.now();
  }

  get inFlight(): number {
    return this.slots.length;
  }

  /** Bun's data callback. */
  onData(chunk: Uint8Array): void {
    // After closeWhenAnswered() nothing more is read as a request (Kafka mutes a failed channel).
    if (this.closed || this.quiescing || this.closeWhenDrained) return;
    this.lastActiveMs = Date.now();
    if (this.preAuthLimit && this.authenticated) {
      this.preAuthLimit = false;
      this.assembler.maxFrameBytes = this.limits.maxFrameBytes;
    }
    let frames: Frame[];
    try {
      frames = this.assembler.pushFrames(chunk);
    } catch (e) {
      if (e instanceof FrameSizeError) {
        this.log.warn("closing connection: bad frame size", { connection: this.id, remote: this.remoteAddress, error: e.message });
        this.close();
        return;
      }
      throw e;
    }
    for (const f of frames) this.backlog.push(f);
    this.pump();
  }

  /** Bun's drain callback: the socket can take more. */
  onDrain(): void {
    if (this.closed) return;
    this.flushOut();
  }

  /**
   * Shutdown, first step: start no new request, but answer the ones already started. A request that
   * was appended is then acknowledged before the connection closes, so an idempotent producer does not
   * retry a batch the broker already wrote (after a restart the broker could recognise such a retry
   * only if it was the producer's last batch: the producer snapshot keeps one batch per producer).
   * Reading goes on (and is discarded): unread bytes at close would make the kernel send a reset,
   * which destroys the responses the client has not read yet.
   */
  quiesce(): void {
    if (this.closed || this.quiescing) return;
    this.quiescing = true;
    this.backlog.length = 0;
    if (this.paused) {
      this.paused = false;
      this.socket.resume();
    }
  }

  throttle(ms: number): void {
    if (this.closed || !(ms > 0)) return;
    const untilMs = Date.now() + ms;
    if (untilMs <= this.throttledUntilMs) return;
    this.throttledUntilMs = untilMs;
    if (this.throttleTimer) clearTimeout(this.throttleTimer);
    this.throttleTimer = setTimeout(() => {
      this.throttleTimer = null;
      this.throttledUntilMs = 0;
      if (this.closed) return;
      this.updatePause();
      this.pump();
    }, ms);
    this.updatePause();
  }

  /** Start requests from the backlog while the in-flight bound allows. */
  private pump(): void {
    if (this.quiescing || this.closeWhenDrained || this.throttledUntilMs !== 0) return;
    while (this.backlog.length > 0 && this.slots.length < this.limits.maxInFlight && !this.closed) {
      this.start(this.backlog.shift()!);
    }
    this.updatePause();
  }

  private start(frame: Frame): void {
    const slot: Slot = { outcome: undefined };
    this.slots.push(slot);
    let result: Outcome | Promise<Outcome>;
    try {
      result = this.sink.handle(this, frame);
    } catch (e) {
      this.log.warn("closing connection: request handling failed", { connection: this.id, error: (e as Error).stack ?? String(e) });
      slot.outcome = "close";
      this.drainSlots();
      return;
    }
    if (result instanceof Promise) {
      result.then(
        (o) => this.complete(slot, o),
        (e: unknown) => {
          this.log.warn("closing connection: request handling failed", { connection: this.id, error: (e as Error)?.stack ?? String(e) });
          this.complete(slot, "close");
        },
      );
    } else {
      slot.outcome = this.hold(result);
      this.drainSlots();
    }
  }

  private complete(slot: Slot, outcome: Outcome): void {
    if (this.closed) return;
    slot.outcome = this.hold(outcome);
    this.drainSlots();
    this.pump();
  }

  /**
   * The connection takes a reference to the files of a response that will wait in its slot. A file
   * closed between the read and now (a topic deleted in between) makes the response unsendable as it
   * was read: the connection closes, as Kafka's does when a send hits a closed file channel.
   */
  private hold(outcome: Outcome): Outcome {
    if (outcome === null || outcome === "close" || retainFrameFiles(outcome.parts)) return outcome;
    this.log.warn("closing connection: a response's segment file was closed before it could be sent", { connection: this.id });
    return "close";
  }

  /** Gives back the references of every response not yet queued, and the queue's own (close). */
  private releaseAll(): void {
    for (const s of this.slots) if (s.outcome && s.outcome !== "close") releaseFrameFiles(s.outcome.parts);
    this.slots.length = 0;
    this.out.discard();
  }

  /** Move finished responses at the head of the slot list to the output queue, in order. */
  private drainSlots(): void {
    let wrote = false;
    while (this.slots.length > 0 && this.slots[0]!.outcome !== undefined) {
      const outcome = this.slots.shift()!.outcome!;
      if (outcome === "close") {
        this.flushOut();
        this.close();
        return;
      }
      if (outcome !== null) {
        // The queue takes its own references; the slot's go back.
        for (const p of outcome.parts) this.out.push(p);
        releaseFrameFiles(outcome.parts);
        wrote = true;
      }
    }
    if (wrote) this.queueFlush();
    if (this.closeWhenDrained && this.slots.length === 0) this.close();
  }

  closeWhenAnswered(): void {
    this.closeWhenDrained = true;
    this.backlog.length = 0;
    if (this.slots.length === 0) this.close();
  }

  /**
   * Writes coalesced: the responses of every request finished in the same run of JavaScript (the frames
   * of one socket read answered synchronously, the completions of one microtask checkpoint) go out in
   * one write, from a microtask, which runs before the event loop polls again, so nothing waits longer.
   */
  private queueFlush(): void {
    if (this.flushQueued) return;
    this.flushQueued = true;
    queueMicrotask(() => {
      this.flushQueued = false;
      if (!this.closed) this.flushOut();
    });
  }

  private flushOut(): void {
    const queuedBefore = this.out.queuedBytes;
    const r = this.out.flush(this.socket as unknown as { write(d: Uint8Array): number; fd?: number });
    // The client is reading: a connection that moves bytes is active, however long its responses.
    if (this.out.queuedBytes < queuedBefore) this.lastActiveMs = Date.now();
    if (r === "error") {
      this.log.warn("closing connection: write failed", { connection: this.id, error: this.out.error });
      this.close();
      return;
    }
    this.updatePause();
    if (r === "empty" && this.slots.length === 0) this.lastActiveMs = Date.now();
  }

  private updatePause(): void {
    if (this.closed || this.quiescing) return;
    const shouldPause = this.slots.length >= this.limits.maxInFlight || this.out.queuedBytes > this.limits.maxQueuedBytes || this.throttledUntilMs !== 0;
    if (shouldPause && !this.paused) {
      this.socket.pause();
      this.paused = true;
    } else if (!shouldPause && this.paused) {
      this.paused = false;
      this.socket.resume();
      if (this.backlog.length > 0) this.pump();
    }
  }

  /** True when the connection has nothing in progress (idle expiry may close it). */
  get idle(): boolean {
    return this.slots.length === 0 && this.out.isEmpty && this.backlog.length === 0;
  }

  /**
   * True when responses wait for a client that does not read them. Idle expiry closes such a
   * connection too, as Kafka's Selector does (its idle clock moves only when the socket is readable or
   * writable): else a stalled client would pin its queued responses, and the files they point into
   * (deleted segments included), for as long as it stays connected.
   */
  get waitingForClient(): boolean {
    return !this.out.isEmpty;
  }

  /**
   * Close gracefully: send what is queued, then FIN, and keep reading (discarding) until the peer
   * closes too, so the kernel never answers unread bytes with a reset that would destroy responses the
   * client has not read yet. A peer that does not close within CLOSE_LINGER_MS is cut off.
   *
   * The FIN is a half-close, shutdown(2) of the write side. Bun's socket.end() is not: it closes the
   * socket at once (its close callback fires in the same turn), so a client still sending requests got
   * a reset; the Java client then drops the connection on the failed write with the responses it had
   * not read yet, and after a broker restart retries batches the log already holds (duplicates).
   */
  close(): void {
    if (this.closed) return;
    if (this.flushQueued) {
      // Responses finished in this run of JavaScript go out before the FIN, as they did unbatched.
      this.flushQueued = false;
      this.flushOut();
      if (this.closed) return; // the write failed and closed the connection
    }
    this.closed = true;
    // Nothing more is sent once the FIN is queued.
    this.releaseAll();
    this.backlog.length = 0;
    if (this.paused) {
      this.paused = false;
      this.socket.resume();
    }
    try {
      this.socket.shutdown();
    } catch {
      // already closed
    }
    this.lingerTimer = setTimeout(() => {
      try {
        this.socket.terminate();
      } catch {
        // already closed
      }
      this.finish();
    }, CLOSE_LINGER_MS);
    this.lingerTimer.unref?.();
  }

  /** Called when the peer closed or the socket errored. */
  onSocketClosed(): void {
    this.closed = true;
    this.releaseAll();
    this.backlog.length = 0;
    this.finish();
  }

  private finish(): void {
    if (this.finished) return;
    this.finished = true;
    if (this.lingerTimer) clearTimeout(this.lingerTimer);
    if (this.throttleTimer) clearTimeout(this.throttleTimer);
    this.onClose(this);
  }
}
