// sasl.jaas.config parsed with Kafka's JaasConfig rules, and its errors as BrokerConfig reports them.
import { expect, test } from "bun:test";
import { JaasConfigError, parseJaasConfig } from "../../../src/config/jaas-config.ts";
import { BrokerConfig } from "../../../src/config/broker-config.ts";
import { ConfigError } from "../../../src/config/def.ts";

test("Kafka's PLAIN example: module, flag and options, quoted and bare values", () => {
  const e = parseJaasConfig('org.apache.kafka.common.security.plain.PlainLoginModule required username="admin" password="admin-secret" user_admin="admin-secret" user_alice=alice-secret;');
  expect(e).toHaveLength(1);
  expect(e[0]!.loginModule).toBe("org.apache.kafka.common.security.plain.PlainLoginModule");
  expect(e[0]!.controlFlag).toBe("REQUIRED");
  expect(Object.fromEntries(e[0]!.options)).toEqual({ username: "admin", password: "admin-secret", user_admin: "admin-secret", user_alice: "alice-secret" });
});

test("several entries, comments, escapes in quotes, case-insensitive flag", () => {
  const e = parseJaasConfig(`/* c */ a.B Optional k="x\\"y"; // line\n c.D SUFFICIENT;`);
  expect(e.map((x) => [x.loginModule, x.controlFlag])).toEqual([["a.B", "OPTIONAL"], ["c.D", "SUFFICIENT"]]);
  expect(e[0]!.options.get("k")).toBe('x"y');
});

test("Kafka's errors", () => {
  const cases: Array<[string, string]> = [
    ["", "Login module not specified in JAAS config"],
    ["a.B", "Login module control flag not specified in JAAS config"],
    ["a.B maybe;", "Invalid login module control flag 'maybe' in JAAS config"],
    ["a.B required k=;", "Value not specified for key 'k' in JAAS config"],
    ["a.B required k=8192;", "Value not specified for key 'k' in JAAS config"],
    ['a.B required k="v"', "JAAS config entry not terminated by semi-colon"],
  ];
  for (const [s, msg] of cases) expect(() => parseJaasConfig(s)).toThrow(new JaasConfigError(msg));
});

function config(extra: Record<string, string>): BrokerConfig {
  return new BrokerConfig(
    new Map(Object.entries({
      "node.id": "1",
      "process.roles": "broker,controller",
      "controller.listener.names": "CONTROLLER",
      listeners: "SASL_PLAINTEXT://:9092,CONTROLLER://:9093",
      "log.dirs": "/tmp/x",
      ...extra,
    })),
  );
}

test("a SASL_PLAINTEXT listener: mechanisms and JAAS per listener and mechanism", () => {
  const c = config({
    "sasl.enabled.mechanisms": "SCRAM-SHA-512,PLAIN",
    "listener.name.sasl_plaintext.plain.sasl.jaas.config": 'org.apache.kafka.common.security.plain.PlainLoginModule required user_alice="pw";',
    "listener.name.sasl_plaintext.scram-sha-512.sasl.jaas.config": "org.apache.kafka.common.security.scram.ScramLoginModule required;",
    "listener.name.sasl_plaintext.scram-sha-512.connections.max.reauth.ms": "60000",
  });
  const s = c.sasl.get("SASL_PLAINTEXT")!;
  expect(s.enabledMechanisms).toEqual(["SCRAM-SHA-512", "PLAIN"]);
  expect(s.maxReceiveBytes).toBe(524288);
  expect(s.failedAuthenticationDelayMs).toBe(100);
  expect(s.maxReauthMs.get("SCRAM-SHA-512")).toBe(60000);
  expect(s.maxReauthMs.get("PLAIN")).toBe(0);
});

test("a bad JAAS string is a ConfigError naming the key, never its secrets", () => {
  let err: unknown;
  try {
    config({ "sasl.enabled.mechanisms": "PLAIN", "listener.name.sasl_plaintext.plain.sasl.jaas.config": 'org.apache.kafka.common.security.plain.PlainLoginModule required user_alice="topsecret"' });
  } catch (e) {
    err = e;
  }
  expect(err).toBeInstanceOf(ConfigError);
  expect((err as ConfigError).key).toBe("listener.name.sasl_plaintext.plain.sasl.jaas.config");
  expect((err as ConfigError).message).toContain("not terminated by semi-colon");
  expect((err as ConfigError).message).not.toContain("topsecret");
});

test("GSSAPI (Kafka's default) and a missing JAAS entry are refused on a SASL listener", () => {
  expect(() => config({})).toThrow(/GSSAPI is not served/);
  expect(() => config({ "sasl.enabled.mechanisms": "PLAIN" })).toThrow(/listener.name.sasl_plaintext.plain.sasl.jaas.config/);
});
