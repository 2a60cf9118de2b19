// A log dir whose meta.properties is gone but which holds data is refused, never re-formatted with a
// new cluster id (Kafka refuses to start: "No `meta.properties` found in <dir>"). An empty dir is still
// formatted, as before.
import { afterEach, expect, test } from "bun:test";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { MetaPropertiesMissingError } from "../../../src/storage/errors.ts";
import { LogManager } from "../../../src/storage/log-manager.ts";
import { dataInLogDir, refuseUnformattedDataDir } from "../../../src/storage/meta-properties.ts";
import { tempDir } from "./helpers.ts";

const temps: Array<{ cleanup: () => void }> = [];
afterEach(() => temps.splice(0).forEach((t) => t.cleanup()), 120_000);
const CLUSTER = "metapropsclusterAAAAAA";

test("LogManager refuses a dir with partition data and no meta.properties, and writes nothing", async () => {
  const d = tempDir("strand-meta-");
  temps.push(d);
  const m = LogManager.open({ logDirs: [d.path], nodeId: 1, clusterId: CLUSTER });
  m.getOrCreateLog({ topic: "t", partition: 3 });
  await m.close();
  rmSync(join(d.path, "meta.properties"));
  expect(() => LogManager.open({ logDirs: [d.path], nodeId: 1, clusterId: "anotherclusterAAAAAAAA" })).toThrow(MetaPropertiesMissingError);
  expect(() => LogManager.open({ logDirs: [d.path], nodeId: 1, clusterId: CLUSTER })).toThrow(`No meta.properties found in ${d.path}`);
  expect(existsSync(join(d.path, "meta.properties"))).toBe(false);
});

test("what counts as data: partition dirs and checkpoint files, not stray files; an empty dir is formatted", () => {
  const d = tempDir("strand-meta-");
  temps.push(d);
  writeFileSync(join(d.path, "notes.txt"), "x");
  mkdirSync(join(d.path, "not-a-partition"));
  expect(dataInLogDir(d.path)).toEqual([]);
  expect(() => refuseUnformattedDataDir(d.path)).not.toThrow();
  writeFileSync(join(d.path, "recovery-point-offset-checkpoint"), "0\n0\n");
  mkdirSync(join(d.path, "orders-0"));
  expect(dataInLogDir(d.path)).toEqual(["orders-0/", "recovery-point-offset-checkpoint"]);
  expect(() => refuseUnformattedDataDir(d.path)).toThrow(/orders-0\/, recovery-point-offset-checkpoint/);

  const empty = tempDir("strand-meta-");
  temps.push(empty);
  const m = LogManager.open({ logDirs: [empty.path], nodeId: 1, clusterId: CLUSTER });
  expect(m.metaProperties(empty.path)?.clusterId).toBe(CLUSTER);
  m.abandon();
});
