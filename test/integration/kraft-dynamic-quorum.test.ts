// A KIP-853 dynamic quorum of three Strand processes (broker+controller each, no controller.quorum.voters):
// node 1 formats itself on its first start (`server start` on an empty dir is `storage format
// --standalone`), nodes 2 and 3 are formatted with --no-initial-controllers and find the leader through
// controller.quorum.bootstrap.servers. Kafka 4.4.0's `kafka-metadata-quorum.sh --bootstrap-controller
// ... add-controller` (run with each node's properties) makes them voters; remove-controller takes
// one out again; describe --replication shows the voter set each time.

import { until as untilBase } from "../support/until.ts";
import { expect, test } from "bun:test";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { formatStorage, loadConfig } from "../../src/cli/server-command.ts";
import { readMetaProperties, randomKafkaUuid } from "../../src/storage/meta-properties.ts";
import { metadataQuorumTool, parseToolTable } from "../support/kafka-tools.ts";
import { freePorts } from "../support/ports.ts";
import { startStrand } from "../support/strand.ts";
import { strandNodesRemovedAfterAll } from "../support/strand-nodes.ts";

const { handles, dirs } = strandNodesRemovedAfterAll();

const until = <T>(what: string, fn: () => Promise<T | null | undefined | false>, timeoutMs = 30_000) => untilBase(what, fn, timeoutMs, 200);

/** Three nodes of one new cluster: their ports, data dirs, properties, and the tool's view of the quorum. */
async function newCluster(extra: Record<string, string> = {}) {
  const clusterId = randomKafkaUuid();
  const controllerPorts = await freePorts(3);
  const bootstrapServers = `127.0.0.1:${controllerPorts[0]}`;
  const props = (id: number, dataDir: string): Record<string, string> => ({
    "log.dirs": join(dataDir, "logs"),
    "node.id": String(id),
    "cluster.id": clusterId,
    "process.roles": "broker,controller",
    "controller.quorum.voters": "",
    "controller.quorum.bootstrap.servers": bootstrapServers,
    listeners: `PLAINTEXT://127.0.0.1:0,CONTROLLER://127.0.0.1:${controllerPorts[id - 1]}`,
    "advertised.listeners": "PLAINTEXT://127.0.0.1:0",
    "offsets.topic.replication.factor": "1",
    "transaction.state.log.replication.factor": "1",
    "broker.heartbeat.interval.ms": "500",
    "broker.session.timeout.ms": "4000",
    ...extra,
  });
  const start = async (id: number, dataDir: string) => {
    const h = await startStrand({ dataDir, startTimeoutMs: 60_000, overrides: props(id, dataDir) });
    handles.set(id, h);
    return h;
  };
  const dataDirs = [1, 2, 3].map((id) => {
    const d = mkdtempSync(join(tmpdir(), `strand-kip853-${id}-`));
    dirs.push(d);
    return d;
  });
  const replication = async () => parseToolTable((await metadataQuorumTool(["--bootstrap-controller", bootstrapServers], ["describe", "--replication"])).stdout);
  /** Node 1 formats itself on its first start (--standalone); 2 and 3 are formatted --no-initial-controllers. */
  const startAll = async () => {
    await start(1, dataDirs[0]!);
    await until("node 1 leads", async () => (await replication()).some((r) => r.NodeId === "1" && r.Status === "Leader"));
    for (const id of [2, 3]) {
      const dataDir = dataDirs[id - 1]!;
      const overrides = Object.entries(props(id, dataDir)).map(([k, v]) => `${k}=${v}`);
      await formatStorage(loadConfig(undefined, overrides), clusterId, { ignoreFormatted: false, quorum: { kind: "no-initial-controllers" } });
      await start(id, dataDir);
    }
  };
  const voterIds = (rows: Array<Record<string, string>>) => rows.filter((r) => r.Status === "Leader" || r.Status === "Follower").map((r) => r.NodeId).sort().join();
  return { bootstrapServers, props, start, dataDirs, replication, startAll, voterIds };
}

test("dynamic quorum: a standalone controller, two more added with kafka-metadata-quorum add-controller, one removed", async () => {
  const { bootstrapServers, props, start, dataDirs, replication, startAll, voterIds } = await newCluster();
  // Node 1: formatted by its own first start, the quorum's only voter; nodes 2 and 3 join as observers.
  await startAll();
  await until("nodes 2 and 3 observe", async () => {
    const rows = await replication();
    return ["2", "3"].every((id) => rows.some((r) => r.NodeId === id && r.Status === "Observer"));
  });

  for (const id of [2, 3]) {
    const dataDir = dataDirs[id - 1]!;
    const file = join(dataDir, "controller.properties");
    // add-controller reads node.id, the controller listener and the metadata log dir's directory.id from it.
    writeFileSync(file, Object.entries({ ...props(id, dataDir), "controller.listener.names": "CONTROLLER" }).filter(([k]) => k !== "controller.quorum.voters").map(([k, v]) => `${k}=${v}`).join("\n") + "\n");
    // On a busy machine the leader can find the new voter behind its log end and answer REQUEST_TIMED_OUT
    // ("lagging behind"), which the tool retries until its 60 s API timeout and then fails (the tool is
    // given 90 s so that it ends by itself, the add refused, rather than killed mid-request): run it
    // again, bounded, until the leader adds the voter.
    const out = await until(`add-controller ${id}`, () => metadataQuorumTool(["--bootstrap-controller", bootstrapServers, "--command-config", file], ["add-controller"], { timeoutMs: 90_000 }), 150_000);
    expect(out.stdout).toContain(`Added controller ${id}`);
  }
  const voters = await until("three voters", async () => {
    const rows = await replication();
    return voterIds(rows) === "1,2,3" ? rows : null;
  });
  expect(voters.find((r) => r.NodeId === "1")!.Status).toBe("Leader");

  // remove-controller 3 (by id and directory id): back to two voters, 3 an observer.
  const dir3 = readMetaProperties(join(dataDirs[2]!, "logs"))!.directoryId!;
  const rm = await metadataQuorumTool(["--bootstrap-controller", bootstrapServers], ["remove-controller", "--controller-id", "3", "--controller-directory-id", dir3]);
  expect(rm.stdout).toContain("Removed KRaft controller 3");
  await until("voters 1 and 2, 3 observing", async () => {
    const rows = await replication();
    return voterIds(rows) === "1,2" && rows.some((r) => r.NodeId === "3" && r.Status === "Observer");
  });

  // Restarts (SIGKILL, then the same dirs): every node reads the voter set back from its log.
  for (const id of [2, 1, 3]) {
    await handles.get(id)!.kill();
    await start(id, dataDirs[id - 1]!);
  }
  await until("voters 1 and 2 with a leader after the restarts, 3 observing", async () => {
    const rows = await replication();
    return voterIds(rows) === "1,2" && rows.some((r) => r.Status === "Leader") && rows.some((r) => r.NodeId === "3" && r.Status === "Observer");
  }, 60_000);
}, 420_000);

test("controller.quorum.auto.join.enable: controllers formatted --no-initial-controllers add themselves", async () => {
  for (const h of handles.values()) await h.kill().catch(() => {});
  handles.clear();
  const { replication, startAll, voterIds } = await newCluster({ "controller.quorum.auto.join.enable": "true" });
  await startAll();
  await until("voters 1, 2 and 3 by auto-join", async () => voterIds(await replication()) === "1,2,3", 60_000);
}, 180_000);
