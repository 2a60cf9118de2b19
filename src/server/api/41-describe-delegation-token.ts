// DescribeDelegationToken (key 41), versions 1-3 served (Kafka 4 serves 1+).
//
// Answered from this broker's image, as Kafka's KafkaApis: refused over token-authenticated, PLAINTEXT
// and anonymous SSL connections (DELEGATION_TOKEN_REQUEST_NOT_ALLOWED); DELEGATION_TOKEN_AUTH_DISABLED
// without delegation.token.secret.key; an empty owner list answers no tokens, a null one means every
// owner. A token is listed (with its HMAC) when it matches the owners asked for (as owner or renewer)
// and the caller is its owner or a renewer, or may DESCRIBE the DELEGATION_TOKEN resource of its id, or
// DESCRIBE_TOKENS on its owner's User resource (Kafka's DelegationTokenManager.filterToken).

import { AclOperation, ResourceType } from "../../metadata/authorizer/acl.ts";
import { splitPrincipal, tokenHmac, type DelegationTokenImage } from "../../metadata/delegation-token-control.ts";
import { ErrorCode } from "../../protocol/errors.ts";
import type { DescribeDelegationTokenRequest } from "../../protocol/generated/messages/describe-delegation-token-request.ts";
import { newDescribeDelegationTokenResponse, type DescribeDelegationTokenResponse, type DescribedDelegationToken } from "../../protocol/generated/messages/describe-delegation-token-response.ts";
import { authorize } from "../auth-helper.ts";
import { defineHandler } from "../handler.ts";
import { principalString } from "../principal.ts";
import { allowTokenRequests } from "./delegation-token-requests.ts";

function ownerOrRenewer(t: DelegationTokenImage, principal: string): boolean {
  return t.owner === principal || t.renewers.includes(principal);
}

function described(t: DelegationTokenImage, secretKey: string): DescribedDelegationToken {
  const o = splitPrincipal(t.owner);
  const r = splitPrincipal(t.requester);
  return {
    principalType: o.principalType, principalName: o.principalName, tokenRequesterPrincipalType: r.principalType, tokenRequesterPrincipalName: r.principalName,
    issueTimestamp: t.issueTimestampMs, expiryTimestamp: t.expiryTimestampMs, maxTimestamp: t.maxTimestampMs, tokenId: t.tokenId,
    hmac: tokenHmac(secretKey, t.tokenId), renewers: t.renewers.map(splitPrincipal),
  };
}

export const describeDelegationTokenHandler = defineHandler<DescribeDelegationTokenRequest, DescribeDelegationTokenResponse>({
  key: 41,
  minVersion: 1,
  maxVersion: 3,
  handle(ctx, req) {
    const res = newDescribeDelegationTokenResponse();
    if (!allowTokenRequests(ctx)) return { ...res, errorCode: ErrorCode.DELEGATION_TOKEN_REQUEST_NOT_ALLOWED };
    const secretKey = ctx.services.config.optionalString("delegation.token.secret.key");
    if (secretKey === null) return { ...res, errorCode: ErrorCode.DELEGATION_TOKEN_AUTH_DISABLED };
    if (req.owners !== null && req.owners.length === 0) return res;
    const owners = req.owners?.map((p) => `${p.principalType}:${p.principalName}`) ?? null;
    const caller = principalString(ctx.principal);
    // Bounded by the tokens in the image.
    for (const t of ctx.services.metadata.image.delegationTokens?.values() ?? []) {
      if (owners !== null && !owners.some((o) => ownerOrRenewer(t, o))) continue;
      const visible = ownerOrRenewer(t, caller) || authorize(ctx, AclOperation.DESCRIBE, ResourceType.DELEGATION_TOKEN, t.tokenId) || authorize(ctx, AclOperation.DESCRIBE_TOKENS, ResourceType.USER, t.owner);
      if (visible) res.tokens.push(described(t, secretKey));
    }
    return res;
  },
});
