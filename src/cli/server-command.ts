// `strand server start` and `strand storage format|random-uuid`, as Kafka's kafka-server-start.sh and
// kafka-storage.sh. With no config file, `server start` runs a single node on localhost:9092 with data
// in ./data, formatting that directory itself when it is empty (and saying so).

import { existsSync, readFileSync } from "node:fs";
import { BrokerConfig } from "../config/broker-config.ts";
import { ConfigError } from "../config/def.ts";
import { parseProperties } from "../config/properties.ts";
import { Broker, NotFormattedError } from "../server/broker.ts";
import { createLogger } from "../util/log.ts";
import { randomKafkaUuid } from "../storage/meta-properties.ts";
import { mark } from "../util/startup-trace.ts";
import { parseVoters, validateKRaftConfig } from "../config/kraft-config.ts";
import { formatStorage } from "./storage-format.ts";

// `strand storage format` lives in storage-format.ts; its callers import it from here too.
export { formatStorage };

/** The configuration of `strand server start` with no -c: one node, both roles, localhost. */
export const SINGLE_NODE_DEFAULTS: ReadonlyArray<[string, string]> = [
  ["process.roles", "broker,controller"],
  ["node.id", "1"],
  ["listeners", "PLAINTEXT://localhost:9092,CONTROLLER://localhost:9093"],
  ["advertised.listeners", "PLAINTEXT://localhost:9092"],
  ["controller.listener.names", "CONTROLLER"],
  ["listener.security.protocol.map", "CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT"],
  ["controller.quorum.voters", "1@localhost:9093"],
  ["log.dirs", "./data"],
  ["offsets.topic.replication.factor", "1"],
  ["transaction.state.log.replication.factor", "1"],
  ["transaction.state.log.min.isr", "1"],
  ["group.initial.rebalance.delay.ms", "0"],
];

export function parseOverrides(list: string[]): Array<[string, string]> {
  return list.map((o) => {
    const i = o.indexOf("=");
    if (i <= 0) throw new ConfigError("--override", o, "key=value");
    return [o.slice(0, i).trim(), o.slice(i + 1)];
  });
}

export function loadConfig(configFile: string | undefined, overrides: string[]): BrokerConfig {
  let props: Map<string, string>;
  if (configFile) {
    if (!existsSync(configFile)) throw new ConfigError("-c", configFile, "an existing server.properties file");
    props = parseProperties(readFileSync(configFile, "utf8"));
  } else props = new Map(SINGLE_NODE_DEFAULTS);
  const config = BrokerConfig.from(props, parseOverrides(overrides));
  // The KRaft keys as Kafka 4.4.0 checks them (process.roles, node.id, controller.listener.names, the
  // voters or bootstrap servers, the listeners' split), with Kafka's texts.
  validateKRaftConfig(config.given);
  return config;
}

export async function serverStart(configFile: string | undefined, overrides: string[]): Promise<void> {
  const log = createLogger();
  mark("server-start");
  const config = loadConfig(configFile, overrides);
  mark("config-loaded");
  for (const w of config.warnings) log.warn(w);
  const dirs = [...new Set([...config.logDirs, config.metadataLogDir])];
  if (!configFile && Broker.readClusterId(dirs) === null) {
    const id = config.optionalString("cluster.id") ?? randomKafkaUuid();
    // A single node formatted on its first start is the whole quorum: with no controller.quorum.voters
    // that is `kafka-storage format --standalone`.
    const dynamic = config.roles.has("controller") && parseVoters(config.given.get("controller.quorum.voters")).length === 0;
    const written = await formatStorage(config, id, { ignoreFormatted: true, onlyEmpty: true, quorum: dynamic ? { kind: "standalone" } : null });
    log.info("formatted empty data directory", { clusterId: id, dirs: written.map((w) => w.dir).join(",") });
  }
  mark("formatted");
  const broker = new Broker({ config, log });
  // Signals are handled from the start: a SIGTERM during start-up stops the broker cleanly too.
  let signalled = false;
  const onSignal = (sig: string) => {
    if (signalled) return;
    signalled = true;
    log.info("signal received, stopping", { signal: sig });
    broker.stop().then(
      () => process.exit(0),
      (e: unknown) => {
        log.error("shutdown failed", { error: String(e) });
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", () => onSignal("SIGTERM"));
  process.on("SIGINT", () => onSignal("SIGINT"));
  try {
    await broker.start();
    // A broker that stops on its own after starting (a fatal lifecycle failure) ends the process, as
    // Kafka's does; a signal's stop exits from onSignal.
    void broker.stopped.then(() => {
      if (signalled) return;
      log.error("the broker stopped on its own: exiting");
      process.exit(1);
    });
  } catch (e) {
    if (signalled) return;
    if (e instanceof NotFormattedError || e instanceof ConfigError) throw e;
    log.error("start-up failed", { error: (e as Error).stack ?? String(e) });
    await broker.stop().catch(() => {});
    throw e;
  }
}
