// How the CLI connects: Kafka's client security keys, from a `--command-config` properties file (as
// kafka-topics.sh --command-config reads one) and from flags that override it. The keys are Kafka's
// client names, plus librdkafka's sasl.username / sasl.password / ssl.ca.location, which kcat users
// have in their files already:
//
//   security.protocol   PLAINTEXT (default), SSL, SASL_PLAINTEXT, SASL_SSL
//   sasl.mechanism      PLAIN, SCRAM-SHA-256, SCRAM-SHA-512 (default PLAIN, as Kafka's)
//   sasl.jaas.config    ...PlainLoginModule/ScramLoginModule required username="u" password="p";
//   sasl.username / sasl.password   the same credentials without JAAS
//   ssl.ca.location     a PEM file of trusted CAs (else ssl.truststore.*; else the system's CAs)
//   ssl.truststore.location/.password/.type, ssl.keystore.* (a client certificate),
//   ssl.endpoint.identification.algorithm ("https" default, "" to skip the host name check)
//
// Other keys of such a file (client.id, retries, ...) are ignored, as Kafka's tools ignore the keys
// the admin client does not use. OAUTHBEARER and GSSAPI are not offered: the broker's client pieces
// this builds on log in with PLAIN and SCRAM only.

import { readFileSync } from "node:fs";
import { ConfigError } from "../../config/def.ts";
import { JaasConfigError, parseJaasConfig } from "../../config/jaas-config.ts";
import { parseProperties } from "../../config/properties.ts";
import { sslClientEngine } from "../../config/ssl-config.ts";
import { scramMechanismByName } from "../../metadata/scram-mechanism.ts";
import type { SaslClientSession } from "../../network/network-client.ts";
import { socketTransport, tlsSocketTransport, type Transport } from "../../network/transport.ts";
import { PlainSaslClient, ScramSaslClient } from "../../server/security/sasl-client.ts";
import { CliError } from "../protocol-decode.ts";

export const SECURITY_PROTOCOLS = ["PLAINTEXT", "SSL", "SASL_PLAINTEXT", "SASL_SSL"] as const;
export const SASL_MECHANISMS = ["PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512"] as const;

export interface ClientSecurity {
  readonly protocol: (typeof SECURITY_PROTOCOLS)[number];
  readonly transport: Transport;
  readonly sasl?: () => SaslClientSession;
}

/** The flags that override the file, by Kafka key. */
export interface SecurityFlags {
  commandConfig?: string;
  overrides: ReadonlyMap<string, string>;
}

function readCommandConfig(path: string): Map<string, string> {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (e) {
    throw new CliError("--command-config", path, `a readable properties file (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  try {
    return parseProperties(text);
  } catch (e) {
    throw new CliError("--command-config", path, `a Java properties file (${(e as Error).message})`);
  }
}

/** The credentials: sasl.username/sasl.password first, else the JAAS entry's options. */
function credentials(props: ReadonlyMap<string, string>, where: string): { username: string; password: string } {
  let username = props.get("sasl.username");
  let password = props.get("sasl.password");
  const jaas = props.get("sasl.jaas.config");
  if ((username === undefined || password === undefined) && jaas !== undefined) {
    try {
      const entry = parseJaasConfig(jaas)[0]!;
      username ??= entry.options.get("username");
      password ??= entry.options.get("password");
    } catch (e) {
      if (e instanceof JaasConfigError) throw new CliError("sasl.jaas.config", "[hidden]", `a JAAS entry such as org.apache.kafka.common.security.plain.PlainLoginModule required username="u" password="p"; (${e.message})`);
      throw e;
    }
  }
  if (username === undefined || password === undefined) {
    throw new CliError("sasl.username/sasl.password", "missing", `credentials for SASL: --sasl-username and --sasl-password, or sasl.jaas.config in ${where}`);
  }
  return { username, password };
}

export function clientSecurity(flags: SecurityFlags): ClientSecurity {
  const props = flags.commandConfig ? readCommandConfig(flags.commandConfig) : new Map<string, string>();
  for (const [k, v] of flags.overrides) props.set(k, v);
  const where = flags.commandConfig ? `--command-config ${flags.commandConfig}` : "the flags";
  const protocolRaw = (props.get("security.protocol") ?? "PLAINTEXT").toUpperCase();
  const protocol = SECURITY_PROTOCOLS.find((p) => p === protocolRaw);
  if (!protocol) throw new CliError("security.protocol", props.get("security.protocol")!, `one of ${SECURITY_PROTOCOLS.join(", ")}`);

  let transport: Transport = socketTransport;
  if (protocol === "SSL" || protocol === "SASL_SSL") {
    const ssl = new Map<string, string>();
    for (const [k, v] of props) if (k.startsWith("ssl.") && k !== "ssl.ca.location") ssl.set(k, v);
    const ca = props.get("ssl.ca.location");
    if (ca !== undefined) {
      ssl.set("ssl.truststore.type", "PEM");
      ssl.set("ssl.truststore.location", ca);
    }
    try {
      transport = tlsSocketTransport(sslClientEngine(ssl, "client"));
    } catch (e) {
      if (e instanceof ConfigError) throw new CliError(e.key.replace(/^listener\.name\.client\./, ""), e.value, e.allowed);
      throw e;
    }
  }
  if (protocol !== "SASL_PLAINTEXT" && protocol !== "SASL_SSL") return { protocol, transport };

  const mechanismRaw = (props.get("sasl.mechanism") ?? "PLAIN").toUpperCase();
  const mechanism = SASL_MECHANISMS.find((m) => m === mechanismRaw);
  if (!mechanism) throw new CliError("sasl.mechanism", props.get("sasl.mechanism")!, `one of ${SASL_MECHANISMS.join(", ")}`);
  const { username, password } = credentials(props, where);
  if (mechanism === "PLAIN") return { protocol, transport, sasl: () => new PlainSaslClient(username, password) };
  const m = scramMechanismByName(mechanism)!;
  return { protocol, transport, sasl: () => new ScramSaslClient(m, username, password) };
}
