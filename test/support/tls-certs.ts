// Test certificates made with openssl (and keytool where a JDK-written store is wanted) in a temp dir
// the caller removes: a CA, a broker certificate for localhost/127.0.0.1 signed by it, client
// certificates signed by it, and a second CA that nobody trusts with a client certificate of its own.
// Stores in every form the brokers and clients read: PEM files, PKCS12 (openssl and keytool).

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const STORE_PASSWORD = "store-secret";
export const KEY_PASSWORD = "key-secret";

export interface CertPaths {
  dir: string;
  caPem: string;
  /** The broker: certificate + chain, key (PKCS#8 unencrypted), PEM keystore (key + certs), PKCS12 stores. */
  brokerCertPem: string;
  brokerKeyPem: string;
  brokerPemKeystore: string;
  brokerP12: string;
  brokerKeytoolP12: string;
  /** A truststore holding the CA (PKCS12, keytool-made, STORE_PASSWORD). */
  truststoreP12: string;
  client: { certPem: string; keyPem: string; p12: string; dn: string };
  /** A client whose certificate is signed by a CA the broker does not trust. */
  rogue: { certPem: string; keyPem: string; p12: string; caPem: string };
  cleanup(): void;
}

function run(cmd: string[], cwd: string): void {
  const r = Bun.spawnSync(cmd, { cwd, stdout: "pipe", stderr: "pipe" });
  if (r.exitCode !== 0) throw new Error(`${cmd.join(" ")} failed (${r.exitCode}): ${r.stderr.toString()}`);
}

function signed(dir: string, name: string, subj: string, ca: string, ext: string | null): void {
  run(["openssl", "req", "-newkey", "rsa:2048", "-nodes", "-keyout", `${name}.key`, "-out", `${name}.csr`, "-subj", subj], dir);
  const args = ["openssl", "x509", "-req", "-in", `${name}.csr`, "-CA", `${ca}.pem`, "-CAkey", `${ca}.key`, "-CAcreateserial", "-out", `${name}.pem`, "-days", "2", "-sha256"];
  if (ext) {
    writeFileSync(join(dir, `${name}.ext`), ext);
    args.push("-extfile", `${name}.ext`);
  }
  run(args, dir);
}

function selfSignedCa(dir: string, name: string, subj: string): void {
  run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", `${name}.key`, "-out", `${name}.pem`, "-days", "2", "-subj", subj, "-sha256"], dir);
}

export function makeCerts(): CertPaths {
  const dir = mkdtempSync(join(tmpdir(), "strand-tls-"));
  try {
    selfSignedCa(dir, "ca", "/CN=Strand Test CA");
    selfSignedCa(dir, "rogue-ca", "/CN=Rogue CA");
    signed(dir, "broker", "/O=Strand/CN=localhost", "ca", "subjectAltName=DNS:localhost,IP:127.0.0.1\n");
    signed(dir, "client", "/C=US/O=Acme, Inc/OU=eng/CN=alice", "ca", null);
    signed(dir, "rogue", "/CN=mallory", "rogue-ca", null);
    const p = (f: string) => join(dir, f);
    writeFileSync(p("broker-keystore.pem"), readFileSync(p("broker.key"), "utf8") + readFileSync(p("broker.pem"), "utf8") + readFileSync(p("ca.pem"), "utf8"));
    for (const [who, ca] of [["broker", "ca"], ["client", "ca"], ["rogue", "rogue-ca"]] as const) {
      run(["openssl", "pkcs12", "-export", "-inkey", `${who}.key`, "-in", `${who}.pem`, "-certfile", `${ca}.pem`, "-name", who, "-out", `${who}.p12`, "-passout", `pass:${STORE_PASSWORD}`], dir);
    }
    // keytool's own format (JDK defaults: PBES2/AES-256, HmacSHA256 MAC), and a truststore.
    run(["keytool", "-importkeystore", "-srckeystore", "broker.p12", "-srcstoretype", "PKCS12", "-srcstorepass", STORE_PASSWORD, "-destkeystore", "broker-keytool.p12", "-deststoretype", "PKCS12", "-deststorepass", STORE_PASSWORD, "-noprompt"], dir);
    run(["keytool", "-importcert", "-noprompt", "-alias", "ca", "-file", "ca.pem", "-keystore", "truststore.p12", "-storetype", "PKCS12", "-storepass", STORE_PASSWORD], dir);
    return {
      dir,
      caPem: p("ca.pem"),
      brokerCertPem: p("broker.pem"),
      brokerKeyPem: p("broker.key"),
      brokerPemKeystore: p("broker-keystore.pem"),
      brokerP12: p("broker.p12"),
      brokerKeytoolP12: p("broker-keytool.p12"),
      truststoreP12: p("truststore.p12"),
      client: { certPem: p("client.pem"), keyPem: p("client.key"), p12: p("client.p12"), dn: "CN=alice,OU=eng,O=Acme\\, Inc,C=US" },
      rogue: { certPem: p("rogue.pem"), keyPem: p("rogue.key"), p12: p("rogue.p12"), caPem: p("rogue-ca.pem") },
      cleanup: () => rmSync(dir, { recursive: true, force: true }),
    };
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
}

/**
 * A new broker certificate and key signed by the same CA, as a PKCS12 keystore (STORE_PASSWORD) named
 * `<name>.p12` in the certificates' dir: the same subject and SANs as the first one unless `subj` says.
 */
export function reissueBroker(certs: CertPaths, name: string, subj = "/O=Strand/CN=localhost"): { p12: string; certPem: string } {
  signed(certs.dir, name, subj, "ca", "subjectAltName=DNS:localhost,IP:127.0.0.1\n");
  run(["openssl", "pkcs12", "-export", "-inkey", `${name}.key`, "-in", `${name}.pem`, "-certfile", "ca.pem", "-name", "broker", "-out", `${name}.p12`, "-passout", `pass:${STORE_PASSWORD}`], certs.dir);
  return { p12: join(certs.dir, `${name}.p12`), certPem: join(certs.dir, `${name}.pem`) };
}
