// Kafka's JSON message definitions, parsed into a typed model the emitters walk.
// The format is documented in Kafka's clients/src/main/resources/common/message/README.md:
// JSON with // comments; versions as "N", "N+", "N-M" or "none".

export interface VersionRange {
  lo: number;
  hi: number; // inclusive; Infinity for "N+"
}

export const NO_VERSIONS: VersionRange = { lo: 1, hi: 0 }; // empty

export function parseVersions(s: string | undefined, fallback: VersionRange = NO_VERSIONS): VersionRange {
  if (s === undefined) return fallback;
  const t = s.trim();
  if (t === "none") return NO_VERSIONS;
  let m = /^(\d+)\+$/.exec(t);
  if (m) return { lo: Number(m[1]), hi: Infinity };
  m = /^(\d+)-(\d+)$/.exec(t);
  if (m) return { lo: Number(m[1]), hi: Number(m[2]) };
  m = /^(\d+)$/.exec(t);
  if (m) return { lo: Number(m[1]), hi: Number(m[1]) };
  throw new Error(`cannot parse version range "${s}"`);
}

export function isEmpty(r: VersionRange): boolean {
  return r.lo > r.hi;
}

export function intersect(a: VersionRange, b: VersionRange): VersionRange {
  return { lo: Math.max(a.lo, b.lo), hi: Math.min(a.hi, b.hi) };
}

export function contains(outer: VersionRange, inner: VersionRange): boolean {
  return isEmpty(inner) || (outer.lo <= inner.lo && inner.hi <= outer.hi);
}

export function inRange(r: VersionRange, v: number): boolean {
  return v >= r.lo && v <= r.hi;
}

export type PrimitiveType =
  | "bool"
  | "int8"
  | "int16"
  | "uint16"
  | "int32"
  | "uint32"
  | "int64"
  | "float64"
  | "string"
  | "bytes"
  | "uuid"
  | "records";

export const PRIMITIVES: ReadonlySet<string> = new Set([
  "bool",
  "int8",
  "int16",
  "uint16",
  "int32",
  "uint32",
  "int64",
  "float64",
  "string",
  "bytes",
  "uuid",
  "records",
]);

export interface FieldSpec {
  name: string; // JSON name, e.g. "TransactionalId"
  tsName: string; // camelCase, e.g. "transactionalId"
  type: string; // as in the JSON: "int32", "[]TopicData", "TopicData"
  isArray: boolean;
  elementType: string; // the type without []
  isStruct: boolean; // element type is a struct
  versions: VersionRange;
  nullableVersions: VersionRange;
  taggedVersions: VersionRange;
  tag: number | undefined;
  flexibleVersions: VersionRange | undefined; // per-field override (ClientId: "none")
  ignorable: boolean;
  default: string | undefined;
  about: string;
  fields: FieldSpec[] | undefined; // for inline struct definitions
}

export interface StructSpec {
  name: string;
  fields: FieldSpec[];
  versions: VersionRange; // versions in which the struct can appear
}

export interface MessageSpec {
  file: string; // base name, e.g. "ProduceRequest"
  group: string; // output folder: messages | metadata | coordinator | storage | raft
  name: string;
  type: string; // request | response | header | data | metadata | coordinator-key | coordinator-value
  apiKey: number | undefined;
  validVersions: VersionRange;
  flexibleVersions: VersionRange;
  listeners: string[];
  latestVersionUnstable: boolean;
  fields: FieldSpec[];
  commonStructs: StructSpec[];
}

/** Remove // comments that are not inside strings. */
export function stripComments(text: string): string {
  let out = "";
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (inString) {
      out += c;
      if (c === "\\") {
        out += text[++i] ?? "";
      } else if (c === '"') inString = false;
    } else if (c === '"') {
      inString = true;
      out += c;
    } else if (c === "/" && text[i + 1] === "/") {
      while (i < text.length && text[i] !== "\n") i++;
      out += "\n";
    } else out += c;
  }
  return out;
}

export function lowerCamel(name: string): string {
  return name.charAt(0).toLowerCase() + name.slice(1);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

function parseField(j: Json, parentVersions: VersionRange): FieldSpec {
  const type: string = j.type;
  const isArray = type.startsWith("[]");
  const elementType = isArray ? type.slice(2) : type;
  const versions = parseVersions(j.versions, parentVersions);
  return {
    name: j.name,
    tsName: lowerCamel(j.name),
    type,
    isArray,
    elementType,
    isStruct: !PRIMITIVES.has(elementType),
    versions,
    nullableVersions: parseVersions(j.nullableVersions),
    taggedVersions: parseVersions(j.taggedVersions),
    tag: j.tag,
    flexibleVersions: j.flexibleVersions === undefined ? undefined : parseVersions(j.flexibleVersions),
    ignorable: j.ignorable === true,
    default: j.default === undefined ? undefined : String(j.default),
    about: j.about ?? "",
    fields: j.fields ? (j.fields as Json[]).map((f) => parseField(f, versions)) : undefined,
  };
}

export function parseMessage(text: string, file: string, group: string): MessageSpec {
  const j: Json = JSON.parse(stripComments(text));
  const validVersions = parseVersions(j.validVersions);
  return {
    file,
    group,
    name: j.name,
    type: j.type,
    apiKey: j.apiKey,
    validVersions,
    flexibleVersions: parseVersions(j.flexibleVersions),
    listeners: j.listeners ?? [],
    latestVersionUnstable: j.latestVersionUnstable === true,
    fields: ((j.fields ?? []) as Json[]).map((f) => parseField(f, { lo: 0, hi: Infinity })),
    commonStructs: ((j.commonStructs ?? []) as Json[]).map((s) => ({
      name: s.name,
      versions: parseVersions(s.versions, { lo: 0, hi: Infinity }),
      fields: (s.fields as Json[]).map((f) => parseField(f, { lo: 0, hi: Infinity })),
    })),
  };
}

/** Every struct of a message, inline definitions and common structs, each with the versions it can appear in. */
export function collectStructs(m: MessageSpec): StructSpec[] {
  const common = new Map(m.commonStructs.map((s) => [s.name, s]));
  const found = new Map<string, StructSpec>();
  const merge = (name: string, fields: FieldSpec[], v: VersionRange): boolean => {
    const prev = found.get(name);
    if (!prev) {
      found.set(name, { name, fields, versions: v });
      return true;
    }
    if (prev.fields !== fields) throw new Error(`${m.name}: two different structs named ${name}`);
    if (isEmpty(v) || contains(prev.versions, v)) return false;
    prev.versions = isEmpty(prev.versions) ? v : { lo: Math.min(prev.versions.lo, v.lo), hi: Math.max(prev.versions.hi, v.hi) };
    return true;
  };
  // Depth is bounded by the nesting of the JSON; a struct is re-walked only when its version range grows.
  const walk = (fields: FieldSpec[], within: VersionRange): void => {
    for (const f of fields) {
      if (!f.isStruct) continue;
      const v = intersect(f.versions, within);
      const def = f.fields ?? common.get(f.elementType)?.fields;
      if (!def) throw new Error(`${m.name}: field ${f.name} has unknown type ${f.type}`);
      if (merge(f.elementType, def, v)) walk(def, found.get(f.elementType)!.versions);
    }
  };
  walk(m.fields, m.validVersions);
  for (const s of m.commonStructs) if (!found.has(s.name)) found.set(s.name, { name: s.name, fields: s.fields, versions: NO_VERSIONS });
  if (found.has(m.name)) throw new Error(`${m.name}: a struct has the message's own name`);
  return [...found.values()];
}
