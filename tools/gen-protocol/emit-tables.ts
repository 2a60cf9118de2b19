// Emits the API key table, the registry of request/response codecs by API key, and the registry of
// record schemas (metadata log, coordinator topics, storage) by type id.

import { isEmpty, type MessageSpec } from "./schema.ts";

function kebab(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, "$1-$2").replace(/([A-Z]+)([A-Z][a-z])/g, "$1-$2").toLowerCase();
}

function apis(specs: MessageSpec[]): Array<{ req: MessageSpec; res: MessageSpec }> {
  const responses = new Map(specs.filter((s) => s.type === "response").map((s) => [s.apiKey, s]));
  const out: Array<{ req: MessageSpec; res: MessageSpec }> = [];
  for (const req of specs.filter((s) => s.type === "request").sort((a, b) => a.apiKey! - b.apiKey!)) {
    const res = responses.get(req.apiKey);
    if (!res) throw new Error(`no response definition for ${req.name}`);
    out.push({ req, res });
  }
  return out;
}

export function emitApiTable(specs: MessageSpec[], header: string): string {
  const out = [header, ``];
  out.push(`/** Kafka release whose definitions this table was generated from. */`);
  out.push(`export const KAFKA_RELEASE = "4.4.0";`, ``);
  out.push(`export interface ApiInfo {`);
  out.push(`  readonly key: number;`);
  out.push(`  /** Name as Kafka's ApiKeys prints it, e.g. "Produce". */`);
  out.push(`  readonly name: string;`);
  out.push(`  /** Versions in the JSON's validVersions; -1/-1 where Kafka lists "none" (removed APIs). */`);
  out.push(`  readonly minVersion: number;`);
  out.push(`  readonly maxVersion: number;`);
  out.push(`  /** First flexible version of the request, -1 if none. */`);
  out.push(`  readonly flexibleMinVersion: number;`);
  out.push(`  /** The response's first flexible version (it can differ from the request's). */`);
  out.push(`  readonly responseFlexibleMinVersion: number;`);
  out.push(`  readonly listeners: readonly string[];`);
  out.push(`  /** The latest version is unstable: Kafka does not advertise it unless told to. */`);
  out.push(`  readonly latestVersionUnstable: boolean;`);
  out.push(`}`, ``);
  out.push(`export const API_TABLE: readonly ApiInfo[] = [`);
  for (const { req, res } of apis(specs)) {
    const v = req.validVersions;
    const name = req.name.replace(/Request$/, "");
    out.push(
      `  { key: ${req.apiKey}, name: ${JSON.stringify(name)}, minVersion: ${isEmpty(v) ? -1 : v.lo}, maxVersion: ${isEmpty(v) ? -1 : v.hi}, ` +
        `flexibleMinVersion: ${isEmpty(req.flexibleVersions) ? -1 : req.flexibleVersions.lo}, ` +
        `responseFlexibleMinVersion: ${isEmpty(res.flexibleVersions) ? -1 : res.flexibleVersions.lo}, ` +
        `listeners: ${JSON.stringify(req.listeners)}, latestVersionUnstable: ${req.latestVersionUnstable} },`,
    );
  }
  out.push(`];`, ``);
  out.push(`export const API_BY_KEY: ReadonlyMap<number, ApiInfo> = new Map(API_TABLE.map((a) => [a.key, a]));`);
  return out.join("\n") + "\n";
}

export function emitCodecRegistry(specs: MessageSpec[], header: string): string {
  const out = [header, ``];
  out.push(`import type { Reader } from "../primitives/reader.ts";`);
  out.push(`import type { Sink } from "../primitives/writer.ts";`);
  const list = apis(specs);
  for (const { req, res } of list) {
    out.push(`import * as req${req.apiKey} from "./messages/${kebab(req.file)}.ts";`);
    out.push(`import * as res${req.apiKey} from "./messages/${kebab(res.file)}.ts";`);
  }
  out.push(``);
  out.push(`/** Decode/encode functions of one API, untyped so that dispatch can hold them in one table. */`);
  out.push(`export interface ApiCodec {`);
  out.push(`  readonly key: number;`);
  out.push(`  readonly name: string;`);
  out.push(`  readRequest(r: Reader, version: number): unknown;`);
  out.push(`  writeRequest(s: Sink, message: unknown, version: number): void;`);
  out.push(`  newRequest(): unknown;`);
  out.push(`  readResponse(r: Reader, version: number): unknown;`);
  out.push(`  writeResponse(s: Sink, message: unknown, version: number): void;`);
  out.push(`  newResponse(): unknown;`);
  out.push(`}`, ``);
  out.push(`export const API_CODECS: ReadonlyMap<number, ApiCodec> = new Map<number, ApiCodec>([`);
  for (const { req, res } of list) {
    const k = req.apiKey;
    out.push(
      `  [${k}, { key: ${k}, name: ${JSON.stringify(req.name.replace(/Request$/, ""))}, ` +
        `readRequest: req${k}.read${req.name}, writeRequest: req${k}.write${req.name} as ApiCodec["writeRequest"], newRequest: req${k}.new${req.name}, ` +
        `readResponse: res${k}.read${res.name}, writeResponse: res${k}.write${res.name} as ApiCodec["writeResponse"], newResponse: res${k}.new${res.name} }],`,
    );
  }
  out.push(`]);`);
  return out.join("\n") + "\n";
}

export function emitRecordRegistry(specs: MessageSpec[], header: string): string {
  const out = [header, ``];
  out.push(`import type { Reader } from "../primitives/reader.ts";`);
  out.push(`import type { Sink } from "../primitives/writer.ts";`);
  const records = specs
    .filter((s) => s.type !== "request" && s.type !== "response" && s.type !== "header")
    .sort((a, b) => (a.group + a.file < b.group + b.file ? -1 : 1));
  records.forEach((s, i) => out.push(`import * as m${i} from "./${s.group}/${kebab(s.file)}.ts";`));
  out.push(``);
  out.push(`export interface RecordSchema {`);
  out.push(`  readonly name: string;`);
  out.push(`  /** "metadata", "coordinator-key", "coordinator-value", "data". */`);
  out.push(`  readonly type: string;`);
  out.push(`  /** The record type id (metadata record type, coordinator record type), -1 if none. */`);
  out.push(`  readonly apiKey: number;`);
  out.push(`  readonly minVersion: number;`);
  out.push(`  readonly maxVersion: number;`);
  out.push(`  read(r: Reader, version: number): unknown;`);
  out.push(`  write(s: Sink, message: unknown, version: number): void;`);
  out.push(`  create(): unknown;`);
  out.push(`}`, ``);
  out.push(`export const RECORD_SCHEMAS: readonly RecordSchema[] = [`);
  records.forEach((s, i) => {
    const v = s.validVersions;
    out.push(
      `  { name: ${JSON.stringify(s.name)}, type: ${JSON.stringify(s.type)}, apiKey: ${s.apiKey ?? -1}, ` +
        `minVersion: ${isEmpty(v) ? -1 : v.lo}, maxVersion: ${isEmpty(v) ? -1 : v.hi}, ` +
        `read: m${i}.read${s.name}, write: m${i}.write${s.name} as RecordSchema["write"], create: m${i}.new${s.name} },`,
    );
  });
  out.push(`];`, ``);
  out.push(`/** Metadata log records by record type (the apiKey of metadata/*.json). */`);
  out.push(`export const METADATA_RECORDS: ReadonlyMap<number, RecordSchema> = new Map(`);
  out.push(`  RECORD_SCHEMAS.filter((s) => s.type === "metadata" && s.apiKey >= 0 && !s.name.startsWith("Remote")).map((s) => [s.apiKey, s]),`);
  out.push(`);`);
  return out.join("\n") + "\n";
}
