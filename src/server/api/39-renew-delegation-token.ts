// RenewDelegationToken (key 39), versions 1-2 served (Kafka 4 serves 1+).
//
// Refused over token-authenticated, PLAINTEXT and anonymous SSL connections
// (DELEGATION_TOKEN_REQUEST_NOT_ALLOWED, expiry -1), as Kafka's KafkaApis / ControllerApis; otherwise
// carried out by the active controller (forwarded in an Envelope from other brokers): the owner or a
// renewer moves the expiry to now + min(renew period, delegation.token.expiry.time.ms), capped at the
// token's max timestamp, as a new DelegationTokenRecord (src/metadata/delegation-token-control.ts).

import { ErrorCode } from "../../protocol/errors.ts";
import type { RenewDelegationTokenRequest } from "../../protocol/generated/messages/renew-delegation-token-request.ts";
import { newRenewDelegationTokenResponse, type RenewDelegationTokenResponse } from "../../protocol/generated/messages/renew-delegation-token-response.ts";
import { forwardedToController } from "../forwarding.ts";
import { defineHandler } from "../handler.ts";
import { principalString } from "../principal.ts";
import { allowTokenRequests, ERROR_TIMESTAMP, errorCodeOf } from "./delegation-token-requests.ts";

const answer = (errorCode: number, expiryTimestampMs: bigint): RenewDelegationTokenResponse => ({ ...newRenewDelegationTokenResponse(), errorCode, expiryTimestampMs });

const onController = defineHandler<RenewDelegationTokenRequest, RenewDelegationTokenResponse>({
  key: 39,
  minVersion: 1,
  maxVersion: 2,
  async handle(ctx, req) {
    const renew = ctx.services.metadata.renewDelegationToken?.bind(ctx.services.metadata);
    if (!renew) return answer(ErrorCode.UNKNOWN_SERVER_ERROR, ERROR_TIMESTAMP);
    try {
      const r = await renew(principalString(ctx.principal), req.hmac, req.renewPeriodMs);
      return answer(r.errorCode, r.expiryTimestampMs);
    } catch (e) {
      return answer(errorCodeOf(e), ERROR_TIMESTAMP);
    }
  },
});
const forwarded = forwardedToController(onController);

export const renewDelegationTokenHandler = defineHandler<RenewDelegationTokenRequest, RenewDelegationTokenResponse>({
  key: 39,
  minVersion: 1,
  maxVersion: 2,
  async handle(ctx, req) {
    if (!allowTokenRequests(ctx)) return answer(ErrorCode.DELEGATION_TOKEN_REQUEST_NOT_ALLOWED, ERROR_TIMESTAMP);
    return (await forwarded.handle(ctx, req)) as RenewDelegationTokenResponse;
  },
});
