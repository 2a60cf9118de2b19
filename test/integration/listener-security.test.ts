// Every security protocol is served; a listener missing what its protocol needs is refused at start-up
// naming the key: SASL_PLAINTEXT and SASL_SSL their SASL settings (test/integration/sasl-plaintext.test.ts
// serves them), SSL and SASL_SSL a keystore (ssl.keystore.location). PLAINTEXT listeners start as before.
import { expect, test } from "bun:test";
import { startStrand, removeDataDir } from "../support/strand.ts";
import { BrokerConfig } from "../../src/config/broker-config.ts";
import { ConfigError } from "../../src/config/def.ts";

const BASE = { "node.id": "1", "process.roles": "broker,controller", "controller.quorum.voters": "1@127.0.0.1:9093", "controller.listener.names": "CONTROLLER", "log.dirs": "/tmp/unused" };

function configWith(overrides: Record<string, string>): BrokerConfig {
  return BrokerConfig.from(new Map(), Object.entries({ ...BASE, ...overrides }));
}

test("a SASL listener without its SASL settings is refused, naming the key", () => {
  for (const [listeners, map] of [
    ["SASL_PLAINTEXT://127.0.0.1:0,CONTROLLER://127.0.0.1:0", null],
    ["SASL_SSL://127.0.0.1:0,CONTROLLER://127.0.0.1:0", null],
    ["INTERNAL://127.0.0.1:0,CONTROLLER://127.0.0.1:0", "INTERNAL:SASL_SSL,CONTROLLER:PLAINTEXT"],
    ["PLAINTEXT://127.0.0.1:0,CONTROLLER://127.0.0.1:0", "PLAINTEXT:PLAINTEXT,CONTROLLER:SASL_PLAINTEXT"],
  ] as const) {
    let err: unknown = null;
    try {
      configWith({ listeners, ...(map === null ? {} : { "listener.security.protocol.map": map }) });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    // sasl.enabled.mechanisms defaults to GSSAPI (Kafka's), which Strand does not serve, or the JAAS entry is missing.
    expect((err as ConfigError).key).toMatch(/sasl/);
  }
  // SSL listeners (a broker or a controller one) need a keystore.
  for (const [listeners, map] of [
    ["SSL://127.0.0.1:0,CONTROLLER://127.0.0.1:0", null],
    ["PLAINTEXT://127.0.0.1:0,CONTROLLER://127.0.0.1:0", "PLAINTEXT:PLAINTEXT,CONTROLLER:SSL"],
  ] as const) {
    let err: unknown = null;
    try {
      configWith({ listeners, ...(map === null ? {} : { "listener.security.protocol.map": map }) });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as ConfigError).key).toBe("ssl.keystore.location");
  }
  // PLAINTEXT, and a controller listener missing from the map (PLAINTEXT in Kafka), still start.
  expect(configWith({ listeners: "PLAINTEXT://127.0.0.1:0,CONTROLLER://127.0.0.1:0", "listener.security.protocol.map": "PLAINTEXT:PLAINTEXT" }).listeners.length).toBe(2);
});

test("the broker process refuses to start on an SSL listener without a keystore and says why", async () => {
  let message = "";
  try {
    const s = await startStrand({ overrides: { listeners: "PLAINTEXT://127.0.0.1:0,SSL://127.0.0.1:0,CONTROLLER://127.0.0.1:0", "listener.security.protocol.map": "PLAINTEXT:PLAINTEXT,SSL:SSL,CONTROLLER:PLAINTEXT" }, startTimeoutMs: 60_000 });
    await s.stop();
    removeDataDir(s.dataDir);
  } catch (e) {
    message = String(e);
  }
  expect(message).toContain("exited with");
  expect(message).toContain("for configuration ssl.keystore.location");
  expect(message).toContain("a key store (ssl.keystore.location, or ssl.keystore.key and ssl.keystore.certificate.chain) for the SSL listener SSL");
}, 90_000);
