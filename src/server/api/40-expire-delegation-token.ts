// ExpireDelegationToken (key 40), versions 1-2 served (Kafka 4 serves 1+).
//
// Refused over token-authenticated, PLAINTEXT and anonymous SSL connections
// (DELEGATION_TOKEN_REQUEST_NOT_ALLOWED, expiry -1), as Kafka's KafkaApis / ControllerApis; otherwise
// carried out by the active controller (forwarded in an Envelope from other brokers): the owner or a
// renewer expires the token now (a negative period: RemoveDelegationTokenRecord) or moves its expiry to
// now + period, capped at the max timestamp (a DelegationTokenRecord; src/metadata/delegation-token-control.ts).

import { ErrorCode } from "../../protocol/errors.ts";
import type { ExpireDelegationTokenRequest } from "../../protocol/generated/messages/expire-delegation-token-request.ts";
import { newExpireDelegationTokenResponse, type ExpireDelegationTokenResponse } from "../../protocol/generated/messages/expire-delegation-token-response.ts";
import { forwardedToController } from "../forwarding.ts";
import { defineHandler } from "../handler.ts";
import { principalString } from "../principal.ts";
import { allowTokenRequests, ERROR_TIMESTAMP, errorCodeOf } from "./delegation-token-requests.ts";

const answer = (errorCode: number, expiryTimestampMs: bigint): ExpireDelegationTokenResponse => ({ ...newExpireDelegationTokenResponse(), errorCode, expiryTimestampMs });

const onController = defineHandler<ExpireDelegationTokenRequest, ExpireDelegationTokenResponse>({
  key: 40,
  minVersion: 1,
  maxVersion: 2,
  async handle(ctx, req) {
    const expire = ctx.services.metadata.expireDelegationToken?.bind(ctx.services.metadata);
    if (!expire) return answer(ErrorCode.UNKNOWN_SERVER_ERROR, ERROR_TIMESTAMP);
    try {
      const r = await expire(principalString(ctx.principal), req.hmac, req.expiryTimePeriodMs);
      return answer(r.errorCode, r.expiryTimestampMs);
    } catch (e) {
      return answer(errorCodeOf(e), ERROR_TIMESTAMP);
    }
  },
});
const forwarded = forwardedToController(onController);

export const expireDelegationTokenHandler = defineHandler<ExpireDelegationTokenRequest, ExpireDelegationTokenResponse>({
  key: 40,
  minVersion: 1,
  maxVersion: 2,
  async handle(ctx, req) {
    if (!allowTokenRequests(ctx)) return answer(ErrorCode.DELEGATION_TOKEN_REQUEST_NOT_ALLOWED, ERROR_TIMESTAMP);
    return (await forwarded.handle(ctx, req)) as ExpireDelegationTokenResponse;
  },
});
