// RenewDelegationToken (key 39), versions 1-2 served (Kafka 4 serves 1+).
//
// Refused over token-authenticated, PLAINTEXT and anonymous SSL connections
// (DELEGATION_TOKEN_REQUEST_NOT_ALLOWED, expiry -1), as Kafka's KafkaApis / ControllerApis; otherwise
// carried out by the active controller (forwarded in an Envelope from other brokers): the owner or a
// renewer moves the expiry to now + min(renew period, delegation.token.expiry.time.ms), capped at the
// token's max timestamp, as a new DelegationTokenRecord (src/metadata/delegation-token-control.ts).

import type { RenewDelegationTokenRequest } from "../../protocol/generated/messages/renew-delegation-token-request.ts";
import { newRenewDelegationTokenResponse, type RenewDelegationTokenResponse } from "../../protocol/generated/messages/renew-delegation-token-response.ts";
import { tokenExpiryHandler } from "./delegation-token-requests.ts";

export const renewDelegationTokenHandler = tokenExpiryHandler<RenewDelegationTokenRequest, RenewDelegationTokenResponse>(39, newRenewDelegationTokenResponse, (req) => req.renewPeriodMs, (md) => md.renewDelegationToken);
