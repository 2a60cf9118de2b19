// SaslHandshake (key 17), versions 0-1 served.
//
// Before authentication a SASL listener's SaslServerAuthenticator answers it (src/server/security/).
// It reaches this handler only on a connection that is not authenticating: a PLAINTEXT listener, or a
// SASL connection already authenticated that may not re-authenticate now (no session lifetime, or
// less than a second since its last re-authentication). Kafka's KafkaApis answers those with
// ILLEGAL_SASL_STATE, and so does this.

import { ErrorCode } from "../../protocol/errors.ts";
import type { SaslHandshakeRequest } from "../../protocol/generated/messages/sasl-handshake-request.ts";
import { newSaslHandshakeResponse, type SaslHandshakeResponse } from "../../protocol/generated/messages/sasl-handshake-response.ts";
import { defineHandler } from "../handler.ts";

export const saslHandshakeHandler = defineHandler<SaslHandshakeRequest, SaslHandshakeResponse>({
  key: 17,
  minVersion: 0,
  maxVersion: 1,
  handle() {
    const res = newSaslHandshakeResponse();
    res.errorCode = ErrorCode.ILLEGAL_SASL_STATE;
    return res;
  },
});
