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

  constructor(
    private readonly config: BrokerConfig,
    private readonly nodeId: number,
    private readonly server: () => SocketServer | null,
    private readonly log: Logger,
  ) {
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

  /** Kafka's CertificateEntries.ensureCompatible: same subject DN and SANs unless allowed to change. */
  private compatible(given: ReadonlyMap<string, string>, listener: string, oldEngine: SslServerEngine, next: SslServerEngine): string | null {
    const prefix = `listener.name.${listener.toLowerCase()}.`;
    const flag = (k: string) => (given.get(prefix + k) ?? given.get(k) ?? "false").trim().toLowerCase() === "true";
    if (!flag("ssl.allow.dn.changes") && oldEngine.keystoreSubject !== next.keystoreSubject) {
      return `Keystore DistinguishedName does not match: existing={DN=${oldEngine.keystoreSubject}}, new={DN=${next.keystoreSubject}}`;
    }
    if (!flag("ssl.allow.san.changes")) {
      const sans = (e: SslServerEngine) => new Set((firstCert(e)?.subjectAltName ?? "").split(", ").filter((s) => s !== ""));
      const before = sans(oldEngine);
      const after = sans(next);
      for (const s of before) if (!after.has(s)) return `Keystore SubjectAltNames do not match: existing={SAN=${[...before].join(", ")}}, new={SAN=${[...after].join(", ")}}`;
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
        if (why) return `Validation of dynamic config update of [${sslKeys.join(", ")}] failed: ${why}`;
      } catch (e) {
        if (e instanceof ConfigError) return `Validation of dynamic config update of [${sslKeys.join(", ")}] failed: ${e.message}`;
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

function firstCert(e: SslServerEngine): X509Certificate | null {
  const pem = String(e.tls.cert ?? "");
  const m = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/.exec(pem);
  return m ? new X509Certificate(m[0]) : null;
}
