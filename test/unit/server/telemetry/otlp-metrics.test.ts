// The bounded OTLP MetricsData reader: decodes what test/support/otlp.ts encodes, and turns every
// damaged input (truncation at each byte, lengths beyond the buffer, huge varints, bad wire types,
// seeded random bytes) into OtlpDecodeError, never another exception.
import { describe, expect, test } from "bun:test";
import { decodeOtlpMetrics, OtlpDecodeError } from "../../../../src/server/telemetry/otlp-metrics.ts";
import { encodeOtlpMetrics } from "../../../support/otlp.ts";

const SEED = 0x714;
console.log(`otlp-metrics seed=${SEED}`);

function decodesOrRefuses(b: Uint8Array): "ok" | "refused" {
  try {
    decodeOtlpMetrics(b);
    return "ok";
  } catch (e) {
    if (e instanceof OtlpDecodeError) return "refused";
    throw e;
  }
}

describe("decodeOtlpMetrics", () => {
  const body = encodeOtlpMetrics([
    { name: "org.apache.kafka.producer.record.send.rate", kind: "gauge", value: 1.25, attributes: { topic: "t" } },
    { name: "org.apache.kafka.producer.record.send.total", kind: "sum", value: -3n },
  ], { "service.name": "svc" });

  test("names, kinds, values, attributes", () => {
    const m = decodeOtlpMetrics(body);
    expect(m.resource).toEqual({ "service.name": "svc" });
    expect(m.metrics.map((x) => [x.name, x.kind, x.monotonic, x.points.map((p) => [p.value, p.attributes, p.timeUnixNano])])).toEqual([
      ["org.apache.kafka.producer.record.send.rate", "gauge", undefined, [[1.25, { topic: "t" }, 1_700_000_000_000_000_000n]]],
      ["org.apache.kafka.producer.record.send.total", "sum", true, [[-3n, {}, 1_700_000_000_000_000_000n]]],
    ]);
    expect(decodeOtlpMetrics(new Uint8Array(0)).metrics).toEqual([]);
  });

  test("every truncation is refused or decodes a prefix; never throws anything else", () => {
    for (let n = 0; n < body.length; n++) decodesOrRefuses(body.subarray(0, n));
  });

  test("lengths beyond the buffer, long varints, wire type 3/4, field 0", () => {
    expect(decodesOrRefuses(new Uint8Array([0x0a, 0xff, 0xff, 0xff, 0xff, 0x07]))).toBe("refused");
    expect(decodesOrRefuses(new Uint8Array([0x08, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01]))).toBe("refused");
    expect(decodesOrRefuses(new Uint8Array([0x0b]))).toBe("refused");
    expect(decodesOrRefuses(new Uint8Array([0x00, 0x00]))).toBe("refused");
    expect(decodesOrRefuses(new Uint8Array([0x08, 0x01]))).toBe("refused"); // resource_metrics as a varint
  });

  test("seeded random and bit-flipped inputs", () => {
    let x = SEED;
    const rnd = () => (x = (Math.imul(x, 1103515245) + 12345) >>> 0) / 2 ** 32;
    for (let i = 0; i < 2000; i++) {
      const b = new Uint8Array(Math.floor(rnd() * 64));
      for (let k = 0; k < b.length; k++) b[k] = Math.floor(rnd() * 256);
      decodesOrRefuses(b);
      const flipped = body.slice();
      flipped[Math.floor(rnd() * flipped.length)]! ^= 1 << Math.floor(rnd() * 8);
      decodesOrRefuses(flipped);
    }
  });
});
