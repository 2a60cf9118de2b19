// UpdateFeatures on the controller, as a pure function of the image (Kafka 4.4.0's
// QuorumController.updateFeatures + FeatureControlManager.updateFeatures/updateFeature/
// updateMetadataVersion; checks, their order and messages read from Kafka's classes and compared
// with a running Kafka 4.4.0). The whole request fails on the first bad update (INVALID_UPDATE_VERSION,
// no records); otherwise every update becomes a FeatureLevelRecord, also one that sets the level the
// feature already has (Kafka writes it too), and a level of 0 removes the feature from the image.
//
// Left out: checking the ranges other brokers registered (one node: the local controller's ranges are
// the broker's), feature dependencies (no feature Strand supports above 0 declares one: Kafka's only
// production dependency is eligible.leader.replicas.version 1 on metadata.version 23), and kraft.version
// upgrades (refused: Strand does not move a static quorum to kraft.version 1; level 0 is a no-op).

import { ErrorCode } from "../protocol/errors.ts";
import { javaHashMapCapacity, javaHashMapOrder } from "../util/java-hash-order.ts";
import type { MetadataImage } from "./image.ts";
import { metadataRecord, RecordType, type MetadataRecordOut } from "./record-serde.ts";
import { KRAFT_VERSION_FEATURE, METADATA_CHANGING_LEVELS, METADATA_VERSION_FEATURE, supportedFeature } from "./supported-features.ts";

/** Kafka's FeatureUpdate.UpgradeType codes (UpdateFeaturesRequest v1+ UpgradeType). */
export const UpgradeType = { UPGRADE: 1, SAFE_DOWNGRADE: 2, UNSAFE_DOWNGRADE: 3 } as const;

export interface FeatureUpdate {
  feature: string;
  maxVersionLevel: number;
  /** UpgradeType code; anything but 1-3 is Kafka's UNKNOWN. */
  upgradeType: number;
}

export interface FeatureUpdatePlan {
  errorCode: number;
  /** Kafka's whole-request message (QuorumController prefixes the feature's error), null on success. */
  errorMessage: string | null;
  records: MetadataRecordOut[];
}

/** The prefix QuorumController puts before the failing feature's message. */
export const UPDATE_FAILED_PREFIX = "The update failed for all features since the following feature had an error: ";

/**
 * Plans the request's updates against `image`. A feature named twice keeps its last update (Kafka
 * collects them in a HashMap and checks them in that map's order).
 */
export function planUpdateFeatures(image: Pick<MetadataImage, "features">, nodeId: number, updates: readonly FeatureUpdate[]): FeatureUpdatePlan {
  const byName = new Map<string, FeatureUpdate>();
  for (const u of updates) byName.set(u.feature, u);
  const order = javaHashMapOrder([...byName.keys()], javaHashMapCapacity(0, byName.size));
  const records: MetadataRecordOut[] = [];
  for (const name of order) {
    const error = updateFeature(image, nodeId, byName.get(name)!, records);
    if (error !== null) return { errorCode: ErrorCode.INVALID_UPDATE_VERSION, errorMessage: UPDATE_FAILED_PREFIX + error, records: [] };
  }
  return { errorCode: ErrorCode.NONE, errorMessage: null, records };
}

/** FeatureControlManager.updateFeature: the error message, or null with the update's records added. */
function updateFeature(image: Pick<MetadataImage, "features">, nodeId: number, u: FeatureUpdate, records: MetadataRecordOut[]): string | null {
  const { feature, maxVersionLevel: level, upgradeType } = u;
  const invalid = (why: string) => `Invalid update version ${level} for feature ${feature}. ${why}`;
  if (upgradeType !== UpgradeType.UPGRADE && upgradeType !== UpgradeType.SAFE_DOWNGRADE && upgradeType !== UpgradeType.UNSAFE_DOWNGRADE) {
    return invalid("The controller does not support the given upgrade type.");
  }
  // kraft.version lives in the raft layer, not in the image: a single static voter runs at 0.
  const current = feature === KRAFT_VERSION_FEATURE ? 0 : (image.features.get(feature) ?? 0);
  if (level < 0) return invalid("A feature version cannot be less than 0.");
  const notSupported = reasonNotSupported(nodeId, feature, level);
  if (notSupported !== null) return invalid(notSupported);
  if (level < current && upgradeType === UpgradeType.UPGRADE) {
    return invalid("Can't downgrade the version of this feature without setting the upgrade type to either safe or unsafe downgrade.");
  }
  if (level > current && upgradeType !== UpgradeType.UPGRADE) return invalid("Can't downgrade to a newer version.");
  if (feature === METADATA_VERSION_FEATURE) {
    const error = metadataVersionError(current, level, upgradeType === UpgradeType.UNSAFE_DOWNGRADE);
    if (error !== null) return error;
  } else if (feature === KRAFT_VERSION_FEATURE) {
    // Kafka: an upgrade goes to the raft layer (a no-op at the current level), a downgrade is refused.
    if (upgradeType !== UpgradeType.UPGRADE && level !== current) return invalid("Can't downgrade the version of this feature.");
    // Strand's raft layer does not upgrade a static quorum to kraft.version 1 (Kafka writes the voters
    // into the log then): refused, as the 0-0 range refused it before KIP-853 voters were served.
    if (level > current) return invalid(`Local controller ${nodeId} does not support upgrading this feature from ${current}.`);
    return null;
  }
  records.push(metadataRecord(RecordType.FEATURE_LEVEL, { name: feature, featureLevel: level }));
  return null;
}

/** QuorumFeatures.reasonNotLocallySupported: a level outside this node's range. */
function reasonNotSupported(nodeId: number, feature: string, level: number): string | null {
  const f = supportedFeature(feature);
  const min = f?.minVersion ?? 0;
  const max = f?.maxVersion ?? 0; // an unknown feature is Kafka's DISABLED range 0-0
  if (level >= min && level <= max) return null;
  if (max === 0) return `Local controller ${nodeId} does not support this feature.`;
  return `Local controller ${nodeId} only supports versions ${min}-${max}`;
}

/** FeatureControlManager.updateMetadataVersion: a downgrade across a metadata change is refused. */
function metadataVersionError(current: number, level: number, unsafe: boolean): string | null {
  if (level >= current) return null;
  let changed = false;
  for (let v = current; v > level; v--) if (METADATA_CHANGING_LEVELS.has(v)) changed = true;
  if (!changed) return null;
  const why = unsafe ? "Unsafe metadata downgrade is not supported in this version." : "Refusing to perform the requested downgrade because it might delete metadata information.";
  return `Unsupported metadata.version downgrade from ${current} to ${level}. ${why}`;
}
