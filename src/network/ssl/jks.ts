// Java's JKS key store format (Kafka's default ssl.keystore.type / ssl.truststore.type), read with
// node:crypto. The layout (Sun's JavaKeyStore): magic 0xFEEDFEED, version 1 or 2, entry count; each
// entry a private key (1: alias, date, the key protected by Sun's KeyProtector, its certificate chain)
// or a trusted certificate (2); then a SHA-1 over the password (UTF-16BE), "Mighty Aphrodite" and
// every byte before it, which a wrong store password fails. KeyProtector: 20 bytes of salt, the key
// XORed with a SHA-1 keystream (SHA1(password || previous block), starting from the salt), and
// SHA1(password || key) to check the key password. JCEKS and other entry kinds are refused.

import { createHash, createPrivateKey, timingSafeEqual } from "node:crypto";
import { children, DerError, oidString, parseDer, TAG_OCTET_STRING, expectTag } from "./der.ts";
import { Pkcs12Error, type Pkcs12Contents } from "./pkcs12.ts";

const MAGIC = 0xfeedfeed;
const KEY_PROTECTOR_OID = "1.3.6.1.4.1.42.2.17.1.1";
/** More entries than any store holds. */
const MAX_ENTRIES = 10_000;

export function isJks(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0) === MAGIC;
}

function passwordBytes(password: string): Buffer {
  const b = Buffer.alloc(password.length * 2);
  for (let i = 0; i < password.length; i++) b.writeUInt16BE(password.charCodeAt(i), i * 2);
  return b;
}

class Reader {
  at = 0;
  private readonly view: DataView;
  constructor(readonly buf: Uint8Array) {
    this.view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  }
  private need(n: number): void {
    if (n < 0 || this.at + n > this.buf.length) throw new Pkcs12Error("not a valid JKS file: truncated");
  }
  u16(): number {
    this.need(2);
    const v = this.view.getUint16(this.at);
    this.at += 2;
    return v;
  }
  u32(): number {
    this.need(4);
    const v = this.view.getUint32(this.at);
    this.at += 4;
    return v;
  }
  bytes(n: number): Uint8Array {
    this.need(n);
    const v = this.buf.subarray(this.at, this.at + n);
    this.at += n;
    return v;
  }
  utf(): string {
    return new TextDecoder().decode(this.bytes(this.u16()));
  }
}

function unprotectKey(encryptedInfo: Uint8Array, keyPassword: string): Uint8Array {
  let alg: string;
  let data: Uint8Array;
  try {
    const [algId, enc] = children(parseDer(encryptedInfo));
    alg = oidString(children(algId!)[0]!);
    data = expectTag(enc, TAG_OCTET_STRING, "encrypted key data").value;
  } catch (e) {
    if (e instanceof DerError) throw new Pkcs12Error(`not a valid JKS key entry: ${e.message}`);
    throw e;
  }
  if (alg !== KEY_PROTECTOR_OID) throw new Pkcs12Error(`unsupported JKS key protection ${alg}`);
  if (data.length < 40) throw new Pkcs12Error("not a valid JKS key entry: too short");
  const salt = data.subarray(0, 20);
  const body = data.subarray(20, data.length - 20);
  const check = data.subarray(data.length - 20);
  const pw = passwordBytes(keyPassword);
  const key = Buffer.alloc(body.length);
  let block: Uint8Array = salt;
  for (let i = 0; i < body.length; i += 20) {
    block = createHash("sha1").update(pw).update(block).digest();
    for (let j = 0; j < 20 && i + j < body.length; j++) key[i + j] = body[i + j]! ^ block[j]!;
  }
  const want = createHash("sha1").update(pw).update(key).digest();
  if (!timingSafeEqual(want, check)) throw new Pkcs12Error("cannot recover the private key: the key password is wrong");
  return key;
}

/** Reads a JKS file into the same shape as a PKCS#12 one; a null store password skips the integrity check. */
export function readJks(file: Uint8Array, storePassword: string | null, keyPassword: string = storePassword ?? ""): Pkcs12Contents {
  if (!isJks(file)) throw new Pkcs12Error("not a JKS file");
  if (file.length < 32) throw new Pkcs12Error("not a valid JKS file: truncated");
  if (storePassword !== null) {
    const body = file.subarray(0, file.length - 20);
    const digest = createHash("sha1").update(passwordBytes(storePassword)).update("Mighty Aphrodite", "utf8").update(body).digest();
    if (!timingSafeEqual(digest, file.subarray(file.length - 20))) {
      throw new Pkcs12Error("integrity check failed: the keystore password is wrong, or the file is corrupt");
    }
  }
  const r = new Reader(file.subarray(0, file.length - 20));
  r.u32();
  const version = r.u32();
  if (version !== 1 && version !== 2) throw new Pkcs12Error(`unsupported JKS version ${version}`);
  const count = r.u32();
  if (count > MAX_ENTRIES) throw new Pkcs12Error(`more than ${MAX_ENTRIES} entries`);
  const out: Pkcs12Contents = { keys: [], certs: [] };
  const readCert = (): Uint8Array => {
    if (version === 2) {
      const type = r.utf();
      if (type !== "X.509") throw new Pkcs12Error(`unsupported certificate type ${type}`);
    }
    return r.bytes(r.u32());
  };
  for (let i = 0; i < count; i++) {
    const tag = r.u32();
    const alias = r.utf();
    r.bytes(8); // creation date
    if (tag === 1) {
      const pkcs8 = unprotectKey(r.bytes(r.u32()), keyPassword);
      let pem: string;
      try {
        pem = createPrivateKey({ key: Buffer.from(pkcs8), format: "der", type: "pkcs8" }).export({ format: "pem", type: "pkcs8" }) as string;
      } catch (e) {
        throw new Pkcs12Error(`cannot read the private key ${alias}: ${(e as Error).message}`);
      }
      const id = `jks:${alias}`;
      out.keys.push({ pem, localKeyId: id });
      const chain = r.u32();
      if (chain > MAX_ENTRIES) throw new Pkcs12Error(`more than ${MAX_ENTRIES} certificates`);
      for (let c = 0; c < chain; c++) out.certs.push({ der: readCert(), localKeyId: c === 0 ? id : null });
    } else if (tag === 2) {
      out.certs.push({ der: readCert(), localKeyId: null });
    } else {
      throw new Pkcs12Error(`unsupported JKS entry kind ${tag} (JCEKS secret keys are not read)`);
    }
  }
  return out;
}
