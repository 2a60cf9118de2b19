// Splits one direction of a Kafka connection into size-prefixed frames, and reads the few header
// fields the capture index needs. Every frame keeps its exact bytes, 4-byte size prefix included.

/** Kafka's default socket.request.max.bytes: a larger declared size means the stream is not Kafka. */
export const MAX_FRAME_BYTES = 104_857_600;

export class FrameSplitError extends Error {
  constructor(readonly declaredSize: number) {
    super(`frame declares ${declaredSize} bytes, outside 0..${MAX_FRAME_BYTES}`);
    this.name = "FrameSplitError";
  }
}

export class FrameSplitter {
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;

  /** Appends bytes and returns every frame completed by them (each incl. its 4-byte size). */
  push(chunk: Uint8Array): Uint8Array[] {
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    const frames: Uint8Array[] = [];
    // Bounded: each iteration consumes one whole frame from a finite buffer.
    while (this.pendingBytes >= 4) {
      const head = this.peek(4);
      const size = new DataView(head.buffer, head.byteOffset, 4).getInt32(0);
      if (size < 0 || size > MAX_FRAME_BYTES) throw new FrameSplitError(size);
      if (this.pendingBytes < 4 + size) break;
      frames.push(this.take(4 + size));
    }
    return frames;
  }

  private peek(n: number): Uint8Array {
    const first = this.pending[0];
    if (first.length >= n) return first.subarray(0, n);
    this.pending = [concat(this.pending, this.pendingBytes)];
    return this.pending[0].subarray(0, n);
  }

  private take(n: number): Uint8Array {
    const all = this.pending.length === 1 ? this.pending[0] : concat(this.pending, this.pendingBytes);
    const frame = all.slice(0, n);
    const rest = all.subarray(n);
    this.pending = rest.length > 0 ? [rest] : [];
    this.pendingBytes = rest.length;
    return frame;
  }
}

function concat(parts: Uint8Array[], total: number): Uint8Array {
  const out = new Uint8Array(total);
  let pos = 0;
  for (const p of parts) {
    out.set(p, pos);
    pos += p.length;
  }
  return out;
}

export interface RequestHeaderFields {
  apiKey: number;
  apiVersion: number;
  correlationId: number;
  /** null when the header has no client id (v0) or it is the null string. */
  clientId: string | null;
}

/** Request header v1/v2 start: key, version, correlation id, then an int16-length client id. */
export function readRequestHeader(frame: Uint8Array): RequestHeaderFields {
  if (frame.length < 4 + 8) throw new RangeError(`request frame of ${frame.length} bytes is too short`);
  const view = new DataView(frame.buffer, frame.byteOffset, frame.length);
  const apiKey = view.getInt16(4);
  const apiVersion = view.getInt16(6);
  const correlationId = view.getInt32(8);
  let clientId: string | null = null;
  if (frame.length >= 14) {
    const len = view.getInt16(12);
    if (len >= 0 && 14 + len <= frame.length) clientId = new TextDecoder().decode(frame.subarray(14, 14 + len));
  }
  return { apiKey, apiVersion, correlationId, clientId };
}

/** Every response header starts with the correlation id. */
export function readResponseCorrelationId(frame: Uint8Array): number {
  if (frame.length < 8) throw new RangeError(`response frame of ${frame.length} bytes is too short`);
  return new DataView(frame.buffer, frame.byteOffset, frame.length).getInt32(4);
}
