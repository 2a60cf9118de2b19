// FrameAssembler: frames split at every byte position (inside the size prefix, the request header and
// the record batch header) come back whole; with pushFrames(), a large frame spanning chunks is handed
// over as the chunk slices themselves (no copy), a small one as one buffer.
import { describe, expect, test } from "bun:test";
import { CHUNKED_FRAME_MIN_BYTES, FrameAssembler, FrameSizeError, type Frame } from "../../../src/network/frame-assembler.ts";
import { encodeRequest } from "../../../src/protocol/frame.ts";
import { buildRecordBatch } from "../../../src/protocol/records/index.ts";
import { concatSlices } from "../../../src/protocol/primitives/records-ref.ts";

const concat = concatSlices;

const flat = (f: Frame): Uint8Array => (f instanceof Uint8Array ? f : concat(f));

/** A Produce request frame (size prefix included) carrying one batch of about `valueBytes`. */
function produceFrame(valueBytes: number, correlationId = 7): Uint8Array {
  const value = new Uint8Array(valueBytes);
  for (let i = 0; i < value.length; i++) value[i] = (i * 31 + 5) & 0xff;
  const records = buildRecordBatch({ records: [{ key: new Uint8Array([1, 2]), value }] });
  return encodeRequest(
    { requestApiKey: 0, requestApiVersion: 9, correlationId, clientId: "t" },
    { transactionalId: null, acks: 1, timeoutMs: 1000, topicData: [{ name: "t", topicId: "AAAAAAAAAAAAAAAAAAAAAA", partitionData: [{ index: 0, records }] }] },
  );
}

describe("pushFrames", () => {
  const big = produceFrame(CHUNKED_FRAME_MIN_BYTES + 500);
  const small = produceFrame(100, 8);
  const stream = concat([small, big, small]);
  const bodies = [small.subarray(4), big.subarray(4), small.subarray(4)];

  test("a stream split in two at every byte position gives the same frames", () => {
    for (let cut = 0; cut <= stream.length; cut++) {
      const a = new FrameAssembler(1 << 20);
      const frames = [...a.pushFrames(stream.subarray(0, cut)), ...a.pushFrames(stream.subarray(cut))];
      if (frames.length !== 3) throw new Error(`cut ${cut}: ${frames.length} frames`);
      for (let i = 0; i < 3; i++) expect(flat(frames[i]!)).toEqual(bodies[i]!);
      expect(a.bufferedBytes).toBe(0);
      // The big frame spans both chunks exactly when the cut falls strictly inside its body.
      const bodyStart = small.length + 4;
      const bodyEnd = small.length + big.length;
      const spans = cut > bodyStart && cut < bodyEnd;
      expect(frames[1] instanceof Uint8Array).toBe(!spans);
      if (!spans) continue;
      const parts = frames[1] as readonly Uint8Array[];
      expect(parts.length).toBe(2);
      // No copy: the slices share memory with the chunks pushed.
      expect(parts[0]!.buffer).toBe(stream.buffer);
      expect(parts[1]!.buffer).toBe(stream.buffer);
    }
  });

  test("a stream split in three at many position pairs (inside the size prefix and batch header)", () => {
    // Positions around the big frame's size prefix, request header, and record batch header.
    const interesting: number[] = [];
    for (let i = small.length - 2; i < small.length + 140; i++) interesting.push(i);
    for (let i = big.length + small.length - 70; i < big.length + small.length + 6; i++) interesting.push(i);
    for (const x of interesting) {
      for (const y of interesting) {
        if (y < x) continue;
        const a = new FrameAssembler(1 << 20);
        const frames = [...a.pushFrames(stream.subarray(0, x)), ...a.pushFrames(stream.subarray(x, y)), ...a.pushFrames(stream.subarray(y))];
        if (frames.length !== 3) throw new Error(`cuts ${x},${y}: ${frames.length} frames`);
        for (let i = 0; i < 3; i++) if (!Buffer.from(flat(frames[i]!)).equals(bodies[i]!)) throw new Error(`cuts ${x},${y}: frame ${i} differs`);
      }
    }
  });

  test("one byte at a time: the big frame is one slice per byte, small frames are copied once", () => {
    const a = new FrameAssembler(1 << 20);
    const frames: Frame[] = [];
    for (let i = 0; i < stream.length; i++) frames.push(...a.pushFrames(stream.subarray(i, i + 1)));
    expect(frames.length).toBe(3);
    expect(frames[0] instanceof Uint8Array).toBe(true);
    expect(frames[2] instanceof Uint8Array).toBe(true);
    expect((frames[1] as readonly Uint8Array[]).length).toBe(big.length - 4);
    for (let i = 0; i < 3; i++) expect(flat(frames[i]!)).toEqual(bodies[i]!);
  });

  test("push() keeps returning one buffer per frame", () => {
    const a = new FrameAssembler(1 << 20);
    const cut = small.length + 2000;
    const frames = [...a.push(stream.subarray(0, cut)), ...a.push(stream.subarray(cut))];
    expect(frames.every((f) => f instanceof Uint8Array)).toBe(true);
    expect(frames.map((f) => f.length)).toEqual(bodies.map((b) => b.length));
  });

  test("the size limit is checked before the body, with the prefix split", () => {
    const a = new FrameAssembler(1000);
    expect(a.pushFrames(big.subarray(0, 2))).toEqual([]);
    expect(() => a.pushFrames(big.subarray(2, 6))).toThrow(FrameSizeError);
  });
});
