// JSON rendering of decoded protocol messages for people: bigint as a number when it is exact (else a
// string), bytes as base64 with their length, unknown tagged fields kept.

export function toJsonValue(v: unknown): unknown {
  if (typeof v === "bigint") return v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v.toString();
  if (v instanceof Uint8Array) return { length: v.length, base64: Buffer.from(v.buffer, v.byteOffset, v.length).toString("base64") };
  if (Array.isArray(v)) return v.map(toJsonValue);
  if (v !== null && typeof v === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) if (x !== undefined) out[k] = toJsonValue(x);
    return out;
  }
  return v;
}

export function toJson(v: unknown): string {
  return JSON.stringify(toJsonValue(v), null, 2);
}
