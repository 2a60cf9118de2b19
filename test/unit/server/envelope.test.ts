// Envelope (58) on the controller listener, through the Dispatcher as a Kafka broker sends it: the
// embedded CreateTopics runs with the forwarded principal and comes back as a whole response (header
// with the embedded correlation id, then the body); malformed envelopes get Kafka's error codes.
import { expect, test } from "bun:test";
import { Dispatcher } from "../../../src/server/dispatch.ts";
import { envelopeHandler, decodeForwardedPrincipal } from "../../../src/server/controller-api/envelope.ts";
import type { ApiHandler, RequestContext } from "../../../src/server/handler.ts";
import type { BrokerServices } from "../../../src/server/services.ts";
import type { FrameParts } from "../../../src/protocol/primitives/writer.ts";
import { encodeExact } from "../../../src/protocol/primitives/writer.ts";
import { decodeResponse, requestHeaderVersion } from "../../../src/protocol/frame.ts";
import { API_CODECS } from "../../../src/protocol/generated/apis.ts";
import { writeRequestHeader } from "../../../src/protocol/generated/messages/request-header.ts";
import { writeDefaultPrincipalData } from "../../../src/protocol/generated/messages/default-principal-data.ts";
import type { EnvelopeResponse } from "../../../src/protocol/generated/messages/envelope-response.ts";
import type { CreateTopicsResponse } from "../../../src/protocol/generated/messages/create-topics-response.ts";
import { ErrorCode } from "../../../src/protocol/errors.ts";
import { createLogger } from "../../../src/util/log.ts";

function request(apiKey: number, version: number, correlationId: number, body: unknown): Uint8Array {
  const codec = API_CODECS.get(apiKey)!;
  return encodeExact((s) => {
    writeRequestHeader(s, { requestApiKey: apiKey, requestApiVersion: version, correlationId, clientId: "broker-10" }, requestHeaderVersion(apiKey, version));
    codec.writeRequest(s, body, version);
  });
}

/** What Kafka's DefaultKafkaPrincipalBuilder.serialize writes: int16 version 0, then DefaultPrincipalData. */
const principalBytes = (type: string, name: string) =>
  encodeExact((s) => {
    s.int16(0);
    writeDefaultPrincipalData(s, { type, name, tokenAuthenticated: false }, 0);
  });

const createTopics = (name: string) => ({ topics: [{ name, numPartitions: 1, replicationFactor: 1, assignments: [], configs: [] }], timeoutMs: 1000, validateOnly: false });

function setup() {
  const seen: RequestContext[] = [];
  const create = {
    key: 19,
    minVersion: 2,
    maxVersion: 7,
    handle: (ctx: RequestContext, req: { topics: Array<{ name: string }> }) => {
      seen.push(ctx);
      return { throttleTimeMs: 0, topics: req.topics.map((t) => ({ name: t.name, topicId: "AAAAAAAAAAAAAAAAAAAAAQ", errorCode: 0, errorMessage: null, numPartitions: 1, replicationFactor: 1, configs: [] })) };
    },
  } as unknown as ApiHandler;
  const handlers = new Map([[19, create]]);
  const services = { config: { protocolMap: new Map([["CONTROLLER", "PLAINTEXT"]]) } } as unknown as BrokerServices;
  const d = new Dispatcher(services, [create, envelopeHandler((k) => handlers.get(k))], createLogger("error"));
  let cid = 100;
  const send = async (env: { requestData: Uint8Array; requestPrincipal: Uint8Array | null; clientHostAddress: Uint8Array }): Promise<EnvelopeResponse> => {
    const out = (await d.handle({ id: 1, listenerName: "CONTROLLER", remoteAddress: "127.0.0.1", authenticated: false, principal: { principalType: "User", name: "ANONYMOUS" } }, request(58, 0, cid++, env))) as FrameParts;
    const bytes = Buffer.concat(out.parts as Uint8Array[]).subarray(4);
    const r = decodeResponse(new Uint8Array(bytes), 58, 0);
    if (!r.ok) throw new Error("undecodable EnvelopeResponse");
    return r.body as EnvelopeResponse;
  };
  return { seen, send };
}

const LOCALHOST = new Uint8Array([127, 0, 0, 1]);

test("an enveloped CreateTopics runs with the forwarded principal and returns the embedded response with its own correlation id", async () => {
  const { seen, send } = setup();
  const res = await send({ requestData: request(19, 7, 4242, createTopics("t1")), requestPrincipal: principalBytes("User", "alice"), clientHostAddress: LOCALHOST });
  expect(res.errorCode).toBe(0);
  const inner = decodeResponse(res.responseData!, 19, 7);
  expect(inner.ok).toBe(true);
  if (!inner.ok) return;
  expect(inner.correlationId).toBe(4242);
  expect((inner.body as CreateTopicsResponse).topics.map((t) => [t.name, t.errorCode])).toEqual([["t1", 0]]);
  expect(seen).toHaveLength(1);
  expect(seen[0]!.apiKey).toBe(19);
  expect(seen[0]!.apiVersion).toBe(7);
  expect(seen[0]!.header.correlationId).toBe(4242);
  expect(seen[0]!.principal).toEqual({ principalType: "User", name: "alice" });
  expect([...seen[0]!.forwarded!.clientAddress]).toEqual([127, 0, 0, 1]);
  expect(seen[0]!.forwarded!.principalBytes).toEqual(principalBytes("User", "alice"));
});

test("Kafka's bytes for User:ANONYMOUS decode; anything else is a deserialization failure", () => {
  expect(decodeForwardedPrincipal(new Uint8Array([0, 0, 5, 85, 115, 101, 114, 10, 65, 78, 79, 78, 89, 77, 79, 85, 83, 0, 0]))).toEqual({ principalType: "User", name: "ANONYMOUS" });
  expect(decodeForwardedPrincipal(null)).toBeNull();
  expect(decodeForwardedPrincipal(new Uint8Array([0, 1, 5, 85, 115, 101, 114, 1, 0, 0]))).toBeNull(); // version 1
  expect(decodeForwardedPrincipal(new Uint8Array([0, 0, 5, 85]))).toBeNull(); // truncated
});

test("malformed envelopes: Kafka's error codes, nothing run", async () => {
  const { seen, send } = setup();
  const ok = request(19, 7, 1, createTopics("t"));
  const codes = [
    (await send({ requestData: ok, requestPrincipal: null, clientHostAddress: LOCALHOST })).errorCode,
    (await send({ requestData: ok, requestPrincipal: new Uint8Array([9, 9]), clientHostAddress: LOCALHOST })).errorCode,
    (await send({ requestData: ok, requestPrincipal: principalBytes("User", "a"), clientHostAddress: new Uint8Array([1, 2, 3]) })).errorCode,
    // Not forwardable (Metadata), an envelope in an envelope, a version CreateTopics lacks, garbage.
    (await send({ requestData: request(3, 12, 1, { ...API_CODECS.get(3)!.newRequest() as object, topics: null }), requestPrincipal: principalBytes("User", "a"), clientHostAddress: LOCALHOST })).errorCode,
    (await send({ requestData: request(58, 0, 1, { requestData: ok, requestPrincipal: null, clientHostAddress: LOCALHOST }), requestPrincipal: principalBytes("User", "a"), clientHostAddress: LOCALHOST })).errorCode,
    (await send({ requestData: request(19, 1, 1, createTopics("t")), requestPrincipal: principalBytes("User", "a"), clientHostAddress: LOCALHOST })).errorCode,
    (await send({ requestData: new Uint8Array([0, 19, 0, 7, 0, 0]), requestPrincipal: principalBytes("User", "a"), clientHostAddress: LOCALHOST })).errorCode,
  ];
  expect(codes).toEqual([
    ErrorCode.PRINCIPAL_DESERIALIZATION_FAILURE,
    ErrorCode.PRINCIPAL_DESERIALIZATION_FAILURE,
    ErrorCode.INVALID_REQUEST,
    ErrorCode.INVALID_REQUEST,
    ErrorCode.INVALID_REQUEST,
    ErrorCode.UNSUPPORTED_VERSION,
    ErrorCode.UNSUPPORTED_VERSION,
  ]);
  expect(seen).toHaveLength(0);
});
