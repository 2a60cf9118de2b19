// DescribeClientQuotas (key 48), versions 0-1 served.
//
// Strand stores no client quotas (ClientQuotaRecord is not kept by the image and AlterClientQuotas is
// not served), so every filter matches nothing: an empty entry list with no error, which is what Kafka
// answers on a cluster without quotas. Served because `kafka-configs.sh --describe --entity-type
// users` asks for quotas before it lists the users' SCRAM credentials.
//
// Left out: quota storage and enforcement (a later issue), filter validation (Kafka's INVALID_REQUEST
// for a bad entity type or match type), authorization (DESCRIBE_CONFIGS on CLUSTER).

import type { DescribeClientQuotasRequest } from "../../protocol/generated/messages/describe-client-quotas-request.ts";
import { newDescribeClientQuotasResponse, type DescribeClientQuotasResponse } from "../../protocol/generated/messages/describe-client-quotas-response.ts";
import { defineHandler } from "../handler.ts";

export const describeClientQuotasHandler = defineHandler<DescribeClientQuotasRequest, DescribeClientQuotasResponse>({
  key: 48,
  minVersion: 0,
  maxVersion: 1,
  handle() {
    const res = newDescribeClientQuotasResponse();
    res.errorMessage = null;
    res.entries = [];
    return res;
  },
});
