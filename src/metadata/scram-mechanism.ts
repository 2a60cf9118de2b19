// SCRAM-SHA-256 and SCRAM-SHA-512 (RFC 5802, RFC 7677), as Kafka's ScramMechanism and ScramFormatter:
// the hash and HMAC of each mechanism, Hi() (PBKDF2 with the HMAC), the client and server keys, and
// the credential Kafka stores per user and mechanism (salt, StoredKey, ServerKey, iterations).
// Iterations below 4096 are refused and above 16384 are refused when a credential is made, as Kafka's
// ScramMechanism.minIterations/maxIterations.

import { createHash, createHmac, pbkdf2Sync, randomBytes } from "node:crypto";

export type ScramMechanismName = "SCRAM-SHA-256" | "SCRAM-SHA-512";

export interface ScramMechanism {
  readonly mechanismName: ScramMechanismName;
  /** node:crypto's digest name. */
  readonly hash: "sha256" | "sha512";
  /** Output length of the hash in bytes (the length of Hi, StoredKey and ServerKey). */
  readonly hashBytes: number;
  readonly minIterations: number;
  readonly maxIterations: number;
  /** The type number Kafka gives it in UserScramCredentialRecord and the SCRAM admin APIs. */
  readonly type: number;
}

export const SCRAM_SHA_256: ScramMechanism = Object.freeze({ mechanismName: "SCRAM-SHA-256", hash: "sha256", hashBytes: 32, minIterations: 4096, maxIterations: 16384, type: 1 });
export const SCRAM_SHA_512: ScramMechanism = Object.freeze({ mechanismName: "SCRAM-SHA-512", hash: "sha512", hashBytes: 64, minIterations: 4096, maxIterations: 16384, type: 2 });

export const SCRAM_MECHANISMS: readonly ScramMechanism[] = [SCRAM_SHA_256, SCRAM_SHA_512];

export function scramMechanismByName(name: string): ScramMechanism | undefined {
  return SCRAM_MECHANISMS.find((m) => m.mechanismName === name);
}

export function scramMechanismByType(type: number): ScramMechanism | undefined {
  return SCRAM_MECHANISMS.find((m) => m.type === type);
}

/** What the broker keeps per user and mechanism: never the password, nor the salted password. */
export interface ScramCredential {
  readonly salt: Uint8Array;
  readonly storedKey: Uint8Array;
  readonly serverKey: Uint8Array;
  readonly iterations: number;
}

const utf8 = new TextEncoder();

export function hmac(m: ScramMechanism, key: Uint8Array, data: Uint8Array | string): Uint8Array {
  return new Uint8Array(createHmac(m.hash, key).update(typeof data === "string" ? utf8.encode(data) : data).digest());
}

export function hash(m: ScramMechanism, data: Uint8Array): Uint8Array {
  return new Uint8Array(createHash(m.hash).update(data).digest());
}

export function xor(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length !== b.length) throw new RangeError(`xor of ${a.length} and ${b.length} bytes`);
  const out = new Uint8Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = a[i]! ^ b[i]!;
  return out;
}

/** Hi(password, salt, i) of RFC 5802: PBKDF2 with the mechanism's HMAC, one block. Kafka does not normalize (SASLprep) the password. */
export function saltedPassword(m: ScramMechanism, password: string, salt: Uint8Array, iterations: number): Uint8Array {
  return new Uint8Array(pbkdf2Sync(utf8.encode(password), salt, iterations, m.hashBytes, m.hash));
}

export function clientKey(m: ScramMechanism, salted: Uint8Array): Uint8Array {
  return hmac(m, salted, "Client Key");
}

export function serverKey(m: ScramMechanism, salted: Uint8Array): Uint8Array {
  return hmac(m, salted, "Server Key");
}

/** The credential from a salted password (AlterUserScramCredentials sends salt and salted password). */
export function credentialFromSalted(m: ScramMechanism, salt: Uint8Array, salted: Uint8Array, iterations: number): ScramCredential {
  return { salt, storedKey: hash(m, clientKey(m, salted)), serverKey: serverKey(m, salted), iterations };
}

export function credentialFromPassword(m: ScramMechanism, password: string, salt: Uint8Array, iterations: number): ScramCredential {
  return credentialFromSalted(m, salt, saltedPassword(m, password, salt, iterations), iterations);
}

/**
 * Kafka's ScramFormatter.secureRandomString: 130 random bits in base 36. Used for server nonces and,
 * as its UTF-8 bytes, for salts Kafka makes itself (kafka-configs.sh, kafka-storage.sh).
 */
export function secureRandomString(): string {
  const b = randomBytes(17);
  b[0] = b[0]! & 0x03; // 130 bits: 2 of the first byte and 16 more bytes
  let n = 0n;
  for (const x of b) n = (n << 8n) | BigInt(x);
  return n.toString(36);
}

export function secureRandomSalt(): Uint8Array {
  return utf8.encode(secureRandomString());
}
