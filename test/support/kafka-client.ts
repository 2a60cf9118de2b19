// A small Kafka protocol client for integration tests, built on Strand's own generated codecs:
// send a request (fields not given take the schema's defaults) and get the decoded response.
// Responses are matched by correlation id; frames are read with the same FrameAssembler the broker uses.

import type { Socket } from "bun";
import { API_CODECS } from "../../src/protocol/generated/apis.ts";
import { decodeResponse, requestHeaderVersion, responseHeaderVersion } from "../../src/protocol/frame.ts";
import { writeRequestHeader } from "../../src/protocol/generated/messages/request-header.ts";
import { encodeFramed } from "../../src/protocol/primitives/writer.ts";
import { FrameAssembler } from "../../src/network/frame-assembler.ts";

interface Pending {
  resolve: (frame: Uint8Array) => void;
  reject: (e: Error) => void;
}

export class KafkaTestClient {
  private socket!: Socket<undefined>;
  private readonly pending = new Map<number, Pending>();
  private nextCorrelation = 1;
  private readonly assembler = new FrameAssembler(1 << 30);
  private closed = false;
  clientId = "strand-test";
  /**
   * When set, request frames are written in pieces of minBytes..maxBytes with pauseMs between them, so
   * the broker receives a large request as many socket chunks (the zero-copy produce path).
   */
  dribble: { minBytes: number; maxBytes: number; pauseMs: number } | null = null;

  static async connect(port: number, host = "127.0.0.1"): Promise<KafkaTestClient> {
    const c = new KafkaTestClient();
    c.socket = await Bun.connect({
      hostname: host,
      port,
      socket: {
        data: (_s, d) => c.onData(d),
        close: () => c.onClose(),
        error: () => c.onClose(),
      },
    });
    return c;
  }

  private onData(d: Uint8Array): void {
    for (const f of this.assembler.push(d)) {
      const corr = new DataView(f.buffer, f.byteOffset).getInt32(0);
      const p = this.pending.get(corr);
      if (p) {
        this.pending.delete(corr);
        p.resolve(f);
      }
    }
  }

  private onClose(): void {
    this.closed = true;
    for (const p of this.pending.values()) p.reject(new Error("connection closed by the broker"));
    this.pending.clear();
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Send raw body bytes after a correct header; resolves with the response frame (without its size). */
  rawRequest(apiKey: number, version: number, body: Uint8Array, timeoutMs = 10_000): Promise<Uint8Array> {
    if (this.closed) return Promise.reject(new Error("connection closed by the broker"));
    const correlationId = this.nextCorrelation++;
    const frame = encodeFramed((s) => {
      writeRequestHeader(s, { requestApiKey: apiKey, requestApiVersion: version, correlationId, clientId: this.clientId }, requestHeaderVersion(apiKey, version));
      s.raw(body);
    });
    return this.send(correlationId, frame, timeoutMs);
  }

  /** Send raw frame bytes as they are (for hostile-input tests); resolves with a response for `correlationId`. */
  sendFrame(frame: Uint8Array, correlationId: number, timeoutMs = 10_000): Promise<Uint8Array> {
    return this.send(correlationId, frame, timeoutMs);
  }

  private send(correlationId: number, frame: Uint8Array, timeoutMs: number): Promise<Uint8Array> {
    return new Promise<Uint8Array>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(correlationId);
        reject(new Error(`no response to correlation id ${correlationId} within ${timeoutMs} ms`));
      }, timeoutMs);
      this.pending.set(correlationId, {
        resolve: (f) => {
          clearTimeout(timer);
          resolve(f);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      });
      let off = 0;
      const dribble = this.dribble;
      // Bound: each write either takes bytes or we wait a tick; frames in tests are small.
      const pump = () => {
        while (off < frame.length) {
          const n = this.socket.write(frame.subarray(off));
          if (n < 0) return reject(new Error("connection closed by the broker"));
          if (n === 0) return setTimeout(pump, 1);
          off += n;
        }
      };
      // One dribbled piece (a size varying with the offset), then the pause before the next.
      const writePiece = () => {
        if (!dribble || off >= frame.length) return;
        const size = dribble.minBytes + ((off * 7919) % (dribble.maxBytes - dribble.minBytes + 1));
        const n = this.socket.write(frame.subarray(off, Math.min(off + size, frame.length)));
        if (n < 0) return reject(new Error("connection closed by the broker"));
        off += n;
        if (off < frame.length) setTimeout(writePiece, dribble.pauseMs);
      };
      if (dribble) writePiece();
      else pump();
    });
  }

  /** Send a request built from `fields` over the schema defaults; resolve with the decoded response. */
  async request<T = Record<string, unknown>>(apiKey: number, version: number, fields: Record<string, unknown> = {}, timeoutMs = 10_000): Promise<T> {
    const codec = API_CODECS.get(apiKey);
    if (!codec) throw new Error(`unknown api key ${apiKey}`);
    const body = { ...(codec.newRequest() as object), ...fields };
    const correlationId = this.nextCorrelation++;
    const frame = encodeFramed((s) => {
      writeRequestHeader(s, { requestApiKey: apiKey, requestApiVersion: version, correlationId, clientId: this.clientId }, requestHeaderVersion(apiKey, version));
      codec.writeRequest(s, body, version);
    });
    const res = await this.send(correlationId, frame, timeoutMs);
    void responseHeaderVersion;
    const d = decodeResponse(res, apiKey, version);
    if (!d.ok) throw new Error(`undecodable response to api ${apiKey} v${version}: ${d.error?.message}`);
    return d.body as T;
  }

  /** Send a request that gets no response (Produce acks=0). */
  sendOnly(apiKey: number, version: number, fields: Record<string, unknown>): void {
    const codec = API_CODECS.get(apiKey)!;
    const body = { ...(codec.newRequest() as object), ...fields };
    const frame = encodeFramed((s) => {
      writeRequestHeader(s, { requestApiKey: apiKey, requestApiVersion: version, correlationId: this.nextCorrelation++, clientId: this.clientId }, requestHeaderVersion(apiKey, version));
      codec.writeRequest(s, body, version);
    });
    this.socket.write(frame);
  }

  close(): void {
    this.closed = true;
    this.socket.end();
  }
}

/** Runs `fn` with a client connected to `port` on loopback, and closes the client whatever happens. */
export async function withClient<T>(port: number, fn: (c: KafkaTestClient) => Promise<T>): Promise<T> {
  const c = await KafkaTestClient.connect(port);
  try {
    return await fn(c);
  } finally {
    c.close();
  }
}
