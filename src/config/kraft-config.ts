// KRaft role and quorum configuration checked as Kafka 4.4.0's KafkaConfig/QuorumConfig check it, with
// Kafka's error texts (each compared with a real Kafka 4.4.0 started on the same bad
// server.properties; test/unit/config/kraft-config.test.ts lists them):
//
//   process.roles and node.id required (no defaults in Kafka), controller.listener.names required;
//   controller.quorum.voters entries `{id}@{host}:{port}`, controller.quorum.bootstrap.servers
//   entries `{host}:{port}`, one of them non-empty;
//   broker only: node.id not a voter, controller listeners not in listeners, and each mapped in
//   listener.security.protocol.map (when the map is set);
//   controller only: listeners are controller listeners only, node.id a voter (when voters are
//   static), a controller listener in listeners, every controller listener name in listeners;
//   combined: node.id a voter, controller listeners in listeners;
//   with the broker role: a broker advertised listener, inter.broker.listener.name advertised,
//   advertised names among listeners; no advertised 0.0.0.0.
// Kafka's `require` failures are IllegalArgumentExceptions whose message starts "requirement failed: ".
//
// The input is the raw key/value map (server.properties plus overrides) so this can run before, and
// independently of, BrokerConfig's own parsing.

import { ConfigError } from "./def.ts";

export type ProcessRole = "broker" | "controller";

export interface VoterAddress {
  readonly id: number;
  readonly host: string;
  readonly port: number;
}

export interface KRaftSettings {
  readonly roles: ReadonlySet<ProcessRole>;
  readonly nodeId: number;
  readonly controllerListenerNames: readonly string[];
  /** controller.quorum.voters, in the order given (empty: a dynamic quorum). */
  readonly voters: readonly VoterAddress[];
  readonly bootstrapServers: ReadonlyArray<{ host: string; port: number }>;
}

/** A configuration Kafka refuses; `message` is Kafka's text, `kafkaException` the exception Kafka throws. */
export class KafkaConfigException extends ConfigError {
  constructor(
    readonly kafkaException: "ConfigException" | "IllegalArgumentException",
    key: string,
    value: string,
    kafkaMessage: string,
  ) {
    super(key, value, kafkaMessage);
    this.message = kafkaMessage;
    this.name = "KafkaConfigException";
  }
}

const configException = (key: string, value: string, msg: string) => new KafkaConfigException("ConfigException", key, value, msg);
const requirement = (key: string, value: string, msg: string) => new KafkaConfigException("IllegalArgumentException", key, value, `requirement failed: ${msg}`);

function list(raw: string | undefined): string[] {
  return (raw ?? "").split(",").map((s) => s.trim()).filter((s) => s !== "");
}

/** Utils.getHost / getPort: `host:port`, host maybe in brackets (IPv6); null when not of that form. */
function hostPort(s: string): { host: string; port: number } | null {
  const m = /^.*?\[?([0-9a-zA-Z\-%._:]*)\]?:([0-9]+)$/.exec(s);
  if (!m) return null;
  return { host: m[1]!, port: Number(m[2]) };
}

/** Utils.validHostPattern. */
const validHost = (h: string) => /^[a-zA-Z0-9\-%._:]+$/.test(h) && h !== "";

/** QuorumConfig.parseVoterConnections. */
export function parseVoters(raw: string | undefined): VoterAddress[] {
  const key = "controller.quorum.voters";
  const out: VoterAddress[] = [];
  for (const entry of list(raw)) {
    const parts = entry.split("@");
    if (parts.length !== 2) throw configException(key, raw ?? "", `Invalid configuration value for ${key}. Each entry should be in the form \`{id}@{host}:{port}\`.`);
    if (!/^-?\d+$/.test(parts[0]!) || !Number.isSafeInteger(Number(parts[0]))) throw configException(key, raw ?? "", `Failed to parse voter ID as an integer from ${parts[0]}`);
    const hp = hostPort(parts[1]!);
    if (!hp || !validHost(hp.host)) {
      throw configException(key, raw ?? "", `Failed to parse host name from entry ${entry} for the configuration ${key}. Each entry should be in the form \`{id}@{host}:{port}\`.`);
    }
    if (hp.host === "0.0.0.0") throw configException(key, raw ?? "", `Host string (${hp.host}) is not routeable`);
    out.push({ id: Number(parts[0]), host: hp.host, port: hp.port });
  }
  return out;
}

/** QuorumConfig.parseBootstrapServers. */
export function parseBootstrapServers(raw: string | undefined): Array<{ host: string; port: number }> {
  const key = "controller.quorum.bootstrap.servers";
  return list(raw).map((entry) => {
    const hp = hostPort(entry);
    if (!hp || !validHost(hp.host)) throw configException(key, raw ?? "", `Failed to parse host name from ${entry} for the configuration ${key}. Each entry should be in the form "{host}:{port}"`);
    return hp;
  });
}

/** Listener names of a listeners-style value (NAME://host:port,...), upper-cased as Kafka's ListenerName.normalised. */
function listenerEntries(raw: string | undefined): Array<{ name: string; host: string }> {
  return list(raw).map((uri) => {
    const m = /^([A-Za-z0-9_]+):\/\/(\[[^\]]*\]|[^:]*):/.exec(uri);
    return { name: (m?.[1] ?? uri).toUpperCase(), host: m ? m[2]!.replace(/^\[|\]$/g, "") : "" };
  });
}

/** Kafka's Set(...) rendering of the voter ids in its messages. */
const scalaSet = (ids: readonly number[]) => `Set(${[...new Set(ids)].join(", ")})`;

export function validateKRaftConfig(given: ReadonlyMap<string, string>): KRaftSettings {
  const rolesRaw = given.get("process.roles");
  if (rolesRaw === undefined) throw configException("process.roles", "", 'Missing required configuration "process.roles" which has no default value.');
  const roles = new Set<ProcessRole>();
  for (const r of list(rolesRaw)) {
    if (r !== "broker" && r !== "controller") throw configException("process.roles", rolesRaw, `Invalid value ${r} for configuration process.roles: String must be one of: broker, controller`);
    roles.add(r);
  }
  const nodeRaw = given.get("node.id");
  if (nodeRaw === undefined) throw configException("node.id", "", 'Missing required configuration "node.id" which has no default value.');
  const nodeId = Number(nodeRaw.trim());
  if (!/^-?\d+$/.test(nodeRaw.trim()) || !Number.isSafeInteger(nodeId)) throw configException("node.id", nodeRaw, `Invalid value ${nodeRaw} for configuration node.id: Not a number of type INT`);
  if (nodeId < 0) throw configException("node.id", nodeRaw, `Invalid value ${nodeId} for configuration node.id: Value must be at least 0`);
  const clnRaw = given.get("controller.listener.names");
  if (clnRaw === undefined) throw configException("controller.listener.names", "", 'Missing required configuration "controller.listener.names" which has no default value.');
  const controllerListenerNames = list(clnRaw).map((s) => s.toUpperCase());
  const voters = parseVoters(given.get("controller.quorum.voters"));
  const bootstrapServers = parseBootstrapServers(given.get("controller.quorum.bootstrap.servers"));
  const voterIds = voters.map((v) => v.id);

  const listeners = listenerEntries(given.get("listeners") ?? "PLAINTEXT://:9092");
  const listenerNames = new Set(listeners.map((l) => l.name));
  const controllerListeners = listeners.filter((l) => controllerListenerNames.includes(l.name));
  const advertisedRaw = given.get("advertised.listeners");
  const advertised = advertisedRaw !== undefined ? listenerEntries(advertisedRaw) : listeners;
  const advertisedBroker = advertised.filter((l) => !controllerListenerNames.includes(l.name));
  const votersText = `controller.quorum.voters=${scalaSet(voterIds)}`;
  const quorumGiven = () => {
    if (voterIds.length === 0 && bootstrapServers.length === 0) {
      throw configException(
        "controller.quorum.voters",
        "",
        "If using process.roles, either controller.quorum.bootstrap.servers must contain the set of bootstrap controllers or controller.quorum.voters must contain a parseable set of controllers.",
      );
    }
  };
  const voterMustContainNode = () => {
    if (voterIds.length > 0 && !voterIds.includes(nodeId)) {
      throw requirement("controller.quorum.voters", given.get("controller.quorum.voters") ?? "", `If process.roles contains the 'controller' role, the node id ${nodeId} must be included in the set of voters ${votersText}`);
    }
  };
  const controllerListenerInListeners = () => {
    if (controllerListeners.length === 0) {
      throw requirement("controller.listener.names", clnRaw, "controller.listener.names must contain at least one value appearing in the 'listeners' configuration when running the KRaft controller role");
    }
    if (!controllerListenerNames.every((n) => listenerNames.has(n))) {
      throw requirement("controller.listener.names", clnRaw, "controller.listener.names must only contain values appearing in the 'listeners' configuration when running the KRaft controller role");
    }
  };

  const isBroker = roles.has("broker");
  const isController = roles.has("controller");
  if (isBroker && !isController) {
    quorumGiven();
    if (voterIds.includes(nodeId)) {
      throw requirement("controller.quorum.voters", given.get("controller.quorum.voters") ?? "", `If process.roles contains just the 'broker' role, the node id ${nodeId} must not be included in the set of voters ${votersText}`);
    }
    if (controllerListenerNames.length === 0) throw requirement("controller.listener.names", clnRaw, "controller.listener.names must contain at least one value when running KRaft with just the broker role");
    if (controllerListeners.length > 0) {
      throw requirement("controller.listener.names", clnRaw, "controller.listener.names must not contain a value appearing in the 'listeners' configuration when running KRaft with just the broker role");
    }
    const mapRaw = given.get("listener.security.protocol.map");
    if (mapRaw !== undefined && mapRaw.trim() !== "") {
      const mapped = new Set(list(mapRaw).map((p) => p.split(":")[0]!.trim().toUpperCase()));
      for (const name of controllerListenerNames) {
        if (!mapped.has(name)) {
          throw configException(
            "controller.listener.names",
            clnRaw,
            `Controller listener with name ${name} defined in controller.listener.names not found in listener.security.protocol.map  (an explicit security mapping for each controller listener is required if listener.security.protocol.map is non-empty, or if there are security protocols other than PLAINTEXT in use)`,
          );
        }
      }
    }
  } else if (isController && !isBroker) {
    quorumGiven();
    if (controllerListeners.length !== listeners.length) {
      throw requirement("listeners", given.get("listeners") ?? "", "The listeners config must only contain KRaft controller listeners from controller.listener.names when process.roles=controller");
    }
    voterMustContainNode();
    controllerListenerInListeners();
  } else if (isController && isBroker) {
    quorumGiven();
    voterMustContainNode();
    controllerListenerInListeners();
  }

  if (isBroker) {
    if (advertisedBroker.length === 0) {
      throw requirement("advertised.listeners", advertisedRaw ?? "", "There must be at least one broker advertised listener. Perhaps all listeners appear in controller.listener.names?");
    }
    const advertisedNames = [...new Set(advertisedBroker.map((l) => l.name))];
    const interBroker = (given.get("inter.broker.listener.name") ?? "PLAINTEXT").toUpperCase();
    if (!advertisedNames.includes(interBroker)) {
      throw requirement(
        "inter.broker.listener.name",
        interBroker,
        `inter.broker.listener.name must be a listener name defined in advertised.listeners. The valid options based on currently configured listeners are ${advertisedNames.join(",")}`,
      );
    }
    if (!advertisedNames.every((n) => listenerNames.has(n))) {
      throw requirement(
        "advertised.listeners",
        advertisedRaw ?? "",
        `advertised.listeners listener names must be equal to or a subset of the ones defined in listeners. Found ${advertisedNames.join(",")}. The valid options based on the current configuration are ${[...listenerNames].join(",")}`,
      );
    }
  }
  if (advertisedBroker.some((l) => l.host === "0.0.0.0")) {
    throw requirement("advertised.listeners", advertisedRaw ?? "", "advertised.listeners cannot use the nonroutable meta-address 0.0.0.0. Use a routable IP address.");
  }
  return { roles, nodeId, controllerListenerNames, voters, bootstrapServers };
}
