// One topic-config snapshot per metadata image (issue 10, item 3): resolved once per (image, topic),
// carried over when an image leaves a topic's inputs alone, bounded, honouring every layer (topic
// override > per-broker dynamic > cluster default > server.properties > Kafka default), and the
// metadata layer that publishes the images hands the result to the live logs (AlterConfigs, restart).
import { afterEach, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BrokerConfig } from "../../../src/config/broker-config.ts";
import { resolveTopicConfig, type TopicConfigResolver } from "../../../src/config/topic-config-resolved.ts";
import { formatStorage } from "../../../src/cli/server-command.ts";
import type { MetadataLayer } from "../../../src/metadata/layer.ts";
import { Broker } from "../../../src/server/broker.ts";
import { TopicConfigSnapshot } from "../../../src/metadata/topic-config-snapshot.ts";
import { createLogger } from "../../../src/util/log.ts";
import { LogManager } from "../../../src/storage/log-manager.ts";

type Configs = Map<string, ReadonlyMap<string, string>>;
const m = (o: Record<string, string>): ReadonlyMap<string, string> => new Map(Object.entries(o));

function counting(): { resolve: TopicConfigResolver; calls: string[] } {
  const calls: string[] = [];
  const resolve: TopicConfigResolver = (layers, overrides, onError) => {
    calls.push([...overrides].map(([k, v]) => `${k}=${v}`).join(","));
    return resolveTopicConfig(layers, overrides, onError);
  };
  return { resolve, calls };
}

describe("TopicConfigSnapshot", () => {
  test("each topic is resolved once per image, however often it is read", () => {
    const { resolve, calls } = counting();
    const configs: Configs = new Map([["topic:a", m({ "max.message.bytes": "1000" })]]);
    const s = new TopicConfigSnapshot({ configs, staticConfig: new Map(), nodeId: 1, resolve });
    for (let i = 0; i < 1000; i++) {
      expect(s.get("a").settings.maxMessageBytes).toBe(1000);
      expect(s.get("b").settings.maxMessageBytes).toBe(1048588);
    }
    expect(calls.length).toBe(2);
    // The same object each time: nothing is rebuilt per request.
    expect(s.get("a")).toBe(s.get("a"));
  });

  test("a new image reuses entries whose inputs did not change and re-resolves the rest", () => {
    const { resolve, calls } = counting();
    const a = m({ "retention.ms": "1" });
    const staticConfig = new Map<string, string>();
    const first = new TopicConfigSnapshot({ configs: new Map([["topic:a", a], ["topic:b", m({ "retention.ms": "2" })]]), staticConfig, nodeId: 1, resolve });
    first.get("a");
    first.get("b");
    first.get("c");
    expect(calls.length).toBe(3);
    // b's overrides replaced (as the image builder replaces a changed resource's map): only b again.
    const second = new TopicConfigSnapshot({ configs: new Map([["topic:a", a], ["topic:b", m({ "retention.ms": "3" })]]), staticConfig, nodeId: 1, resolve }, first);
    expect(second.get("a")).toBe(first.get("a"));
    expect(second.get("c")).toBe(first.get("c"));
    expect(second.get("b").logConfig.retentionMs).toBe(3);
    expect(calls.length).toBe(4);
    // A broker-level change (the cluster default) re-resolves every topic.
    const third = new TopicConfigSnapshot({ configs: new Map([["topic:a", a], ["broker:", m({ "log.retention.ms": "9" })]]), staticConfig, nodeId: 1, resolve }, second);
    expect(third.get("a").logConfig.retentionMs).toBe(1);
    expect(third.get("c").logConfig.retentionMs).toBe(9);
    expect(calls.length).toBe(6);
  });

  test("every layer is honoured, most specific first", () => {
    const staticConfig = m({ "log.retention.ms": "100", "message.max.bytes": "5000" });
    const layered = (configs: Configs) => new TopicConfigSnapshot({ configs, staticConfig, nodeId: 3 }).get("t");
    expect(layered(new Map()).logConfig.retentionMs).toBe(100);
    expect(layered(new Map()).settings.maxMessageBytes).toBe(5000);
    const dflt = m({ "log.retention.ms": "200", "message.max.bytes": "6000" });
    expect(layered(new Map([["broker:", dflt]])).logConfig.retentionMs).toBe(200);
    const perBroker = m({ "log.retention.ms": "300", "message.max.bytes": "7000" });
    const withBroker: Configs = new Map([["broker:", dflt], ["broker:3", perBroker], ["broker:4", m({ "log.retention.ms": "999" })]]);
    expect(layered(withBroker).logConfig.retentionMs).toBe(300);
    expect(layered(withBroker).settings.maxMessageBytes).toBe(7000);
    expect(layered(withBroker).logConfig.maxMessageBytes).toBe(7000);
    withBroker.set("topic:t", m({ "retention.ms": "400", "max.message.bytes": "8000" }));
    expect(layered(withBroker).logConfig.retentionMs).toBe(400);
    expect(layered(withBroker).settings.maxMessageBytes).toBe(8000);
    // internal.segment.bytes is the segment size for both users (Kafka's LogConfig.segmentSize()).
    const small = layered(new Map([["topic:t", m({ "internal.segment.bytes": "4096" })]]));
    expect([small.settings.segmentBytes, small.logConfig.segmentBytes]).toEqual([4096, 4096]);
    // Kafka's default when no layer has the key.
    expect(new TopicConfigSnapshot({ configs: new Map(), staticConfig: new Map(), nodeId: 1 }).get("t").logConfig.retentionMs).toBe(604800000);
  });

  test("a stored value that does not parse falls back to the next layer and is reported once", () => {
    const errors: string[] = [];
    const s = new TopicConfigSnapshot({
      configs: new Map([["topic:t", m({ "retention.ms": "soon" })], ["broker:", m({ "log.retention.ms": "500" })]]),
      staticConfig: new Map(),
      nodeId: 1,
      onError: (topic, e) => errors.push(`${topic}:${e.key}`),
    });
    for (let i = 0; i < 10; i++) expect(s.get("t").logConfig.retentionMs).toBe(500);
    expect(errors).toEqual(["t:retention.ms"]);
  });

  test("the number of entries is bounded", () => {
    const s = new TopicConfigSnapshot({ configs: new Map(), staticConfig: new Map(), nodeId: 1, maxEntries: 10 });
    for (let i = 0; i < 1000; i++) s.get(`t${i}`);
    expect(s.size).toBeLessThanOrEqual(10);
  });
});

describe("the metadata layer hands the snapshot to the logs", () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })), 120_000);

  interface Node {
    md: MetadataLayer;
    logs: LogManager;
    broker: Broker;
  }
  /** A single node in process (its one-voter Raft quorum); the ReplicaManager applies committed config changes to the live logs. */
  async function open(dir: string): Promise<Node> {
    const config = BrokerConfig.from(
      new Map(),
      Object.entries({
        "node.id": "1",
        "log.dirs": join(dir, "logs"),
        "process.roles": "broker,controller",
        "controller.quorum.voters": "1@127.0.0.1:9093",
        listeners: "PLAINTEXT://127.0.0.1:0,CONTROLLER://127.0.0.1:0",
        "strand.admin.listener": "127.0.0.1:0",
        "controller.listener.names": "CONTROLLER",
        "listener.security.protocol.map": "CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT",
        "log.retention.ms": "111111",
      }),
    );
    await formatStorage(config, "AAAAAAAAAAAAAAAAAAAAAA", { ignoreFormatted: true });
    const broker = new Broker({ config, log: createLogger("error") });
    await broker.start();
    return { md: broker.metadata, logs: broker.logs, broker };
  }
  async function close(x: Node): Promise<void> {
    await x.broker.stop();
    // `stopped` settles for whoever stopped the broker (the CLI exits on it after a fatal failure).
    expect(await Promise.race([x.broker.stopped.then(() => "stopped"), Bun.sleep(5_000).then(() => "pending")])).toBe("stopped");
  }
  const retentionOf = (logs: LogManager, topic: string) => logs.getLog({ topic, partition: 0 })!.config.retentionMs;
  const alter = (md: MetadataLayer, resourceType: "topic" | "broker", resourceName: string, name: string, value: string | null) =>
    md.alterConfigs([{ resourceType, resourceName, changes: [{ resourceType, resourceName, name, value, op: value === null ? "delete" : "set" }] }], { validateOnly: false, incremental: true });

  test("AlterConfigs of a topic, a broker and the cluster default change the live log's config, and survive a restart", async () => {
    const dir = mkdtempSync(join(tmpdir(), "strand-snapshot-"));
    dirs.push(dir);
    let x = await open(dir);
    const created = await x.md.createTopics([{ name: "t", numPartitions: 1, replicationFactor: 1, assignments: [], configs: [] }, { name: "o", numPartitions: 1, replicationFactor: 1, assignments: [], configs: [{ name: "retention.ms", value: "5" }] }], { validateOnly: false });
    expect(created.map((r) => r.errorCode)).toEqual([0, 0]);
    expect(retentionOf(x.logs, "t")).toBe(111111); // server.properties
    expect(retentionOf(x.logs, "o")).toBe(5); // topic override
    expect((await alter(x.md, "broker", "", "log.retention.ms", "222222"))[0]!.errorCode).toBe(0);
    expect(retentionOf(x.logs, "t")).toBe(222222); // cluster default
    expect((await alter(x.md, "broker", "1", "log.retention.ms", "333333"))[0]!.errorCode).toBe(0);
    expect(retentionOf(x.logs, "t")).toBe(333333); // per-broker dynamic
    expect(retentionOf(x.logs, "o")).toBe(5);
    // The log and produce validation read the same resolved object.
    expect(x.md.image.topicConfigs!.get("t").logConfig.retentionMs).toBe(333333);
    expect((await alter(x.md, "topic", "t", "retention.ms", "444444"))[0]!.errorCode).toBe(0);
    expect(retentionOf(x.logs, "t")).toBe(444444);
    expect((await alter(x.md, "topic", "t", "retention.ms", null))[0]!.errorCode).toBe(0);
    expect(retentionOf(x.logs, "t")).toBe(333333);
    await close(x);

    x = await open(dir);
    expect(retentionOf(x.logs, "t")).toBe(333333);
    expect(retentionOf(x.logs, "o")).toBe(5);
    expect((await alter(x.md, "broker", "1", "log.retention.ms", null))[0]!.errorCode).toBe(0);
    expect(retentionOf(x.logs, "t")).toBe(222222);
    await close(x);
  });
});
