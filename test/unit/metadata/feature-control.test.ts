// UpdateFeatures planning (feature-control.ts) against the answers a Kafka 4.4.0 single node gave to
// the same requests (captured with raw UpdateFeatures requests and kafka-features.sh).
import { describe, expect, test } from "bun:test";
import { planUpdateFeatures, UPDATE_FAILED_PREFIX, UpgradeType, type FeatureUpdate } from "../../../src/metadata/feature-control.ts";
import { RecordType } from "../../../src/metadata/record-serde.ts";
import { bootstrapFeatureLevels } from "../../../src/metadata/supported-features.ts";

const fresh = { features: new Map(bootstrapFeatureLevels().map((f) => [f.name, f.level])) };
const up = (feature: string, maxVersionLevel: number, upgradeType: number = UpgradeType.UPGRADE): FeatureUpdate => ({ feature, maxVersionLevel, upgradeType });
const fail = (msg: string) => ({ errorCode: 95, errorMessage: UPDATE_FAILED_PREFIX + msg, records: [] });

describe("bootstrap", () => {
  test("a fresh cluster finalizes metadata.version 33, then group.version 1, share.version 2, streams.version 1 and transaction.version 2 by name", () => {
    expect(bootstrapFeatureLevels()).toEqual([
      { name: "metadata.version", level: 33 },
      { name: "group.version", level: 1 },
      { name: "share.version", level: 2 },
      { name: "streams.version", level: 1 },
      { name: "transaction.version", level: 2 },
    ]);
  });
});

describe("planUpdateFeatures", () => {
  test("a downgrade of transaction.version becomes one FeatureLevelRecord", () => {
    const plan = planUpdateFeatures(fresh, 1, [up("transaction.version", 1, UpgradeType.SAFE_DOWNGRADE)]);
    expect(plan.errorCode).toBe(0);
    expect(plan.errorMessage).toBeNull();
    expect(plan.records.map((r) => [r.apiKey, r.message])).toEqual([[RecordType.FEATURE_LEVEL, { name: "transaction.version", featureLevel: 1 }]]);
  });

  test("setting the current level still writes the record (as Kafka's controller does)", () => {
    expect(planUpdateFeatures(fresh, 1, [up("transaction.version", 2)]).records).toHaveLength(1);
  });

  test("disable (level 0 with SAFE_DOWNGRADE) writes level 0", () => {
    const plan = planUpdateFeatures(fresh, 1, [up("group.version", 0, UpgradeType.SAFE_DOWNGRADE)]);
    expect(plan.records.map((r) => r.message)).toEqual([{ name: "group.version", featureLevel: 0 }]);
  });

  test("a level above the supported range", () => {
    expect(planUpdateFeatures(fresh, 1, [up("transaction.version", 9)])).toEqual(
      fail("Invalid update version 9 for feature transaction.version. Local controller 1 only supports versions 0-2"),
    );
  });

  test("an unknown feature; share.version and streams.version above their ranges", () => {
    expect(planUpdateFeatures(fresh, 1, [up("bogus.feature", 1)])).toEqual(fail("Invalid update version 1 for feature bogus.feature. Local controller 1 does not support this feature."));
    expect(planUpdateFeatures(fresh, 3, [up("streams.version", 2)])).toEqual(fail("Invalid update version 2 for feature streams.version. Local controller 3 only supports versions 0-1"));
    expect(planUpdateFeatures(fresh, 3, [up("share.version", 3)])).toEqual(fail("Invalid update version 3 for feature share.version. Local controller 3 only supports versions 0-2"));
  });

  test("a downgrade sent as UPGRADE, an upgrade sent as a downgrade, an unknown upgrade type, a negative level", () => {
    expect(planUpdateFeatures(fresh, 1, [up("transaction.version", 1)])).toEqual(
      fail("Invalid update version 1 for feature transaction.version. Can't downgrade the version of this feature without setting the upgrade type to either safe or unsafe downgrade."),
    );
    const tv1 = { features: new Map([["metadata.version", 33], ["transaction.version", 1]]) };
    expect(planUpdateFeatures(tv1, 1, [up("transaction.version", 2, UpgradeType.SAFE_DOWNGRADE)])).toEqual(
      fail("Invalid update version 2 for feature transaction.version. Can't downgrade to a newer version."),
    );
    expect(planUpdateFeatures(fresh, 1, [up("transaction.version", 2, 0)])).toEqual(
      fail("Invalid update version 2 for feature transaction.version. The controller does not support the given upgrade type."),
    );
    expect(planUpdateFeatures(fresh, 1, [up("transaction.version", -1, UpgradeType.SAFE_DOWNGRADE)])).toEqual(
      fail("Invalid update version -1 for feature transaction.version. A feature version cannot be less than 0."),
    );
  });

  test("metadata.version: refused downgrades, a level below the minimum, an upgrade", () => {
    expect(planUpdateFeatures(fresh, 1, [up("metadata.version", 7)])).toEqual(
      fail("Invalid update version 7 for feature metadata.version. Can't downgrade the version of this feature without setting the upgrade type to either safe or unsafe downgrade."),
    );
    expect(planUpdateFeatures(fresh, 1, [up("metadata.version", 21, UpgradeType.SAFE_DOWNGRADE)])).toEqual(
      fail("Unsupported metadata.version downgrade from 33 to 21. Refusing to perform the requested downgrade because it might delete metadata information."),
    );
    expect(planUpdateFeatures(fresh, 1, [up("metadata.version", 7, UpgradeType.UNSAFE_DOWNGRADE)])).toEqual(
      fail("Unsupported metadata.version downgrade from 33 to 7. Unsafe metadata downgrade is not supported in this version."),
    );
    expect(planUpdateFeatures(fresh, 1, [up("metadata.version", 6, UpgradeType.SAFE_DOWNGRADE)])).toEqual(
      fail("Invalid update version 6 for feature metadata.version. Local controller 1 only supports versions 7-33"),
    );
    // 31 -> 30 crosses no metadata change (4.4-IV0 did not change metadata): allowed.
    const mv31 = { features: new Map([["metadata.version", 31]]) };
    expect(planUpdateFeatures(mv31, 1, [up("metadata.version", 30, UpgradeType.SAFE_DOWNGRADE)]).errorCode).toBe(0);
    const mv21 = { features: new Map([["metadata.version", 21]]) };
    expect(planUpdateFeatures(mv21, 1, [up("metadata.version", 33)]).records.map((r) => r.message)).toEqual([{ name: "metadata.version", featureLevel: 33 }]);
  });

  test("kraft.version 0 is a no-op without records; an upgrade to 1 is refused", () => {
    expect(planUpdateFeatures(fresh, 1, [up("kraft.version", 0)])).toEqual({ errorCode: 0, errorMessage: null, records: [] });
    expect(planUpdateFeatures(fresh, 1, [up("kraft.version", 1)]).errorMessage).toBe(
      UPDATE_FAILED_PREFIX + "Invalid update version 1 for feature kraft.version. Local controller 1 does not support upgrading this feature from 0.",
    );
  });

  test("one bad update fails the whole request; a feature named twice keeps its last update", () => {
    expect(planUpdateFeatures(fresh, 1, [up("group.version", 1), up("transaction.version", 9)]).records).toEqual([]);
    const dup = planUpdateFeatures(fresh, 1, [up("transaction.version", 1), up("transaction.version", 2)]);
    expect(dup.errorCode).toBe(0);
    expect(dup.records.map((r) => r.message)).toEqual([{ name: "transaction.version", featureLevel: 2 }]);
  });

  test("updates are checked in Kafka's HashMap order: the first failure reported is the same as Kafka's", () => {
    // kafka-features downgrade --release-version 3.9 against Kafka 4.4.0 reported kraft.version first.
    const releaseVersion39 = [
      up("eligible.leader.replicas.version", 0, 2), up("group.version", 0, 2), up("kraft.version", 1, 2), up("metadata.version", 21, 2),
      up("share.version", 0, 2), up("streams.version", 0, 2), up("transaction.version", 0, 2),
    ];
    expect(planUpdateFeatures(fresh, 1, releaseVersion39).errorMessage).toContain("for feature kraft.version.");
  });
});
