// Key and trust stores for TLS, as Kafka's DefaultSslEngineFactory loads them (createKeystore,
// createTruststore): the same combinations of ssl.keystore.* / ssl.key.password / ssl.truststore.*
// are accepted or refused, with Kafka's reasons. Types: JKS (Kafka's default), PKCS12 and PEM (files or
// inline values). As Java's KeyStore types do (keystore.type.compat), JKS and PKCS12 each read a file
// of the other format too.
// Every failure is a ConfigError naming the key; passwords never appear in messages.

import { createPrivateKey, createPublicKey, X509Certificate } from "node:crypto";
import { readFileSync } from "node:fs";
import { isJks, readJks } from "../network/ssl/jks.ts";
import { certToPem, Pkcs12Error, readPkcs12 } from "../network/ssl/pkcs12.ts";
import { subjectRfc2253 } from "../network/ssl/x500-name.ts";
import { ConfigError } from "./def.ts";

export const HIDDEN = "[hidden]";
const STORE_TYPES = "JKS, PKCS12 or PEM";
/** Larger than any key or trust store: a bound on what start-up reads into memory. */
const MAX_STORE_BYTES = 16 * 1024 * 1024;

/** One listener's ssl.* values (after the listener.name.<l>. prefix), and the key each came from. */
export interface SslValues {
  get(key: string): string | null;
  /** The key as configured (with its listener prefix when it had one), for error messages. */
  keyName(key: string): string;
}

export interface LoadedKeystore {
  keyPem: string;
  /** The key's certificate first, then the rest of its chain. */
  certChainPem: string[];
  subject: string;
}

function storeType(v: SslValues, key: string): "PKCS12" | "PEM" | "JKS" {
  const t = (v.get(key) ?? "JKS").toUpperCase();
  if (t !== "PKCS12" && t !== "PEM" && t !== "JKS") throw new ConfigError(v.keyName(key), v.get(key) ?? "", `a key store type Strand reads: ${STORE_TYPES}`);
  return t;
}

function readStoreFile(v: SslValues, key: string): Uint8Array {
  const path = v.get(key)!;
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (e) {
    throw new ConfigError(v.keyName(key), path, `a readable file (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  if (bytes.length > MAX_STORE_BYTES) throw new ConfigError(v.keyName(key), path, `a store file of at most ${MAX_STORE_BYTES} bytes`);
  return new Uint8Array(bytes);
}

function pkcs12(v: SslValues, key: string, bytes: Uint8Array, storePassword: string | null, keyPassword: string | null) {
  const jks = isJks(bytes);
  try {
    return jks ? readJks(bytes, storePassword, keyPassword ?? storePassword ?? "") : readPkcs12(bytes, storePassword, keyPassword ?? storePassword ?? "");
  } catch (e) {
    if (e instanceof Pkcs12Error) throw new ConfigError(v.keyName(key), v.get(key)!, `a ${jks ? "JKS" : "PKCS12"} store that opens with the configured password: ${e.message}`);
    throw e;
  }
}

const PEM_BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----\s*([A-Za-z0-9+/=\s]+?)-----END \1-----/g;

function pemBlocks(text: string, label: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(PEM_BLOCK)) if (m[1] === label) out.push(m[0] + "\n");
  return out;
}

function checkCerts(key: string, value: string, pems: string[]): X509Certificate[] {
  if (pems.length === 0) throw new ConfigError(key, value, "at least one PEM certificate (-----BEGIN CERTIFICATE-----)");
  return pems.map((p) => {
    try {
      return new X509Certificate(p);
    } catch (e) {
      throw new ConfigError(key, value, `valid PEM certificates (${(e as Error).message})`);
    }
  });
}

/** A PEM private key (PKCS#8, encrypted when ssl.key.password is set, as Kafka's PemStore reads it). */
function pemKey(v: SslValues, key: string, shown: string, text: string): string {
  const keyPassword = v.get("ssl.key.password");
  const label = keyPassword !== null ? "ENCRYPTED PRIVATE KEY" : "PRIVATE KEY";
  const blocks = pemBlocks(text, label);
  if (blocks.length !== 1) {
    throw new ConfigError(key, shown, `exactly one PKCS#8 private key (-----BEGIN ${label}-----${keyPassword !== null ? ", since ssl.key.password is set" : ""}); found ${blocks.length}`);
  }
  try {
    return createPrivateKey(keyPassword !== null ? { key: blocks[0]!, passphrase: keyPassword } : blocks[0]!).export({ format: "pem", type: "pkcs8" }) as string;
  } catch (e) {
    throw new ConfigError(key, shown, `a private key that ${keyPassword !== null ? "ssl.key.password decrypts" : "can be read"} (${(e as Error).message})`);
  }
}

function finishKeystore(key: string, shown: string, keyPem: string, certs: X509Certificate[]): LoadedKeystore {
  const pub = (k: ReturnType<typeof createPublicKey>): string => k.export({ format: "pem", type: "spki" }) as string;
  if (pub(createPublicKey(keyPem)) !== pub(certs[0]!.publicKey)) {
    throw new ConfigError(key, shown, "a certificate chain whose first certificate belongs to the private key");
  }
  return { keyPem, certChainPem: certs.map((c) => c.toString()), subject: subjectRfc2253(new Uint8Array(certs[0]!.raw)) };
}

/** ssl.keystore.*: null when none is configured (a client without a certificate). */
export function loadKeystore(v: SslValues): LoadedKeystore | null {
  const type = storeType(v, "ssl.keystore.type");
  const location = v.get("ssl.keystore.location");
  const password = v.get("ssl.keystore.password");
  const inlineKey = v.get("ssl.keystore.key");
  const chain = v.get("ssl.keystore.certificate.chain");
  const refuse = (key: string, value: string, why: string): never => {
    throw new ConfigError(v.keyName(key), value, why);
  };
  if (inlineKey !== null) {
    if (type !== "PEM") refuse("ssl.keystore.type", type, "PEM: SSL private key can be specified only for PEM");
    if (chain === null) refuse("ssl.keystore.certificate.chain", "", "a certificate chain: SSL private key is specified, but certificate chain is not specified");
    if (location !== null) refuse("ssl.keystore.location", location, "unset: Both SSL key store location and separate private key are specified");
    if (password !== null) refuse("ssl.keystore.password", HIDDEN, "unset: SSL key store password cannot be specified with PEM format, only key password may be specified");
    const certs = checkCerts(v.keyName("ssl.keystore.certificate.chain"), HIDDEN, pemBlocks(chain!, "CERTIFICATE"));
    return finishKeystore(v.keyName("ssl.keystore.key"), HIDDEN, pemKey(v, v.keyName("ssl.keystore.key"), HIDDEN, inlineKey), certs);
  }
  if (chain !== null) refuse("ssl.keystore.key", "", "a private key: SSL certificate chain is specified, but private key is not specified");
  if (location === null) {
    if (password !== null) refuse("ssl.keystore.location", "", "a key store: SSL key store is not specified, but key store password is specified");
    return null;
  }
  const bytes = readStoreFile(v, "ssl.keystore.location");
  if (type === "PEM") {
    if (password !== null) refuse("ssl.keystore.password", HIDDEN, "unset: SSL key store password cannot be specified with PEM format, only key password may be specified");
    const text = new TextDecoder().decode(bytes);
    const certs = checkCerts(v.keyName("ssl.keystore.location"), location, pemBlocks(text, "CERTIFICATE"));
    return finishKeystore(v.keyName("ssl.keystore.location"), location, pemKey(v, v.keyName("ssl.keystore.location"), location, text), certs);
  }
  if (password === null) refuse("ssl.keystore.password", "", "a password: SSL key store is specified, but key store password is not specified");
  const store = pkcs12(v, "ssl.keystore.location", bytes, password, v.get("ssl.key.password"));
  if (store.keys.length === 0) refuse("ssl.keystore.location", location, "a key store with a private key entry (this one holds certificates only)");
  // The first key entry serves, with its own certificate (same localKeyId) first.
  const k = store.keys[0]!;
  const own = store.certs.findIndex((c) => c.localKeyId !== null && c.localKeyId === k.localKeyId);
  const ordered = own >= 0 ? [store.certs[own]!, ...store.certs.filter((_, i) => i !== own)] : store.certs;
  const certs = checkCerts(v.keyName("ssl.keystore.location"), location, ordered.map((c) => certToPem(c.der)));
  return finishKeystore(v.keyName("ssl.keystore.location"), location, k.pem, certs);
}

/** ssl.truststore.*: the trusted certificates as PEM, or null (Bun's default CAs, like Java's cacerts). */
export function loadTruststore(v: SslValues): string[] | null {
  const type = storeType(v, "ssl.truststore.type");
  const location = v.get("ssl.truststore.location");
  const password = v.get("ssl.truststore.password");
  const inline = v.get("ssl.truststore.certificates");
  const refuse = (key: string, value: string, why: string): never => {
    throw new ConfigError(v.keyName(key), value, why);
  };
  if (inline !== null) {
    if (type !== "PEM") refuse("ssl.truststore.type", type, "PEM: SSL trust store certs can be specified only for PEM");
    if (location !== null) refuse("ssl.truststore.location", location, "unset: Both SSL trust store location and separate trust certificates are specified");
    if (password !== null) refuse("ssl.truststore.password", HIDDEN, "unset: SSL trust store password cannot be specified for PEM format");
    return checkCerts(v.keyName("ssl.truststore.certificates"), HIDDEN, pemBlocks(inline, "CERTIFICATE")).map((c) => c.toString());
  }
  if (location === null) {
    if (password !== null) refuse("ssl.truststore.location", "", "a trust store: SSL trust store is not specified, but trust store password is specified");
    return null;
  }
  const bytes = readStoreFile(v, "ssl.truststore.location");
  if (type === "PEM") {
    if (password !== null) refuse("ssl.truststore.password", HIDDEN, "unset: SSL trust store password cannot be specified for PEM format");
    return checkCerts(v.keyName("ssl.truststore.location"), location, pemBlocks(new TextDecoder().decode(bytes), "CERTIFICATE")).map((c) => c.toString());
  }
  const store = pkcs12(v, "ssl.truststore.location", bytes, password, password);
  return checkCerts(v.keyName("ssl.truststore.location"), location, store.certs.map((c) => certToPem(c.der))).map((c) => c.toString());
}
