// kafka-features.sh (Kafka 4.4.0's FeatureCommand) against the broker under test: describe on a fresh
// cluster, refused updates with Kafka's messages, a dry run, a downgrade and an upgrade of
// transaction.version (the switch between Transactions V1 and V2) that survive a restart.
// Written once for both targets; where Strand deliberately differs (features it does not serve are
// supported at 0-0 and not finalized: src/metadata/supported-features.ts), the table says so.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { probeKafkaDist } from "../support/kafka-dist.ts";
import { parseFeaturesDescribe, runFeatures } from "../support/kafka-tools.ts";
import { startTarget } from "./target.ts";
import type { InteropTarget } from "./target.ts";
import { interopTarget } from "./targets.ts";

const dist = await probeKafkaDist();
const TARGET = interopTarget();

/** `describe` of a fresh single node: feature -> [SupportedMinVersion, SupportedMaxVersion, FinalizedVersionLevel]. */
const FRESH: Record<string, [string, string, string]> = {
  "metadata.version": ["3.3-IV3", "4.4-IV2", "4.4-IV2"],
  "transaction.version": ["0", "2", "2"],
  "group.version": ["0", "1", "1"],
  "streams.version": ["0", "1", "1"],
  ...(TARGET === "kafka"
    ? {
        "kraft.version": ["0", "1", "0"],
        "eligible.leader.replicas.version": ["0", "1", "1"],
        "share.version": ["0", "2", "2"],
      }
    : {
        "kraft.version": ["0", "1", "0"],
        "eligible.leader.replicas.version": ["0", "1", "0"],
        "share.version": ["0", "2", "2"],
      }),
};

const PREFIX = "The update failed for all features since the following feature had an error: ";

describe.skipIf(!dist.ok)(`kafka-features.sh vs ${TARGET}`, () => {
  let target: InteropTarget;

  beforeAll(async () => {
    target = await startTarget();
  }, 120_000);

  afterAll(async () => {
    await target?.remove();
  }, 120_000);

  async function describeFeatures() {
    const r = await runFeatures(target.bootstrap, ["describe"]);
    expect(r.exitCode).toBe(0);
    return parseFeaturesDescribe(r.stdout);
  }

  test("describe on a fresh cluster: transaction.version finalized at 2", async () => {
    const features = await describeFeatures();
    expect(Object.fromEntries([...features].map(([k, v]) => [k, [v.supportedMin, v.supportedMax, v.finalized]]))).toEqual(FRESH);
    const epochs = new Set([...features.values()].map((v) => v.epoch));
    expect(epochs.size).toBe(1);
    expect([...epochs][0]).toBeGreaterThan(0);
  }, 60_000);

  test("refused updates exit 1 with Kafka's messages and change nothing", async () => {
    const tooHigh = await runFeatures(target.bootstrap, ["upgrade", "--feature", "transaction.version=9"]);
    expect(tooHigh.exitCode).toBe(1);
    expect(tooHigh.stdout.trim()).toBe(
      `Could not upgrade transaction.version to 9. ${PREFIX}Invalid update version 9 for feature transaction.version. Local controller 1 only supports versions 0-2`,
    );
    const unknown = await runFeatures(target.bootstrap, ["upgrade", "--feature", "bogus.feature=1"]);
    expect(unknown.exitCode).toBe(1);
    expect(unknown.stdout).toContain("Invalid update version 1 for feature bogus.feature. Local controller 1 does not support this feature.");
    const asUpgrade = await runFeatures(target.bootstrap, ["upgrade", "--feature", "transaction.version=1"]);
    expect(asUpgrade.exitCode).toBe(1);
    expect(asUpgrade.stdout).toContain(
      "Invalid update version 1 for feature transaction.version. Can't downgrade the version of this feature without setting the upgrade type to either safe or unsafe downgrade.",
    );
    const mv = await runFeatures(target.bootstrap, ["downgrade", "--metadata", "3.9"]);
    expect(mv.exitCode).toBe(1);
    expect(mv.stdout).toContain(
      `Could not downgrade metadata.version to 21. ${PREFIX}Unsupported metadata.version downgrade from 33 to 21. Refusing to perform the requested downgrade because it might delete metadata information.`,
    );
    const dry = await runFeatures(target.bootstrap, ["downgrade", "--feature", "transaction.version=1", "--dry-run"]);
    expect([dry.exitCode, dry.stdout.trim()]).toEqual([0, "transaction.version can be downgraded to 1."]);
    expect((await describeFeatures()).get("transaction.version")?.finalized).toBe("2");
  }, 120_000);

  test("downgrade to transaction.version 1 survives a restart; upgrade back to 2", async () => {
    const before = (await describeFeatures()).get("transaction.version")!.epoch;
    const down = await runFeatures(target.bootstrap, ["downgrade", "--feature", "transaction.version=1"]);
    expect([down.exitCode, down.stdout.trim()]).toEqual([0, "transaction.version was downgraded to 1."]);
    const after = (await describeFeatures()).get("transaction.version")!;
    expect(after.finalized).toBe("1");
    expect(after.epoch).toBeGreaterThan(before);

    await target.restart("SIGTERM");
    expect((await describeFeatures()).get("transaction.version")?.finalized).toBe("1");

    const up = await runFeatures(target.bootstrap, ["upgrade", "--feature", "transaction.version=2"]);
    expect([up.exitCode, up.stdout.trim()]).toEqual([0, "transaction.version was upgraded to 2."]);
    const features = await describeFeatures();
    expect(features.get("transaction.version")?.finalized).toBe("2");
    expect(features.get("group.version")?.finalized).toBe("1");
  }, 180_000);
});
