// ApiVersions (key 18), versions 0-5 served.
//
// Lists every API this broker serves with the versions it serves (advertisedMinVersion where Kafka
// advertises lower than it accepts, e.g. Produce from 0, KAFKA-18659). The response header is always
// v0; an unknown ApiVersions version is answered by the dispatcher with UNSUPPORTED_VERSION (KIP-511).
// v3+: ClientSoftwareName/Version must match Kafka's pattern, else INVALID_REQUEST.
// v5 (KIP-1242): a client naming a ClusterId and NodeId that are not ours gets REBOOTSTRAP_REQUIRED.
//
// v3+: SupportedFeatures (this node's ranges, supported-features.ts), FinalizedFeatures (the image's
// levels above 0, metadata.version included) and FinalizedFeaturesEpoch (the offset of the last
// metadata record applied), as Kafka 4.4.0: a v3 request gets no feature whose minimum is 0 (Kafka
// hides them from pre-KIP-1022 clients), and both arrays come in Kafka's HashMap order. Java 4.x
// producers and franz-go use Transactions V2 when transaction.version >= 2 is finalized.
// ZkMigrationReady is always false (KRaft only).

import { ErrorCode } from "../../protocol/errors.ts";
import type { ApiVersionsRequest } from "../../protocol/generated/messages/api-versions-request.ts";
import { newApiVersionsResponse, type ApiVersionsResponse } from "../../protocol/generated/messages/api-versions-response.ts";
import { defineHandler } from "../handler.ts";
import type { MetadataImage } from "../../metadata/image.ts";
import { METADATA_VERSION_FEATURE, SUPPORTED_FEATURES } from "../../metadata/supported-features.ts";
import { javaHashMapCapacity, javaHashMapOrder } from "../../util/java-hash-order.ts";

/** Kafka's ApiVersionsRequest.isValid pattern for client software name and version. */
const SOFTWARE_PATTERN = /^[a-zA-Z0-9](?:[a-zA-Z0-9\-.]*[a-zA-Z0-9])?$/;

export const apiVersionsHandler = defineHandler<ApiVersionsRequest, ApiVersionsResponse>({
  key: 18,
  minVersion: 0,
  maxVersion: 5,
  handle(ctx, req) {
    const res = newApiVersionsResponse();
    if (ctx.apiVersion >= 3 && (!SOFTWARE_PATTERN.test(req.clientSoftwareName) || !SOFTWARE_PATTERN.test(req.clientSoftwareVersion))) {
      res.errorCode = ErrorCode.INVALID_REQUEST;
      return res;
    }
    if (ctx.apiVersion >= 5 && req.clusterId !== null && (req.clusterId !== ctx.services.clusterId || req.nodeId !== ctx.services.nodeId)) {
      res.errorCode = ErrorCode.REBOOTSTRAP_REQUIRED;
      return res;
    }
    // Kafka's ClientInformation of the channel: KIP-714 subscriptions match on it.
    if (ctx.apiVersion >= 3) ctx.conn.clientSoftware = { name: req.clientSoftwareName, version: req.clientSoftwareVersion };
    res.apiKeys = [...ctx.services.apis];
    if (ctx.apiVersion >= 3) setFeatures(res, ctx.services.metadata.image, ctx.apiVersion);
    return res;
  },
});

/** Kafka's ApiVersionsResponse.createApiVersionsResponse features, from this node's ranges and `image`. */
export function setFeatures(res: ApiVersionsResponse, image: Pick<MetadataImage, "features" | "offset">, apiVersion: number): void {
  const supported = SUPPORTED_FEATURES.filter((f) => apiVersion >= 4 || f.minVersion !== 0);
  const byName = new Map(supported.map((f) => [f.name, f]));
  // BrokerFeatures builds a `new HashMap<>()` holding every feature, then filters it.
  const supportedOrder = javaHashMapOrder(supported.map((f) => f.name), javaHashMapCapacity(0, SUPPORTED_FEATURES.length));
  res.supportedFeatures = supportedOrder.map((name) => {
    const f = byName.get(name)!;
    return { name, minVersion: f.minVersion, maxVersion: f.maxVersion };
  });
  // FinalizedFeatures copies the finalized levels into a HashMap, then puts metadata.version.
  const levels = new Map<string, number>();
  const others = [...image.features.keys()].filter((n) => n !== METADATA_VERSION_FEATURE).sort();
  for (const name of others) levels.set(name, image.features.get(name)!);
  const mv = image.features.get(METADATA_VERSION_FEATURE);
  if (mv !== undefined) levels.set(METADATA_VERSION_FEATURE, mv);
  const finalizedOrder = javaHashMapOrder([...levels.keys()], javaHashMapCapacity(others.length, mv === undefined ? 0 : 1));
  res.finalizedFeatures = finalizedOrder
    .filter((name) => levels.get(name)! !== 0)
    .map((name) => ({ name, maxVersionLevel: levels.get(name)!, minVersionLevel: levels.get(name)! }));
  res.finalizedFeaturesEpoch = image.offset;
  res.zkMigrationReady = false;
}
