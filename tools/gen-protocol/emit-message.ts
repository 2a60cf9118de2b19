// Emits one TypeScript module per Kafka JSON message definition: an interface per struct, a `newX()`
// with the schema's defaults, and `readX(r, version)` / `writeX(sink, m, version)` covering every
// version in validVersions, classic and flexible.

import {
  collectStructs,
  contains,
  inRange,
  isEmpty,
  type FieldSpec,
  type MessageSpec,
  type StructSpec,
  type VersionRange,
} from "./schema.ts";

const RUNTIME = "../../primitives";

/** A JS boolean expression true exactly for versions in `r`, given that v is within `within`. */
function cond(r: VersionRange, within: VersionRange): string {
  if (isEmpty(r) || r.hi < within.lo || r.lo > within.hi) return "false";
  if (contains(r, within)) return "true";
  const parts: string[] = [];
  if (r.lo > within.lo) parts.push(`v >= ${r.lo}`);
  if (r.hi < within.hi) parts.push(`v <= ${r.hi}`);
  return parts.length ? parts.join(" && ") : "true";
}

function and(a: string, b: string): string {
  if (a === "false" || b === "false") return "false";
  if (a === "true") return b;
  if (b === "true") return a;
  return `(${a}) && (${b})`;
}

function tern(c: string, a: string, b: string): string {
  if (c === "true") return a;
  if (c === "false") return b;
  if (a === b) return a;
  return `(${c} ? ${a} : ${b})`;
}

function isNullable(f: FieldSpec): boolean {
  return !isEmpty(f.nullableVersions);
}

function tsElementType(t: string): string {
  switch (t) {
    case "bool":
      return "boolean";
    case "int8":
    case "int16":
    case "uint16":
    case "int32":
    case "uint32":
    case "float64":
      return "number";
    case "int64":
      return "bigint";
    case "string":
    case "uuid":
      return "string";
    case "bytes":
      return "Uint8Array";
    case "records":
      return "Records";
    default:
      return t;
  }
}

function tsType(f: FieldSpec): string {
  const el = tsElementType(f.elementType);
  const base = f.isArray ? `${el}[]` : el;
  return isNullable(f) || f.elementType === "records" ? `${base} | null` : base;
}

function defaultIsNull(f: FieldSpec): boolean {
  return f.default === "null" || (f.elementType === "records" && !f.isArray && f.default === undefined);
}

function numberLiteral(s: string, what: string): string {
  const n = Number(s);
  if (!Number.isFinite(n)) throw new Error(`bad numeric default ${s} for ${what}`);
  return String(n);
}

function defaultExpr(f: FieldSpec): string {
  if (f.isArray) return defaultIsNull(f) ? "null" : "[]";
  if (defaultIsNull(f)) return "null";
  const d = f.default;
  switch (f.elementType) {
    case "bool":
      return d === "true" ? "true" : "false";
    case "int8":
    case "int16":
    case "uint16":
    case "int32":
    case "uint32":
    case "float64":
      return d === undefined || d === "" ? "0" : numberLiteral(d, f.name);
    case "int64":
      return d === undefined || d === "" ? "0n" : `${BigInt(d).toString()}n`;
    case "string":
      return JSON.stringify(d ?? "");
    case "uuid":
      return "ZERO_UUID";
    case "bytes":
      return "new Uint8Array(0)";
    case "records":
      return "null";
    default:
      return `new${f.elementType}()`;
  }
}

function isDefaultExpr(f: FieldSpec, x: string): string {
  if (f.isArray) return defaultIsNull(f) ? `${x} === null` : `(${x} !== null && ${x}.length === 0)`;
  if (defaultIsNull(f)) return `${x} === null`;
  switch (f.elementType) {
    case "bytes":
      return `(${x} !== null && ${x}.length === 0)`;
    case "bool":
    case "int8":
    case "int16":
    case "uint16":
    case "int32":
    case "uint32":
    case "float64":
    case "int64":
    case "string":
    case "uuid":
      return `${x} === ${defaultExpr(f)}`;
    default:
      return `deepEqual(${x}, new${f.elementType}())`;
  }
}

/** Expression reading one value of primitive or struct type `t`. */
function readOne(t: string, compact: string, nullable: string): string {
  switch (t) {
    case "bool":
    case "int8":
    case "int16":
    case "uint16":
    case "int32":
    case "uint32":
    case "int64":
    case "float64":
    case "uuid":
      return `r.${t}()`;
    case "string":
      return tern(
        compact,
        tern(nullable, "r.compactNullableString()", "r.compactString()"),
        tern(nullable, "r.nullableString()", "r.string()"),
      );
    case "records":
      return `r.records(${compact}, ${nullable})`;
    case "bytes":
      return tern(
        compact,
        tern(nullable, "r.compactNullableBytes()", "r.compactBytes()"),
        tern(nullable, "r.nullableBytes()", "r.bytes()"),
      );
    default:
      return nullable === "false" ? `read${t}(r, v)` : tern(nullable, `(r.int8() < 0 ? null : read${t}(r, v))`, `read${t}(r, v)`);
  }
}

function readExpr(f: FieldSpec, compact: string, nullable: string): string {
  if (!f.isArray) return readOne(f.elementType, compact, nullable);
  const el = readOne(f.elementType, compact, "false");
  const arr = `readArray(r, ${compact}, ${nullable}, (r) => ${el})`;
  return isNullable(f) ? arr : `(${arr} ?? [])`;
}

/** Statement writing one value `x` of type `t` to sink `s`. */
function writeOne(t: string, x: string, compact: string, nullable: string): string {
  switch (t) {
    case "bool":
    case "int8":
    case "int16":
    case "uint16":
    case "int32":
    case "uint32":
    case "int64":
    case "float64":
    case "uuid":
      return `s.${t}(${x})`;
    case "string":
      return `s.string(${x}, ${compact})`;
    case "bytes":
      return `s.bytes(${x}, ${compact})`;
    case "records":
      return `s.records(${x}, ${compact})`;
    default:
      if (nullable === "false") return `write${t}(s, ${x}, v)`;
      return `{ if (${x} === null) s.int8(-1); else { s.int8(1); write${t}(s, ${x}, v); } }`;
  }
}

function writeStmt(f: FieldSpec, x: string, compact: string, nullable: string): string {
  if (!f.isArray) return writeOne(f.elementType, x, compact, nullable);
  const el = writeOne(f.elementType, "e", compact, "false");
  return `writeArray(s, ${x}, ${compact}, (s, e) => ${el})`;
}

function jsdoc(f: FieldSpec): string {
  const notes: string[] = [];
  const range = (r: VersionRange) => (r.hi === Infinity ? `${r.lo}+` : r.lo === r.hi ? `${r.lo}` : `${r.lo}-${r.hi}`);
  notes.push(`versions ${isEmpty(f.versions) ? "none" : range(f.versions)}`);
  if (isNullable(f)) notes.push(`nullable ${range(f.nullableVersions)}`);
  if (f.tag !== undefined) notes.push(`tag ${f.tag} in ${range(f.taggedVersions)}`);
  if (f.ignorable) notes.push("ignorable");
  const about = f.about.replace(/\*\//g, "* /").replace(/\s+/g, " ").trim();
  return `  /** ${about ? about + " " : ""}(${notes.join("; ")}) */`;
}

function emitStruct(m: MessageSpec, s: StructSpec, out: string[]): void {
  const within = s.versions;
  const flexFrom = m.flexibleVersions;
  const flex = isEmpty(flexFrom) ? "false" : cond(flexFrom, within);
  const tagged = s.fields.filter((f) => f.tag !== undefined && !isEmpty(f.taggedVersions));

  out.push(`export interface ${s.name} {`);
  for (const f of s.fields) {
    out.push(jsdoc(f));
    out.push(`  ${f.tsName}: ${tsType(f)};`);
  }
  out.push(`  /** Tagged fields this version of Strand does not know, kept to re-encode. */`);
  out.push(`  _unknownTaggedFields?: TaggedField[];`);
  out.push(`}`, ``);

  out.push(`export function new${s.name}(): ${s.name} {`);
  out.push(`  return {`);
  for (const f of s.fields) out.push(`    ${f.tsName}: ${defaultExpr(f)},`);
  out.push(`  };`, `}`, ``);

  // Reader
  out.push(`export function read${s.name}(r: Reader, v: number): ${s.name} {`);
  if (flex !== "false") out.push(`  const flex = ${flex};`);
  out.push(`  const m = new${s.name}();`);
  for (const f of s.fields) {
    const pf = cond(regularVersions(f), within);
    if (pf === "false") continue;
    const compact = fieldCompact(f, flex, within);
    const nullable = cond(f.nullableVersions, within);
    const stmt = `m.${f.tsName} = ${readExpr(f, compact, nullable)};`;
    out.push(pf === "true" ? `  ${stmt}` : `  if (${pf}) ${stmt}`);
  }
  if (flex !== "false") {
    const cases: string[] = [];
    for (const f of tagged) {
      const tc = cond(intersectR(f.taggedVersions, f.versions), within);
      if (tc === "false") continue;
      const nullable = cond(f.nullableVersions, within);
      cases.push(`      case ${f.tag}: if (${tc}) { m.${f.tsName} = ${readExpr(f, "true", nullable)}; return true; } return false;`);
    }
    const body = cases.length
      ? `(tag, r) => {\n    switch (tag) {\n${cases.join("\n")}\n      default: return false;\n    }\n  }`
      : `() => false`;
    out.push(`  if (${flex}) m._unknownTaggedFields = readTaggedFields(r, ${body});`);
  }
  out.push(`  return m;`, `}`, ``);

  // Writer
  out.push(`export function write${s.name}(s: Sink, m: ${s.name}, v: number): void {`);
  if (flex !== "false") out.push(`  const flex = ${flex};`);
  for (const f of s.fields) {
    const x = `m.${f.tsName}`;
    const present = cond(regularVersions(f), within);
    const compact = fieldCompact(f, flex, within);
    const nullable = cond(f.nullableVersions, within);
    const inVersion = cond(f.versions, within);
    if (isNullable(f) && nullable !== "true" && inVersion !== "false") {
      const notNullable = and(inVersion, `!(${nullable})`);
      const nullCheck = `if (${x} === null && ${notNullable}) throw new UnsupportedFieldError(${JSON.stringify(m.name)}, ${JSON.stringify(f.name)}, v, "is null, which is not allowed");`;
      out.push(`  ${nullCheck}`);
    }
    if (present !== "false") {
      const stmt = writeStmt(f, x, compact, nullable) + ";";
      out.push(present === "true" ? `  ${stmt}` : `  if (${present}) ${stmt}`);
    }
    const anywhere = inVersion;
    if (!f.ignorable && anywhere !== "true") {
      const absent = anywhere === "false" ? "" : `!(${anywhere}) && `;
      out.push(`  if (${absent}!(${isDefaultExpr(f, x)})) throw new UnsupportedFieldError(${JSON.stringify(m.name)}, ${JSON.stringify(f.name)}, v, "holds a non-default value, which cannot be sent");`);
    }
  }
  if (flex !== "false") {
    out.push(`  if (${flex}) {`);
    out.push(`    const tags: TagWriter[] = [];`);
    for (const f of tagged) {
      const tc = cond(intersectR(f.taggedVersions, f.versions), within);
      if (tc === "false") continue;
      const x = `m.${f.tsName}`;
      const nullable = cond(f.nullableVersions, within);
      const guard = and(tc, `!(${isDefaultExpr(f, x)})`);
      out.push(`    if (${guard}) tags.push([${f.tag}, (s) => ${writeStmt(f, x, "true", nullable)}]);`);
    }
    out.push(`    writeTaggedFields(s, tags, m._unknownTaggedFields);`);
    out.push(`  }`);
  }
  out.push(`}`, ``);
}

function intersectR(a: VersionRange, b: VersionRange): VersionRange {
  return { lo: Math.max(a.lo, b.lo), hi: Math.min(a.hi, b.hi) };
}

/** Versions in which a field sits in the regular (untagged) sequence: its versions less its tagged ones. */
function regularVersions(f: FieldSpec): VersionRange {
  if (isEmpty(f.taggedVersions)) return f.versions;
  if (f.taggedVersions.hi !== Infinity) throw new Error(`field ${f.name}: taggedVersions must be open-ended`);
  return { lo: f.versions.lo, hi: Math.min(f.versions.hi, f.taggedVersions.lo - 1) };
}

function fieldCompact(f: FieldSpec, flex: string, within: VersionRange): string {
  if (flex === "false") return "false";
  if (f.flexibleVersions === undefined) return flex === "true" ? "true" : "flex";
  const c = cond(f.flexibleVersions, within);
  return c === "false" ? "false" : and(flex === "true" ? "true" : "flex", c);
}

function camelUpper(s: string): string {
  return s.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toUpperCase();
}

export function emitMessage(m: MessageSpec, header: string): string {
  const top: StructSpec = { name: m.name, fields: m.fields, versions: m.validVersions };
  const structs = collectStructs(m);
  const out: string[] = [header, ``];
  out.push(`import type { Reader } from "${RUNTIME}/reader.ts";`);
  out.push(`import type { Sink } from "${RUNTIME}/writer.ts";`);
  if (usesRecords(m)) out.push(`import type { Records } from "${RUNTIME}/records-ref.ts";`);
  out.push(`import {`);
  out.push(`  readArray, writeArray, readTaggedFields, writeTaggedFields, UnsupportedFieldError, deepEqual, ZERO_UUID,`);
  out.push(`  type TaggedField, type TagWriter,`);
  out.push(`} from "${RUNTIME}/codec-runtime.ts";`);
  out.push(``);
  const v = m.validVersions;
  out.push(`/** ${m.name}: ${m.type}${m.apiKey !== undefined ? `, api key ${m.apiKey}` : ""}. */`);
  out.push(`export const ${camelUpper(m.name)}_SCHEMA = {`);
  out.push(`  name: ${JSON.stringify(m.name)},`);
  out.push(`  type: ${JSON.stringify(m.type)},`);
  out.push(`  apiKey: ${m.apiKey ?? -1},`);
  out.push(`  minVersion: ${isEmpty(v) ? -1 : v.lo},`);
  out.push(`  maxVersion: ${isEmpty(v) ? -1 : v.hi},`);
  out.push(`  flexibleMinVersion: ${isEmpty(m.flexibleVersions) ? -1 : m.flexibleVersions.lo},`);
  out.push(`} as const;`, ``);
  for (const s of [top, ...structs]) emitStruct(m, s, out);
  // Silence "unused import" for modules that do not need every helper.
  out.push(`void readArray; void writeArray; void readTaggedFields; void writeTaggedFields; void UnsupportedFieldError; void deepEqual; void ZERO_UUID;`);
  return out.join("\n") + "\n";
}

function usesRecords(m: MessageSpec): boolean {
  const walk = (fields: FieldSpec[]): boolean => fields.some((f) => f.elementType === "records" || (f.fields ? walk(f.fields) : false));
  return walk(m.fields) || m.commonStructs.some((s) => walk(s.fields));
}

export function inVersions(r: VersionRange, v: number): boolean {
  return inRange(r, v);
}
