// ApiVersions (key 18), versions 0-5 served.
//
// Lists every API this broker serves with the versions it serves (advertisedMinVersion where Kafka
// advertises lower than it accepts, e.g. Produce from 0, KAFKA-18659). The response header is always
// v0; an unknown ApiVersions version is answered by the dispatcher with UNSUPPORTED_VERSION (KIP-511).
// v3+: ClientSoftwareName/Version must match Kafka's pattern, else INVALID_REQUEST.
// v5 (KIP-1242): a client naming a ClusterId and NodeId that are not ours gets REBOOTSTRAP_REQUIRED.
//
// Left out: supported/finalized features (metadata.version and friends): they arrive with the
// features work. Without transaction.version >= 2 finalized, Java 4.x producers use transactions V1,
// as compat-notes.md asks.

import { ErrorCode } from "../../protocol/errors.ts";
import type { ApiVersionsRequest } from "../../protocol/generated/messages/api-versions-request.ts";
import { newApiVersionsResponse, type ApiVersionsResponse } from "../../protocol/generated/messages/api-versions-response.ts";
import { defineHandler } from "../handler.ts";

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
    res.apiKeys = [...ctx.services.apis];
    return res;
  },
});
