// DescribeUserScramCredentials (key 50), version 0 served.
//
// Answered by the broker from its metadata image, as Kafka's KafkaApis does from its metadata cache
// (ScramImage.describe, src/metadata/scram-control.ts): every user holding a credential when no user is
// named, else each named user's mechanisms and iterations; an unknown user gets RESOURCE_NOT_FOUND and
// a user named twice DUPLICATE_RESOURCE, with Kafka's messages. Salts and keys are never returned.
//
// With an authorizer: DESCRIBE on the cluster, else (KafkaApis, the request's getErrorResponse)
// CLUSTER_AUTHORIZATION_FAILED at the top and one result per named user with that code and no user
// name, as Kafka answers (none when no user is named); no messages (ApiError.fromThrowable drops a
// message equal to the error's default).

import type { DescribeUserScramCredentialsRequest } from "../../protocol/generated/messages/describe-user-scram-credentials-request.ts";
import { newDescribeUserScramCredentialsResponse, type DescribeUserScramCredentialsResponse } from "../../protocol/generated/messages/describe-user-scram-credentials-response.ts";
import { describeUserScramCredentials } from "../../metadata/scram-control.ts";
import { AclOperation } from "../../metadata/authorizer/acl.ts";
import { ErrorCode } from "../../protocol/errors.ts";
import { authorizeCluster } from "../auth-helper.ts";
import { defineHandler } from "../handler.ts";


export const describeUserScramCredentialsHandler = defineHandler<DescribeUserScramCredentialsRequest, DescribeUserScramCredentialsResponse>({
  key: 50,
  minVersion: 0,
  maxVersion: 0,
  handle(ctx, req) {
    const res = newDescribeUserScramCredentialsResponse();
    res.errorMessage = null;
    if (!authorizeCluster(ctx, AclOperation.DESCRIBE)) {
      res.errorCode = ErrorCode.CLUSTER_AUTHORIZATION_FAILED;
      res.errorMessage = null;
      // Bounded by the request's own size (each entry came off the wire).
      res.results = (req.users ?? []).map(() => ({ user: "", errorCode: ErrorCode.CLUSTER_AUTHORIZATION_FAILED, errorMessage: null, credentialInfos: [] }));
      return res;
    }
    res.results = describeUserScramCredentials(ctx.services.metadata.image, req.users);
    return res;
  },
});
