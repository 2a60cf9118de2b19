// A small, bounded reader of OTLP MetricsData (opentelemetry/proto/metrics/v1/metrics.proto), the
// payload KIP-714 clients push: the metric names, their kind, and each data point's value, time and
// attributes, plus the resource attributes. Only what an operator or the Prometheus endpoint reads is
// kept; everything else is skipped by wire type. Every length is checked against the bytes left, the
// nesting depth is fixed by the schema walked, and counts are capped, so bad input is an
// OtlpDecodeError, never an allocation larger than the input or a crash.
//
//   MetricsData     { repeated ResourceMetrics resource_metrics = 1; }
//   ResourceMetrics { Resource resource = 1; repeated ScopeMetrics scope_metrics = 2; }
//   Resource        { repeated KeyValue attributes = 1; }
//   ScopeMetrics    { InstrumentationScope scope = 1; repeated Metric metrics = 2; }
//   Metric          { string name = 1; string description = 2; string unit = 3; Gauge gauge = 5; Sum sum = 7;
//                     Histogram histogram = 9; ExponentialHistogram exponential_histogram = 10; Summary summary = 11; }
//   Gauge / Sum     { repeated NumberDataPoint data_points = 1; }  (Sum: temporality = 2, is_monotonic = 3)
//   NumberDataPoint { fixed64 time_unix_nano = 3; double as_double = 4; sfixed64 as_int = 6; repeated KeyValue attributes = 7; }
//   Histogram etc.  { repeated *DataPoint data_points = 1; } (count = 4 fixed64, sum = 5 double, attributes = 9/1/7)
//   KeyValue        { string key = 1; AnyValue value = 2; }
//   AnyValue        { string_value = 1; bool_value = 2; int_value = 3; double_value = 4; ... }

export class OtlpDecodeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "OtlpDecodeError";
  }
}

export type OtlpMetricKind = "gauge" | "sum" | "histogram" | "exponential_histogram" | "summary" | "unknown";

export interface OtlpDataPoint {
  readonly attributes: Readonly<Record<string, string>>;
  /** Nanoseconds since the epoch (0 when absent). */
  readonly timeUnixNano: bigint;
  /** Gauge/sum value; for histograms and summaries the sum (null when absent). */
  readonly value: number | bigint | null;
  /** Histograms and summaries: the count of observations. */
  readonly count?: bigint;
}

export interface OtlpMetric {
  readonly name: string;
  readonly unit: string;
  readonly kind: OtlpMetricKind;
  /** Sums: whether monotonic (a counter). */
  readonly monotonic?: boolean;
  readonly points: readonly OtlpDataPoint[];
}

export interface OtlpMetrics {
  readonly resource: Readonly<Record<string, string>>;
  readonly metrics: readonly OtlpMetric[];
}

/** Caps on what one payload may hold (a Java client pushes a few hundred metrics). */
export const OTLP_LIMITS = { maxMetrics: 10_000, maxPoints: 100_000, maxAttributes: 64, maxStringBytes: 4096 } as const;

const WIRE_VARINT = 0;
const WIRE_I64 = 1;
const WIRE_LEN = 2;
const WIRE_I32 = 5;

class ProtoReader {
  pos: number;
  constructor(
    readonly buf: Uint8Array,
    start: number,
    readonly end: number,
  ) {
    this.pos = start;
  }

  done(): boolean {
    return this.pos >= this.end;
  }

  varint(): bigint {
    let result = 0n;
    for (let shift = 0n; shift < 70n; shift += 7n) {
      if (this.pos >= this.end) throw new OtlpDecodeError("truncated varint");
      const b = this.buf[this.pos++]!;
      result |= BigInt(b & 0x7f) << shift;
      if ((b & 0x80) === 0) return result & 0xffffffffffffffffn;
    }
    throw new OtlpDecodeError("varint longer than 10 bytes");
  }

  /** A varint known to be small (tags, lengths). */
  smallVarint(): number {
    const v = this.varint();
    if (v > 0x7fffffffn) throw new OtlpDecodeError(`length or tag ${v} too large`);
    return Number(v);
  }

  fixed64(): DataView {
    if (this.end - this.pos < 8) throw new OtlpDecodeError("truncated fixed64");
    const view = new DataView(this.buf.buffer, this.buf.byteOffset + this.pos, 8);
    this.pos += 8;
    return view;
  }

  /** A length-delimited field's bounds, checked against the bytes left. */
  sub(): ProtoReader {
    const len = this.smallVarint();
    if (len > this.end - this.pos) throw new OtlpDecodeError(`length ${len} beyond the ${this.end - this.pos} bytes left`);
    const r = new ProtoReader(this.buf, this.pos, this.pos + len);
    this.pos += len;
    return r;
  }

  string(): string {
    const r = this.sub();
    const len = r.end - r.pos;
    const cut = Math.min(len, OTLP_LIMITS.maxStringBytes);
    return new TextDecoder("utf-8", { fatal: false }).decode(this.buf.subarray(r.pos, r.pos + cut));
  }

  skip(wire: number): void {
    if (wire === WIRE_VARINT) this.varint();
    else if (wire === WIRE_I64) this.fixed64();
    else if (wire === WIRE_LEN) this.sub();
    else if (wire === WIRE_I32) {
      if (this.end - this.pos < 4) throw new OtlpDecodeError("truncated fixed32");
      this.pos += 4;
    } else throw new OtlpDecodeError(`unsupported wire type ${wire}`);
  }

  /** Calls `field` for each field; a field it does not take (returns false) is skipped. */
  fields(field: (num: number, wire: number) => boolean): void {
    while (!this.done()) {
      const tag = this.smallVarint();
      const num = tag >>> 3;
      const wire = tag & 7;
      if (num === 0) throw new OtlpDecodeError("field number 0");
      if (!field(num, wire)) this.skip(wire);
    }
  }
}

interface Budget {
  metrics: number;
  points: number;
}

function expectWire(wire: number, want: number, what: string): void {
  if (wire !== want) throw new OtlpDecodeError(`${what}: wire type ${wire}, expected ${want}`);
}

function anyValueString(r: ProtoReader): string {
  let out = "";
  r.fields((num, wire) => {
    if (num === 1 && wire === WIRE_LEN) out = r.string();
    else if (num === 2 && wire === WIRE_VARINT) out = r.varint() !== 0n ? "true" : "false";
    else if (num === 3 && wire === WIRE_VARINT) out = BigInt.asIntN(64, r.varint()).toString();
    else if (num === 4 && wire === WIRE_I64) out = String(r.fixed64().getFloat64(0, true));
    else return false;
    return true;
  });
  return out;
}

function keyValue(r: ProtoReader, into: Record<string, string>): void {
  let key = "";
  let value = "";
  r.fields((num, wire) => {
    if (num === 1 && wire === WIRE_LEN) key = r.string();
    else if (num === 2 && wire === WIRE_LEN) value = anyValueString(r.sub());
    else return false;
    return true;
  });
  if (Object.keys(into).length < OTLP_LIMITS.maxAttributes) into[key] = value;
}

/** NumberDataPoint, HistogramDataPoint, ExponentialHistogramDataPoint or SummaryDataPoint. */
function dataPoint(r: ProtoReader, kind: OtlpMetricKind): OtlpDataPoint {
  const attributes: Record<string, string> = Object.create(null);
  let timeUnixNano = 0n;
  let value: number | bigint | null = null;
  let count: bigint | undefined;
  const attrField = kind === "gauge" || kind === "sum" ? 7 : kind === "histogram" ? 9 : kind === "exponential_histogram" ? 1 : 7;
  r.fields((num, wire) => {
    if (num === attrField && wire === WIRE_LEN) keyValue(r.sub(), attributes);
    else if (num === 3 && wire === WIRE_I64) timeUnixNano = r.fixed64().getBigUint64(0, true);
    else if (kind === "gauge" || kind === "sum") {
      if (num === 4 && wire === WIRE_I64) value = r.fixed64().getFloat64(0, true);
      else if (num === 6 && wire === WIRE_I64) value = r.fixed64().getBigInt64(0, true);
      else return false;
    } else if (num === 4 && wire === WIRE_I64) count = r.fixed64().getBigUint64(0, true);
    else if (num === 5 && wire === WIRE_I64) value = r.fixed64().getFloat64(0, true);
    else return false;
    return true;
  });
  return { attributes, timeUnixNano, value, ...(count !== undefined ? { count } : {}) };
}

const KIND_BY_FIELD: ReadonlyMap<number, OtlpMetricKind> = new Map([
  [5, "gauge"],
  [7, "sum"],
  [9, "histogram"],
  [10, "exponential_histogram"],
  [11, "summary"],
]);

function metric(r: ProtoReader, budget: Budget): OtlpMetric {
  let name = "";
  let unit = "";
  let kind: OtlpMetricKind = "unknown";
  let monotonic: boolean | undefined;
  const points: OtlpDataPoint[] = [];
  r.fields((num, wire) => {
    if (num === 1 && wire === WIRE_LEN) name = r.string();
    else if (num === 3 && wire === WIRE_LEN) unit = r.string();
    else if (KIND_BY_FIELD.has(num) && wire === WIRE_LEN) {
      kind = KIND_BY_FIELD.get(num)!;
      const k = kind;
      const data = r.sub();
      data.fields((f, w) => {
        if (f === 1 && w === WIRE_LEN) {
          if (--budget.points < 0) throw new OtlpDecodeError(`more than ${OTLP_LIMITS.maxPoints} data points`);
          points.push(dataPoint(data.sub(), k));
        } else if (k === "sum" && f === 3 && w === WIRE_VARINT) monotonic = data.varint() !== 0n;
        else return false;
        return true;
      });
    } else return false;
    return true;
  });
  return { name, unit, kind, ...(monotonic !== undefined ? { monotonic } : {}), points };
}

/** Decodes an (already decompressed) OTLP MetricsData payload; throws OtlpDecodeError on bad input. */
export function decodeOtlpMetrics(payload: Uint8Array): OtlpMetrics {
  const resource: Record<string, string> = Object.create(null);
  const metrics: OtlpMetric[] = [];
  const budget: Budget = { metrics: OTLP_LIMITS.maxMetrics, points: OTLP_LIMITS.maxPoints };
  const top = new ProtoReader(payload, 0, payload.length);
  top.fields((num, wire) => {
    if (num !== 1) return false;
    expectWire(wire, WIRE_LEN, "resource_metrics");
    const rm = top.sub();
    rm.fields((f, w) => {
      if (f === 1 && w === WIRE_LEN) {
        const res = rm.sub();
        res.fields((a, aw) => {
          if (a === 1 && aw === WIRE_LEN) keyValue(res.sub(), resource);
          else return false;
          return true;
        });
      } else if (f === 2 && w === WIRE_LEN) {
        const sm = rm.sub();
        sm.fields((m, mw) => {
          if (m !== 2 || mw !== WIRE_LEN) return false;
          if (--budget.metrics < 0) throw new OtlpDecodeError(`more than ${OTLP_LIMITS.maxMetrics} metrics`);
          metrics.push(metric(sm.sub(), budget));
          return true;
        });
      } else return false;
      return true;
    });
    return true;
  });
  return { resource, metrics };
}
