// PKCS#12 stores whose integrity is PBMAC1 (RFC 9579, what OpenSSL 3.4+ writes with -pbmac1_pbkdf2 and
// JDK 25 reads): RFC 9579's test vector A.1 (HMAC-SHA256 with a PBKDF2-HMAC-SHA256 key, password
// "1234"; fixtures/rfc9579-a1.p12.b64) is read with its key and certificate; a wrong password or one
// changed byte of the authenticated content fails the integrity check.
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Pkcs12Error, readPkcs12 } from "../../../../src/network/ssl/pkcs12.ts";

const A1 = new Uint8Array(Buffer.from(readFileSync(join(import.meta.dir, "fixtures", "rfc9579-a1.p12.b64"), "utf8").replace(/\s+/g, ""), "base64"));

test("RFC 9579 A.1: the PBMAC1 MAC verifies; the key and its certificate are read", () => {
  const store = readPkcs12(A1, "1234");
  expect(store.keys.length).toBe(1);
  expect(store.keys[0]!.pem).toContain("BEGIN PRIVATE KEY");
  expect(store.certs.length).toBe(1);
  expect(store.certs[0]!.localKeyId).toBe(store.keys[0]!.localKeyId);
});

test("a wrong password or a changed byte: the integrity check fails", () => {
  expect(() => readPkcs12(A1, "12345")).toThrow(Pkcs12Error);
  expect(() => readPkcs12(A1, "12345")).toThrow("integrity check failed");
  const tampered = A1.slice();
  // A byte inside the authenticated safe (past the PFX and ContentInfo headers).
  tampered[200] = tampered[200]! ^ 0x01;
  expect(() => readPkcs12(tampered, "1234")).toThrow("integrity check failed");
});
