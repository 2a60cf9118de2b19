// Client quotas in the metadata log, as Kafka's ClientQuotaControlManager (controller) and
// ClientQuotasImage (broker): AlterClientQuotas becomes ClientQuotaRecords (one per changed key; a
// removal of a key that is not set, or a value equal to the current one, writes nothing);
// DescribeClientQuotas is answered from the image with Kafka's filter (exact / default / specified
// components, strict). Kafka's checks, codes and messages: an empty entity, an unknown entity type, an
// empty name, ip combined with user or client-id, an ip that is not an address, an unknown key for the
// entity, a value <= 0, a fractional or too large integral value, a key given twice, an entity given
// twice (INVALID_REQUEST). Results come in the request's order (Kafka iterates a HashMap keyed by the
// entity; clients read the results by entity).

import { ErrorCode } from "../protocol/errors.ts";
import type { EntryData as AlterEntry } from "../protocol/generated/messages/alter-client-quotas-request.ts";
import type { EntryData as AlterResult } from "../protocol/generated/messages/alter-client-quotas-response.ts";
import type { DescribeClientQuotasRequest } from "../protocol/generated/messages/describe-client-quotas-request.ts";
import type { EntryData as DescribeEntry } from "../protocol/generated/messages/describe-client-quotas-response.ts";
import { javaHashMapOrder } from "../util/java-hash-order.ts";
import type { ClientQuotaImage, MetadataImage } from "./image.ts";
import { metadataRecord, RecordType, type MetadataRecordOut } from "./record-serde.ts";

export const USER = "user";
export const CLIENT_ID = "client-id";
export const IP = "ip";

/** Kafka's QuotaConfig key types: which keys each entity kind takes, and how a value is checked. */
type KeyType = "long" | "double" | "int" | "string";
const USER_CLIENT_KEYS: ReadonlyMap<string, KeyType> = new Map<string, KeyType>([
  ["producer_byte_rate", "long"],
  ["consumer_byte_rate", "long"],
  ["request_percentage", "double"],
  ["controller_mutation_rate", "double"],
  // QuotaConfig.userAndClientQuotaConfigs also holds the SCRAM mechanisms (string keys): a quota
  // alteration naming one fails with Kafka's "Unexpected config type" UNKNOWN_SERVER_ERROR.
  ["SCRAM-SHA-256", "string"],
  ["SCRAM-SHA-512", "string"],
]);
const IP_KEYS: ReadonlyMap<string, KeyType> = new Map<string, KeyType>([["connection_creation_rate", "int"]]);

const MATCH_EXACT = 0;
const MATCH_DEFAULT = 1;
const MATCH_SPECIFIED = 2;

interface ApiError {
  readonly code: number;
  readonly message: string | null;
}
const NONE: ApiError = { code: ErrorCode.NONE, message: null };
const invalid = (message: string): ApiError => ({ code: ErrorCode.INVALID_REQUEST, message });

/** An entity as a map type -> name (null: the default entity of that type). */
export type QuotaEntity = ReadonlyMap<string, string | null>;

/** The image's key of an entity: its (type, name) pairs sorted by type. */
export function entityKey(entity: QuotaEntity): string {
  return JSON.stringify([...entity].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)));
}

/** The entity's types in the order a Java HashMap of `initialCapacity` iterates them (Kafka's entity maps). */
function javaOrder(entity: QuotaEntity, initialCapacity: number): string[] {
  let cap = 1;
  while (cap < initialCapacity) cap *= 2;
  while (entity.size > cap * 0.75) cap *= 2;
  return javaHashMapOrder([...entity.keys()], cap);
}

/** Kafka's ClientQuotaEntity.toString: "ClientQuotaEntity(entries={user=a, client-id=null})". */
function entityString(entity: QuotaEntity): string {
  return `ClientQuotaEntity(entries={${javaOrder(entity, entity.size).map((t) => `${t}=${entity.get(t)}`).join(", ")}})`;
}

/**
 * Kafka's InetAddress.getByName check without a name lookup on the controller: an IPv4 or IPv6 literal,
 * or "localhost" (Kafka also accepts any host name that resolves).
 */
export function isValidIpEntity(ip: string | null): boolean {
  if (ip === null) return true;
  if (/^(\d{1,3})(\.\d{1,3}){3}$/.test(ip)) return ip.split(".").every((o) => Number(o) <= 255);
  if (ip.includes(":")) return /^[0-9a-fA-F:.]+$/.test(ip) && ip.split("::").length <= 2;
  return ip === "localhost";
}

function validateEntity(entity: QuotaEntity): ApiError {
  if (entity.size === 0) return invalid("Invalid empty client quota entity");
  for (const [type, name] of entity) {
    if (type !== USER && type !== CLIENT_ID && type !== IP) return invalid(`Unhandled client quota entity type: ${type}`);
    if (name !== null && name === "") return invalid(`Empty ${type} not supported`);
  }
  return NONE;
}

function keysForEntity(entity: QuotaEntity): ApiError | ReadonlyMap<string, KeyType> {
  const hasIp = entity.has(IP);
  if (hasIp) {
    if (entity.has(USER) || entity.has(CLIENT_ID)) return invalid("Invalid quota entity combination, IP entity shouldnot be combined with User or ClientId");
    if (!isValidIpEntity(entity.get(IP)!)) return invalid(`${entity.get(IP)} is not a valid IP or resolvable host.`);
    return IP_KEYS;
  }
  if (entity.has(USER) || entity.has(CLIENT_ID)) return USER_CLIENT_KEYS;
  return invalid("Invalid empty client quota entity");
}

function integral(value: number, key: string): ApiError {
  return Math.abs(value % 1) > 1e-6 ? invalid(`${key} cannot be a fractional value.`) : NONE;
}

/** Kafka's validateQuotaKeyValue. */
export function validateQuotaKeyValue(keys: ReadonlyMap<string, KeyType>, key: string, value: number): ApiError {
  const type = keys.get(key);
  if (type === undefined) return invalid(`Invalid configuration key ${key}`);
  if (!(value > 0)) return invalid(`Quota ${key} must be greater than 0`);
  switch (type) {
    case "double":
      return NONE;
    case "int":
      if (value > 2147483647) return invalid(`Proposed value for ${key} is too large for an INT.`);
      return integral(value, key);
    case "long":
      if (value > 9.223372036854776e18) return invalid(`Proposed value for ${key} is too large for a LONG.`);
      return integral(value, key);
    default:
      return { code: ErrorCode.UNKNOWN_SERVER_ERROR, message: "Unexpected config type STRING should be Long or Double" };
  }
}

/** The request entry's entity as Kafka's AlterClientQuotasRequest.entries builds it (a later duplicate type wins). */
export function requestEntity(entity: ReadonlyArray<{ entityType: string; entityName: string | null }>): Map<string, string | null> {
  const m = new Map<string, string | null>();
  for (const e of entity) m.set(e.entityType, e.entityName);
  return m;
}

export interface AlterClientQuotasPlan {
  records: MetadataRecordOut[];
  results: AlterResult[];
}

/** Kafka's ClientQuotaControlManager.alterClientQuotas: records for the valid entities, a result per entity. */
export function planAlterClientQuotas(image: MetadataImage, entries: readonly AlterEntry[]): AlterClientQuotasPlan {
  const results = new Map<string, { entity: QuotaEntity; error: ApiError }>();
  const records: MetadataRecordOut[] = [];
  for (const entry of entries) {
    const entity = requestEntity(entry.entity);
    const key = entityKey(entity);
    // Kafka's map of key -> value (null: remove); a duplicate key fails the entity, and then the
    // entity's result is already present, which Kafka reports as a duplicate entity.
    const alterations = new Map<string, number | null>();
    for (const op of entry.ops) {
      if (alterations.has(op.key)) results.set(key, { entity, error: invalid(`Duplicate quota key ${op.key} not updating quota for this entity ${entityString(entity)}`) });
      else alterations.set(op.key, op.remove ? null : op.value);
    }
    if (results.has(key)) {
      results.set(key, { entity, error: invalid(`Ignoring duplicate entity ${entityString(entity)}`) });
      continue;
    }
    results.set(key, { entity, error: alterEntity(image, entity, alterations, records) });
  }
  const out: AlterResult[] = [];
  for (const { entity, error } of results.values()) {
    out.push({ errorCode: error.code, errorMessage: error.message, entity: javaOrder(entity, entity.size).map((t) => ({ entityType: t, entityName: entity.get(t)! })) });
  }
  return { records, results: out };
}

function alterEntity(image: MetadataImage, entity: QuotaEntity, alterations: ReadonlyMap<string, number | null>, out: MetadataRecordOut[]): ApiError {
  const bad = validateEntity(entity);
  if (bad.code !== ErrorCode.NONE) return bad;
  const keys = keysForEntity(entity);
  if (!(keys instanceof Map)) return keys as ApiError;
  const current = image.clientQuotas?.get(entityKey(entity))?.quotas;
  const recordEntity = () => [...entity].map(([entityType, entityName]) => ({ entityType, entityName }));
  const mine: MetadataRecordOut[] = [];
  for (const [key, value] of alterations) {
    if (value === null) {
      if (current?.has(key)) mine.push(metadataRecord(RecordType.CLIENT_QUOTA, { entity: recordEntity(), key, value: 0, remove: true }));
      continue;
    }
    const e = validateQuotaKeyValue(keys, key, value);
    if (e.code !== ErrorCode.NONE) return e;
    if (current?.get(key) !== value) mine.push(metadataRecord(RecordType.CLIENT_QUOTA, { entity: recordEntity(), key, value, remove: false }));
  }
  for (const r of mine) out.push(r);
  return NONE;
}

/** A DescribeClientQuotas request Kafka refuses: the code and message of its getErrorResponse. */
export class DescribeClientQuotasError extends Error {
  constructor(
    readonly errorCode: number,
    message: string,
  ) {
    super(message);
    this.name = "DescribeClientQuotasError";
  }
}

/** Kafka's ClientQuotasImage.describe. Throws DescribeClientQuotasError for a filter Kafka refuses. */
export function describeClientQuotas(image: MetadataImage, req: Pick<DescribeClientQuotasRequest, "components" | "strict">): DescribeEntry[] {
  const exact = new Map<string, string | null>();
  const specified = new Set<string>();
  const refuse = (m: string) => new DescribeClientQuotasError(ErrorCode.INVALID_REQUEST, m);
  for (const c of req.components) {
    if (c.entityType === "") throw refuse("Invalid empty entity type.");
    if (exact.has(c.entityType) || specified.has(c.entityType)) throw refuse(`Entity type ${c.entityType} cannot appear more than once in the filter.`);
    if (c.entityType !== IP && c.entityType !== USER && c.entityType !== CLIENT_ID) throw new DescribeClientQuotasError(ErrorCode.UNSUPPORTED_VERSION, `Unsupported entity type ${c.entityType}`);
    if (c.matchType === MATCH_EXACT) {
      if (c.match === null) throw refuse("Request specified MATCH_TYPE_EXACT, but set match string to null.");
      exact.set(c.entityType, c.match);
    } else if (c.matchType === MATCH_DEFAULT) {
      if (c.match !== null) throw refuse("Request specified MATCH_TYPE_DEFAULT, but also specified a match string.");
      exact.set(c.entityType, null);
    } else if (c.matchType === MATCH_SPECIFIED) {
      if (c.match !== null) throw refuse("Request specified MATCH_TYPE_SPECIFIED, but also specified a match string.");
      specified.add(c.entityType);
    } else {
      throw refuse(`Unknown match type ${c.matchType}`);
    }
  }
  const uses = (t: string) => exact.has(t) || specified.has(t);
  if (uses(IP) && (uses(USER) || uses(CLIENT_ID))) {
    throw refuse("Invalid entity filter component combination. IP filter component should not be used with user or clientId filter component.");
  }
  const out: DescribeEntry[] = [];
  // Bounded by the image's entities (Kafka's describe is the same linear walk, KAFKA-13022).
  for (const q of image.clientQuotas?.values() ?? []) {
    if (matches(q.entity, exact, specified, req.strict)) out.push(describeEntry(q));
  }
  return out;
}

function matches(entity: QuotaEntity, exact: ReadonlyMap<string, string | null>, specified: ReadonlySet<string>, strict: boolean): boolean {
  if (strict && entity.size !== exact.size + specified.size) return false;
  for (const [type, name] of exact) if (!entity.has(type) || entity.get(type) !== name) return false;
  for (const type of specified) if (!entity.has(type)) return false;
  return true;
}

function describeEntry(q: ClientQuotaImage): DescribeEntry {
  return {
    entity: javaOrder(q.entity, 2).map((t) => ({ entityType: t, entityName: q.entity.get(t)! })),
    values: [...q.quotas].map(([key, value]) => ({ key, value })),
  };
}

/** Kafka's ClientQuotasImage.write: one ClientQuotaRecord per entity and key. */
export function clientQuotaRecords(image: MetadataImage): MetadataRecordOut[] {
  const out: MetadataRecordOut[] = [];
  for (const q of image.clientQuotas?.values() ?? []) {
    for (const [key, value] of q.quotas) {
      out.push(metadataRecord(RecordType.CLIENT_QUOTA, { entity: [...q.entity].map(([entityType, entityName]) => ({ entityType, entityName })), key, value, remove: false }));
    }
  }
  return out;
}
