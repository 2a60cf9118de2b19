// A listener whose security protocol is SSL or SASL_SSL is refused at start-up, naming the listener and
// its protocol, until those protocols are served: serving it as plaintext would hand a TLS client's
// credentials and data to the network. PLAINTEXT listeners start as before; SASL_PLAINTEXT listeners are
// served (test/integration/sasl-plaintext.test.ts) and need their SASL settings.
import { expect, test } from "bun:test";
import { startStrand, removeDataDir } from "../support/strand.ts";
import { BrokerConfig } from "../../src/config/broker-config.ts";
import { ConfigError } from "../../src/config/def.ts";

const BASE = { "node.id": "1", "process.roles": "broker,controller", "controller.quorum.voters": "1@127.0.0.1:9093", "controller.listener.names": "CONTROLLER", "log.dirs": "/tmp/unused" };

function configWith(overrides: Record<string, string>): BrokerConfig {
  return BrokerConfig.from(new Map(), Object.entries({ ...BASE, ...overrides }));
}

test("each TLS protocol is refused with the key, the listener and the protocol", () => {
  for (const [listeners, map, name, protocol] of [
    ["SSL://127.0.0.1:0,CONTROLLER://127.0.0.1:0", null, "SSL", "SSL"],
    ["SASL_SSL://127.0.0.1:0,CONTROLLER://127.0.0.1:0", null, "SASL_SSL", "SASL_SSL"],
    ["INTERNAL://127.0.0.1:0,CONTROLLER://127.0.0.1:0", "INTERNAL:SASL_SSL,CONTROLLER:PLAINTEXT", "INTERNAL", "SASL_SSL"],
    ["PLAINTEXT://127.0.0.1:0,CONTROLLER://127.0.0.1:0", "PLAINTEXT:PLAINTEXT,CONTROLLER:SSL", "CONTROLLER", "SSL"],
  ] as const) {
    let err: unknown = null;
    try {
      configWith({ listeners, ...(map === null ? {} : { "listener.security.protocol.map": map }) });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    const ce = err as ConfigError;
    expect(ce.key).toBe("listeners");
    expect(ce.value).toStartWith(`${name}://`);
    expect(ce.message).toContain(`${name} maps to ${protocol}`);
  }
  // PLAINTEXT, and a controller listener missing from the map (PLAINTEXT in Kafka), still start.
  expect(configWith({ listeners: "PLAINTEXT://127.0.0.1:0,CONTROLLER://127.0.0.1:0", "listener.security.protocol.map": "PLAINTEXT:PLAINTEXT" }).listeners.length).toBe(2);
});

test("the broker process refuses to start on an SSL listener and says why", async () => {
  let message = "";
  try {
    const s = await startStrand({ overrides: { listeners: "PLAINTEXT://127.0.0.1:0,SSL://127.0.0.1:0,CONTROLLER://127.0.0.1:0", "listener.security.protocol.map": "PLAINTEXT:PLAINTEXT,SSL:SSL,CONTROLLER:PLAINTEXT" }, startTimeoutMs: 60_000 });
    await s.stop();
    removeDataDir(s.dataDir);
  } catch (e) {
    message = String(e);
  }
  expect(message).toContain("exited with");
  expect(message).toContain('invalid value "SSL://127.0.0.1:0" for configuration listeners');
  expect(message).toContain("SSL maps to SSL");
}, 90_000);
