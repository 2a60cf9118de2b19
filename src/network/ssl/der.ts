// A minimal DER (ASN.1) reader for the certificate and keystore structures the TLS listeners read
// (PKCS#12 stores, X.500 names). It reads definite lengths only, as DER requires, and checks every
// length against the bytes present, so a truncated or hostile file fails with DerError, never a crash.

export class DerError extends Error {
  constructor(msg: string) {
    super(msg);
    this.name = "DerError";
  }
}

export const TAG_INTEGER = 0x02;
export const TAG_OCTET_STRING = 0x04;
export const TAG_OID = 0x06;
export const TAG_SEQUENCE = 0x30;
export const TAG_SET = 0x31;

export interface DerNode {
  readonly tag: number;
  /** The contents (no tag, no length). */
  readonly value: Uint8Array;
  /** Tag, length and contents: the element as encoded. */
  readonly raw: Uint8Array;
}

/** Nesting deeper than any structure read here: a bound on recursion through hostile input. */
const MAX_DEPTH = 32;

/** Reads one element at `offset`; returns it and the offset after it. */
export function readNode(buf: Uint8Array, offset: number): { node: DerNode; next: number } {
  if (offset + 2 > buf.length) throw new DerError("truncated DER element");
  const tag = buf[offset]!;
  if ((tag & 0x1f) === 0x1f) throw new DerError("multi-byte DER tags are not supported");
  let len = buf[offset + 1]!;
  let at = offset + 2;
  if (len & 0x80) {
    const n = len & 0x7f;
    if (n === 0 || n > 4) throw new DerError("indefinite or oversized DER length");
    if (at + n > buf.length) throw new DerError("truncated DER length");
    len = 0;
    for (let i = 0; i < n; i++) len = len * 256 + buf[at + i]!;
    at += n;
  }
  if (at + len > buf.length) throw new DerError("DER element longer than its container");
  return { node: { tag, value: buf.subarray(at, at + len), raw: buf.subarray(offset, at + len) }, next: at + len };
}

/** The one element `buf` holds (trailing bytes are an error). */
export function parseDer(buf: Uint8Array): DerNode {
  const { node, next } = readNode(buf, 0);
  if (next !== buf.length) throw new DerError("trailing bytes after DER element");
  return node;
}

/** The elements inside a constructed element (SEQUENCE, SET, [n] EXPLICIT). */
export function children(node: DerNode, depth = 0): DerNode[] {
  if (depth > MAX_DEPTH) throw new DerError("DER nesting too deep");
  if ((node.tag & 0x20) === 0) throw new DerError(`DER element with tag 0x${node.tag.toString(16)} is not constructed`);
  const out: DerNode[] = [];
  let at = 0;
  // Bounded: each step consumes at least two bytes.
  while (at < node.value.length) {
    const r = readNode(node.value, at);
    out.push(r.node);
    at = r.next;
  }
  return out;
}

export function expectTag(node: DerNode | undefined, tag: number, what: string): DerNode {
  if (!node || node.tag !== tag) throw new DerError(`expected ${what}`);
  return node;
}

/** An OBJECT IDENTIFIER's dotted form. */
export function oidString(node: DerNode): string {
  expectTag(node, TAG_OID, "an OBJECT IDENTIFIER");
  const v = node.value;
  if (v.length === 0 || v.length > 64) throw new DerError("bad OBJECT IDENTIFIER length");
  const parts: number[] = [];
  let n = 0;
  for (let i = 0; i < v.length; i++) {
    n = n * 128 + (v[i]! & 0x7f);
    if ((v[i]! & 0x80) === 0) {
      if (parts.length === 0) parts.push(n < 80 ? Math.floor(n / 40) : 2, n < 80 ? n % 40 : n - 80);
      else parts.push(n);
      n = 0;
    }
  }
  return parts.join(".");
}

/** A small non-negative INTEGER (iteration counts, versions). */
export function smallInt(node: DerNode): number {
  expectTag(node, TAG_INTEGER, "an INTEGER");
  if (node.value.length === 0 || node.value.length > 6) throw new DerError("INTEGER out of range");
  let n = 0;
  for (const b of node.value) n = n * 256 + b;
  return n;
}
