// DescribeClientQuotas (key 48), versions 0-1 served.
//
// Answered from this broker's metadata image (Kafka's ClientQuotasImage.describe): the filter's
// components match an entity type exactly (a name), its default (null), or any entity having the type
// (specified); `strict` also requires the entity to have no other types. Kafka's refusals, as a
// top-level error with null entries: an empty or repeated entity type, an exact match without a name,
// a default or specified match with one, an unknown match type, ip combined with user or client-id
// (INVALID_REQUEST), an unknown entity type (UNSUPPORTED_VERSION). `kafka-configs.sh --describe
// --entity-type users|clients` sends this request.
//
// With an authorizer: DESCRIBE_CONFIGS on the cluster, else (KafkaApis) CLUSTER_AUTHORIZATION_FAILED
// and null entries; no message (ApiError.fromThrowable drops a message equal to the error's default).
//
// Left out: the entries' order is the image's insertion order (Kafka walks a HashMap).

import type { DescribeClientQuotasRequest } from "../../protocol/generated/messages/describe-client-quotas-request.ts";
import { newDescribeClientQuotasResponse, type DescribeClientQuotasResponse } from "../../protocol/generated/messages/describe-client-quotas-response.ts";
import { AclOperation } from "../../metadata/authorizer/acl.ts";
import { describeClientQuotas, DescribeClientQuotasError } from "../../metadata/client-quota-control.ts";
import { ErrorCode } from "../../protocol/errors.ts";
import { authorizeCluster } from "../auth-helper.ts";
import { defineHandler } from "../handler.ts";

export const describeClientQuotasHandler = defineHandler<DescribeClientQuotasRequest, DescribeClientQuotasResponse>({
  key: 48,
  minVersion: 0,
  maxVersion: 1,
  handle(ctx, req) {
    const res = newDescribeClientQuotasResponse();
    if (!authorizeCluster(ctx, AclOperation.DESCRIBE_CONFIGS)) {
      res.errorCode = ErrorCode.CLUSTER_AUTHORIZATION_FAILED;
      res.errorMessage = null;
      res.entries = null;
      return res;
    }
    try {
      res.entries = describeClientQuotas(ctx.services.metadata.image, req);
      res.errorMessage = null;
    } catch (e) {
      if (!(e instanceof DescribeClientQuotasError)) throw e;
      res.errorCode = e.errorCode;
      res.errorMessage = e.message;
      res.entries = null;
    }
    return res;
  },
});
