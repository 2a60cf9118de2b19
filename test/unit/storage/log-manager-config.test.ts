// LogManager configs (issue 20, bug 1): logs loaded at open get the broker-level defaults, and the
// topic source set later (by the metadata layer once its image is replayed) applies through configFor.
import { afterEach, expect, test } from "bun:test";
import { LogManager } from "../../../src/storage/log-manager.ts";
import { valuesBatch } from "./batch-builder.ts";
import { tempDir } from "./helpers.ts";

const CLUSTER = "testclusterAAAAAAAAAAA";
const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((c) => c()), 120_000);

test("broker defaults apply from open; a topic source set later overrides them", async () => {
  const d = tempDir();
  cleanups.push(d.cleanup);
  const first = LogManager.open({ logDirs: [d.path], nodeId: 1, clusterId: CLUSTER, topicConfig: () => ({ retentionMs: -1 }) });
  first.getOrCreateLog({ topic: "t", partition: 0 }).append(valuesBatch(1, 10));
  await first.close();

  const m = LogManager.open({ logDirs: [d.path], nodeId: 1, clusterId: CLUSTER, defaultConfig: { flushMessages: 1, retentionMs: 3_600_000 } });
  const log = m.getLog({ topic: "t", partition: 0 })!;
  expect(log.config).toMatchObject({ flushMessages: 1, retentionMs: 3_600_000 });
  m.setTopicConfigSource((topic) => (topic === "t" ? { retentionMs: -1 } : undefined));
  expect(m.configFor("t")).toMatchObject({ flushMessages: 1, retentionMs: -1 });
  expect(m.configFor("other")).toMatchObject({ flushMessages: 1, retentionMs: 3_600_000 });
  expect(m.getOrCreateLog({ topic: "t", partition: 1 }).config.retentionMs).toBe(-1);
  await m.close();
});
