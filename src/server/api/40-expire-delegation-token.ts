// ExpireDelegationToken (key 40), versions 1-2 served (Kafka 4 serves 1+).
//
// Refused over token-authenticated, PLAINTEXT and anonymous SSL connections
// (DELEGATION_TOKEN_REQUEST_NOT_ALLOWED, expiry -1), as Kafka's KafkaApis / ControllerApis; otherwise
// carried out by the active controller (forwarded in an Envelope from other brokers): the owner or a
// renewer expires the token now (a negative period: RemoveDelegationTokenRecord) or moves its expiry to
// now + period, capped at the max timestamp (a DelegationTokenRecord; src/metadata/delegation-token-control.ts).

import type { ExpireDelegationTokenRequest } from "../../protocol/generated/messages/expire-delegation-token-request.ts";
import { newExpireDelegationTokenResponse, type ExpireDelegationTokenResponse } from "../../protocol/generated/messages/expire-delegation-token-response.ts";
import { tokenExpiryHandler } from "./delegation-token-requests.ts";

export const expireDelegationTokenHandler = tokenExpiryHandler<ExpireDelegationTokenRequest, ExpireDelegationTokenResponse>(40, newExpireDelegationTokenResponse, (req) => req.expiryTimePeriodMs, (md) => md.expireDelegationToken);
