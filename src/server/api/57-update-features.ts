// UpdateFeatures (key 57), versions 0-2 served (KIP-584, KIP-778 upgrade types, KIP-1022 v2).
//
// Sets finalized feature levels through the controller (metadata/feature-control.ts): each update is
// a FeatureLevelRecord in the metadata log, committed before the answer, so the level survives a
// restart and the next ApiVersions answer (and `kafka-features.sh describe`) shows it. A bad update
// fails the whole request with a top-level INVALID_UPDATE_VERSION and Kafka 4.4.0's message; on
// success v0-1 list every requested feature with error NONE and message "NONE" (Kafka sets
// Errors.NONE.message()), v2 has no per-feature results. ValidateOnly (v1+, `--dry-run`) checks
// without writing. As in Kafka 4.4.0, a v0 request's AllowDowngrade is not read: its UpgradeType
// takes the v1 default, UPGRADE, so a v0 downgrade is refused.
//
// With an authorizer, ALTER on the cluster (else CLUSTER_AUTHORIZATION_FAILED, nothing changed).
//
// Left out: timeoutMs (the change commits at once on a single node).

import { ErrorCode } from "../../protocol/errors.ts";
import type { UpdateFeaturesRequest } from "../../protocol/generated/messages/update-features-request.ts";
import { newUpdateFeaturesResponse, type UpdateFeaturesResponse } from "../../protocol/generated/messages/update-features-response.ts";
import { defineHandler } from "../handler.ts";
import { AclOperation } from "../../metadata/authorizer/acl.ts";
import { authorizeCluster } from "../auth-helper.ts";

/** Kafka's UpdateFeaturesRequestData FeatureUpdates bound (Strand's): one per known feature is plenty. */
const MAX_FEATURE_UPDATES = 1000;

export const updateFeaturesHandler = defineHandler<UpdateFeaturesRequest, UpdateFeaturesResponse>({
  key: 57,
  minVersion: 0,
  maxVersion: 2,
  async handle(ctx, req) {
    const res = newUpdateFeaturesResponse();
    res.errorMessage = null;
    // ControllerApis.handleUpdateFeatures: ALTER on the cluster.
    if (!authorizeCluster(ctx, AclOperation.ALTER)) {
      res.errorCode = ErrorCode.CLUSTER_AUTHORIZATION_FAILED;
      res.errorMessage = "Cluster authorization failed.";
      if (ctx.apiVersion <= 1) res.results = req.featureUpdates.map((u) => ({ feature: u.feature, errorCode: ErrorCode.CLUSTER_AUTHORIZATION_FAILED, errorMessage: "Cluster authorization failed." }));
      return res;
    }
    const updateFeatures = ctx.services.metadata.updateFeatures?.bind(ctx.services.metadata);
    if (!updateFeatures) {
      res.errorCode = ErrorCode.UNKNOWN_SERVER_ERROR;
      res.errorMessage = "this metadata layer cannot update features";
      return res;
    }
    if (req.featureUpdates.length > MAX_FEATURE_UPDATES) {
      res.errorCode = ErrorCode.INVALID_REQUEST;
      res.errorMessage = `UpdateFeatures holds ${req.featureUpdates.length} feature updates; Strand accepts at most ${MAX_FEATURE_UPDATES}.`;
      return res;
    }
    const result = await updateFeatures(
      req.featureUpdates.map((u) => ({ feature: u.feature, maxVersionLevel: u.maxVersionLevel, upgradeType: u.upgradeType })),
      { validateOnly: ctx.apiVersion >= 1 && req.validateOnly },
    );
    res.errorCode = result.errorCode;
    res.errorMessage = result.errorMessage;
    if (result.errorCode === ErrorCode.NONE && ctx.apiVersion <= 1) {
      res.results = req.featureUpdates.map((u) => ({ feature: u.feature, errorCode: ErrorCode.NONE, errorMessage: "NONE" }));
    }
    return res;
  },
});
