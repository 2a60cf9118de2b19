// The secured OAUTHBEARER settings as Kafka 4.4.0 reads them: the validator class, the JWKS URL (required,
// http/https/file, listed in -Dorg.apache.kafka.sasl.oauthbearer.allowed.urls), expected audience and
// issuer (required unless allowed unverified), per-listener and per-mechanism prefixes; and Kafka's
// refusals as ConfigErrors naming the key.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { ConfigError } from "../../../src/config/def.ts";
import { ALLOWED_URLS_PROPERTY, javaSystemProperties, oauthBearerSecuredConfig, OAUTHBEARER_VALIDATOR_CALLBACK_HANDLER } from "../../../src/config/oauthbearer-config.ts";

let dir = "";
let fileUrl = "";
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "strand-oauth-cfg-"));
  writeFileSync(join(dir, "jwks.json"), '{"keys":[]}');
  fileUrl = pathToFileURL(join(dir, "jwks.json")).href;
}, 30_000);
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
}, 30_000);

const P = "listener.name.sasl_plaintext.oauthbearer.";
function cfg(props: Record<string, string>, allowed: string = fileUrl) {
  return oauthBearerSecuredConfig({ given: new Map(Object.entries(props)) }, "SASL_PLAINTEXT", new Map([[ALLOWED_URLS_PROPERTY, allowed]]));
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
const base = () => ({
  [`${P}sasl.server.callback.handler.class`]: OAUTHBEARER_VALIDATOR_CALLBACK_HANDLER,
  [`${P}sasl.oauthbearer.jwks.endpoint.url`]: fileUrl,
  "sasl.oauthbearer.expected.audience": "strand, other",
  [`listener.name.sasl_plaintext.sasl.oauthbearer.expected.issuer`]: "https://issuer.test",
});

test("no callback handler: Kafka's unsecured default (null)", () => {
  expect(cfg({})).toBeNull();
  expect(cfg({ [`${P}sasl.server.callback.handler.class`]: "org.apache.kafka.common.security.oauthbearer.internals.unsecured.OAuthBearerUnsecuredValidatorCallbackHandler" })).toBeNull();
});

test("the secured validator's settings, prefixed or not, with Kafka's defaults", () => {
  const c = cfg(base())!;
  expect(c.jwksEndpointUrl.href).toBe(fileUrl);
  expect(c.expectedAudiences).toEqual(["strand", "other"]);
  expect(c.expectedIssuer).toBe("https://issuer.test");
  expect(c.clockSkewSeconds).toBe(30);
  expect(c.subClaimName).toBe("sub");
  expect(c.scopeClaimName).toBe("scope");
  expect(c.jwksRefreshMs).toBe(3_600_000);
  const u = cfg({ ...base(), "sasl.oauthbearer.expected.audience": "", "sasl.oauthbearer.allow.unverified.audience": "true", "listener.name.sasl_plaintext.sasl.oauthbearer.expected.issuer": "", "sasl.oauthbearer.allow.unverified.issuer": "true" })!;
  expect(u.expectedAudiences).toBeNull();
  expect(u.expectedIssuer).toBeNull();
});

test("Kafka's refusals name the key", () => {
  expect(configError(() => cfg({ ...base(), [`${P}sasl.server.callback.handler.class`]: "com.example.Handler" })).message).toContain(`${P}sasl.server.callback.handler.class`);
  // Kafka 3.x's name of the validator is not in Kafka 4.4.0 (ClassNotFound there).
  expect(configError(() => cfg({ ...base(), [`${P}sasl.server.callback.handler.class`]: "org.apache.kafka.common.security.oauthbearer.secured.OAuthBearerValidatorCallbackHandler" })).key).toBe(`${P}sasl.server.callback.handler.class`);
  const noUrl = { ...base() } as Record<string, string>;
  delete noUrl[`${P}sasl.oauthbearer.jwks.endpoint.url`];
  expect(configError(() => cfg(noUrl)).message).toContain("requires \"sasl.oauthbearer.jwks.endpoint.url\"");
  expect(configError(() => cfg(base(), "")).message).toContain("cannot be accessed due to restrictions");
  expect(configError(() => cfg({ ...base(), [`${P}sasl.oauthbearer.jwks.endpoint.url`]: "ftp://x/jwks" }, "ftp://x/jwks")).message).toContain("invalid protocol (ftp)");
  const missing = pathToFileURL(join(dir, "nope.json")).href;
  expect(configError(() => cfg({ ...base(), [`${P}sasl.oauthbearer.jwks.endpoint.url`]: missing }, missing)).message).toContain("doesn't exist");
  for (const [name, text] of [["bad.json", "{not json"], ["nokeys.json", '{"k":[]}']]) {
    writeFileSync(join(dir, name), text);
    const u = pathToFileURL(join(dir, name)).href;
    expect(configError(() => cfg({ ...base(), [`${P}sasl.oauthbearer.jwks.endpoint.url`]: u }, u)).message).toContain("a JWKS file");
  }
  expect(configError(() => cfg({ ...base(), "sasl.oauthbearer.expected.audience": "" })).message).toContain("sasl.oauthbearer.allow.unverified.audience");
  expect(configError(() => cfg({ ...base(), "listener.name.sasl_plaintext.sasl.oauthbearer.expected.issuer": "" })).message).toContain("sasl.oauthbearer.allow.unverified.issuer");
  expect(configError(() => cfg({ ...base(), "sasl.oauthbearer.jwt.validator.class": "com.example.V" })).key).toBe("sasl.oauthbearer.jwt.validator.class");
  expect(configError(() => cfg({ ...base(), "sasl.oauthbearer.clock.skew.seconds": "-1" })).key).toBe("sasl.oauthbearer.clock.skew.seconds");
});

test("allowed URLs come from -D options in KAFKA_OPTS", () => {
  const props = javaSystemProperties(`-Xmx1g -D${ALLOWED_URLS_PROPERTY}=file:///a,https://b/jwks -Dx`);
  expect(props.get(ALLOWED_URLS_PROPERTY)).toBe("file:///a,https://b/jwks");
  expect(props.get("x")).toBe("");
  expect(javaSystemProperties(undefined).size).toBe(0);
});
