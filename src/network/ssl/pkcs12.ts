// PKCS#12 key and trust stores (RFC 7292), read with node:crypto: what keytool (JDK 12+ defaults) and
// OpenSSL 3 write today. Bags encrypted with PBES2 (PBKDF2 with HMAC-SHA1/224/256/384/512, AES-CBC) or
// the legacy pbeWithSHAAnd3-KeyTripleDES-CBC, and the store's MAC (HMAC-SHA1/256/384/512 keyed with the
// PKCS#12 KDF, or PBMAC1 of RFC 9579: HMAC keyed by PBKDF2 over the UTF-8 password, as OpenSSL 3.4+
// writes with -pbmac1_pbkdf2) checked first, so a wrong password is reported as such and not as
// garbage. RC2 stores are refused with Pkcs12Error naming the algorithm.
// Why not node-forge: it is a large dependency for ~250 lines of format code, and node:crypto already
// does the cryptography (pbkdf2, AES, HMAC) natively.

import { createDecipheriv, createHash, createHmac, createPrivateKey, pbkdf2Sync, timingSafeEqual } from "node:crypto";
import { children, DerError, expectTag, oidString, parseDer, smallInt, TAG_OCTET_STRING, TAG_SEQUENCE, type DerNode } from "./der.ts";

export class Pkcs12Error extends Error {
  constructor(msg: string) {
    super(msg);
    this.name = "Pkcs12Error";
  }
}

export interface Pkcs12Contents {
  /** Private keys as PKCS#8 PEM (unencrypted, in memory only), with their localKeyId. */
  keys: Array<{ pem: string; localKeyId: string | null }>;
  /** Certificates as DER, with their localKeyId (set on a key's own certificate). */
  certs: Array<{ der: Uint8Array; localKeyId: string | null }>;
}

const OID_DATA = "1.2.840.113549.1.7.1";
const OID_ENCRYPTED_DATA = "1.2.840.113549.1.7.6";
const OID_KEY_BAG = "1.2.840.113549.1.12.10.1.1";
const OID_SHROUDED_KEY_BAG = "1.2.840.113549.1.12.10.1.2";
const OID_CERT_BAG = "1.2.840.113549.1.12.10.1.3";
const OID_X509_CERT = "1.2.840.113549.1.9.22.1";
const OID_LOCAL_KEY_ID = "1.2.840.113549.1.9.21";
const OID_PBES2 = "1.2.840.113549.1.5.13";
const OID_PBKDF2 = "1.2.840.113549.1.5.12";
const OID_PBE_SHA_3DES = "1.2.840.113549.1.12.1.3";
const OID_PBMAC1 = "1.2.840.113549.1.5.14";
/** Longer than any HMAC key PBMAC1 asks for (RFC 9579 uses the hash's length). */
const MAX_PBMAC1_KEY_BYTES = 128;

const HASHES: ReadonlyMap<string, { name: string; bytes: number; block: number }> = new Map([
  ["1.3.14.3.2.26", { name: "sha1", bytes: 20, block: 64 }],
  ["2.16.840.1.101.3.4.2.4", { name: "sha224", bytes: 28, block: 64 }],
  ["2.16.840.1.101.3.4.2.1", { name: "sha256", bytes: 32, block: 64 }],
  ["2.16.840.1.101.3.4.2.2", { name: "sha384", bytes: 48, block: 128 }],
  ["2.16.840.1.101.3.4.2.3", { name: "sha512", bytes: 64, block: 128 }],
]);
const HMAC_PRFS: ReadonlyMap<string, string> = new Map([
  ["1.2.840.113549.2.7", "sha1"],
  ["1.2.840.113549.2.8", "sha224"],
  ["1.2.840.113549.2.9", "sha256"],
  ["1.2.840.113549.2.10", "sha384"],
  ["1.2.840.113549.2.11", "sha512"],
]);
const AES_CBC: ReadonlyMap<string, string> = new Map([
  ["2.16.840.1.101.3.4.1.2", "aes-128-cbc"],
  ["2.16.840.1.101.3.4.1.22", "aes-192-cbc"],
  ["2.16.840.1.101.3.4.1.42", "aes-256-cbc"],
]);
/** More iterations than any store uses: a hostile file cannot make start-up spin for hours. */
const MAX_ITERATIONS = 10_000_000;
/** More bags than any store holds. */
const MAX_BAGS = 10_000;

/** The password as PKCS#12's KDF wants it: UTF-16BE with a two-byte terminator (RFC 7292 B.1). */
function bmpPassword(password: string): Buffer {
  const b = Buffer.alloc((password.length + 1) * 2);
  for (let i = 0; i < password.length; i++) b.writeUInt16BE(password.charCodeAt(i), i * 2);
  return b;
}

/** RFC 7292 appendix B.2: id 1 = key, 2 = IV, 3 = MAC key. */
function pkcs12Kdf(hash: { name: string; bytes: number; block: number }, password: string, salt: Uint8Array, iterations: number, id: number, size: number): Buffer {
  const v = hash.block;
  const fill = (src: Uint8Array): Buffer => {
    if (src.length === 0) return Buffer.alloc(0);
    const out = Buffer.alloc(v * Math.ceil(src.length / v));
    for (let i = 0; i < out.length; i++) out[i] = src[i % src.length]!;
    return out;
  };
  const D = Buffer.alloc(v, id);
  const I = Buffer.concat([fill(salt), fill(bmpPassword(password))]);
  const out: Buffer[] = [];
  let have = 0;
  while (have < size) {
    let A = createHash(hash.name).update(D).update(I).digest();
    for (let i = 1; i < iterations; i++) A = createHash(hash.name).update(A).digest();
    out.push(A);
    have += A.length;
    if (have >= size) break;
    const B = fill(A).subarray(0, v);
    for (let j = 0; j < I.length; j += v) {
      // I_j = (I_j + B + 1) mod 2^(8v)
      let carry = 1;
      for (let k = v - 1; k >= 0; k--) {
        const s = I[j + k]! + B[k]! + carry;
        I[j + k] = s & 0xff;
        carry = s >> 8;
      }
    }
  }
  return Buffer.concat(out).subarray(0, size);
}

function iterations(node: DerNode | undefined): number {
  const n = node ? smallInt(node) : 1;
  if (n < 1 || n > MAX_ITERATIONS) throw new Pkcs12Error(`iteration count ${n} out of range`);
  return n;
}

/** Decrypts with the algorithm an AlgorithmIdentifier names (PBES2/AES, or PKCS#12 PBE 3DES). */
function decrypt(algorithm: DerNode, data: Uint8Array, password: string): Buffer {
  const [oidNode, params] = children(expectTag(algorithm, TAG_SEQUENCE, "an AlgorithmIdentifier"));
  const oid = oidString(oidNode!);
  try {
    if (oid === OID_PBES2) {
      const [kdf, scheme] = children(params!);
      const [kdfOid, kdfParams] = children(kdf!);
      if (oidString(kdfOid!) !== OID_PBKDF2) throw new Pkcs12Error(`unsupported PBES2 key derivation ${oidString(kdfOid!)}`);
      const kp = children(kdfParams!);
      const salt = expectTag(kp[0], TAG_OCTET_STRING, "a PBKDF2 salt").value;
      const iter = iterations(kp[1]);
      let at = 2;
      if (kp[at]?.tag === 0x02) at++; // keyLength: implied by the cipher
      const prfOid = kp[at] ? oidString(children(kp[at]!)[0]!) : "1.2.840.113549.2.7";
      const prf = HMAC_PRFS.get(prfOid);
      if (!prf) throw new Pkcs12Error(`unsupported PBKDF2 PRF ${prfOid}`);
      const [encOid, ivNode] = children(scheme!);
      const cipher = AES_CBC.get(oidString(encOid!));
      if (!cipher) throw new Pkcs12Error(`unsupported PBES2 cipher ${oidString(encOid!)}`);
      const keyLen = Number(cipher.split("-")[1]) / 8;
      const key = pbkdf2Sync(Buffer.from(password, "utf8"), salt, iter, keyLen, prf);
      const d = createDecipheriv(cipher, key, expectTag(ivNode, TAG_OCTET_STRING, "an AES IV").value);
      return Buffer.concat([d.update(data), d.final()]);
    }
    if (oid === OID_PBE_SHA_3DES) {
      const [salt, iter] = children(params!);
      const sha1 = HASHES.get("1.3.14.3.2.26")!;
      const n = iterations(iter);
      const key = pkcs12Kdf(sha1, password, expectTag(salt, TAG_OCTET_STRING, "a PBE salt").value, n, 1, 24);
      const iv = pkcs12Kdf(sha1, password, salt!.value, n, 2, 8);
      const d = createDecipheriv("des-ede3-cbc", key, iv);
      return Buffer.concat([d.update(data), d.final()]);
    }
  } catch (e) {
    if (e instanceof Pkcs12Error || e instanceof DerError) throw e;
    // A bad padding after decryption: the MAC passed, so the bag's password differs (ssl.key.password).
    throw new Pkcs12Error(`cannot decrypt (wrong password?): ${(e as Error).message}`);
  }
  throw new Pkcs12Error(`unsupported encryption algorithm ${oid} (PBES2 with AES, or PBE-SHA1-3DES, are read)`);
}

/**
 * RFC 9579: the MacData's algorithm is PBMAC1 {PBKDF2 (salt, iterations, keyLength, PRF), HMAC scheme};
 * the MacData's own salt and iteration count are not used.
 */
function verifyPbmac1(macData: DerNode, authSafe: Uint8Array, password: string): void {
  const [digestInfo] = children(macData);
  const [algId, digest] = children(digestInfo!);
  const [, params] = children(algId!);
  const [kdf, scheme] = children(expectTag(params, TAG_SEQUENCE, "PBMAC1 parameters"));
  const [kdfOid, kdfParams] = children(expectTag(kdf, TAG_SEQUENCE, "a PBMAC1 key derivation"));
  if (oidString(kdfOid!) !== OID_PBKDF2) throw new Pkcs12Error(`unsupported PBMAC1 key derivation ${oidString(kdfOid!)}`);
  const kp = children(expectTag(kdfParams, TAG_SEQUENCE, "PBKDF2 parameters"));
  const salt = expectTag(kp[0], TAG_OCTET_STRING, "a PBKDF2 salt").value;
  const iter = iterations(kp[1]);
  if (kp[2]?.tag !== 0x02) throw new Pkcs12Error("PBMAC1 without a PBKDF2 key length (RFC 9579 requires it)");
  const keyLength = smallInt(kp[2]);
  if (keyLength < 1 || keyLength > MAX_PBMAC1_KEY_BYTES) throw new Pkcs12Error(`PBMAC1 key length ${keyLength} out of range`);
  const prfOid = kp[3] ? oidString(children(kp[3])[0]!) : "1.2.840.113549.2.7";
  const prf = HMAC_PRFS.get(prfOid);
  if (!prf) throw new Pkcs12Error(`unsupported PBKDF2 PRF ${prfOid}`);
  const schemeOid = oidString(children(expectTag(scheme, TAG_SEQUENCE, "a PBMAC1 MAC scheme"))[0]!);
  const hmac = HMAC_PRFS.get(schemeOid);
  if (!hmac) throw new Pkcs12Error(`unsupported PBMAC1 MAC scheme ${schemeOid}`);
  const key = pbkdf2Sync(Buffer.from(password, "utf8"), salt, iter, keyLength, prf);
  const mac = createHmac(hmac, key).update(authSafe).digest();
  const want = expectTag(digest, TAG_OCTET_STRING, "a MAC digest").value;
  if (mac.length !== want.length || !timingSafeEqual(mac, want)) {
    throw new Pkcs12Error("integrity check failed: the keystore password is wrong, or the file is corrupt");
  }
}

function verifyMac(macData: DerNode, authSafe: Uint8Array, password: string): void {
  const [digestInfo, saltNode, iterNode] = children(macData);
  const [algId, digest] = children(digestInfo!);
  const hashOid = oidString(children(algId!)[0]!);
  const hash = HASHES.get(hashOid);
  if (!hash) throw new Pkcs12Error(`unsupported MAC algorithm ${hashOid}`);
  const key = pkcs12Kdf(hash, password, expectTag(saltNode, TAG_OCTET_STRING, "a MAC salt").value, iterations(iterNode), 3, hash.bytes);
  const mac = createHmac(hash.name, key).update(authSafe).digest();
  const want = expectTag(digest, TAG_OCTET_STRING, "a MAC digest").value;
  if (mac.length !== want.length || !timingSafeEqual(mac, want)) {
    throw new Pkcs12Error("integrity check failed: the keystore password is wrong, or the file is corrupt");
  }
}

function localKeyId(attrs: DerNode | undefined): string | null {
  if (!attrs) return null;
  for (const a of children(attrs)) {
    const [oid, values] = children(a);
    if (oidString(oid!) === OID_LOCAL_KEY_ID) {
      const v = children(values!)[0];
      return v ? Buffer.from(v.value).toString("hex") : null;
    }
  }
  return null;
}

function toPem(label: string, der: Uint8Array): string {
  const b64 = Buffer.from(der).toString("base64").replace(/.{64}/g, "$&\n");
  return `-----BEGIN ${label}-----\n${b64}${b64.endsWith("\n") ? "" : "\n"}-----END ${label}-----\n`;
}

function readBags(safeContents: Uint8Array, keyPassword: string, out: Pkcs12Contents): void {
  for (const bag of children(parseDer(safeContents))) {
    if (out.keys.length + out.certs.length >= MAX_BAGS) throw new Pkcs12Error(`more than ${MAX_BAGS} entries`);
    const [idNode, valueWrap, attrs] = children(bag);
    const id = oidString(idNode!);
    const value = children(valueWrap!)[0]!;
    const keyId = localKeyId(attrs);
    if (id === OID_CERT_BAG) {
      const [certType, certValue] = children(value);
      if (oidString(certType!) !== OID_X509_CERT) continue; // SDSI certificates: not used by TLS
      out.certs.push({ der: expectTag(children(certValue!)[0], TAG_OCTET_STRING, "an X.509 certificate").value, localKeyId: keyId });
    } else if (id === OID_KEY_BAG || id === OID_SHROUDED_KEY_BAG) {
      let pkcs8: Uint8Array = value.raw;
      if (id === OID_SHROUDED_KEY_BAG) {
        const [alg, enc] = children(value);
        pkcs8 = decrypt(alg!, expectTag(enc, TAG_OCTET_STRING, "encrypted key data").value, keyPassword);
      }
      let pem: string;
      try {
        pem = createPrivateKey({ key: Buffer.from(pkcs8), format: "der", type: "pkcs8" }).export({ format: "pem", type: "pkcs8" }) as string;
      } catch (e) {
        throw new Pkcs12Error(`cannot read the private key (wrong ssl.key.password?): ${(e as Error).message}`);
      }
      out.keys.push({ pem, localKeyId: keyId });
    }
    // Secret and CRL bags: not used by TLS.
  }
}

/**
 * Reads a PKCS#12 file; `keyPassword` decrypts private keys (Kafka: ssl.key.password, else the store's).
 * A null store password skips the integrity check, as Java's KeyStore.load(in, null) does.
 */
export function readPkcs12(file: Uint8Array, storePassword: string | null, keyPassword: string = storePassword ?? ""): Pkcs12Contents {
  try {
    const pfx = children(parseDer(file));
    if (smallInt(pfx[0]!) !== 3) throw new Pkcs12Error("not a PKCS#12 version 3 file");
    const [ctOid, ctContent] = children(expectTag(pfx[1], TAG_SEQUENCE, "a ContentInfo"));
    if (oidString(ctOid!) !== OID_DATA) throw new Pkcs12Error("public-key integrity mode is not supported");
    const authSafe = expectTag(children(ctContent!)[0], TAG_OCTET_STRING, "the authenticated safe").value;
    if (pfx[2] && storePassword !== null) {
      const macAlg = oidString(children(children(children(pfx[2])[0]!)[0]!)[0]!);
      if (macAlg === OID_PBMAC1) verifyPbmac1(pfx[2], authSafe, storePassword);
      else verifyMac(pfx[2], authSafe, storePassword);
    }
    const out: Pkcs12Contents = { keys: [], certs: [] };
    for (const ci of children(parseDer(authSafe))) {
      const [oidNode, content] = children(ci);
      const oid = oidString(oidNode!);
      const inner = children(content!)[0]!;
      if (oid === OID_DATA) {
        readBags(expectTag(inner, TAG_OCTET_STRING, "SafeContents").value, keyPassword, out);
      } else if (oid === OID_ENCRYPTED_DATA) {
        const [, eci] = children(inner);
        const [, alg, encContent] = children(eci!);
        // [0] IMPLICIT OCTET STRING: primitive (0x80), or constructed (0xa0) of OCTET STRING pieces.
        let data: Uint8Array;
        if (encContent?.tag === 0x80) data = encContent.value;
        else if (encContent?.tag === 0xa0) data = Buffer.concat(children(encContent).map((p) => expectTag(p, TAG_OCTET_STRING, "encrypted content").value));
        else throw new Pkcs12Error("encrypted data without content");
        readBags(decrypt(alg!, data, storePassword ?? ""), keyPassword, out);
      } else {
        throw new Pkcs12Error(`unsupported content type ${oid}`);
      }
    }
    return out;
  } catch (e) {
    if (e instanceof Pkcs12Error) throw e;
    if (e instanceof DerError || e instanceof TypeError) throw new Pkcs12Error(`not a valid PKCS#12 file: ${e.message}`);
    throw e;
  }
}

export function certToPem(der: Uint8Array): string {
  return toPem("CERTIFICATE", der);
}
