// xxHash32 (Yann Collet's XXH32), used by the LZ4 frame format for header, block and content checksums.
//
//   xxhash32(buf, start, end, seed = 0) -> uint32
const P1 = 0x9e3779b1;
const P2 = 0x85ebca77;
const P3 = 0xc2b2ae3d;
const P4 = 0x27d4eb2f;
const P5 = 0x165667b1;

function rotl(x: number, r: number): number {
  return (x << r) | (x >>> (32 - r));
}

function read32(b: Uint8Array, i: number): number {
  return b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16) | (b[i + 3]! << 24);
}

export function xxhash32(buf: Uint8Array, start = 0, end = buf.length, seed = 0): number {
  let i = start;
  let h: number;
  const len = end - start;
  if (len >= 16) {
    let v1 = (seed + P1 + P2) | 0;
    let v2 = (seed + P2) | 0;
    let v3 = seed | 0;
    let v4 = (seed - P1) | 0;
    const limit = end - 16;
    while (i <= limit) {
      v1 = Math.imul(rotl((v1 + Math.imul(read32(buf, i), P2)) | 0, 13), P1);
      v2 = Math.imul(rotl((v2 + Math.imul(read32(buf, i + 4), P2)) | 0, 13), P1);
      v3 = Math.imul(rotl((v3 + Math.imul(read32(buf, i + 8), P2)) | 0, 13), P1);
      v4 = Math.imul(rotl((v4 + Math.imul(read32(buf, i + 12), P2)) | 0, 13), P1);
      i += 16;
    }
    h = (rotl(v1, 1) + rotl(v2, 7) + rotl(v3, 12) + rotl(v4, 18)) | 0;
  } else {
    h = (seed + P5) | 0;
  }
  h = (h + len) | 0;
  while (i + 4 <= end) {
    h = Math.imul(rotl((h + Math.imul(read32(buf, i), P3)) | 0, 17), P4);
    i += 4;
  }
  while (i < end) {
    h = Math.imul(rotl((h + Math.imul(buf[i]!, P5)) | 0, 11), P1);
    i++;
  }
  h ^= h >>> 15;
  h = Math.imul(h, P2);
  h ^= h >>> 13;
  h = Math.imul(h, P3);
  h ^= h >>> 16;
  return h >>> 0;
}
