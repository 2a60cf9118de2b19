// What the Dispatcher hands a handler (issue 10, item 1): the broker's BrokerServices (the same object
// for every request, no side channel), the connection's listener name, the listener's security
// protocol from listener.security.protocol.map, and the principal, User:ANONYMOUS on PLAINTEXT as
// Kafka's DefaultKafkaPrincipalBuilder gives it.
import { expect, test } from "bun:test";
import { Dispatcher } from "../../../src/server/dispatch.ts";
import type { ApiHandler, RequestContext } from "../../../src/server/handler.ts";
import { principalString, securityProtocolOf } from "../../../src/server/principal.ts";
import type { BrokerServices } from "../../../src/server/services.ts";
import { createLogger } from "../../../src/util/log.ts";
import { API_CODECS } from "../../../src/protocol/generated/apis.ts";
import { requestHeaderVersion } from "../../../src/protocol/frame.ts";
import { writeRequestHeader } from "../../../src/protocol/generated/messages/request-header.ts";
import { encodeExact } from "../../../src/protocol/primitives/writer.ts";

const LIST_GROUPS = 16;

function frame(correlationId: number): Uint8Array {
  const codec = API_CODECS.get(LIST_GROUPS)!;
  return encodeExact((s) => {
    writeRequestHeader(s, { requestApiKey: LIST_GROUPS, requestApiVersion: 4, correlationId, clientId: "c" }, requestHeaderVersion(LIST_GROUPS, 4));
    codec.writeRequest(s, codec.newRequest(), 4);
  });
}

test("a handler's context carries the broker's services, listener, security protocol and User:ANONYMOUS", async () => {
  const seen: RequestContext[] = [];
  const handler = {
    key: LIST_GROUPS,
    minVersion: 0,
    maxVersion: 5,
    handle: (ctx: RequestContext) => {
      seen.push(ctx);
      return { errorCode: 0, groups: [], throttleTimeMs: 0 };
    },
  } as unknown as ApiHandler;
  const services = { config: { protocolMap: new Map([["INTERNAL", "PLAINTEXT"], ["EXTERNAL", "PLAINTEXT"]]) } } as unknown as BrokerServices;
  const d = new Dispatcher(services, [handler], createLogger("error"));
  await d.handle({ id: 1, listenerName: "INTERNAL", remoteAddress: "127.0.0.1", authenticated: false, principal: { principalType: "User", name: "ANONYMOUS" } }, frame(1));
  await d.handle({ id: 2, listenerName: "EXTERNAL", remoteAddress: "127.0.0.1", authenticated: false, principal: { principalType: "User", name: "ANONYMOUS" } }, frame(2));
  expect(seen).toHaveLength(2);
  expect(seen[0]!.services).toBe(services);
  expect(seen[1]!.services).toBe(services);
  expect(seen.map((c) => [c.listenerName, c.securityProtocol, principalString(c.principal)])).toEqual([
    ["INTERNAL", "PLAINTEXT", "User:ANONYMOUS"],
    ["EXTERNAL", "PLAINTEXT", "User:ANONYMOUS"],
  ]);
  expect("broker" in seen[0]!).toBe(false);
});

test("security protocols by listener name, Kafka's four", () => {
  const map = new Map([["A", "SSL"], ["B", "SASL_PLAINTEXT"], ["C", "SASL_SSL"], ["D", "PLAINTEXT"]]);
  expect(["A", "B", "C", "D"].map((l) => securityProtocolOf(map, l))).toEqual(["SSL", "SASL_PLAINTEXT", "SASL_SSL", "PLAINTEXT"]);
});
