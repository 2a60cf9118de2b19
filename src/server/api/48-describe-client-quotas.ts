// DescribeClientQuotas (key 48), versions 0-1 served.
//
// Strand stores no client quotas (ClientQuotaRecord is not kept by the image and AlterClientQuotas is
// not served), so every filter matches nothing: an empty entry list with no error, which is what Kafka
// answers on a cluster without quotas. Served because `kafka-configs.sh --describe --entity-type
// users` asks for quotas before it lists the users' SCRAM credentials.
//
// Left out: quota storage and enforcement (a later issue), filter validation (Kafka's INVALID_REQUEST
// for a bad entity type or match type).
//
// With an authorizer: DESCRIBE_CONFIGS on the cluster, else (KafkaApis) CLUSTER_AUTHORIZATION_FAILED
// and null entries; no message (ApiError.fromThrowable drops a message equal to the error's default).

import type { DescribeClientQuotasRequest } from "../../protocol/generated/messages/describe-client-quotas-request.ts";
import { newDescribeClientQuotasResponse, type DescribeClientQuotasResponse } from "../../protocol/generated/messages/describe-client-quotas-response.ts";
import { AclOperation } from "../../metadata/authorizer/acl.ts";
import { ErrorCode } from "../../protocol/errors.ts";
import { authorizeCluster } from "../auth-helper.ts";
import { defineHandler } from "../handler.ts";

export const describeClientQuotasHandler = defineHandler<DescribeClientQuotasRequest, DescribeClientQuotasResponse>({
  key: 48,
  minVersion: 0,
  maxVersion: 1,
  handle(ctx) {
    const res = newDescribeClientQuotasResponse();
    if (!authorizeCluster(ctx, AclOperation.DESCRIBE_CONFIGS)) {
      res.errorCode = ErrorCode.CLUSTER_AUTHORIZATION_FAILED;
      res.errorMessage = null;
      res.entries = null;
      return res;
    }
    res.errorMessage = null;
    res.entries = [];
    return res;
  },
});
