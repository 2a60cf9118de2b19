// What the four delegation token handlers share: Kafka's allowTokenRequests (KafkaApis on a broker,
// ControllerApis on a controller) and the error code of a failed controller write.
//
// Token requests are refused (DELEGATION_TOKEN_REQUEST_NOT_ALLOWED) over a token-authenticated
// connection, and, unless the request was forwarded in an Envelope (Kafka lets forwarded requests use a
// PLAINTEXT controller listener), over PLAINTEXT and over SSL without a client certificate (ANONYMOUS).

import type { ExpiryResult } from "../../metadata/delegation-token-control.ts";
import type { MetadataLayer } from "../../metadata/layer.ts";
import { ErrorCode } from "../../protocol/errors.ts";
import { forwardedToController } from "../forwarding.ts";
import { defineHandler, type ApiHandler, type RequestContext } from "../handler.ts";
import { principalString } from "../principal.ts";

export function allowTokenRequests(ctx: RequestContext): boolean {
  if (ctx.principal.tokenAuthenticated === true) return false;
  if (ctx.forwarded) return true;
  if (ctx.securityProtocol === "PLAINTEXT") return false;
  return !(ctx.securityProtocol === "SSL" && ctx.principal.principalType === "User" && ctx.principal.name === "ANONYMOUS");
}

/** NOT_CONTROLLER (so a forwarding broker retries elsewhere) and the like; anything else UNKNOWN_SERVER_ERROR. */
export function errorCodeOf(e: unknown): number {
  const code = (e as { errorCode?: unknown } | null)?.errorCode;
  return typeof code === "number" ? code : ErrorCode.UNKNOWN_SERVER_ERROR;
}

/** Kafka's DelegationTokenManager.ErrorTimestamp. */
export const ERROR_TIMESTAMP = -1n;

/** The layer's renew or expire call: (principal, hmac, period) -> the token's new expiry. */
type ExpiryCall = (md: MetadataLayer) => ((principal: string, hmac: Uint8Array, periodMs: bigint) => Promise<ExpiryResult>) | undefined;

/**
 * RenewDelegationToken (39) and ExpireDelegationToken (40) have one shape: an HMAC and a period in, an
 * error code and the new expiry out. Refused here unless allowTokenRequests; else carried out by the
 * active controller (forwarded in an Envelope from other brokers).
 */
export function tokenExpiryHandler<Req extends { hmac: Uint8Array }, Res>(key: number, newResponse: () => Res, periodOf: (req: Req) => bigint, call: ExpiryCall): ApiHandler {
  const answer = (errorCode: number, expiryTimestampMs: bigint): Res => ({ ...newResponse(), errorCode, expiryTimestampMs });
  const onController = defineHandler<Req, Res>({
    key,
    minVersion: 1,
    maxVersion: 2,
    async handle(ctx, req) {
      const md = ctx.services.metadata;
      const run = call(md)?.bind(md);
      if (!run) return answer(ErrorCode.UNKNOWN_SERVER_ERROR, ERROR_TIMESTAMP);
      try {
        const r = await run(principalString(ctx.principal), req.hmac, periodOf(req));
        return answer(r.errorCode, r.expiryTimestampMs);
      } catch (e) {
        return answer(errorCodeOf(e), ERROR_TIMESTAMP);
      }
    },
  });
  const forwarded = forwardedToController(onController);
  return defineHandler<Req, Res>({
    key,
    minVersion: 1,
    maxVersion: 2,
    async handle(ctx, req) {
      if (!allowTokenRequests(ctx)) return answer(ErrorCode.DELEGATION_TOKEN_REQUEST_NOT_ALLOWED, ERROR_TIMESTAMP);
      return (await forwarded.handle(ctx, req)) as Res;
    },
  });
}
