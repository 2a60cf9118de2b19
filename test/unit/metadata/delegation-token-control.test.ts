// The controller side of delegation tokens (Kafka's DelegationTokenControlManager) and their way
// through the image: the HMAC (HmacSHA512 of the token id under the secret key, checked against a value
// computed independently with Java's algorithm), create's lifetimes and renewer check, renew's bounds,
// expire (now, later, capped), owner/renewer checks, expired and unknown tokens, the disabled and
// old-metadata.version answers, the periodic sweep, and the DelegationTokenRecord /
// RemoveDelegationTokenRecord round trip through the codec, the ImageBuilder and a snapshot.
import { expect, test } from "bun:test";
import { createHmac } from "node:crypto";
import {
  planCreateDelegationToken, planExpireDelegationToken, planRenewDelegationToken, sweepExpiredDelegationTokens, tokenForHmac, tokenHmac,
  type DelegationTokenSettings,
} from "../../../src/metadata/delegation-token-control.ts";
import { emptyImage, ImageBuilder } from "../../../src/metadata/image-builder.ts";
import type { MetadataImage } from "../../../src/metadata/image.ts";
import { imageRecords } from "../../../src/metadata/image-snapshot.ts";
import { decodeMetadataRecord, encodeMetadataRecord, RecordType, type MetadataRecordOut } from "../../../src/metadata/record-serde.ts";
import { METADATA_VERSION_FEATURE } from "../../../src/metadata/supported-features.ts";
import { ErrorCode } from "../../../src/protocol/errors.ts";

const settings: DelegationTokenSettings = { secretKey: "s3cr3t", maxLifetimeMs: 604_800_000n, renewLifetimeMs: 86_400_000n };
const NOW = 1_700_000_000_000n;

function apply(image: MetadataImage, records: readonly MetadataRecordOut[], from = 10n): MetadataImage {
  const b = new ImageBuilder(image.clusterId, image.controllerId, image);
  let offset = from;
  for (const r of records) {
    const d = decodeMetadataRecord(encodeMetadataRecord(r), offset);
    expect(b.apply(d.apiKey, d.message, offset)).toBe(true);
    b.offset = offset++;
  }
  return b.build();
}

function base(metadataVersion = 33): MetadataImage {
  return apply(emptyImage("c", 1), [{ apiKey: RecordType.FEATURE_LEVEL, version: 0, message: { name: METADATA_VERSION_FEATURE, featureLevel: metadataVersion } }], 0n);
}

const create = (image: MetadataImage, o: Partial<Parameters<typeof planCreateDelegationToken>[2]> = {}, s = settings, now = NOW) =>
  planCreateDelegationToken(image, s, { requester: "User:alice", ownerPrincipalType: null, ownerPrincipalName: null, renewers: [], maxLifetimeMs: -1n, ...o }, now, () => "tok-1");

test("the HMAC is HmacSHA512 of the token id's UTF-8 bytes keyed with the secret key's", () => {
  const want = createHmac("sha512", Buffer.from("s3cr3t")).update("tok-1").digest();
  expect(Buffer.from(tokenHmac("s3cr3t", "tok-1")).equals(want)).toBe(true);
  expect(tokenHmac("s3cr3t", "tok-1").length).toBe(64);
  expect(Buffer.from(tokenHmac("other", "tok-1")).equals(want)).toBe(false);
});

test("create: default lifetimes, owner = requester, one DelegationTokenRecord that the image keeps", () => {
  const p = create(base());
  expect(p.result.errorCode).toBe(ErrorCode.NONE);
  expect(p.result).toMatchObject({ owner: "User:alice", requester: "User:alice", tokenId: "tok-1", issueTimestampMs: NOW, maxTimestampMs: NOW + 604_800_000n, expiryTimestampMs: NOW + 86_400_000n });
  const img = apply(base(), p.records);
  expect(img.delegationTokens?.get("tok-1")).toEqual({ tokenId: "tok-1", owner: "User:alice", requester: "User:alice", renewers: [], issueTimestampMs: NOW, maxTimestampMs: NOW + 604_800_000n, expiryTimestampMs: NOW + 86_400_000n });
  expect(tokenForHmac(img, "s3cr3t", p.result.hmac)?.tokenId).toBe("tok-1");
  expect(tokenForHmac(img, "s3cr3t", new Uint8Array(64))).toBeUndefined();
});

test("create: a shorter max lifetime caps the expiry; a named owner; renewers must be Users", () => {
  const p = create(base(), { maxLifetimeMs: 1000n, ownerPrincipalType: "User", ownerPrincipalName: "bob", renewers: [{ principalType: "User", principalName: "carol" }] });
  expect(p.result).toMatchObject({ owner: "User:bob", requester: "User:alice", maxTimestampMs: NOW + 1000n, expiryTimestampMs: NOW + 1000n });
  expect(apply(base(), p.records).delegationTokens?.get("tok-1")?.renewers).toEqual(["User:carol"]);
  // A longer one than delegation.token.max.lifetime.ms is cut to it.
  expect(create(base(), { maxLifetimeMs: 10n ** 15n }).result.maxTimestampMs).toBe(NOW + 604_800_000n);
  const bad = create(base(), { renewers: [{ principalType: "Group", principalName: "g" }] });
  expect(bad.result.errorCode).toBe(ErrorCode.INVALID_PRINCIPAL_TYPE);
  expect(bad.records).toEqual([]);
});

test("disabled without a secret key; UNSUPPORTED_VERSION below metadata.version 3.6-IV2", () => {
  const off = { ...settings, secretKey: null };
  expect(create(base(), {}, off).result.errorCode).toBe(ErrorCode.DELEGATION_TOKEN_AUTH_DISABLED);
  expect(planRenewDelegationToken(base(), off, "User:alice", new Uint8Array(64), -1n, NOW).result.errorCode).toBe(ErrorCode.DELEGATION_TOKEN_AUTH_DISABLED);
  expect(planExpireDelegationToken(base(), off, "User:alice", new Uint8Array(64), -1n, NOW).result.errorCode).toBe(ErrorCode.DELEGATION_TOKEN_AUTH_DISABLED);
  expect(create(base(13)).result.errorCode).toBe(ErrorCode.UNSUPPORTED_VERSION);
  expect(create(base(14)).result.errorCode).toBe(ErrorCode.NONE);
});

test("renew: owner or renewer only; now + min(renew lifetime, asked period), never past the max timestamp", () => {
  const c = create(base(), { maxLifetimeMs: 200_000_000n, renewers: [{ principalType: "User", principalName: "carol" }] });
  const img = apply(base(), c.records);
  const hmac = c.result.hmac;
  expect(planRenewDelegationToken(img, settings, "User:mallory", hmac, -1n, NOW).result.errorCode).toBe(ErrorCode.DELEGATION_TOKEN_OWNER_MISMATCH);
  expect(planRenewDelegationToken(img, settings, "User:alice", new Uint8Array(64), -1n, NOW).result.errorCode).toBe(ErrorCode.DELEGATION_TOKEN_NOT_FOUND);
  const r1 = planRenewDelegationToken(img, settings, "User:carol", hmac, 5000n, NOW + 10n);
  expect(r1.result).toEqual({ errorCode: ErrorCode.NONE, expiryTimestampMs: NOW + 5010n });
  expect(apply(img, r1.records).delegationTokens?.get("tok-1")?.expiryTimestampMs).toBe(NOW + 5010n);
  // The default renew period (1 day) when none is asked; capped at the max timestamp near the end.
  expect(planRenewDelegationToken(img, settings, "User:alice", hmac, -1n, NOW).result.expiryTimestampMs).toBe(NOW + 86_400_000n);
  expect(planRenewDelegationToken(img, settings, "User:alice", hmac, -1n, NOW + 150_000_000n).result.errorCode).toBe(ErrorCode.DELEGATION_TOKEN_EXPIRED);
  const late = apply(img, planRenewDelegationToken(img, settings, "User:alice", hmac, -1n, NOW + 80_000_000n).records);
  expect(planRenewDelegationToken(late, settings, "User:alice", hmac, -1n, NOW + 150_000_000n).result.expiryTimestampMs).toBe(NOW + 200_000_000n);
});

test("expire: a negative period removes the token now; a positive one moves the expiry; expired tokens refused", () => {
  const c = create(base());
  const img = apply(base(), c.records);
  expect(planExpireDelegationToken(img, settings, "User:bob", c.result.hmac, -1n, NOW).result.errorCode).toBe(ErrorCode.DELEGATION_TOKEN_OWNER_MISMATCH);
  const later = planExpireDelegationToken(img, settings, "User:alice", c.result.hmac, 1000n, NOW);
  expect(later.result).toEqual({ errorCode: ErrorCode.NONE, expiryTimestampMs: NOW + 1000n });
  const soon = apply(img, later.records);
  expect(planExpireDelegationToken(soon, settings, "User:alice", c.result.hmac, 1000n, NOW + 2000n).result.errorCode).toBe(ErrorCode.DELEGATION_TOKEN_EXPIRED);
  // Expire-now works even on an expired token (Kafka checks the period before the expiry).
  const now = planExpireDelegationToken(soon, settings, "User:alice", c.result.hmac, -1n, NOW + 2000n);
  expect(now.result).toEqual({ errorCode: ErrorCode.NONE, expiryTimestampMs: NOW + 2000n });
  expect(now.records.map((r) => r.apiKey)).toEqual([RecordType.REMOVE_DELEGATION_TOKEN]);
  expect(apply(soon, now.records).delegationTokens).toBeUndefined();
});

test("the sweep removes tokens past their expiry only; a snapshot carries the tokens", () => {
  let img = apply(base(), create(base()).records);
  const c2 = planCreateDelegationToken(img, settings, { requester: "User:bob", ownerPrincipalType: null, ownerPrincipalName: null, renewers: [], maxLifetimeMs: 10n }, NOW, () => "tok-2");
  img = apply(img, c2.records, 20n);
  expect(sweepExpiredDelegationTokens(img, NOW)).toEqual([]);
  const swept = sweepExpiredDelegationTokens(img, NOW + 11n);
  expect(swept.map((r) => (r.message as { tokenId: string }).tokenId)).toEqual(["tok-2"]);
  const after = apply(img, swept, 30n);
  expect([...(after.delegationTokens?.keys() ?? [])]).toEqual(["tok-1"]);
  const snap = imageRecords(after).filter((r) => r.apiKey === RecordType.DELEGATION_TOKEN);
  expect(snap.length).toBe(1);
  expect(apply(base(), snap, 40n).delegationTokens?.get("tok-1")).toEqual(after.delegationTokens?.get("tok-1"));
});
