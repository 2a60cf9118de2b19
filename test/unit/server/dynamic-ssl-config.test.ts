// Certificate reload checks (Kafka's SslFactory.createNewSslEngineFactory) and application, on a
// broker whose inter-broker listener is SSL: a new keystore from the same CA passes; a different subject
// DN, a certificate the current truststore does not trust, a truststore added where there was none, a
// wrong password, and ssl keys at the cluster default are refused; a committed change reloads the
// listener; a logged failure keeps the old stores. Certificates are made by the test in a temp dir.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { BrokerConfig } from "../../../src/config/broker-config.ts";
import type { SocketServer } from "../../../src/network/server.ts";
import type { SslServerEngine } from "../../../src/network/ssl/ssl-engine.ts";
import { DynamicSslConfig } from "../../../src/server/dynamic-ssl-config.ts";
import { createLogger } from "../../../src/util/log.ts";
import { makeCerts, reissueBroker, STORE_PASSWORD, type CertPaths } from "../../support/tls-certs.ts";

let certs: CertPaths;
let lines: string[] = [];
beforeAll(() => {
  certs = makeCerts();
}, 120_000);
afterAll(() => certs?.cleanup(), 120_000);

const key = "listener.name.ssl.ssl.keystore.location";

function setup(extra: Record<string, string> = {}, omit: readonly string[] = []) {
  const config = new BrokerConfig(
    new Map(
      Object.entries({
        "process.roles": "broker,controller",
        "node.id": "1",
        "controller.quorum.voters": "1@127.0.0.1:9093",
        "controller.listener.names": "CONTROLLER",
        "log.dirs": "/tmp/unused",
        listeners: "SSL://127.0.0.1:0,CONTROLLER://127.0.0.1:0",
        "security.inter.broker.protocol": "SSL",
        "ssl.keystore.type": "PKCS12",
        "ssl.keystore.location": certs.brokerP12,
        "ssl.keystore.password": STORE_PASSWORD,
        "ssl.truststore.type": "PEM",
        "ssl.truststore.location": certs.caPem,
        ...extra,
      }).filter(([k]) => !omit.includes(k)),
    ),
  );
  const reloads: Array<{ listener: string; engine: SslServerEngine }> = [];
  const server = { reloadSsl: (listener: string, engine: SslServerEngine) => void reloads.push({ listener, engine }) } as unknown as SocketServer;
  lines = [];
  const log = createLogger("info", {}, (l) => void lines.push(l));
  return { dyn: new DynamicSslConfig(config, 1, () => server, log), reloads };
}

describe("DynamicSslConfig", () => {
  test("a new keystore from the same CA with the same DN passes, and a committed change reloads the listener", () => {
    const { dyn, reloads } = setup();
    const next = reissueBroker(certs, "dyn-next");
    expect(dyn.validate("1", new Map([[key, next.p12]]), [key])).toBeNull();
    dyn.onImage({ configs: new Map([["broker:1", new Map([[key, next.p12]])]]) });
    expect(reloads.map((r) => r.listener)).toEqual(["SSL"]);
    // The same image again: nothing changed, no reload.
    dyn.onImage({ configs: new Map([["broker:1", new Map([[key, next.p12]])]]) });
    expect(reloads).toHaveLength(1);
  }, 60_000);

  test("refusals: another DN, a certificate the truststore does not trust, a wrong password, the cluster default", () => {
    const { dyn } = setup();
    const otherDn = reissueBroker(certs, "dyn-dn", "/O=Else/CN=localhost");
    expect(dyn.validate("1", new Map([[key, otherDn.p12]]), [key])).toContain("Keystore DistinguishedName does not match");
    // Same DN and SANs, self-signed: the current truststore does not trust it (inter-broker listener).
    const dir = certs.dir;
    const r = Bun.spawnSync(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", join(dir, "self.key"), "-out", join(dir, "self.pem"), "-days", "2", "-subj", "/O=Strand/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"], { stderr: "pipe" });
    expect(r.exitCode).toBe(0);
    const selfP12 = join(dir, "self.p12");
    expect(Bun.spawnSync(["openssl", "pkcs12", "-export", "-inkey", join(dir, "self.key"), "-in", join(dir, "self.pem"), "-out", selfP12, "-passout", `pass:${STORE_PASSWORD}`], { stderr: "pipe" }).exitCode).toBe(0);
    expect(dyn.validate("1", new Map([[key, selfP12]]), [key])).toContain("not trusted by the current truststore");
    const wrong = dyn.validate("1", new Map([["listener.name.ssl.ssl.keystore.password", "not-it"]]), ["listener.name.ssl.ssl.keystore.password"]);
    expect(wrong).toContain("Validation of dynamic config update of SSLFactory failed");
    expect(wrong).not.toContain("not-it");
    expect(dyn.validate("", new Map([[key, certs.brokerP12]]), [key])).toContain("Cannot update these configs at default cluster level");
    // Another broker's resource is not this broker's to check.
    expect(dyn.validate("2", new Map([[key, otherDn.p12]]), [key])).toBeNull();
  }, 60_000);

  test("a truststore cannot be added where there was none", () => {
    const { dyn } = setup({}, ["ssl.truststore.location", "ssl.truststore.type"]);
    expect(dyn.validate("1", new Map([["listener.name.ssl.ssl.truststore.type", "PEM"], ["listener.name.ssl.ssl.truststore.location", certs.caPem]]), ["listener.name.ssl.ssl.truststore.location"])).toContain("Cannot add SSL truststore");
  }, 60_000);

  test("a change that fails to load at apply time is logged and the old stores stay", () => {
    const { dyn, reloads } = setup();
    dyn.onImage({ configs: new Map([["broker:1", new Map([[key, join(certs.dir, "missing.p12")]])]]) });
    expect(reloads).toHaveLength(0);
    expect(lines.join("\n")).toContain("could not reload");
  }, 60_000);
});
