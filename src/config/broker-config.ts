// The broker's configuration: server.properties plus --override pairs, parsed and validated once.
// Unknown keys are reported (warnings naming each key), invalid values are errors naming key, value and
// what is allowed. Derived settings (listeners, log dirs, roles) are checked as Kafka's KafkaConfig does.

import { BROKER_CONFIG_DEFS, ACCEPTED_KEYS } from "./broker-defs.ts";
import { checkValue, ConfigError, type ConfigDef, type ConfigValue } from "./def.ts";
import { authorizerSettingsOf, type AuthorizerSettings } from "./authorizer-config.ts";
import { formatEndpoint, parseEndpoints, parseProtocolMap, type Endpoint } from "./listeners.ts";
import type { SslServerEngine } from "../network/ssl/ssl-engine.ts";
import { sslServerEngine } from "./ssl-config.ts";

import { listenerSaslConfig, type ListenerSaslConfig } from "./sasl-config.ts";

/** Security protocols a listener may use (every one Kafka has). */
export const SERVED_PROTOCOLS: ReadonlySet<string> = new Set(["PLAINTEXT", "SSL", "SASL_PLAINTEXT", "SASL_SSL"]);

export const BROKER_DEFS_BY_NAME: ReadonlyMap<string, ConfigDef> = new Map(BROKER_CONFIG_DEFS.map((d) => [d.name, d]));

export type ConfigSource = "STATIC_BROKER_CONFIG" | "DEFAULT_CONFIG" | "DYNAMIC_BROKER_CONFIG" | "DYNAMIC_DEFAULT_BROKER_CONFIG";

export interface ResolvedValue {
  value: ConfigValue;
  /** The string as given (or the default as Kafka prints it). */
  raw: string | null;
  source: ConfigSource;
}

export class BrokerConfig {
  /** Every key as given in the file and overrides (unknown ones too), for DescribeConfigs. */
  readonly given: ReadonlyMap<string, string>;
  private readonly values = new Map<string, ResolvedValue>();
  readonly warnings: string[] = [];

  readonly nodeId: number;
  readonly roles: ReadonlySet<"broker" | "controller">;
  readonly listeners: readonly Endpoint[];
  readonly advertisedListeners: readonly Endpoint[];
  readonly controllerListenerNames: readonly string[];
  readonly protocolMap: ReadonlyMap<string, string>;
  readonly logDirs: readonly string[];
  /** The key logDirs came from: log.dirs, or log.dir when log.dirs is unset (for error messages). */
  readonly logDirsKey: "log.dirs" | "log.dir";
  readonly metadataLogDir: string;
  /** The TLS engine of each SSL / SASL_SSL listener, by listener name, loaded and checked at start-up. */
  readonly sslEngines: ReadonlyMap<string, SslServerEngine>;
  /** The SASL settings of each SASL_PLAINTEXT and SASL_SSL listener, by listener name (empty without one). */
  readonly sasl: ReadonlyMap<string, ListenerSaslConfig>;
  /** authorizer.class.name with super.users and allow.everyone.if.no.acl.found; null: no authorizer. */
  readonly authorizer: AuthorizerSettings | null;

  constructor(given: Map<string, string>) {
    this.given = given;
    for (const [k, v] of given) {
      const def = BROKER_DEFS_BY_NAME.get(k);
      if (!def) {
        if (!ACCEPTED_KEYS.has(k) && !k.startsWith("listener.name.") && !k.startsWith("ssl.") && !k.startsWith("sasl.") && !k.startsWith("log4j.")) {
          this.warnings.push(`unknown configuration ${k}=${def === undefined ? v : ""} is ignored (see 'strand server start --help' for the keys Strand reads)`);
        }
        continue;
      }
      this.values.set(k, { value: checkValue(def, v), raw: v, source: "STATIC_BROKER_CONFIG" });
    }
    for (const def of BROKER_CONFIG_DEFS) {
      if (this.values.has(def.name)) continue;
      const fb = def.fallbacks?.find((f) => this.values.has(f));
      if (fb && def.fromFallback) {
        const v = def.fromFallback(fb, this.values.get(fb)!.value);
        this.values.set(def.name, { value: v, raw: String(v), source: this.values.get(fb)!.source });
        continue;
      }
      if (def.fallbacks && def.fromFallback) {
        // No fallback key given: derive from the last fallback's default (log.retention.hours=168).
        const last = def.fallbacks.map((f) => BROKER_DEFS_BY_NAME.get(f)!).find((f) => f.default !== null);
        if (last) {
          const v = def.fromFallback(last.name, checkValue(last, last.default!));
          this.values.set(def.name, { value: v, raw: String(v), source: "DEFAULT_CONFIG" });
          continue;
        }
      }
      this.values.set(def.name, { value: def.default === null ? null : checkValue(def, def.default), raw: def.default, source: "DEFAULT_CONFIG" });
    }

    this.nodeId = this.int("node.id");
    const roles = this.list("process.roles");
    this.roles = new Set(roles as Array<"broker" | "controller">);
    if (this.roles.size === 0) throw new ConfigError("process.roles", "", "broker, controller, or broker,controller (KRaft mode needs process.roles)");
    if (this.nodeId < 0) throw new ConfigError("node.id", String(this.nodeId), "a node id of at least 0 (KRaft mode needs node.id)");
    this.protocolMap = parseProtocolMap("listener.security.protocol.map", this.string("listener.security.protocol.map"));
    this.listeners = parseEndpoints("listeners", this.list("listeners"));
    const adv = this.values.get("advertised.listeners")!.value as string[] | null;
    this.controllerListenerNames = ((this.values.get("controller.listener.names")!.value as string[] | null) ?? []).map((s) => s.toUpperCase());
    const sasl = new Map<string, ListenerSaslConfig>();
    for (const l of this.listeners) {
      if (!this.protocolMap.has(l.name) && !this.controllerListenerNames.includes(l.name)) {
        throw new ConfigError("listeners", this.list("listeners").join(","), `listener names present in listener.security.protocol.map (${l.name} is not)`);
      }
      // A controller listener missing from the map is PLAINTEXT, as in Kafka's effective protocol map.
      const protocol = this.protocolMap.get(l.name) ?? "PLAINTEXT";
      if (protocol === "SASL_PLAINTEXT" || protocol === "SASL_SSL") sasl.set(l.name, listenerSaslConfig(this, l.name));
      else if (protocol !== "PLAINTEXT" && protocol !== "SSL") {
        throw new ConfigError("listeners", formatEndpoint(l), `a listener whose security protocol is one of ${[...SERVED_PROTOCOLS].join(", ")}: ${l.name} maps to ${protocol}`);
      }
    }
    this.sasl = sasl;
    const engines = new Map<string, SslServerEngine>();
    for (const l of this.listeners) {
      const protocol = this.protocolMap.get(l.name) ?? "PLAINTEXT";
      if (protocol === "SSL" || protocol === "SASL_SSL") engines.set(l.name, sslServerEngine(given, l.name, protocol));
    }
    this.sslEngines = engines;
    if (this.roles.has("controller") && this.controllerListenerNames.length === 0) {
      throw new ConfigError("controller.listener.names", "", "at least one listener name when process.roles includes controller");
    }
    const brokerListeners = this.listeners.filter((l) => !this.controllerListenerNames.includes(l.name));
    this.advertisedListeners = adv ? parseEndpoints("advertised.listeners", adv) : brokerListeners.map((l) => ({ ...l, host: l.host || "localhost" }));
    if (this.roles.has("broker") && brokerListeners.length === 0) {
      throw new ConfigError("listeners", this.list("listeners").join(","), "at least one listener that is not a controller listener");
    }
    // Kafka: csv(log.dirs, or log.dir when log.dirs is unset) must name at least one directory
    // ("At least one log directory must be defined via log.dirs or log.dir."). An empty log.dirs is
    // that error, not a silent fall back to log.dir.
    const dirs = this.values.get("log.dirs")!.value as string[] | null;
    this.logDirsKey = dirs === null ? "log.dir" : "log.dirs";
    this.logDirs = dirs ?? this.string("log.dir").split(",").map((x) => x.trim()).filter((x) => x !== "");
    if (this.logDirs.length === 0) {
      throw new ConfigError(this.logDirsKey, this.resolved(this.logDirsKey).raw ?? "", "at least one directory (a comma-separated list of paths)");
    }
    const metadataDir = this.values.get("metadata.log.dir")!.value as string | null;
    if (metadataDir !== null && metadataDir.trim() === "") throw new ConfigError("metadata.log.dir", metadataDir, "a directory path (or unset: the first log dir)");
    this.metadataLogDir = metadataDir ?? this.logDirs[0]!;
    this.authorizer = authorizerSettingsOf(given);
  }

  static from(fileProps: Map<string, string>, overrides: Array<[string, string]>): BrokerConfig {
    const all = new Map(fileProps);
    for (const [k, v] of overrides) all.set(k, v);
    return new BrokerConfig(all);
  }

  resolved(name: string): ResolvedValue {
    const v = this.values.get(name);
    if (!v) throw new RangeError(`no broker configuration named ${name}`);
    return v;
  }

  int(name: string): number {
    return this.resolved(name).value as number;
  }
  long(name: string): number {
    return this.resolved(name).value as number;
  }
  bool(name: string): boolean {
    return this.resolved(name).value as boolean;
  }
  string(name: string): string {
    return this.resolved(name).value as string;
  }
  /** A nullable string key: null when neither given nor defaulted. */
  optionalString(name: string): string | null {
    return this.resolved(name).value as string | null;
  }
  list(name: string): string[] {
    return (this.resolved(name).value as string[] | null) ?? [];
  }

  /** The broker-facing listeners (not controller ones) as written, e.g. for logs. */
  describeListeners(): string {
    return this.listeners.map(formatEndpoint).join(",");
  }
}
