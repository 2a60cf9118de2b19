// Envelope (58) v0 on the controller listener (Kafka's ControllerApis.handleEnvelopeRequest and
// EnvelopeUtils): a broker forwards a client's admin request (CreateTopics, configs, ...) wrapped with
// the client's principal and address. The embedded request — header and body — is decoded and run
// through the same handler set as a direct request, with the forwarded principal in its context; its
// response, header included, goes back inside the EnvelopeResponse.
//
// Errors, as Kafka answers them (in the EnvelopeResponse's errorCode, with no responseData):
//   - principal bytes that are not a DefaultPrincipalData: PRINCIPAL_DESERIALIZATION_FAILURE;
//   - a client address that is not 4 or 16 bytes: INVALID_REQUEST;
//   - an embedded header or body that does not parse, or a version outside the handler's: UNSUPPORTED_VERSION;
//   - an API Kafka does not forward (ApiKeys.forwardable; Envelope itself among them): INVALID_REQUEST.
// With an authorizer the envelope's sender needs CLUSTER_ACTION (checked in index.ts: else
// CLUSTER_AUTHORIZATION_FAILED); the embedded request is then authorized as the client's principal and
// address. Left out: the forwarded principal's tokenAuthenticated flag (kept in the raw bytes).

import { ErrorCode } from "../../protocol/errors.ts";
import { decodeRequest, responseHeaderVersion } from "../../protocol/frame.ts";
import { API_CODECS } from "../../protocol/generated/apis.ts";
import { readDefaultPrincipalData } from "../../protocol/generated/messages/default-principal-data.ts";
import type { EnvelopeRequest } from "../../protocol/generated/messages/envelope-request.ts";
import type { EnvelopeResponse } from "../../protocol/generated/messages/envelope-response.ts";
import { writeResponseHeader } from "../../protocol/generated/messages/response-header.ts";
import { Reader } from "../../protocol/primitives/reader.ts";
import { encodeExact } from "../../protocol/primitives/writer.ts";
import { CLOSE_CONNECTION, defineHandler, NO_RESPONSE, type ApiHandler, type RequestContext } from "../handler.ts";
import type { KafkaPrincipal } from "../principal.ts";

export const ENVELOPE_KEY = 58;

/** The API keys Kafka 4.4.0 marks forwardable (ApiKeys.forwardable): only these may come in an Envelope. */
export const FORWARDABLE_API_KEYS: ReadonlySet<number> = new Set([19, 20, 30, 31, 33, 37, 38, 39, 40, 43, 44, 45, 46, 49, 51, 55, 57, 64, 67, 80, 81, 94]);

/** DefaultPrincipalData, prefixed with its int16 version (Kafka's MessageUtil.toVersionPrefixedBytes); null if malformed. */
export function decodeForwardedPrincipal(bytes: Uint8Array | null): KafkaPrincipal | null {
  if (bytes === null || bytes.length < 2) return null;
  const r = new Reader(bytes);
  const version = r.int16();
  if (version !== 0) return null;
  const p = readDefaultPrincipalData(r, version);
  if (r.error || r.remaining !== 0 || p.type === "") return null;
  return p.tokenAuthenticated ? { principalType: p.type, name: p.name, tokenAuthenticated: true } : { principalType: p.type, name: p.name };
}

const refused = (errorCode: number): EnvelopeResponse => ({ responseData: null, errorCode });

/** The Envelope handler over a handler set (looked up when a request comes, so it can be part of the set). */
export function envelopeHandler(handlerFor: (apiKey: number) => ApiHandler | undefined): ApiHandler {
  return defineHandler<EnvelopeRequest, EnvelopeResponse>({
    key: ENVELOPE_KEY,
    minVersion: 0,
    maxVersion: 0,
    async handle(ctx, req) {
      const principal = decodeForwardedPrincipal(req.requestPrincipal);
      if (!principal) return refused(ErrorCode.PRINCIPAL_DESERIALIZATION_FAILURE);
      if (req.clientHostAddress.length !== 4 && req.clientHostAddress.length !== 16) return refused(ErrorCode.INVALID_REQUEST);
      const d = decodeRequest(req.requestData);
      if (!d.ok) return refused(ErrorCode.UNSUPPORTED_VERSION);
      const { header } = d;
      if (!FORWARDABLE_API_KEYS.has(header.requestApiKey)) return refused(ErrorCode.INVALID_REQUEST);
      const handler = handlerFor(header.requestApiKey);
      if (!handler || header.requestApiVersion < handler.minVersion || header.requestApiVersion > handler.maxVersion) return refused(ErrorCode.UNSUPPORTED_VERSION);
      const inner: RequestContext = {
        ...ctx,
        header,
        apiKey: header.requestApiKey,
        apiVersion: header.requestApiVersion,
        principal,
        requestBytes: req.requestData.length,
        forwarded: { principalBytes: req.requestPrincipal!, clientAddress: req.clientHostAddress },
      };
      const body = await handler.handle(inner, d.body);
      // No forwardable API answers with nothing or by closing: a bug, reported as Kafka reports one.
      if (body === NO_RESPONSE || body === CLOSE_CONNECTION) return refused(ErrorCode.UNKNOWN_SERVER_ERROR);
      const codec = API_CODECS.get(header.requestApiKey)!;
      const hv = responseHeaderVersion(header.requestApiKey, header.requestApiVersion);
      const responseData = encodeExact((s) => {
        writeResponseHeader(s, { correlationId: header.correlationId }, hv);
        codec.writeResponse(s, body, header.requestApiVersion);
      });
      return { responseData, errorCode: ErrorCode.NONE };
    },
  });
}
