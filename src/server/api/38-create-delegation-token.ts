// CreateDelegationToken (key 38), versions 1-3 served (Kafka 4 serves 1+).
//
// Checked where the request arrives, as Kafka's KafkaApis / ControllerApis: not over a token-
// authenticated, PLAINTEXT or anonymous SSL connection (DELEGATION_TOKEN_REQUEST_NOT_ALLOWED); a token
// for another owner needs CREATE_TOKENS on that User (DELEGATION_TOKEN_AUTHORIZATION_FAILED); renewers
// must be Users (INVALID_PRINCIPAL_TYPE). Then carried out by the active controller (forwarded in an
// Envelope from other brokers), which writes a DelegationTokenRecord and answers with the token id and
// its HMAC (src/metadata/delegation-token-control.ts): DELEGATION_TOKEN_AUTH_DISABLED without
// delegation.token.secret.key. Error answers carry -1 timestamps, an empty id and HMAC, as Kafka's.

import { AclOperation, ResourceType } from "../../metadata/authorizer/acl.ts";
import { splitPrincipal } from "../../metadata/delegation-token-control.ts";
import { ErrorCode } from "../../protocol/errors.ts";
import type { CreateDelegationTokenRequest } from "../../protocol/generated/messages/create-delegation-token-request.ts";
import { newCreateDelegationTokenResponse, type CreateDelegationTokenResponse } from "../../protocol/generated/messages/create-delegation-token-response.ts";
import { authorize } from "../auth-helper.ts";
import { forwardedToController } from "../forwarding.ts";
import { defineHandler, type RequestContext } from "../handler.ts";
import { principalString } from "../principal.ts";
import { allowTokenRequests, ERROR_TIMESTAMP, errorCodeOf } from "./delegation-token-requests.ts";

/** Strand's bound on renewers per token. */
const MAX_RENEWERS = 1_000;

function errorResponse(errorCode: number, owner: string, requester: string): CreateDelegationTokenResponse {
  const res = newCreateDelegationTokenResponse();
  const o = splitPrincipal(owner);
  const r = splitPrincipal(requester);
  return { ...res, errorCode, principalType: o.principalType, principalName: o.principalName, tokenRequesterPrincipalType: r.principalType, tokenRequesterPrincipalName: r.principalName, issueTimestampMs: ERROR_TIMESTAMP, expiryTimestampMs: ERROR_TIMESTAMP, maxTimestampMs: ERROR_TIMESTAMP, tokenId: "", hmac: new Uint8Array(0) };
}

function ownerOf(ctx: RequestContext, req: CreateDelegationTokenRequest): string {
  return req.ownerPrincipalName ? `${req.ownerPrincipalType ?? ""}:${req.ownerPrincipalName}` : principalString(ctx.principal);
}

/** The controller's part: plan and commit (on the active controller only). */
const onController = defineHandler<CreateDelegationTokenRequest, CreateDelegationTokenResponse>({
  key: 38,
  minVersion: 1,
  maxVersion: 3,
  async handle(ctx, req) {
    const requester = principalString(ctx.principal);
    const create = ctx.services.metadata.createDelegationToken?.bind(ctx.services.metadata);
    if (!create) return errorResponse(ErrorCode.UNKNOWN_SERVER_ERROR, ownerOf(ctx, req), requester);
    try {
      const r = await create(requester, { ownerPrincipalType: req.ownerPrincipalType, ownerPrincipalName: req.ownerPrincipalName, renewers: req.renewers, maxLifetimeMs: req.maxLifetimeMs });
      if (r.errorCode !== ErrorCode.NONE) return errorResponse(r.errorCode, r.owner, r.requester);
      const o = splitPrincipal(r.owner);
      const q = splitPrincipal(r.requester);
      return {
        ...newCreateDelegationTokenResponse(), errorCode: ErrorCode.NONE, principalType: o.principalType, principalName: o.principalName,
        tokenRequesterPrincipalType: q.principalType, tokenRequesterPrincipalName: q.principalName, issueTimestampMs: r.issueTimestampMs,
        expiryTimestampMs: r.expiryTimestampMs, maxTimestampMs: r.maxTimestampMs, tokenId: r.tokenId, hmac: r.hmac,
      };
    } catch (e) {
      return errorResponse(errorCodeOf(e), ownerOf(ctx, req), requester);
    }
  },
});
const forwarded = forwardedToController(onController);

export const createDelegationTokenHandler = defineHandler<CreateDelegationTokenRequest, CreateDelegationTokenResponse>({
  key: 38,
  minVersion: 1,
  maxVersion: 3,
  async handle(ctx, req) {
    const requester = principalString(ctx.principal);
    const owner = ownerOf(ctx, req);
    if (!allowTokenRequests(ctx)) return errorResponse(ErrorCode.DELEGATION_TOKEN_REQUEST_NOT_ALLOWED, owner, requester);
    // The requester may always create a token for itself.
    if (owner !== requester && !authorize(ctx, AclOperation.CREATE_TOKENS, ResourceType.USER, owner)) return errorResponse(ErrorCode.DELEGATION_TOKEN_AUTHORIZATION_FAILED, owner, requester);
    if (req.renewers.some((r) => r.principalType !== "User")) return errorResponse(ErrorCode.INVALID_PRINCIPAL_TYPE, owner, requester);
    if (req.renewers.length > MAX_RENEWERS) return errorResponse(ErrorCode.INVALID_REQUEST, owner, requester);
    return (await forwarded.handle(ctx, req)) as CreateDelegationTokenResponse;
  },
});
