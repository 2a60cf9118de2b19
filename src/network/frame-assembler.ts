// Frame reassembly: turns the chunks a socket delivers into whole Kafka frames.
//
// Chunks are kept as a list, not concatenated as they arrive, so a large frame arriving in many small
// chunks costs at most one copy, not a quadratic number. A frame that lies inside one chunk is returned
// as a subarray of it (no copy). With pushFrames(), a frame that spans several chunks and is at least
// CHUNKED_FRAME_MIN_BYTES long is handed over as the list of its chunk slices (no copy: the broker's
// produce path decodes it in place, see protocol/primitives/chunk-reader.ts); a smaller one is copied once.
// The size prefix is checked before any of the body is kept: a negative size, or one above the limit, is
// an error and the caller closes the connection, as Kafka does.
//
// The chunks handed over are the ones the socket delivered; the assembler never writes to them.

export class FrameSizeError extends Error {
  readonly size: number;
  readonly maxBytes: number;
  constructor(size: number, maxBytes: number) {
    super(
      size < 0
        ? `frame size ${size} is negative`
        : `frame size ${size} is larger than the limit of ${maxBytes} bytes (socket.request.max.bytes)`,
    );
    this.name = "FrameSizeError";
    this.size = size;
    this.maxBytes = maxBytes;
  }
}

/**
 * Frames at least this long that span chunks are handed over as slices by pushFrames(). Below it the
 * single copy is cheaper than the sliced decode (and such frames are rare: clients write whole small
 * requests at once).
 */
export const CHUNKED_FRAME_MIN_BYTES = 16 * 1024;

/** A whole frame body: one buffer, or (large frames spanning socket chunks) its slices in order. */
export type Frame = Uint8Array | readonly Uint8Array[];

export class FrameAssembler {
  private chunks: Uint8Array[] = [];
  private buffered = 0;
  /** Size of the frame being assembled, or -1 while its 4-byte prefix is incomplete. */
  private need = -1;
  maxFrameBytes: number;

  constructor(maxFrameBytes: number) {
    this.maxFrameBytes = maxFrameBytes;
  }

  /** Bytes held that are not yet part of a returned frame. */
  get bufferedBytes(): number {
    return this.buffered;
  }

  /**
   * Add a chunk and return the frames it completes (bodies without the size prefix), in order.
   * Throws FrameSizeError on a bad size prefix; the assembler must not be used after that.
   * The number of frames per call is bounded by the chunk's size / 4.
   */
  push(chunk: Uint8Array): Uint8Array[] {
    return this.add(chunk, Number.POSITIVE_INFINITY) as Uint8Array[];
  }

  /**
   * As push(), but a frame of at least CHUNKED_FRAME_MIN_BYTES that spans chunks comes back as the list
   * of its chunk slices instead of a copy.
   */
  pushFrames(chunk: Uint8Array): Frame[] {
    return this.add(chunk, CHUNKED_FRAME_MIN_BYTES);
  }

  private add(chunk: Uint8Array, chunkedMinBytes: number): Frame[] {
    const frames: Frame[] = [];
    if (chunk.length === 0) return frames;
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    for (;;) {
      if (this.need < 0) {
        if (this.buffered < 4) break;
        const size = this.peekInt32();
        if (size < 0 || size > this.maxFrameBytes) throw new FrameSizeError(size, this.maxFrameBytes);
        this.consume(4);
        this.need = size;
      }
      if (this.buffered < this.need) break;
      frames.push(this.need >= chunkedMinBytes ? this.takeSlices(this.need) : this.take(this.need));
      this.need = -1;
    }
    return frames;
  }

  private peekInt32(): number {
    const first = this.chunks[0]!;
    if (first.length >= 4) return ((first[0]! << 24) | (first[1]! << 16) | (first[2]! << 8) | first[3]!) | 0;
    const b = this.copyOut(4, false);
    return ((b[0]! << 24) | (b[1]! << 16) | (b[2]! << 8) | b[3]!) | 0;
  }

  /** Drop n bytes from the front without copying them (the size prefix). Bounded by the chunk count. */
  private consume(n: number): void {
    let left = n;
    while (left > 0) {
      const c = this.chunks[0]!;
      if (c.length <= left) {
        this.chunks.shift();
        left -= c.length;
      } else {
        this.chunks[0] = c.subarray(left);
        left = 0;
      }
    }
    this.buffered -= n;
  }

  /** Take n bytes from the front: a subarray if one chunk holds them all, else one copy. */
  private take(n: number): Uint8Array {
    const first = this.chunks[0];
    if (n === 0) return new Uint8Array(0);
    if (first && first.length >= n) {
      const out = first.subarray(0, n);
      if (first.length === n) this.chunks.shift();
      else this.chunks[0] = first.subarray(n);
      this.buffered -= n;
      return out;
    }
    return this.copyOut(n, true);
  }

  /** Take n bytes from the front: a subarray if one chunk holds them all, else the chunk slices (no copy). */
  private takeSlices(n: number): Frame {
    const first = this.chunks[0]!;
    if (first.length >= n) return this.take(n);
    const out: Uint8Array[] = [];
    let left = n;
    // Bounded by the chunk count: each step consumes a whole chunk or ends.
    while (left > 0) {
      const c = this.chunks[0]!;
      if (c.length <= left) {
        out.push(c);
        this.chunks.shift();
        left -= c.length;
      } else {
        out.push(c.subarray(0, left));
        this.chunks[0] = c.subarray(left);
        left = 0;
      }
    }
    this.buffered -= n;
    return out;
  }

  private copyOut(n: number, remove: boolean): Uint8Array {
    const out = new Uint8Array(n);
    let filled = 0;
    let i = 0;
    while (filled < n) {
      const c = this.chunks[i]!;
      const k = Math.min(c.length, n - filled);
      out.set(k === c.length ? c : c.subarray(0, k), filled);
      filled += k;
      if (remove) {
        if (k === c.length) {
          this.chunks.shift();
          continue;
        }
        this.chunks[0] = c.subarray(k);
      } else i++;
    }
    if (remove) this.buffered -= n;
    return out;
  }
}
