// The SCRAM credentials of delegation tokens, as Kafka's DelegationTokenCache: a token authenticates
// over SCRAM-SHA-256/512 with username = token id and password = base64(HMAC), the HMAC being
// HmacSHA512(delegation.token.secret.key, tokenId). Kafka derives each token's credential once, when
// the token reaches the broker's cache (a random salt, the mechanism's minimum iterations); Strand
// derives it on the first login with that token and keeps it beside the image's token object, which a
// DelegationTokenRecord replaces (a renewal), so the cache is bounded by the tokens in the image.

import { tokenHmac, type DelegationTokenImage } from "../../metadata/delegation-token-control.ts";
import type { MetadataImage } from "../../metadata/image.ts";
import { credentialFromPassword, secureRandomSalt, type ScramCredential, type ScramMechanism } from "../../metadata/scram-mechanism.ts";

/** What a tokenauth SCRAM login needs: the credential, the owner's principal name and the token's expiry. */
export interface DelegationTokenCredential {
  readonly credential: ScramCredential;
  /** The owner's name (Kafka's tokenCache.owner: owner().getName()); the principal is User:<ownerName>. */
  readonly ownerName: string;
  /** Wall-clock ms; bounds the session as Kafka's CREDENTIAL_LIFETIME_MS negotiated property. */
  readonly expiryTimestampMs: number;
}

export type DelegationTokenCredentialLookup = (mechanism: ScramMechanism, tokenId: string) => DelegationTokenCredential | undefined;

/** A lookup over the broker's current image; undefined when tokens are disabled (no secret key). */
export function delegationTokenCredentialLookup(image: () => MetadataImage | undefined, secretKey: string | null): DelegationTokenCredentialLookup | undefined {
  if (secretKey === null) return undefined;
  // Keyed by the image's token objects: entries go when the token leaves the image (or is replaced).
  const derived = new WeakMap<DelegationTokenImage, Map<number, ScramCredential>>();
  return (mechanism, tokenId) => {
    const token = image()?.delegationTokens?.get(tokenId);
    if (!token) return undefined;
    let per = derived.get(token);
    if (!per) derived.set(token, (per = new Map()));
    let credential = per.get(mechanism.type);
    if (!credential) {
      const password = Buffer.from(tokenHmac(secretKey, tokenId)).toString("base64");
      credential = credentialFromPassword(mechanism, password, secureRandomSalt(), mechanism.minIterations);
      per.set(mechanism.type, credential);
    }
    const colon = token.owner.indexOf(":");
    return { credential, ownerName: colon < 0 ? token.owner : token.owner.slice(colon + 1), expiryTimestampMs: Number(token.expiryTimestampMs) };
  };
}
