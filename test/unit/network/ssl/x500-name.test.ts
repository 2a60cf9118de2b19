// Subject names in RFC 2253 form as Java's X500Principal.getName() prints them (the string Kafka's
// principal builder maps). The expected strings were printed by OpenJDK 17 for the same subjects.
// Also PKCS#12 stores in the legacy format (PBE-SHA1-3DES, SHA-1 MAC). Certificates are made by the
// test with openssl in a temp dir.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { X509Certificate } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Pkcs12Error, readPkcs12 } from "../../../../src/network/ssl/pkcs12.ts";
import { subjectRfc2253 } from "../../../../src/network/ssl/x500-name.ts";

let dir = "";
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "strand-x500-"));
}, 120_000);
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
}, 120_000);

function cert(name: string, subj: string): string {
  const r = Bun.spawnSync(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", join(dir, `${name}.key`), "-out", join(dir, `${name}.pem`), "-days", "2", "-subj", subj], { stderr: "pipe" });
  if (r.exitCode !== 0) throw new Error(r.stderr.toString());
  return join(dir, `${name}.pem`);
}

const dn = (path: string) => subjectRfc2253(new Uint8Array(new X509Certificate(readFileSync(path)).raw));

test("RDNs last first, multi-valued RDNs, hex for types without an RFC 2253 keyword (emailAddress)", () => {
  expect(dn(cert("a", "/C=US/O=Acme, Inc/OU=eng+UID=x/CN=client/emailAddress=a@b.c"))).toBe("1.2.840.113549.1.9.1=#16056140622e63,CN=client,OU=eng+UID=x,O=Acme\\, Inc,C=US");
}, 60_000);

test("escaping: , = + < > # ; \" \\ and leading/trailing spaces; DC, STREET, serialNumber, title", () => {
  const p = cert("b", '/DC=com/DC=ex/street=1 Main/L=x=y#z/ST=<a>;b/serialNumber=12/title=T/CN= lead#trail /O="q"\\\\b');
  expect(dn(p)).toBe('O=\\"q\\"\\\\b,CN=\\ lead\\#trail\\ ,2.5.4.12=#0c0154,2.5.4.5=#13023132,ST=\\<a\\>\\;b,L=x\\=y\\#z,STREET=1 Main,DC=ex,DC=com');
}, 60_000);

test("legacy PKCS#12 (PBE-SHA1-3DES bags, SHA-1 MAC) is read; a wrong password is refused", () => {
  const pem = cert("c", "/CN=legacy");
  const p12 = join(dir, "legacy.p12");
  const r = Bun.spawnSync(["openssl", "pkcs12", "-export", "-inkey", join(dir, "c.key"), "-in", pem, "-out", p12, "-passout", "pass:pw", "-keypbe", "PBE-SHA1-3DES", "-certpbe", "PBE-SHA1-3DES", "-macalg", "sha1"], { stderr: "pipe" });
  expect(r.exitCode).toBe(0);
  const store = readPkcs12(readFileSync(p12), "pw");
  expect(store.keys).toHaveLength(1);
  expect(store.certs.map((c) => subjectRfc2253(c.der))).toEqual(["CN=legacy"]);
  expect(() => readPkcs12(readFileSync(p12), "nope")).toThrow(Pkcs12Error);
}, 60_000);
