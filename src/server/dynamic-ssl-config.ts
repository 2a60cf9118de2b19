// Certificate reload through dynamic broker config, as Kafka's DynamicBrokerConfig / SslFactory do it:
//   kafka-configs.sh --alter --entity-type brokers --entity-name <id>
//     --add-config listener.name.<l>.ssl.keystore.location=<new file>   (or ssl.keystore.location=...)
// Only the key and trust store keys are reconfigurable (Kafka's SslConfigs.RECONFIGURABLE_CONFIGS),
// per broker only (at the cluster default they are refused, as Kafka's perBrokerConfigs are).
//
// - Validation (the broker the request names, before the change is written; Kafka's ConfigAdminManager
//   validateBrokerConfigChange -> SslFactory.validateReconfiguration): each affected listener's stores
//   are loaded with the new values; a failure, or a new certificate whose subject DN or SANs differ from
//   the old one (unless ssl.allow.dn.changes / ssl.allow.san.changes), answers INVALID_REQUEST with
//   "Validation of dynamic config update of ... failed".
// - Apply (each committed metadata change): a listener whose reconfigurable values, or store files'
//   modification times (Kafka reloads a rewritten file named by the same value), changed gets a new
//   engine; SocketServer.reloadSsl listens again on its port with it. New connections get the new
//   certificate; open ones keep their session. A failure here is logged and the old engine stays.

import { statSync } from "node:fs";
import { X509Certificate } from "node:crypto";
import type { BrokerConfig } from "../config/broker-config.ts";
import type { DynamicConfigs } from "../config/broker-layers.ts";
import { ConfigError } from "../config/def.ts";
import { sslServerEngine } from "../config/ssl-config.ts";
import type { SocketServer } from "../network/server.ts";
import type { SslServerEngine } from "../network/ssl/ssl-engine.ts";
import type { Logger } from "../util/log.ts";
import { interBrokerListenerName } from "../replication/leader-endpoint-lookup.ts";

export const RECONFIGURABLE_SSL_KEYS: readonly string[] = [
  "ssl.keystore.type",
  "ssl.keystore.location",
  "ssl.keystore.password",
  "ssl.key.password",
  "ssl.keystore.key",
  "ssl.keystore.certificate.chain",
  "ssl.truststore.type",
  "ssl.truststore.location",
  "ssl.truststore.password",
  "ssl.truststore.certificates",
];

/** The reconfigurable ssl key a (possibly listener-prefixed) name is, or null. */
export function reconfigurableSslKey(name: string): string | null {
  const base = name.startsWith("listener.name.") ? name.split(".").slice(3).join(".") : name;
  return RECONFIGURABLE_SSL_KEYS.includes(base) ? base : null;
}

interface Applied {
  signature: string;
  engine: SslServerEngine;
}

export class DynamicSslConfig {
  private readonly applied = new Map<string, Applied>();

  private readonly interBrokerListener: string;

  constructor(
    private readonly config: BrokerConfig,
    private readonly nodeId: number,
    private readonly server: () => SocketServer | null,
    private readonly log: Logger,
  ) {
    this.interBrokerListener = interBrokerListenerName(config);
    // Broker listeners only: controller listeners are not reconfigured through broker configs here.
    for (const [name, engine] of config.sslEngines) {
      if (!config.controllerListenerNames.includes(name)) this.applied.set(name, { signature: this.signature(config.given, name), engine });
    }
  }

  private protocolOf(listener: string): "SSL" | "SASL_SSL" {
    return this.config.protocolMap.get(listener) === "SASL_SSL" ? "SASL_SSL" : "SSL";
  }

  /** The engine a listener serves with now: the static one, or the dynamic config's once applied. */
  engineFor(listener: string): SslServerEngine | undefined {
    return this.applied.get(listener)?.engine ?? this.config.sslEngines.get(listener);
  }

  /** server.properties with this broker's dynamic reconfigurable ssl keys laid over it. */
  private effective(dynamicBroker: ReadonlyMap<string, string> | undefined): Map<string, string> {
    const out = new Map(this.config.given);
    for (const [k, v] of dynamicBroker ?? []) if (reconfigurableSslKey(k) !== null) out.set(k, v);
    return out;
  }

  /** What decides a reload: the listener's reconfigurable values, and the store files' mtimes. */
  private signature(given: ReadonlyMap<string, string>, listener: string): string {
    const prefix = `listener.name.${listener.toLowerCase()}.`;
    const parts: string[] = [];
    for (const key of RECONFIGURABLE_SSL_KEYS) {
      const v = given.get(prefix + key) ?? given.get(key) ?? null;
      parts.push(`${key}=${v === null ? "" : Bun.hash(v).toString(16)}`);
      if (v !== null && key.endsWith(".location")) {
        let mtime = -1;
        try {
          mtime = statSync(v).mtimeMs;
        } catch {
          // a missing file: the rebuild reports it
        }
        parts.push(`${key}@${mtime}`);
      }
    }
    return parts.join("|");
  }

  /**
   * Kafka's SslFactory.createNewSslEngineFactory checks: no truststore added where there was none; the
   * keystore's subject DN and SANs unchanged unless ssl.allow.dn.changes / ssl.allow.san.changes
   * (CertificateEntries.ensureCompatible); and on the inter-broker listener (keystoreVerifiableUsingTruststore)
   * the new certificate trusted by the current truststore and the current one by the new truststore,
   * which Kafka checks with a handshake between old and new engines (SslEngineValidator): here the
   * chains are verified against the trust anchors directly.
   */
  private compatible(given: ReadonlyMap<string, string>, listener: string, oldEngine: SslServerEngine, next: SslServerEngine): string | null {
    const prefix = `listener.name.${listener.toLowerCase()}.`;
    const flag = (k: string) => (given.get(prefix + k) ?? given.get(k) ?? "false").trim().toLowerCase() === "true";
    if (oldEngine.tls.ca === undefined && next.tls.ca !== undefined) return "Cannot add SSL truststore to an existing listener for which no truststore was configured.";
    if (!flag("ssl.allow.dn.changes") && oldEngine.keystoreSubject !== next.keystoreSubject) {
      return `Keystore DistinguishedName does not match: existing={DN=${oldEngine.keystoreSubject}}, new={DN=${next.keystoreSubject}}`;
    }
    if (!flag("ssl.allow.san.changes")) {
      const sans = (e: SslServerEngine) => new Set((chainOf(e)[0]?.subjectAltName ?? "").split(", ").filter((s) => s !== ""));
      const before = sans(oldEngine);
      const after = sans(next);
      for (const s of before) if (!after.has(s)) return `Keystore SubjectAltNames do not match: existing={SAN=${[...before].join(", ")}}, new={SAN=${[...after].join(", ")}}`;
    }
    if (listener === this.interBrokerListener) {
      if (oldEngine.tls.ca !== undefined && !trustedBy(chainOf(next), anchorsOf(oldEngine))) return "the new keystore's certificate is not trusted by the current truststore (inter-broker listener)";
      if (next.tls.ca !== undefined && !trustedBy(chainOf(oldEngine), anchorsOf(next))) return "the current keystore's certificate is not trusted by the new truststore (inter-broker listener)";
    }
    return null;
  }

  /**
   * IncrementalAlterConfigs / AlterConfigs on a BROKER resource: null when the change may be written,
   * else the INVALID_REQUEST message. `next` is the resource's dynamic configs after the change.
   */
  validate(resourceName: string, next: ReadonlyMap<string, string>, changedKeys: readonly string[]): string | null {
    const sslKeys = changedKeys.filter((k) => reconfigurableSslKey(k) !== null);
    if (sslKeys.length === 0) return null;
    if (resourceName === "") return `Cannot update these configs at default cluster level, broker id must be specified: [${sslKeys.join(", ")}]`;
    if (Number(resourceName) !== this.nodeId) return null;
    const given = this.effective(next);
    for (const [listener, old] of this.applied) {
      if (this.signature(given, listener) === old.signature) continue;
      try {
        const engine = sslServerEngine(given, listener, this.protocolOf(listener));
        const why = this.compatible(given, listener, old.engine, engine);
        if (why) return `Validation of dynamic config update of SSLFactory failed: ${why}`;
      } catch (e) {
        if (e instanceof ConfigError) return `Validation of dynamic config update of SSLFactory failed: ${e.message}`;
        throw e;
      }
    }
    return null;
  }

  /** A committed metadata change: reload the listeners whose stores changed. Never throws. */
  onImage(image: DynamicConfigs): void {
    const given = this.effective(image.configs.get(`broker:${this.nodeId}`));
    for (const [listener, old] of this.applied) {
      const signature = this.signature(given, listener);
      if (signature === old.signature) continue;
      try {
        const engine = sslServerEngine(given, listener, this.protocolOf(listener));
        const why = this.compatible(given, listener, old.engine, engine);
        if (why) throw new Error(why);
        // Before the listeners open (the metadata log replayed at start-up), they open with it.
        this.server()?.reloadSsl(listener, engine);
        this.applied.set(listener, { signature, engine });
        this.log.info("reloaded the listener's SSL key and trust stores", { listener, subject: engine.keystoreSubject });
      } catch (e) {
        // The old stores keep serving; the signature is kept so the same failure is not retried forever.
        this.applied.set(listener, { signature, engine: old.engine });
        this.log.error("could not reload the listener's SSL stores; the previous ones stay in use", { listener, error: (e as Error).message });
      }
    }
  }
}

/** The keystore's chain as served, leaf first. */
function chainOf(e: SslServerEngine): X509Certificate[] {
  const pem = String(e.tls.cert ?? "");
  return [...pem.matchAll(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g)].map((m) => new X509Certificate(m[0]));
}

function anchorsOf(e: SslServerEngine): X509Certificate[] {
  const ca = e.tls.ca;
  const list = Array.isArray(ca) ? ca : ca === undefined ? [] : [ca];
  return list.map((p) => new X509Certificate(String(p)));
}

/** Whether the chain's leaf leads, through the chain's own intermediates, to one of the anchors. */
function trustedBy(chain: readonly X509Certificate[], anchors: readonly X509Certificate[]): boolean {
  let cert: X509Certificate | undefined = chain[0];
  // Bounded: a chain longer than its certificates would loop.
  for (let depth = 0; cert && depth <= chain.length; depth++) {
    const c: X509Certificate = cert;
    if (anchors.some((a) => a.fingerprint256 === c.fingerprint256)) return true;
    if (anchors.some((a) => c.checkIssued(a) && c.verify(a.publicKey))) return true;
    cert = chain.find((i) => i !== c && c.checkIssued(i) && c.verify(i.publicKey));
  }
  return false;
}
