// SCRAM credentials in the metadata log, as Kafka's ScramControlManager (controller) and ScramImage
// (broker): AlterUserScramCredentials becomes UserScramCredentialRecord / RemoveUserScramCredentialRecord,
// the stored and server keys derived here from the salted password the client sent (the password
// never travels); DescribeUserScramCredentials is answered from the image. Kafka's checks, codes and
// messages: a user altered twice in one request (DUPLICATE_RESOURCE), an empty name or iterations
// outside 4096..16384 (UNACCEPTABLE_CREDENTIAL), an unknown mechanism (UNSUPPORTED_SASL_MECHANISM),
// deleting a credential that does not exist (RESOURCE_NOT_FOUND), metadata.version below 3.5-IV2
// (UNSUPPORTED_VERSION). Results come in Kafka's order: deletions, then upsertions (each in HashMap
// order), then errors.

import { ErrorCode } from "../protocol/errors.ts";
import type { AlterUserScramCredentialsRequest } from "../protocol/generated/messages/alter-user-scram-credentials-request.ts";
import type { AlterUserScramCredentialsResult } from "../protocol/generated/messages/alter-user-scram-credentials-response.ts";
import type { DescribeUserScramCredentialsResult } from "../protocol/generated/messages/describe-user-scram-credentials-response.ts";
import { javaHashMapCapacity, javaHashMapOrder } from "../util/java-hash-order.ts";
import type { MetadataImage } from "./image.ts";
import { metadataRecord, RecordType, type MetadataRecordOut } from "./record-serde.ts";
import { credentialFromSalted, scramMechanismByType, SCRAM_MECHANISMS } from "./scram-mechanism.ts";
import { METADATA_VERSION_FEATURE } from "./supported-features.ts";

/** Kafka's MetadataVersion.IBP_3_5_IV2 (isScramSupported). */
const SCRAM_MIN_METADATA_VERSION = 11;
/** Kafka's ScramControlManager.MAX_ITERATIONS. */
const MAX_ITERATIONS = 16384;
/** More users than one request sensibly alters; Kafka's order helper is exact up to 64 keys. */
const HASH_ORDER_LIMIT = 64;

interface ApiError {
  readonly code: number;
  readonly message: string;
}

function orderLikeHashMap(keys: string[]): string[] {
  return keys.length <= HASH_ORDER_LIMIT ? javaHashMapOrder(keys, javaHashMapCapacity(0, keys.length)) : keys;
}

function validateNameAndMechanism(name: string, mechanism: number): ApiError | null {
  if (name === "") return { code: ErrorCode.UNACCEPTABLE_CREDENTIAL, message: "Username must not be empty" };
  if (!scramMechanismByType(mechanism)) return { code: ErrorCode.UNSUPPORTED_SASL_MECHANISM, message: "Unknown SCRAM mechanism" };
  return null;
}

export function planAlterUserScramCredentials(image: MetadataImage, req: AlterUserScramCredentialsRequest): { records: MetadataRecordOut[]; results: AlterUserScramCredentialsResult[] } {
  const supported = (image.features.get(METADATA_VERSION_FEATURE) ?? 0) >= SCRAM_MIN_METADATA_VERSION;
  const deletions = new Map<string, number>();
  const upserts = new Map<string, AlterUserScramCredentialsRequest["upsertions"][number]>();
  const errors = new Map<string, ApiError>();
  const duplicate: ApiError = { code: ErrorCode.DUPLICATE_RESOURCE, message: "A user credential cannot be altered twice in the same request" };
  const unsupported: ApiError = { code: ErrorCode.UNSUPPORTED_VERSION, message: "The current metadata.version does not support SCRAM" };
  for (const d of req.deletions) {
    if (errors.has(d.name)) continue;
    if (deletions.delete(d.name)) {
      errors.set(d.name, duplicate);
      continue;
    }
    if (!supported) {
      errors.set(d.name, unsupported);
      continue;
    }
    const e = validateNameAndMechanism(d.name, d.mechanism) ?? (image.scramCredentials?.get(d.name)?.has(d.mechanism) ? null : { code: ErrorCode.RESOURCE_NOT_FOUND, message: "Attempt to delete a user credential that does not exist" });
    if (e) errors.set(d.name, e);
    else deletions.set(d.name, d.mechanism);
  }
  for (const u of req.upsertions) {
    if (errors.has(u.name)) continue;
    const wasDeleted = deletions.delete(u.name);
    if (wasDeleted || upserts.delete(u.name)) {
      errors.set(u.name, duplicate);
      continue;
    }
    if (!supported) {
      errors.set(u.name, unsupported);
      continue;
    }
    let e = validateNameAndMechanism(u.name, u.mechanism);
    if (!e && u.iterations < scramMechanismByType(u.mechanism)!.minIterations) e = { code: ErrorCode.UNACCEPTABLE_CREDENTIAL, message: "Too few iterations" };
    if (!e && u.iterations > MAX_ITERATIONS) e = { code: ErrorCode.UNACCEPTABLE_CREDENTIAL, message: "Too many iterations" };
    if (e) errors.set(u.name, e);
    else upserts.set(u.name, u);
  }
  const records: MetadataRecordOut[] = [];
  const results: AlterUserScramCredentialsResult[] = [];
  for (const name of orderLikeHashMap([...deletions.keys()])) {
    results.push({ user: name, errorCode: ErrorCode.NONE, errorMessage: null });
    records.push(metadataRecord(RecordType.REMOVE_USER_SCRAM_CREDENTIAL, { name, mechanism: deletions.get(name)! }));
  }
  for (const name of orderLikeHashMap([...upserts.keys()])) {
    const u = upserts.get(name)!;
    const m = scramMechanismByType(u.mechanism)!;
    const c = credentialFromSalted(m, u.salt, u.saltedPassword, u.iterations);
    records.push(metadataRecord(RecordType.USER_SCRAM_CREDENTIAL, { name, mechanism: u.mechanism, salt: c.salt, storedKey: c.storedKey, serverKey: c.serverKey, iterations: c.iterations }));
    results.push({ user: name, errorCode: ErrorCode.NONE, errorMessage: null });
  }
  for (const name of orderLikeHashMap([...errors.keys()])) {
    const e = errors.get(name)!;
    results.push({ user: name, errorCode: e.code, errorMessage: e.message });
  }
  return { records, results };
}

/** Kafka's ScramImage.describe: every user with a credential when none is named; duplicates and unknown users answered per user. */
export function describeUserScramCredentials(image: MetadataImage, users: ReadonlyArray<{ name: string }> | null): DescribeUserScramCredentialsResult[] {
  const creds = image.scramCredentials ?? new Map();
  const unique = new Map<string, boolean>();
  if (users === null || users.length === 0) {
    for (const name of creds.keys()) unique.set(name, false);
  } else {
    for (const u of users) unique.set(u.name, unique.has(u.name));
  }
  const out: DescribeUserScramCredentialsResult[] = [];
  for (const name of orderLikeHashMap([...unique.keys()])) {
    if (unique.get(name)) {
      out.push({ user: name, errorCode: ErrorCode.DUPLICATE_RESOURCE, errorMessage: `Cannot describe SCRAM credentials for the same user twice in a single request: ${name}`, credentialInfos: [] });
      continue;
    }
    const per = creds.get(name);
    // Kafka walks its mechanisms map (SCRAM-SHA-256 before SCRAM-SHA-512).
    const infos = SCRAM_MECHANISMS.filter((m) => per?.has(m.type)).map((m) => ({ mechanism: m.type, iterations: per!.get(m.type)!.iterations }));
    if (infos.length > 0) out.push({ user: name, errorCode: ErrorCode.NONE, errorMessage: null, credentialInfos: infos });
    else out.push({ user: name, errorCode: ErrorCode.RESOURCE_NOT_FOUND, errorMessage: `Attempt to describe a user credential that does not exist: ${name}`, credentialInfos: [] });
  }
  return out;
}
