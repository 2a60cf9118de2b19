// Hostile input for the Reader: every failure latches, nothing is allocated from untrusted lengths.
import { describe, expect, test } from "bun:test";
import { Reader } from "../../../src/protocol/primitives/reader.ts";
import { encodeExact, uvarintSize, utf8Length, varlongSize } from "../../../src/protocol/primitives/writer.ts";
import { readArray, readTaggedFields } from "../../../src/protocol/primitives/codec-runtime.ts";

const bytes = (...b: number[]) => new Uint8Array(b);

describe("Reader latches the first error", () => {
  test("truncated fixed-size reads", () => {
    const r = new Reader(bytes(0, 1, 2));
    expect(r.int16()).toBe(1);
    expect(r.int32()).toBe(0);
    expect(r.error?.kind).toBe("truncated");
    expect(r.error?.position).toBe(2);
    // Later reads keep returning zero values and keep the first error.
    expect(r.int8()).toBe(0);
    expect(r.int64()).toBe(0n);
    expect(r.error?.position).toBe(2);
    expect(r.remaining).toBe(0);
  });

  test("a string length larger than the bytes left is refused before any allocation", () => {
    const r = new Reader(bytes(0x7f, 0xff, 0x41, 0x42));
    expect(r.string()).toBe("");
    expect(r.error?.kind).toBe("length-too-large");
    expect(r.error?.message).toContain("declares 32767");
  });

  test("a huge array length in a tiny frame is refused (CVE-2022-34917)", () => {
    const r = new Reader(bytes(0x7f, 0xff, 0xff, 0xff, 0, 0, 0, 1));
    const a = readArray(r, false, false, (r) => r.int32());
    expect(a).toEqual([]);
    expect(r.error?.kind).toBe("length-too-large");
  });

  test("a compact array length past the input is refused", () => {
    const r = new Reader(bytes(0xff, 0xff, 0xff, 0xff, 0x0f));
    expect(readArray(r, true, false, (r) => r.int8())).toEqual([]);
    expect(r.error?.kind).toBe("length-too-large");
  });

  test("negative lengths where none is allowed", () => {
    expect(new Reader(bytes(0xff, 0xfe)).string()).toBe("");
    const r1 = new Reader(bytes(0xff, 0xfe));
    r1.string();
    expect(r1.error?.kind).toBe("negative-length");
    const r2 = new Reader(bytes(0xff, 0xff));
    r2.string(); // -1 is null, not allowed for a non-nullable string
    expect(r2.error?.kind).toBe("negative-length");
    const r3 = new Reader(bytes(0xff, 0xff));
    expect(r3.nullableString()).toBeNull();
    expect(r3.error).toBeNull();
    const r4 = new Reader(bytes(0xff, 0xff, 0xff, 0xfe));
    r4.nullableBytes();
    expect(r4.error?.kind).toBe("negative-length");
    const r5 = new Reader(bytes(0));
    r5.compactString(); // compact 0 = null
    expect(r5.error?.kind).toBe("negative-length");
  });

  test("an unsigned varint over 5 bytes is refused", () => {
    const r = new Reader(bytes(0x80, 0x80, 0x80, 0x80, 0x80, 0x01));
    expect(r.uvarint()).toBe(0);
    expect(r.error?.kind).toBe("varint-too-long");
    const ok = new Reader(bytes(0xff, 0xff, 0xff, 0xff, 0x0f));
    expect(ok.uvarint()).toBe(0xffffffff);
    expect(ok.error).toBeNull();
  });

  test("a varint that runs past the end is truncated", () => {
    const r = new Reader(bytes(0x80, 0x80));
    r.uvarint();
    expect(r.error?.kind).toBe("truncated");
  });

  test("a varlong over 10 bytes is refused", () => {
    const r = new Reader(new Uint8Array(11).fill(0x80));
    r.varlong();
    expect(r.error?.kind).toBe("varint-too-long");
  });

  test("tagged fields: count, order and sizes are bounded", () => {
    const tooMany = new Reader(bytes(0x7f, 1, 0));
    readTaggedFields(tooMany, () => false);
    expect(tooMany.error?.kind).toBe("length-too-large");
    const unordered = new Reader(bytes(2, 5, 0, 3, 0));
    readTaggedFields(unordered, () => false);
    expect(unordered.error?.kind).toBe("invalid-value");
    const oversize = new Reader(bytes(1, 0, 9, 1));
    readTaggedFields(oversize, () => false);
    expect(oversize.error?.kind).toBe("length-too-large");
    const fine = new Reader(bytes(2, 1, 1, 42, 7, 0));
    expect(readTaggedFields(fine, () => false)).toEqual([
      { tag: 1, data: bytes(42) },
      { tag: 7, data: bytes() },
    ]);
  });

  test("bytes are returned without copying", () => {
    const buf = bytes(0, 0, 0, 2, 9, 8);
    const b = new Reader(buf).bytes();
    expect(b.buffer).toBe(buf.buffer);
    expect([...b]).toEqual([9, 8]);
  });
});

describe("Writer", () => {
  test("varints and strings round-trip at their limits", () => {
    const values = [0, 1, 127, 128, 16383, 16384, 2 ** 21, 2 ** 28, 0xffffffff];
    const buf = encodeExact((s) => values.forEach((v) => s.uvarint(v)));
    expect(buf.length).toBe(values.reduce((n, v) => n + uvarintSize(v), 0));
    const r = new Reader(buf);
    expect(values.map(() => r.uvarint())).toEqual(values);
    const longs = [0n, -1n, 1n, -(2n ** 63n), 2n ** 63n - 1n, 300n];
    const lb = encodeExact((s) => longs.forEach((v) => s.varlong(v)));
    expect(lb.length).toBe(longs.reduce((n, v) => n + varlongSize(v), 0));
    const lr = new Reader(lb);
    expect(longs.map(() => lr.varlong())).toEqual(longs);
    const ints = [0, -1, 1, -(2 ** 31), 2 ** 31 - 1];
    const ir = new Reader(encodeExact((s) => ints.forEach((v) => s.varint(v))));
    expect(ints.map(() => ir.varint())).toEqual(ints);
    const strings = ["", "abc", "é", "日本", "😀", "\ud800x"];
    for (const s of strings) expect(utf8Length(s)).toBe(new TextEncoder().encode(s).length);
    const sr = new Reader(encodeExact((w) => strings.forEach((s) => w.string(s, true))));
    expect(strings.map(() => sr.compactString())).toEqual(strings.map((s) => new TextDecoder().decode(new TextEncoder().encode(s))));
  });

  test("a classic string over 32767 bytes is refused", () => {
    expect(() => encodeExact((s) => s.string("x".repeat(40000), false))).toThrow(/int16 length limit/);
  });
});

describe("frames whose records live in files", () => {
  test("encodeFramedParts leaves file slices in place and counts them in the size", async () => {
    const { encodeFramedParts, encodeExact: exact } = await import("../../../src/protocol/primitives/writer.ts");
    const { fileRecords } = await import("../../../src/protocol/primitives/records-ref.ts");
    const file7 = { fd: 7, retain: () => true, release: () => undefined };
    const file8 = { fd: 8, retain: () => true, release: () => undefined };
    const fr = fileRecords([{ file: file7, position: 100, length: 30 }, { file: file8, position: 0, length: 12 }]);
    const { parts, size } = encodeFramedParts((s) => {
      s.int32(1);
      s.records(fr, true);
      s.int16(2);
    });
    // 4 size + 4 int32 + 1 uvarint(43) + 42 file bytes + 2 int16
    expect(size).toBe(4 + 4 + 1 + 42 + 2);
    expect(parts.length).toBe(4);
    expect([...(parts[0] as Uint8Array)]).toEqual([0, 0, 0, 49, 0, 0, 0, 1, 43]);
    expect(parts[1]).toEqual({ file: file7, position: 100, length: 30 });
    expect(parts[2]).toEqual({ file: file8, position: 0, length: 12 });
    expect([...(parts[3] as Uint8Array)]).toEqual([0, 2]);
    expect(() => exact((s) => s.records(fr, false))).toThrow(/file records/);
  });
});
