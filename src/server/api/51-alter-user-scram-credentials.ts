// AlterUserScramCredentials (key 51), version 0 served.
//
// Carried out by the active controller (Kafka's ControllerApis -> ScramControlManager): a broker that
// is not it forwards the request in an Envelope (src/server/forwarding.ts). Each valid deletion and
// upsertion becomes a RemoveUserScramCredentialRecord / UserScramCredentialRecord (stored and server
// keys derived from the salted password; the client's password never reaches the broker), committed
// before the answer; invalid ones get Kafka's per-user codes and messages (src/metadata/scram-control.ts).
// `kafka-configs.sh --alter --add-config 'SCRAM-SHA-512=[iterations=8192,password=...]' --entity-type
// users` sends this request.
//
// With an authorizer: ALTER on the cluster, checked where Kafka checks it (ControllerApis, with the
// principal the Envelope carried), else CLUSTER_AUTHORIZATION_FAILED for each distinct user named,
// sorted, nothing written. Kafka's message there names its internal request object; Strand answers
// the exception's default message.

import { ErrorCode } from "../../protocol/errors.ts";
import type { AlterUserScramCredentialsRequest } from "../../protocol/generated/messages/alter-user-scram-credentials-request.ts";
import { newAlterUserScramCredentialsResponse, type AlterUserScramCredentialsResponse } from "../../protocol/generated/messages/alter-user-scram-credentials-response.ts";
import { AclOperation } from "../../metadata/authorizer/acl.ts";
import { authorizeCluster } from "../auth-helper.ts";
import { defineHandler } from "../handler.ts";

/** Strand's bound on one request's alterations. */
const MAX_ALTERATIONS = 10_000;

export const alterUserScramCredentialsHandler = defineHandler<AlterUserScramCredentialsRequest, AlterUserScramCredentialsResponse>({
  key: 51,
  minVersion: 0,
  maxVersion: 0,
  async handle(ctx, req) {
    const res = newAlterUserScramCredentialsResponse();
    const alter = ctx.services.metadata.alterUserScramCredentials?.bind(ctx.services.metadata);
    const all = [...req.deletions, ...req.upsertions];
    if (!authorizeCluster(ctx, AclOperation.ALTER)) {
      const users = [...new Set(all.map((u) => u.name))].sort();
      res.results = users.map((user) => ({ user, errorCode: ErrorCode.CLUSTER_AUTHORIZATION_FAILED, errorMessage: "Cluster authorization failed." }));
      return res;
    }
    if (!alter || all.length > MAX_ALTERATIONS) {
      const message = alter ? `at most ${MAX_ALTERATIONS} alterations per request` : "this metadata layer cannot alter SCRAM credentials";
      res.results = all.map((u) => ({ user: u.name, errorCode: alter ? ErrorCode.INVALID_REQUEST : ErrorCode.UNKNOWN_SERVER_ERROR, errorMessage: message }));
      return res;
    }
    res.results = await alter(req);
    return res;
  },
});
