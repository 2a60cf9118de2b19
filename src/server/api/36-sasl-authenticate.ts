// SaslAuthenticate (key 36), versions 0-2 served.
//
// During authentication the SASL listener's SaslServerAuthenticator answers it (src/server/security/).
// It reaches this handler only outside an exchange (a PLAINTEXT listener, or after authentication),
// where Kafka's KafkaApis answers ILLEGAL_SASL_STATE with "SaslAuthenticate request received after
// successful authentication"; so does this.

import { ErrorCode } from "../../protocol/errors.ts";
import type { SaslAuthenticateRequest } from "../../protocol/generated/messages/sasl-authenticate-request.ts";
import { newSaslAuthenticateResponse, type SaslAuthenticateResponse } from "../../protocol/generated/messages/sasl-authenticate-response.ts";
import { defineHandler } from "../handler.ts";

export const saslAuthenticateHandler = defineHandler<SaslAuthenticateRequest, SaslAuthenticateResponse>({
  key: 36,
  minVersion: 0,
  maxVersion: 2,
  handle() {
    const res = newSaslAuthenticateResponse();
    res.errorCode = ErrorCode.ILLEGAL_SASL_STATE;
    res.errorMessage = "SaslAuthenticate request received after successful authentication";
    return res;
  },
});
