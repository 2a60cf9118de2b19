// DescribeUserScramCredentials (key 50), version 0 served.
//
// Answered by the broker from its metadata image, as Kafka's KafkaApis does from its metadata cache
// (ScramImage.describe, src/metadata/scram-control.ts): every user holding a credential when no user is
// named, else each named user's mechanisms and iterations; an unknown user gets RESOURCE_NOT_FOUND and
// a user named twice DUPLICATE_RESOURCE, with Kafka's messages. Salts and keys are never returned.
//
// Left out: authorization (DESCRIBE on CLUSTER, answered CLUSTER_AUTHORIZATION_FAILED by Kafka) until
// the authorizer lands (services.authorizer).

import type { DescribeUserScramCredentialsRequest } from "../../protocol/generated/messages/describe-user-scram-credentials-request.ts";
import { newDescribeUserScramCredentialsResponse, type DescribeUserScramCredentialsResponse } from "../../protocol/generated/messages/describe-user-scram-credentials-response.ts";
import { describeUserScramCredentials } from "../../metadata/scram-control.ts";
import { defineHandler } from "../handler.ts";

export const describeUserScramCredentialsHandler = defineHandler<DescribeUserScramCredentialsRequest, DescribeUserScramCredentialsResponse>({
  key: 50,
  minVersion: 0,
  maxVersion: 0,
  handle(ctx, req) {
    const res = newDescribeUserScramCredentialsResponse();
    res.errorMessage = null;
    res.results = describeUserScramCredentials(ctx.services.metadata.image, req.users);
    return res;
  },
});
