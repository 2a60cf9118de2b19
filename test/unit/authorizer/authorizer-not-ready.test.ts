// The StandardAuthorizer before its initial load (Kafka's loadingComplete=false, the window in which only
// early-start listeners such as the controller listener are open): super users are answered, any other
// principal's check throws AuthorizerNotReadyError (Kafka's AuthorizerNotReadyException). Through the
// dispatcher the request gets its error response with UNKNOWN_SERVER_ERROR (Kafka's Errors does not map
// the exception) and an ERROR line, as KafkaApis/ControllerApis' handleError; an API without a built
// error response closes. After completeInitialLoad the same requests are answered by the ACLs.
import { afterEach, beforeEach, expect, test } from "bun:test";
import { AclOperation as Op, ResourceType } from "../../../src/metadata/authorizer/acl.ts";
import { AuthorizerNotReadyError, StandardAuthorizer } from "../../../src/metadata/authorizer/standard-authorizer.ts";
import { ErrorCode } from "../../../src/protocol/errors.ts";
import { requestHeaderVersion, responseHeaderVersion } from "../../../src/protocol/frame.ts";
import { API_CODECS } from "../../../src/protocol/generated/apis.ts";
import { writeRequestHeader } from "../../../src/protocol/generated/messages/request-header.ts";
import { readResponseHeader } from "../../../src/protocol/generated/messages/response-header.ts";
import { Reader } from "../../../src/protocol/primitives/reader.ts";
import { encodeExact, type FrameParts } from "../../../src/protocol/primitives/writer.ts";
import { newMetadataRequest } from "../../../src/protocol/generated/messages/metadata-request.ts";
import { metadataHandler } from "../../../src/server/api/03-metadata.ts";
import { listGroupsHandler } from "../../../src/server/api/16-list-groups.ts";
import { Dispatcher } from "../../../src/server/dispatch.ts";
import type { BrokerServices } from "../../../src/server/services.ts";
import type { Logger } from "../../../src/util/log.ts";
import { FakeBroker } from "../produce/fake-broker.ts";

type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const ZERO_UUID = "AAAAAAAAAAAAAAAAAAAAAA";
const HOST = "127.0.0.1";

let b: FakeBroker;
let authorizer: StandardAuthorizer;
let lines: { level: string; msg: string; fields?: Record<string, unknown> }[];
let dispatcher: Dispatcher;

function capturingLog(): Logger {
  const log: Logger = {
    debug: (msg, fields) => lines.push({ level: "debug", msg, fields }),
    info: (msg, fields) => lines.push({ level: "info", msg, fields }),
    warn: (msg, fields) => lines.push({ level: "warn", msg, fields }),
    error: (msg, fields) => lines.push({ level: "error", msg, fields }),
    child: () => log,
  };
  return log;
}

beforeEach(() => {
  b = new FakeBroker();
  b.addTopic("orders");
  lines = [];
  authorizer = new StandardAuthorizer({ superUsers: new Set(["User:admin"]), allowEveryoneIfNoAclFound: false }, () => b.metadata.image);
  const services = new Proxy(b.services, { get: (t, k) => (k === "authorizer" ? authorizer : Reflect.get(t, k)) }) as BrokerServices;
  dispatcher = new Dispatcher(services, [metadataHandler, listGroupsHandler], capturingLog());
}, 120_000);

afterEach(async () => {
  await b.close();
}, 120_000);

let cid = 1;
function frame(apiKey: number, version: number, body: unknown): Uint8Array {
  const codec = API_CODECS.get(apiKey)!;
  return encodeExact((s) => {
    writeRequestHeader(s, { requestApiKey: apiKey, requestApiVersion: version, correlationId: cid++, clientId: "c" }, requestHeaderVersion(apiKey, version));
    codec.writeRequest(s, body, version);
  });
}

async function send(who: string, apiKey: number, version: number, body: unknown): Promise<Any | "close"> {
  const out = await dispatcher.handle({ id: 1, listenerName: "PLAINTEXT", remoteAddress: HOST, authenticated: true, principal: { principalType: "User", name: who } }, frame(apiKey, version, body));
  if (out === "close" || out === null) return "close";
  const all = Buffer.concat((out as FrameParts).parts as Uint8Array[]);
  const r = new Reader(new Uint8Array(all.subarray(4)));
  readResponseHeader(r, responseHeaderVersion(apiKey, version));
  return API_CODECS.get(apiKey)!.readResponse(r, version) as Any;
}

const metadata = { ...newMetadataRequest(), topics: [{ name: "orders", topicId: ZERO_UUID }], allowAutoTopicCreation: false };

test("before the initial load: super users are answered, anyone else's check throws AuthorizerNotReadyError", () => {
  expect(authorizer.initialLoadComplete).toBe(false);
  expect(authorizer.authorize("User:admin", HOST, Op.WRITE, ResourceType.TOPIC, "orders")).toBe(true);
  expect(() => authorizer.authorize("User:alice", HOST, Op.READ, ResourceType.TOPIC, "orders")).toThrow(AuthorizerNotReadyError);
  expect(() => authorizer.authorizeByResourceType("User:alice", HOST, Op.WRITE, ResourceType.TOPIC)).toThrow(AuthorizerNotReadyError);
  expect(() => authorizer.authorizedOperations("User:alice", HOST, ResourceType.TOPIC, "orders")).toThrow(AuthorizerNotReadyError);
  authorizer.completeInitialLoad();
  expect(authorizer.authorize("User:alice", HOST, Op.READ, ResourceType.TOPIC, "orders")).toBe(false);
  expect(authorizer.authorizedOperations("User:alice", HOST, ResourceType.TOPIC, "orders")).toBe(0);
});

test("a request in the window: its error response with UNKNOWN_SERVER_ERROR and an ERROR line; a super user's is served", async () => {
  const r = await send("alice", 3, 12, metadata);
  expect(r).toMatchObject({ brokers: [], clusterId: null, controllerId: -1, topics: [{ name: "orders", errorCode: ErrorCode.UNKNOWN_SERVER_ERROR, partitions: [] }] });
  const e = lines.find((l) => l.level === "error");
  expect(e?.msg).toBe("Unexpected error handling request");
  expect(e?.fields).toMatchObject({ api: "Metadata", apiVersion: 12, listener: "PLAINTEXT", error: "AuthorizerNotReadyException: The authorizer is not ready to receive the request yet." });
  const su = await send("admin", 3, 12, metadata);
  expect(su).toMatchObject({ topics: [{ name: "orders", errorCode: ErrorCode.NONE }] });
  // ListGroups filters by DESCRIBE on each group: no error response is built for it here, so it closes.
  expect(await send("alice", 16, 4, API_CODECS.get(16)!.newRequest())).toBe("close");
});

test("after completeInitialLoad the ACLs answer: alice is refused by them, not by the window", async () => {
  authorizer.completeInitialLoad();
  expect(await send("alice", 3, 12, metadata)).toMatchObject({ topics: [{ name: "orders", errorCode: ErrorCode.TOPIC_AUTHORIZATION_FAILED }] });
  expect(lines.filter((l) => l.level === "error")).toEqual([]);
});
