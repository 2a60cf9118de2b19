// A tiny OTLP MetricsData encoder for tests: gauges and sums with one data point each, plus resource
// attributes, in the protobuf layout KIP-714 clients push (see src/server/telemetry/otlp-metrics.ts).

function varint(n: bigint | number): number[] {
  let v = BigInt(n) & 0xffffffffffffffffn;
  const out: number[] = [];
  do {
    let b = Number(v & 0x7fn);
    v >>= 7n;
    if (v !== 0n) b |= 0x80;
    out.push(b);
  } while (v !== 0n);
  return out;
}

const tag = (num: number, wire: number) => varint((num << 3) | wire);
const len = (num: number, body: number[]) => [...tag(num, 2), ...varint(body.length), ...body];
const str = (num: number, s: string) => len(num, [...new TextEncoder().encode(s)]);
function fixed64(num: number, write: (v: DataView) => void): number[] {
  const b = new Uint8Array(8);
  write(new DataView(b.buffer));
  return [...tag(num, 1), ...b];
}
const keyValue = (num: number, key: string, value: string) => len(num, [...str(1, key), ...len(2, str(1, value))]);

export interface TestMetric {
  name: string;
  kind: "gauge" | "sum";
  value: number | bigint;
  attributes?: Record<string, string>;
}

export function encodeOtlpMetrics(metrics: readonly TestMetric[], resource: Record<string, string> = {}): Uint8Array<ArrayBuffer> {
  const metricMsgs = metrics.map((m) => {
    const point = [
      ...Object.entries(m.attributes ?? {}).flatMap(([k, v]) => keyValue(7, k, v)),
      ...fixed64(3, (d) => d.setBigUint64(0, 1_700_000_000_000_000_000n, true)),
      ...(typeof m.value === "bigint" ? fixed64(6, (d) => d.setBigInt64(0, m.value as bigint, true)) : fixed64(4, (d) => d.setFloat64(0, m.value as number, true))),
    ];
    const data = [...len(1, point), ...(m.kind === "sum" ? [...tag(2, 0), 1, ...tag(3, 0), 1] : [])];
    return len(2, [...str(1, m.name), ...str(3, "1"), ...len(m.kind === "gauge" ? 5 : 7, data)]);
  });
  const res = len(1, Object.entries(resource).flatMap(([k, v]) => keyValue(1, k, v)));
  const scope = len(2, [...len(1, str(1, "test")), ...metricMsgs.flat()]);
  return new Uint8Array(len(1, [...res, ...scope]));
}
