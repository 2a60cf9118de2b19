// The per-request cost of a topic's produce settings (resolveTopicSettings), for one topic with two
// overrides under a cluster-wide dynamic default. With the topic-config snapshot (issue 10, item 3) the
// image carries the resolved settings and a call is a map lookup; without it (an older tree, or an
// image built without the metadata layer) every call resolves the config strings. Runs against
// whatever src/ sits next to it, so the same script measures two source trees.
//
//   bun bench/topic-settings-micro.ts [--calls N] [--rounds N]
import { BrokerConfig } from "../src/config/broker-config.ts";
import type { MetadataImage } from "../src/metadata/image.ts";
import { resolveTopicSettings } from "../src/server/produce/topic-settings.ts";

const argv = process.argv.slice(2);
const opt = (name: string, dflt: number): number => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? Number(argv[i + 1]) : dflt;
};
const calls = opt("calls", 1_000_000);
const rounds = opt("rounds", 5);

const config = BrokerConfig.from(new Map(), Object.entries({ "node.id": "1", "log.dirs": "/tmp/unused", "process.roles": "broker,controller", "controller.quorum.voters": "1@127.0.0.1:9093", listeners: "PLAINTEXT://127.0.0.1:0,CONTROLLER://127.0.0.1:0", "controller.listener.names": "CONTROLLER" }));
const configs = new Map<string, ReadonlyMap<string, string>>([
  ["topic:t", new Map([["max.message.bytes", "2000000"], ["cleanup.policy", "compact,delete"]])],
  ["broker:", new Map([["log.message.timestamp.after.max.ms", "60000"]])],
]);
let image = { clusterId: "x", controllerId: 1, offset: 0n, topicsByName: new Map(), topicsById: new Map(), brokers: new Map(), configs, features: new Map() } as unknown as MetadataImage;
let mode = "resolve-per-call";
try {
  const mod = (await import("../src/metadata/topic-config-snapshot.ts")) as { TopicConfigSnapshot: new (i: object) => unknown };
  image = { ...image, topicConfigs: new mod.TopicConfigSnapshot({ configs, staticConfig: config.given, nodeId: 1 }) } as MetadataImage;
  mode = "snapshot";
} catch {
  // An older tree: no snapshot.
}
let sink = 0;
const results: number[] = [];
for (let r = 0; r < rounds; r++) {
  const t0 = process.cpuUsage();
  for (let i = 0; i < calls; i++) sink += (resolveTopicSettings as (...a: unknown[]) => { maxMessageBytes: number })(image, config, "t", 1).maxMessageBytes;
  const t = process.cpuUsage(t0);
  const ns = ((t.user + t.system) * 1000) / calls;
  results.push(ns);
  console.log(JSON.stringify({ round: r, mode, nsPerCall: Math.round(ns * 10) / 10 }));
}
console.log(JSON.stringify({ mode, medianNsPerCall: [...results].sort((a, b) => a - b)[Math.floor(rounds / 2)], sink: sink > 0 }));
