// A single-node Strand broker in this process with an in-memory Persister standing in for the share
// coordinator (memory-persister.ts), for the share-group wire and tool tests. stop() removes its data.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BrokerConfig } from "../../../src/config/broker-config.ts";
import { formatStorage } from "../../../src/cli/server-command.ts";
import { Broker } from "../../../src/server/broker.ts";
import { createLogger } from "../../../src/util/log.ts";
import { MemoryPersister } from "./memory-persister.ts";

export interface ShareStrand {
  broker: Broker;
  port: number;
  bootstrap: string;
  persister: MemoryPersister;
  /** A clean stop and a new Broker on the same data and Persister (a new port: reconnect). */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export async function startShareStrand(): Promise<ShareStrand> {
  const dir = mkdtempSync(join(tmpdir(), "strand-share-"));
  const config = BrokerConfig.from(
    new Map([
      ["process.roles", "broker,controller"],
      ["node.id", "1"],
      ["listeners", "PLAINTEXT://127.0.0.1:0,CONTROLLER://127.0.0.1:0"],
      ["advertised.listeners", "PLAINTEXT://127.0.0.1:0"],
      ["strand.admin.listener", "127.0.0.1:0"],
      ["controller.listener.names", "CONTROLLER"],
      ["listener.security.protocol.map", "CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT"],
      ["controller.quorum.voters", "1@127.0.0.1:9093"],
      ["log.dirs", join(dir, "logs")],
      ["offsets.topic.replication.factor", "1"],
    ]),
    [],
  );
  await formatStorage(config, "U2hhcmVHcm91cHNXaXJlAA", { ignoreFormatted: false });
  const persister = new MemoryPersister();
  const start = async () => {
    const broker = new Broker({ config, log: createLogger((process.env.SHARE_LOG ?? "error") as "error"), sharePersister: persister });
    const port = (await broker.start()).find((b) => b.name === "PLAINTEXT")!.port;
    return { broker, port };
  };
  const first = await start();
  const handle: ShareStrand = {
    broker: first.broker,
    port: first.port,
    bootstrap: `127.0.0.1:${first.port}`,
    persister,
    async restart() {
      await handle.broker.stop();
      const next = await start();
      handle.broker = next.broker;
      handle.port = next.port;
      handle.bootstrap = `127.0.0.1:${next.port}`;
    },
    async stop() {
      await handle.broker.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return handle;
}
