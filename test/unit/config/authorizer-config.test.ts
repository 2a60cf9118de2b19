// authorizer.class.name, super.users and allow.everyone.if.no.acl.found as a server.properties gives
// them: empty (the default) is no authorizer; Kafka's StandardAuthorizer class is Strand's own; any
// other class is a ConfigError naming the key, the value and what is allowed (Strand loads no Java
// classes); super.users is semicolon-separated principals (a value without "type:name" refused, as
// Kafka's SecurityUtils.parseKafkaPrincipal refuses it); the two StandardAuthorizer keys are not
// reported as unknown.
import { expect, test } from "bun:test";
import { authorizerSettingsOf } from "../../../src/config/authorizer-config.ts";
import { BrokerConfig } from "../../../src/config/broker-config.ts";
import { ConfigError } from "../../../src/config/def.ts";

const STANDARD = "org.apache.kafka.metadata.authorizer.StandardAuthorizer";
const base = { "node.id": "1", "process.roles": "broker,controller", "controller.listener.names": "CONTROLLER", listeners: "PLAINTEXT://:9092,CONTROLLER://:9093", "log.dirs": "/tmp/x" };
const config = (extra: Record<string, string>) => BrokerConfig.from(new Map(Object.entries({ ...base, ...extra })), []);

test("no authorizer by default, or with an empty class name", () => {
  expect(config({}).authorizer).toBeNull();
  expect(config({ "authorizer.class.name": "" }).authorizer).toBeNull();
});

test("Kafka's StandardAuthorizer with its super users and default", () => {
  const c = config({ "authorizer.class.name": STANDARD, "super.users": " User:admin ; User:CN=broker,O=x;;", "allow.everyone.if.no.acl.found": "true" });
  expect(c.authorizer).toEqual({ className: STANDARD, superUsers: new Set(["User:admin", "User:CN=broker,O=x"]), allowEveryoneIfNoAclFound: true });
  expect(c.warnings.filter((w) => w.includes("super.users") || w.includes("allow.everyone"))).toEqual([]);
  expect(authorizerSettingsOf(new Map([["authorizer.class.name", STANDARD]]))).toEqual({ className: STANDARD, superUsers: new Set(), allowEveryoneIfNoAclFound: false });
});

test("another authorizer class is refused, naming the key, the value and what is allowed", () => {
  let err: unknown;
  try {
    config({ "authorizer.class.name": "kafka.security.authorizer.AclAuthorizer" });
  } catch (e) {
    err = e;
  }
  expect(err).toBeInstanceOf(ConfigError);
  const e = err as ConfigError;
  expect(e.key).toBe("authorizer.class.name");
  expect(e.value).toBe("kafka.security.authorizer.AclAuthorizer");
  expect(e.allowed).toContain(STANDARD);
});

test("a super user that is not principalType:principalName is refused", () => {
  expect(() => config({ "authorizer.class.name": STANDARD, "super.users": "admin" })).toThrow(ConfigError);
  expect(() => config({ "authorizer.class.name": STANDARD, "super.users": "User:" })).toThrow(/super.users/);
});
