// What the four delegation token handlers share: Kafka's allowTokenRequests (KafkaApis on a broker,
// ControllerApis on a controller) and the error code of a failed controller write.
//
// Token requests are refused (DELEGATION_TOKEN_REQUEST_NOT_ALLOWED) over a token-authenticated
// connection, and, unless the request was forwarded in an Envelope (Kafka lets forwarded requests use a
// PLAINTEXT controller listener), over PLAINTEXT and over SSL without a client certificate (ANONYMOUS).

import { ErrorCode } from "../../protocol/errors.ts";
import type { RequestContext } from "../handler.ts";

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
