// Delegation tokens in the metadata log, as Kafka's DelegationTokenControlManager (controller) and
// DelegationTokenImage (broker). CreateDelegationToken, RenewDelegationToken and ExpireDelegationToken
// become DelegationTokenRecord / RemoveDelegationTokenRecord; the periodic sweep removes tokens past
// their expiry or max timestamp. A token's HMAC is HmacSHA512(delegation.token.secret.key, tokenId):
// it is never stored, the controller recomputes it, and a client proves it over SCRAM (username =
// tokenId, password = base64(hmac), extension tokenauth=true). Kafka's checks and codes, in Kafka's
// order: no secret key (DELEGATION_TOKEN_AUTH_DISABLED), metadata.version below 3.6-IV2
// (UNSUPPORTED_VERSION), a renewer that is not a User (INVALID_PRINCIPAL_TYPE), an unknown HMAC
// (DELEGATION_TOKEN_NOT_FOUND), an expired token (DELEGATION_TOKEN_EXPIRED), a caller that is neither
// owner nor renewer (DELEGATION_TOKEN_OWNER_MISMATCH). The broker-side checks (SASL-only, not over a
// token-authenticated connection, CREATE_TOKENS / DESCRIBE_TOKENS ACLs) belong to the handlers.

import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { ErrorCode } from "../protocol/errors.ts";
import type { MetadataImage } from "./image.ts";
import { metadataRecord, RecordType, type MetadataRecordOut } from "./record-serde.ts";
import { METADATA_VERSION_FEATURE } from "./supported-features.ts";

/** Kafka's MetadataVersion.IBP_3_6_IV2 (isDelegationTokenSupported). */
export const DELEGATION_TOKEN_MIN_METADATA_VERSION = 14;
const LONG_MAX = 0x7fffffffffffffffn;

/** One token as the image holds it (Kafka's TokenInformation); principals as "Type:name". */
export interface DelegationTokenImage {
  readonly tokenId: string;
  readonly owner: string;
  readonly requester: string;
  readonly renewers: readonly string[];
  readonly issueTimestampMs: bigint;
  readonly maxTimestampMs: bigint;
  readonly expiryTimestampMs: bigint;
}

/** The controller's settings (delegation.token.* keys). secretKey null: tokens disabled. */
export interface DelegationTokenSettings {
  readonly secretKey: string | null;
  readonly maxLifetimeMs: bigint;
  readonly renewLifetimeMs: bigint;
}

export interface CreateTokenInput {
  /** The caller's principal, "Type:name". */
  readonly requester: string;
  /** The owner the request names (null or "": the requester). */
  readonly ownerPrincipalType: string | null;
  readonly ownerPrincipalName: string | null;
  readonly renewers: ReadonlyArray<{ readonly principalType: string; readonly principalName: string }>;
  readonly maxLifetimeMs: bigint;
}

export interface CreateTokenResult {
  readonly errorCode: number;
  readonly owner: string;
  readonly requester: string;
  readonly issueTimestampMs: bigint;
  readonly expiryTimestampMs: bigint;
  readonly maxTimestampMs: bigint;
  readonly tokenId: string;
  readonly hmac: Uint8Array;
}

export interface TokenPlan<R> {
  readonly records: MetadataRecordOut[];
  readonly result: R;
}

/** Kafka's createHmac: HmacSHA512 keyed with the secret key's UTF-8 bytes over the token id's. */
export function tokenHmac(secretKey: string, tokenId: string): Uint8Array {
  return new Uint8Array(createHmac("sha512", Buffer.from(secretKey, "utf8")).update(tokenId, "utf8").digest());
}

/** Kafka's sum: now + duration saturating at Long.MAX_VALUE. */
function saturatingAdd(now: bigint, durationMs: bigint): bigint {
  return now > LONG_MAX - durationMs ? LONG_MAX : now + durationMs;
}

function minBig(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

function supported(image: MetadataImage): boolean {
  return (image.features.get(METADATA_VERSION_FEATURE) ?? 0) >= DELEGATION_TOKEN_MIN_METADATA_VERSION;
}

/** Splits "Type:name" at the first colon, as KafkaPrincipal's string form. */
export function splitPrincipal(p: string): { principalType: string; principalName: string } {
  const i = p.indexOf(":");
  return i < 0 ? { principalType: "", principalName: p } : { principalType: p.slice(0, i), principalName: p.slice(i + 1) };
}

/** The token whose HMAC this is (Kafka's tokenCache.tokenForHmac), compared in constant time. */
export function tokenForHmac(image: MetadataImage, secretKey: string, hmac: Uint8Array): DelegationTokenImage | undefined {
  for (const t of image.delegationTokens?.values() ?? []) {
    const h = tokenHmac(secretKey, t.tokenId);
    if (h.length === hmac.length && timingSafeEqual(h, hmac)) return t;
  }
  return undefined;
}

function tokenRecord(t: DelegationTokenImage, expiryTimestampMs: bigint): MetadataRecordOut {
  return metadataRecord(RecordType.DELEGATION_TOKEN, {
    owner: t.owner, requester: t.requester, renewers: [...t.renewers], issueTimestamp: t.issueTimestampMs,
    maxTimestamp: t.maxTimestampMs, expirationTimestamp: expiryTimestampMs, tokenId: t.tokenId,
  });
}

function allowedToRenew(t: DelegationTokenImage, principal: string): boolean {
  return t.owner === principal || t.renewers.includes(principal);
}

function expired(t: DelegationTokenImage, nowMs: bigint): boolean {
  return t.maxTimestampMs < nowMs || t.expiryTimestampMs < nowMs;
}

export function planCreateDelegationToken(image: MetadataImage, s: DelegationTokenSettings, input: CreateTokenInput, nowMs: bigint, newTokenId: () => string = randomUUID): TokenPlan<CreateTokenResult> {
  const owner = input.ownerPrincipalName ? `${input.ownerPrincipalType ?? "User"}:${input.ownerPrincipalName}` : input.requester;
  const base = { owner, requester: input.requester, issueTimestampMs: 0n, expiryTimestampMs: 0n, maxTimestampMs: 0n, tokenId: "", hmac: new Uint8Array(0) };
  if (s.secretKey === null) return { records: [], result: { ...base, errorCode: ErrorCode.DELEGATION_TOKEN_AUTH_DISABLED } };
  if (!supported(image)) return { records: [], result: { ...base, errorCode: ErrorCode.UNSUPPORTED_VERSION } };
  const maxLifetimeMs = input.maxLifetimeMs > 0n ? minBig(s.maxLifetimeMs, input.maxLifetimeMs) : s.maxLifetimeMs;
  const maxTimestampMs = saturatingAdd(nowMs, maxLifetimeMs);
  const expiryTimestampMs = minBig(maxTimestampMs, saturatingAdd(nowMs, s.renewLifetimeMs));
  const renewers: string[] = [];
  for (const r of input.renewers) {
    if (r.principalType !== "User") return { records: [], result: { ...base, errorCode: ErrorCode.INVALID_PRINCIPAL_TYPE } };
    renewers.push(`${r.principalType}:${r.principalName}`);
  }
  const tokenId = newTokenId();
  const token: DelegationTokenImage = { tokenId, owner, requester: input.requester, renewers, issueTimestampMs: nowMs, maxTimestampMs, expiryTimestampMs };
  return {
    records: [tokenRecord(token, expiryTimestampMs)],
    result: { owner, requester: input.requester, errorCode: ErrorCode.NONE, issueTimestampMs: nowMs, expiryTimestampMs, maxTimestampMs, tokenId, hmac: tokenHmac(s.secretKey, tokenId) },
  };
}

export interface ExpiryResult {
  readonly errorCode: number;
  readonly expiryTimestampMs: bigint;
}

/** RenewDelegationToken: the new expiry is now + min(renew lifetime, the asked period), capped at the max timestamp. */
export function planRenewDelegationToken(image: MetadataImage, s: DelegationTokenSettings, principal: string, hmac: Uint8Array, renewPeriodMs: bigint, nowMs: bigint): TokenPlan<ExpiryResult> {
  const fail = (errorCode: number): TokenPlan<ExpiryResult> => ({ records: [], result: { errorCode, expiryTimestampMs: 0n } });
  if (s.secretKey === null) return fail(ErrorCode.DELEGATION_TOKEN_AUTH_DISABLED);
  if (!supported(image)) return fail(ErrorCode.UNSUPPORTED_VERSION);
  const t = tokenForHmac(image, s.secretKey, hmac);
  if (!t) return fail(ErrorCode.DELEGATION_TOKEN_NOT_FOUND);
  if (expired(t, nowMs)) return fail(ErrorCode.DELEGATION_TOKEN_EXPIRED);
  if (!allowedToRenew(t, principal)) return fail(ErrorCode.DELEGATION_TOKEN_OWNER_MISMATCH);
  const renewLifetimeMs = renewPeriodMs > 0n ? minBig(s.renewLifetimeMs, renewPeriodMs) : s.renewLifetimeMs;
  // Kafka adds without saturating here (now + renewLifeTime); both are bounded longs in practice.
  const expiryTimestampMs = minBig(t.maxTimestampMs, nowMs + renewLifetimeMs);
  return { records: [tokenRecord(t, expiryTimestampMs)], result: { errorCode: ErrorCode.NONE, expiryTimestampMs } };
}

/** ExpireDelegationToken: a negative period removes the token now; otherwise the expiry moves to now + period (capped). */
export function planExpireDelegationToken(image: MetadataImage, s: DelegationTokenSettings, principal: string, hmac: Uint8Array, expiryTimePeriodMs: bigint, nowMs: bigint): TokenPlan<ExpiryResult> {
  const fail = (errorCode: number): TokenPlan<ExpiryResult> => ({ records: [], result: { errorCode, expiryTimestampMs: 0n } });
  if (s.secretKey === null) return fail(ErrorCode.DELEGATION_TOKEN_AUTH_DISABLED);
  if (!supported(image)) return fail(ErrorCode.UNSUPPORTED_VERSION);
  const t = tokenForHmac(image, s.secretKey, hmac);
  if (!t) return fail(ErrorCode.DELEGATION_TOKEN_NOT_FOUND);
  if (!allowedToRenew(t, principal)) return fail(ErrorCode.DELEGATION_TOKEN_OWNER_MISMATCH);
  if (expiryTimePeriodMs < 0n) {
    return { records: [metadataRecord(RecordType.REMOVE_DELEGATION_TOKEN, { tokenId: t.tokenId })], result: { errorCode: ErrorCode.NONE, expiryTimestampMs: nowMs } };
  }
  if (expired(t, nowMs)) return fail(ErrorCode.DELEGATION_TOKEN_EXPIRED);
  const expiryTimestampMs = minBig(t.maxTimestampMs, saturatingAdd(nowMs, expiryTimePeriodMs));
  return { records: [tokenRecord(t, expiryTimestampMs)], result: { errorCode: ErrorCode.NONE, expiryTimestampMs } };
}

/** Kafka's sweepExpiredDelegationTokens: a RemoveDelegationTokenRecord for each token past its expiry or max timestamp. */
export function sweepExpiredDelegationTokens(image: MetadataImage, nowMs: bigint): MetadataRecordOut[] {
  const out: MetadataRecordOut[] = [];
  for (const t of image.delegationTokens?.values() ?? []) {
    if (expired(t, nowMs)) out.push(metadataRecord(RecordType.REMOVE_DELEGATION_TOKEN, { tokenId: t.tokenId }));
  }
  return out;
}
