// For every message of every API (and every record schema), in every version: set every field that the
// version carries to a non-default value, encode, decode, and expect the same message and the same bytes.
// Flexible versions also carry an unknown tagged field, which must survive the round trip.
import { describe, expect, test } from "bun:test";
import { kebab } from "../../../tools/gen-protocol/main.ts";
import { collectStructs, inRange, isEmpty, parseMessage, type FieldSpec, type MessageSpec } from "../../../tools/gen-protocol/schema.ts";
import { Reader } from "../../../src/protocol/primitives/reader.ts";
import { encodeExact } from "../../../src/protocol/primitives/writer.ts";
import { loadSources } from "./schemas.ts";

type Mod = Record<string, (...a: unknown[]) => unknown>;

const { sources, reason } = loadSources();
if (!sources) console.log(`SKIP round-trip checks: ${reason}`);

let seed = 12345;
function rand(n: number): number {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed % n;
}

function uuid(): string {
  const b = new Uint8Array(16);
  for (let i = 0; i < 16; i++) b[i] = rand(256);
  b[0] = b[0]! | 1; // never the zero uuid (the default)
  return Buffer.from(b).toString("base64url");
}

function value(t: string, f: FieldSpec, v: number, mod: Mod, structs: Map<string, FieldSpec[]>, useNull: boolean): unknown {
  switch (t) {
    case "bool": return f.default !== "true";
    case "int8": return 7 + rand(100);
    case "int16": return 300 + rand(1000);
    case "uint16": return 40000 + rand(1000);
    case "int32": return 123456 + rand(1000);
    case "uint32": return 3_000_000_000 + rand(1000);
    case "int64": return 1234567890123n + BigInt(rand(1000));
    case "float64": return 1.5 + rand(10);
    case "string": return `s-${f.name}-é-${rand(100)}`;
    case "uuid": return uuid();
    case "bytes":
    case "records": return new Uint8Array([1, 2, 3, rand(256)]);
    default: {
      const m = (mod[`new${t}`] as () => Record<string, unknown>)();
      fill(m, structs.get(t)!, v, mod, structs, useNull);
      return m;
    }
  }
}

function fill(m: Record<string, unknown>, fields: FieldSpec[], v: number, mod: Mod, structs: Map<string, FieldSpec[]>, useNull: boolean): void {
  for (const f of fields) {
    if (!inRange(f.versions, v)) continue;
    if (useNull && inRange(f.nullableVersions, v)) {
      m[f.tsName] = null;
      continue;
    }
    m[f.tsName] = f.isArray
      ? [0, 1].map(() => value(f.elementType, f, v, mod, structs, useNull))
      : value(f.elementType, f, v, mod, structs, useNull);
  }
}

async function check(spec: MessageSpec): Promise<number> {
  const mod = (await import(`../../../src/protocol/generated/${spec.group}/${kebab(spec.file)}.ts`)) as unknown as Mod;
  const structs = new Map(collectStructs(spec).map((s) => [s.name, s.fields]));
  const vr = spec.validVersions;
  let checked = 0;
  if (isEmpty(vr)) return 0;
  for (let v = vr.lo; v <= vr.hi; v++) {
    for (const useNull of [false, true]) {
      const m = (mod[`new${spec.name}`] as () => Record<string, unknown>)();
      fill(m, spec.fields, v, mod, structs, useNull);
      const flexible = inRange(spec.flexibleVersions, v);
      if (flexible) m._unknownTaggedFields = [{ tag: 10_000, data: new Uint8Array([9, 8, 7]) }];
      const write = mod[`write${spec.name}`]!;
      const read = mod[`read${spec.name}`]!;
      const bytes = encodeExact((s) => write(s, m, v));
      const r = new Reader(bytes);
      const back = read(r, v) as Record<string, unknown>;
      expect(r.error, `${spec.name} v${v}`).toBeNull();
      expect(r.pos, `${spec.name} v${v} consumed`).toBe(bytes.length);
      expect(back, `${spec.name} v${v}${useNull ? " (nulls)" : ""}`).toEqual(m);
      expect(encodeExact((s) => write(s, back, v)), `${spec.name} v${v} re-encoded`).toEqual(bytes);
      checked++;
    }
  }
  return checked;
}

describe.skipIf(!sources)("every message, every version, every field", () => {
  const specs = (sources?.files ?? []).map((f) => {
    const s = parseMessage(f.text, f.file, f.group);
    return s.name === "RequestHeader" ? { ...s, validVersions: { lo: 0, hi: s.validVersions.hi } } : s;
  });
  for (const group of ["messages", "metadata", "coordinator", "storage", "raft"]) {
    test(`${group}: encode then decode gives the message back`, async () => {
      let n = 0;
      for (const spec of specs.filter((s) => s.group === group)) n += await check(spec);
      expect(n).toBeGreaterThan(0);
    });
  }

  test("an encoder refuses a field the version cannot carry", async () => {
    const mod = (await import("../../../src/protocol/generated/messages/produce-request.ts")) as unknown as Mod;
    const m = (mod.newProduceRequest as () => Record<string, unknown>)();
    const mod2 = (await import("../../../src/protocol/generated/messages/join-group-request.ts")) as unknown as Mod;
    const join = (mod2.newJoinGroupRequest as () => Record<string, unknown>)();
    join.groupInstanceId = "static-1"; // GroupInstanceId exists from v5 only and is not ignorable
    expect(() => encodeExact((s) => mod2.writeJoinGroupRequest!(s, join, 4))).toThrow(/GroupInstanceId holds a non-default value/);
    const topic = (mod.newTopicProduceData as () => Record<string, unknown>)();
    topic.topicId = uuid(); // TopicId exists from v13 only, but is ignorable: dropped silently
    m.topicData = [topic];
    expect(() => encodeExact((s) => mod.writeProduceRequest!(s, m, 12))).not.toThrow();
  });
});
