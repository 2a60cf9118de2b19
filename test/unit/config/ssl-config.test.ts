// ssl.* keys to TLS options: key and trust stores (PEM files, inline PEM, PKCS12 from openssl and
// keytool), Kafka's refusals, wrong passwords, per-listener prefixes; every error a ConfigError naming
// the key, never showing a password. Certificates are made by the test in a temp dir.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { BrokerConfig } from "../../../src/config/broker-config.ts";
import { ConfigError } from "../../../src/config/def.ts";
import { sslClientEngine, sslServerEngine } from "../../../src/config/ssl-config.ts";
import { makeCerts, KEY_PASSWORD, STORE_PASSWORD, type CertPaths } from "../../support/tls-certs.ts";

let certs: CertPaths;
beforeAll(() => {
  certs = makeCerts();
}, 120_000);
afterAll(() => certs?.cleanup(), 120_000);

function engine(props: Record<string, string>, listener = "SSL") {
  return sslServerEngine(new Map(Object.entries(props)), listener);
}

function configError(f: () => unknown): ConfigError {
  try {
    f();
  } catch (e) {
    if (e instanceof ConfigError) return e;
    throw e;
  }
  throw new Error("no ConfigError");
}

describe("key stores", () => {
  test("a PEM keystore file: key, chain, subject", () => {
    const e = engine({ "ssl.keystore.type": "PEM", "ssl.keystore.location": certs.brokerPemKeystore });
    expect(e.keystoreSubject).toBe("CN=localhost,O=Strand");
    expect(String(e.tls.key)).toContain("BEGIN PRIVATE KEY");
    expect(String(e.tls.cert).match(/BEGIN CERTIFICATE/g)?.length).toBe(2);
    expect(e.clientAuth).toBe("none");
    expect(e.tls.requestCert).toBe(false);
  }, 60_000);

  test("inline PEM key and chain (ssl.keystore.key / ssl.keystore.certificate.chain), encrypted key", () => {
    const dir = certs.dir;
    Bun.spawnSync(["openssl", "pkcs8", "-topk8", "-in", join(dir, "broker.key"), "-out", join(dir, "broker-enc.key"), "-passout", `pass:${KEY_PASSWORD}`, "-v2", "aes-256-cbc"]);
    const e = engine({
      "ssl.keystore.type": "PEM",
      "ssl.keystore.key": readFileSync(join(dir, "broker-enc.key"), "utf8"),
      "ssl.key.password": KEY_PASSWORD,
      "ssl.keystore.certificate.chain": readFileSync(certs.brokerCertPem, "utf8"),
    });
    expect(e.keystoreSubject).toBe("CN=localhost,O=Strand");
    const bad = configError(() =>
      engine({
        "ssl.keystore.type": "PEM",
        "ssl.keystore.key": readFileSync(join(dir, "broker-enc.key"), "utf8"),
        "ssl.key.password": "not-it",
        "ssl.keystore.certificate.chain": readFileSync(certs.brokerCertPem, "utf8"),
      }),
    );
    expect(bad.key).toBe("ssl.keystore.key");
    expect(bad.message).not.toContain("not-it");
    expect(bad.message).not.toContain("BEGIN");
  }, 60_000);

  test("PKCS12 made by openssl and by keytool, with JKS (Kafka's default type name) reading PKCS12 too", () => {
    for (const [loc, type] of [
      [certs.brokerP12, "PKCS12"],
      [certs.brokerKeytoolP12, "PKCS12"],
      [certs.brokerKeytoolP12, "JKS"],
    ] as const) {
      const e = engine({ "ssl.keystore.type": type, "ssl.keystore.location": loc, "ssl.keystore.password": STORE_PASSWORD });
      expect(e.keystoreSubject).toBe("CN=localhost,O=Strand");
      expect(String(e.tls.cert).startsWith(readFileSync(certs.brokerCertPem, "utf8").trim().slice(0, 60))).toBe(true);
    }
  }, 60_000);

  test("a wrong keystore password is a ConfigError that does not show it", () => {
    const err = configError(() => engine({ "ssl.keystore.type": "PKCS12", "ssl.keystore.location": certs.brokerKeytoolP12, "ssl.keystore.password": "wrong-pass" }));
    expect(err.key).toBe("ssl.keystore.location");
    expect(err.message).toContain("password is wrong");
    expect(err.message).not.toContain("wrong-pass");
  }, 60_000);

  test("missing file, missing password, PEM with a store password, a real JKS file: Kafka's refusals", () => {
    expect(configError(() => engine({ "ssl.keystore.type": "PKCS12", "ssl.keystore.location": join(certs.dir, "nope.p12"), "ssl.keystore.password": "x" })).message).toContain("ENOENT");
    expect(configError(() => engine({ "ssl.keystore.type": "PKCS12", "ssl.keystore.location": certs.brokerP12 })).key).toBe("ssl.keystore.password");
    const pem = configError(() => engine({ "ssl.keystore.type": "PEM", "ssl.keystore.location": certs.brokerPemKeystore, "ssl.keystore.password": "secret-x" }));
    expect(pem.key).toBe("ssl.keystore.password");
    expect(pem.message).toContain("[hidden]");
    expect(pem.message).not.toContain("secret-x");
    expect(configError(() => engine({ "ssl.keystore.type": "PKCS11" })).key).toBe("ssl.keystore.type");
    expect(configError(() => engine({})).key).toBe("ssl.keystore.location");
    const jks = join(certs.dir, "broker.jks");
    const r = Bun.spawnSync(["keytool", "-importkeystore", "-srckeystore", certs.brokerP12, "-srcstoretype", "PKCS12", "-srcstorepass", STORE_PASSWORD, "-destkeystore", jks, "-deststoretype", "JKS", "-deststorepass", STORE_PASSWORD, "-noprompt"], { stderr: "pipe" });
    expect(r.exitCode).toBe(0);
    // A real JKS file (Kafka's default type) is read; a wrong password is refused.
    expect(engine({ "ssl.keystore.location": jks, "ssl.keystore.password": STORE_PASSWORD }).keystoreSubject).toBe("CN=localhost,O=Strand");
    const jksErr = configError(() => engine({ "ssl.keystore.location": jks, "ssl.keystore.password": "wrong-one" }));
    expect(jksErr.key).toBe("ssl.keystore.location");
    expect(jksErr.message).toContain("JKS store");
    expect(jksErr.message).not.toContain("wrong-one");
    // A JKS key password different from the store's: ssl.key.password.
    const jks2 = join(certs.dir, "broker-keypass.jks");
    const r2 = Bun.spawnSync(["keytool", "-importkeystore", "-srckeystore", certs.brokerP12, "-srcstoretype", "PKCS12", "-srcstorepass", STORE_PASSWORD, "-destkeystore", jks2, "-deststoretype", "JKS", "-deststorepass", STORE_PASSWORD, "-destkeypass", "other-key-pass", "-srcalias", "broker", "-noprompt"], { stderr: "pipe" });
    expect(r2.exitCode).toBe(0);
    expect(engine({ "ssl.keystore.location": jks2, "ssl.keystore.password": STORE_PASSWORD, "ssl.key.password": "other-key-pass" }).keystoreSubject).toBe("CN=localhost,O=Strand");
    expect(configError(() => engine({ "ssl.keystore.location": jks2, "ssl.keystore.password": STORE_PASSWORD })).message).toContain("key password is wrong");
    // A JKS truststore.
    const jksTrust = join(certs.dir, "trust.jks");
    expect(Bun.spawnSync(["keytool", "-importcert", "-noprompt", "-alias", "ca", "-file", certs.caPem, "-keystore", jksTrust, "-storetype", "JKS", "-storepass", STORE_PASSWORD], { stderr: "pipe" }).exitCode).toBe(0);
    expect(engine({ ...{ "ssl.keystore.location": jks, "ssl.keystore.password": STORE_PASSWORD }, "ssl.truststore.location": jksTrust, "ssl.truststore.password": STORE_PASSWORD }).tls.ca).toHaveLength(1);
    // A chain whose first certificate is not the key's.
    writeFileSync(join(certs.dir, "mismatch.pem"), readFileSync(certs.brokerKeyPem, "utf8") + readFileSync(certs.caPem, "utf8"));
    expect(configError(() => engine({ "ssl.keystore.type": "PEM", "ssl.keystore.location": join(certs.dir, "mismatch.pem") })).message).toContain("belongs to the private key");
    // A garbage PKCS12 file.
    writeFileSync(join(certs.dir, "garbage.p12"), new Uint8Array([0x30, 0x82, 0xff, 0xff, 1, 2, 3]));
    expect(configError(() => engine({ "ssl.keystore.type": "PKCS12", "ssl.keystore.location": join(certs.dir, "garbage.p12"), "ssl.keystore.password": "x" })).message).toContain("not a valid PKCS#12 file");
  }, 60_000);
});

describe("trust stores, client auth, protocols, suites, rules", () => {
  const ks = () => ({ "ssl.keystore.type": "PEM", "ssl.keystore.location": certs.brokerPemKeystore });

  test("PKCS12 and PEM truststores; ssl.client.auth modes", () => {
    const req = engine({ ...ks(), "ssl.truststore.type": "PKCS12", "ssl.truststore.location": certs.truststoreP12, "ssl.truststore.password": STORE_PASSWORD, "ssl.client.auth": "required" });
    expect(req.tls.ca).toEqual([readFileSync(certs.caPem, "utf8").replace(/\r?\n$/, "") + "\n"].map((s) => s));
    expect(req.tls.requestCert).toBe(true);
    expect(req.tls.rejectUnauthorized).toBe(true);
    const want = engine({ ...ks(), "ssl.truststore.type": "PEM", "ssl.truststore.location": certs.caPem, "ssl.client.auth": "requested" });
    expect(want.tls.requestCert).toBe(true);
    expect(want.tls.rejectUnauthorized).toBe(false);
    expect(configError(() => engine({ ...ks(), "ssl.client.auth": "sometimes" })).key).toBe("ssl.client.auth");
    expect(configError(() => engine({ ...ks(), "ssl.truststore.type": "PKCS12", "ssl.truststore.location": certs.truststoreP12, "ssl.truststore.password": "bad" })).key).toBe("ssl.truststore.location");
  }, 60_000);

  test("SASL_SSL listeners take ssl.client.auth only listener-prefixed (Kafka's ChannelBuilders)", () => {
    const given = new Map(Object.entries({ ...ks(), "ssl.client.auth": "required" }));
    expect(sslServerEngine(given, "SASL_SSL", "SASL_SSL").clientAuth).toBe("none");
    expect(sslServerEngine(given, "SSL", "SSL").clientAuth).toBe("required");
    given.set("listener.name.sasl_ssl.ssl.client.auth", "requested");
    expect(sslServerEngine(given, "SASL_SSL", "SASL_SSL").clientAuth).toBe("requested");
  }, 60_000);

  test("listener.name.<l>.ssl.* wins over ssl.*", () => {
    const props = { ...ks(), "ssl.client.auth": "none", "listener.name.internal.ssl.client.auth": "required", "listener.name.internal.ssl.keystore.location": certs.brokerPemKeystore };
    expect(engine(props, "INTERNAL").clientAuth).toBe("required");
    expect(engine(props, "EXTERNAL").clientAuth).toBe("none");
    const err = configError(() => engine({ ...ks(), "listener.name.internal.ssl.enabled.protocols": "SSLv3" }, "INTERNAL"));
    expect(err.key).toBe("listener.name.internal.ssl.enabled.protocols");
  }, 60_000);

  test("ssl.enabled.protocols / ssl.protocol / ssl.cipher.suites become OpenSSL options", () => {
    const only12 = engine({ ...ks(), "ssl.enabled.protocols": "TLSv1.2" });
    expect((only12.tls.secureOptions! & 0x20000000) !== 0).toBe(true); // SSL_OP_NO_TLSv1_3
    const capped = engine({ ...ks(), "ssl.protocol": "TLSv1.2" });
    expect((capped.tls.secureOptions! & 0x20000000) !== 0).toBe(true);
    const suites = engine({ ...ks(), "ssl.cipher.suites": "TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384,TLS_AES_128_GCM_SHA256" });
    expect(suites.tls.ciphers).toBe("ECDHE-RSA-AES256-GCM-SHA384");
    expect((suites.tls.secureOptions! & 0x20000000) === 0).toBe(true);
    const no13 = engine({ ...ks(), "ssl.cipher.suites": "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256" });
    expect((no13.tls.secureOptions! & 0x20000000) !== 0).toBe(true);
    expect(configError(() => engine({ ...ks(), "ssl.cipher.suites": "TLS_FANCY_NULL" })).key).toBe("ssl.cipher.suites");
    expect(configError(() => engine({ ...ks(), "ssl.protocol": "SSLv2" })).key).toBe("ssl.protocol");
  }, 60_000);

  test("ssl.principal.mapping.rules are checked at start-up", () => {
    expect(engine({ ...ks(), "ssl.principal.mapping.rules": "RULE:^CN=(.*?),.*$/$1/L,DEFAULT" }).principalMapper.getName(certs.client.dn)).toBe("alice");
    expect(configError(() => engine({ ...ks(), "ssl.principal.mapping.rules": "DEFAULT/L" })).key).toBe("ssl.principal.mapping.rules");
  }, 60_000);

  test("the broker's client side: truststore, endpoint identification", () => {
    const c = sslClientEngine(new Map([["ssl.truststore.type", "PEM"], ["ssl.truststore.location", certs.caPem]]), "SSL");
    expect(c.verifyHostname).toBe(true);
    expect(sslClientEngine(new Map([["ssl.endpoint.identification.algorithm", ""]]), "SSL").verifyHostname).toBe(false);
    expect(configError(() => sslClientEngine(new Map([["ssl.endpoint.identification.algorithm", "ldap"]]), "SSL")).key).toBe("ssl.endpoint.identification.algorithm");
  }, 60_000);
});

describe("BrokerConfig", () => {
  const base = { "process.roles": "broker,controller", "node.id": "1", "controller.quorum.voters": "1@127.0.0.1:9093", "controller.listener.names": "CONTROLLER", "log.dirs": "/tmp/x" };

  test("an SSL listener gets its TLS engine; a PLAINTEXT one none", () => {
    const c = new BrokerConfig(new Map(Object.entries({ ...base, listeners: "PLAINTEXT://:0,SSL://:0,CONTROLLER://:0", "ssl.keystore.type": "PEM", "ssl.keystore.location": certs.brokerPemKeystore })));
    expect([...c.sslEngines.keys()]).toEqual(["SSL"]);
  }, 60_000);

  test("an SSL listener without a keystore, or with a wrong password, stops start-up", () => {
    expect(configError(() => new BrokerConfig(new Map(Object.entries({ ...base, listeners: "SSL://:0,CONTROLLER://:0" })))).key).toBe("ssl.keystore.location");
    expect(configError(() => new BrokerConfig(new Map(Object.entries({ ...base, listeners: "SSL://:0,CONTROLLER://:0", "ssl.keystore.type": "PKCS12", "ssl.keystore.location": certs.brokerP12, "ssl.keystore.password": "nope" })))).key).toBe("ssl.keystore.location");
  }, 60_000);

  test("a SASL_SSL listener takes its TLS settings and its SASL settings", () => {
    const sasl = { "sasl.enabled.mechanisms": "PLAIN", "listener.name.sasl_ssl.plain.sasl.jaas.config": 'org.apache.kafka.common.security.plain.PlainLoginModule required user_alice="alice-secret";' };
    const c = new BrokerConfig(new Map(Object.entries({ ...base, listeners: "SASL_SSL://:0,CONTROLLER://:0", "ssl.keystore.type": "PEM", "ssl.keystore.location": certs.brokerPemKeystore, ...sasl })));
    expect(c.sslEngines.has("SASL_SSL")).toBe(true);
    expect(c.sasl.get("SASL_SSL")).toBeDefined();
    // Without a keystore it is refused naming the keystore key, whatever its SASL settings.
    const err = configError(() => new BrokerConfig(new Map(Object.entries({ ...base, listeners: "SASL_SSL://:0,CONTROLLER://:0", ...sasl }))));
    expect(err.key).toBe("ssl.keystore.location");
  }, 60_000);
});
