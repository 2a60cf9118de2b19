// SaslServerAuthenticator's state machine with an injected clock: pre-auth gating, the v1 and v0
// (unframed) flows, Kafka's answers to wrong passwords, unknown users, unknown mechanisms and bad
// client-finals, and KIP-368 re-authentication.
import { describe, expect, test } from "bun:test";
import { SaslServerAuthenticator, type SaslStep } from "../../../src/server/security/sasl-server-authenticator.ts";
import { credentialFromPassword, SCRAM_SHA_512 } from "../../../src/metadata/scram-mechanism.ts";
import { encodeRequest, responseHeaderVersion } from "../../../src/protocol/frame.ts";
import { API_CODECS } from "../../../src/protocol/generated/apis.ts";
import { Reader } from "../../../src/protocol/primitives/reader.ts";
import { readResponseHeader } from "../../../src/protocol/generated/messages/response-header.ts";
import { newProduceRequest } from "../../../src/protocol/generated/messages/produce-request.ts";
import { newApiVersionsRequest } from "../../../src/protocol/generated/messages/api-versions-request.ts";
import { newFetchPartition, newFetchRequest } from "../../../src/protocol/generated/messages/fetch-request.ts";
import { newMetadataRequest } from "../../../src/protocol/generated/messages/metadata-request.ts";
import { newListOffsetsRequest } from "../../../src/protocol/generated/messages/list-offsets-request.ts";
import { newFindCoordinatorRequest } from "../../../src/protocol/generated/messages/find-coordinator-request.ts";
import { newDescribeGroupsRequest } from "../../../src/protocol/generated/messages/describe-groups-request.ts";
import type { ListenerSaslConfig } from "../../../src/config/sasl-config.ts";
import { parseJaasConfig } from "../../../src/config/jaas-config.ts";
import { ErrorCode } from "../../../src/protocol/errors.ts";
import { TestScramClient } from "../../support/scram-client.ts";

const enc = new TextEncoder();

function config(maxReauthMs = 0): ListenerSaslConfig {
  return {
    listenerName: "SASL_PLAINTEXT",
    enabledMechanisms: ["SCRAM-SHA-512", "PLAIN"],
    jaas: new Map([["PLAIN", parseJaasConfig('org.apache.kafka.common.security.plain.PlainLoginModule required user_alice="alice-secret" user_bob="bob-secret";')]]),
    maxReceiveBytes: 524288,
    failedAuthenticationDelayMs: 100,
    maxReauthMs: new Map([["SCRAM-SHA-512", maxReauthMs], ["PLAIN", maxReauthMs]]),
  };
}

const creds = new Map([
  ["alice", credentialFromPassword(SCRAM_SHA_512, "alice-secret", enc.encode("salt-a"), 4096)],
  ["bob", credentialFromPassword(SCRAM_SHA_512, "bob-secret", enc.encode("salt-b"), 4096)],
]);

function make(maxReauthMs = 0): { a: SaslServerAuthenticator; clock: { now: number } } {
  const clock = { now: 1000 };
  const a = new SaslServerAuthenticator({ config: config(maxReauthMs), scramCredentials: (m, u) => (m === SCRAM_SHA_512 ? creds.get(u) : undefined), nowMs: () => clock.now });
  return { a, clock };
}

let cid = 1;
function req(apiKey: number, version: number, body: unknown): Uint8Array {
  return encodeRequest({ requestApiKey: apiKey, requestApiVersion: version, correlationId: cid++, clientId: "t" }, body).subarray(4);
}
const handshake = (mechanism: string, v = 1) => req(17, v, { mechanism });
const authenticate = (authBytes: Uint8Array, v = 2) => req(36, v, { authBytes });

/** The body of a step's response frame, decoded as `apiKey` v`version`. */
function body(s: SaslStep, apiKey: number, version: number): Record<string, unknown> {
  if (s.kind !== "respond" && s.kind !== "authenticated" && !(s.kind === "failed" && s.frame)) throw new Error(`no frame in ${s.kind}`);
  const f = (s as { frame: { parts: Uint8Array[] } }).frame;
  const all = Buffer.concat(f.parts);
  const r = new Reader(new Uint8Array(all.subarray(4)));
  readResponseHeader(r, responseHeaderVersion(apiKey, version));
  return API_CODECS.get(apiKey)!.readResponse(r, version) as Record<string, unknown>;
}

function scramLogin(a: SaslServerAuthenticator, user: string, password: string): SaslStep {
  const c = new TestScramClient(SCRAM_SHA_512, user, password, "clientnonce");
  const first = a.onFrame(authenticate(c.first()));
  expect(first.kind).toBe("respond");
  return a.onFrame(authenticate(c.final(body(first, 36, 2).authBytes as Uint8Array)));
}

describe("before authentication", () => {
  test("ApiVersions goes to the broker's handler, then SaslHandshake lists the enabled mechanisms", () => {
    const { a } = make();
    expect(a.onFrame(req(18, 3, { ...newApiVersionsRequest(), clientSoftwareName: "x", clientSoftwareVersion: "1" })).kind).toBe("api-versions");
    const h = a.onFrame(handshake("SCRAM-SHA-512"));
    expect(h.kind).toBe("respond");
    expect(body(h, 17, 1)).toMatchObject({ errorCode: 0, mechanisms: ["SCRAM-SHA-512", "PLAIN"] });
  });

  test("a Produce before the handshake: closed after the delay, no response (Kafka's IllegalSaslStateException)", () => {
    const { a } = make();
    const s = a.onFrame(req(0, 9, newProduceRequest()));
    expect(s).toEqual({ kind: "failed", frame: null, reason: "Unexpected Kafka request of type PRODUCE during SASL handshake." });
    expect(a.complete).toBe(false);
  });

  test("a Produce after the handshake, in place of SaslAuthenticate: failed", () => {
    const { a } = make();
    a.onFrame(handshake("SCRAM-SHA-512"));
    expect(a.onFrame(req(0, 9, { ...newProduceRequest(), acks: -1 })).kind).toBe("failed");
  });

  describe("another request in place of SaslAuthenticate: its own error response, ILLEGAL_SASL_STATE (Kafka's getErrorResponse)", () => {
    const after = () => {
      const { a } = make();
      a.onFrame(handshake("SCRAM-SHA-512"));
      return a;
    };
    const Z = "AAAAAAAAAAAAAAAAAAAAAA";
    const fetchReq = (v: number) => req(1, v, { ...newFetchRequest(), sessionId: 7, topics: [{ topic: "t", topicId: Z, partitions: [{ ...newFetchPartition(), partition: 3 }] }] });

    test("Produce: one entry per (topic, partition), Kafka's message; acks=0: closed with no response", () => {
      const s = after().onFrame(req(0, 9, { ...newProduceRequest(), acks: 1, topicData: [{ name: "t", partitionData: [{ index: 1, records: null }, { index: 1, records: null }] }] }));
      expect(s).toMatchObject({ kind: "failed", reason: "Unexpected Kafka request of type PRODUCE during SASL authentication." });
      const r = body(s, 0, 9) as { responses: Array<{ partitionResponses: unknown[] }> };
      expect(r.responses[0]!.partitionResponses).toEqual([expect.objectContaining({ index: 1, errorCode: 34, baseOffset: -1n, errorMessage: "Unexpected Kafka request of type PRODUCE during SASL authentication." })]);
      expect(after().onFrame(req(0, 9, { ...newProduceRequest(), acks: 0 })).kind).toBe("close");
    });

    test("Fetch: partitions and the top-level error before v13, the top-level error alone from v13", () => {
      expect(body(after().onFrame(fetchReq(12)), 1, 12)).toMatchObject({ errorCode: 34, sessionId: 7, responses: [{ topic: "t", partitions: [{ partitionIndex: 3, errorCode: 34, highWatermark: -1n }] }] });
      expect(body(after().onFrame(fetchReq(13)), 1, 13)).toMatchObject({ errorCode: 34, sessionId: 7, responses: [] });
    });

    test("ListOffsets, FindCoordinator (old and batched), ApiVersions", () => {
      const lo = after().onFrame(req(2, 7, { ...newListOffsetsRequest(), topics: [{ name: "t", partitions: [{ partitionIndex: 0, currentLeaderEpoch: -1, timestamp: -1n }] }] }));
      expect(body(lo, 2, 7)).toMatchObject({ topics: [{ name: "t", partitions: [{ partitionIndex: 0, errorCode: 34, offset: -1n, timestamp: -1n }] }] });
      const text = "Request is not valid given the current SASL state.";
      expect(body(after().onFrame(req(10, 3, { ...newFindCoordinatorRequest(), key: "g" })), 10, 3)).toMatchObject({ errorCode: 34, errorMessage: text, nodeId: -1, host: "", port: -1 });
      expect(body(after().onFrame(req(10, 4, { ...newFindCoordinatorRequest(), coordinatorKeys: ["g", "h"] })), 10, 4)).toMatchObject({ coordinators: [{ key: "g", errorCode: 34, errorMessage: text, nodeId: -1 }, { key: "h", errorCode: 34 }] });
      expect(body(after().onFrame(req(18, 3, { ...newApiVersionsRequest(), clientSoftwareName: "x", clientSoftwareVersion: "1" })), 18, 3)).toMatchObject({ errorCode: 34, apiKeys: [] });
    });

    test("an API without a built error response: the delayed close; a request that does not parse: closed at once", () => {
      expect(after().onFrame(req(15, 5, newDescribeGroupsRequest()))).toEqual({ kind: "failed", frame: null, reason: "Unexpected Kafka request of type DESCRIBE_GROUPS during SASL authentication." });
      const bad = req(3, 12, { ...newMetadataRequest(), topics: [{ name: "t", topicId: "AAAAAAAAAAAAAAAAAAAAAA" }] }).subarray(0, 20);
      expect(after().onFrame(bad).kind).toBe("close");
    });
  });

  test("an unknown mechanism: UNSUPPORTED_SASL_MECHANISM with the enabled list, then the delayed close", () => {
    const { a } = make();
    const s = a.onFrame(handshake("GSSAPI"));
    expect(s.kind).toBe("failed");
    expect(body(s, 17, 1)).toMatchObject({ errorCode: ErrorCode.UNSUPPORTED_SASL_MECHANISM, mechanisms: ["SCRAM-SHA-512", "PLAIN"] });
  });

  test("a headerless first packet (a GSSAPI token) is refused: GSSAPI is not served", () => {
    const { a } = make();
    expect(a.onFrame(new Uint8Array([1, 2, 3])).kind).toBe("failed");
  });
});

describe("SCRAM-SHA-512 over SaslAuthenticate", () => {
  test("right password: authenticated as User:alice", () => {
    const { a } = make();
    a.onFrame(handshake("SCRAM-SHA-512"));
    const s = scramLogin(a, "alice", "alice-secret");
    expect(s.kind).toBe("authenticated");
    expect((s as { principal: unknown }).principal).toEqual({ principalType: "User", name: "alice" });
    expect(body(s, 36, 2)).toMatchObject({ errorCode: 0, sessionLifetimeMs: 0n });
    expect(a.complete).toBe(true);
  });

  const generic = "Authentication failed during authentication due to invalid credentials with SASL mechanism SCRAM-SHA-512";
  test("wrong password: SASL_AUTHENTICATION_FAILED with Kafka's generic message", () => {
    const { a } = make();
    a.onFrame(handshake("SCRAM-SHA-512"));
    const s = scramLogin(a, "alice", "wrong");
    expect(s.kind).toBe("failed");
    expect(body(s, 36, 2)).toMatchObject({ errorCode: ErrorCode.SASL_AUTHENTICATION_FAILED, errorMessage: generic });
  });

  test("unknown user: the same answer as a wrong password", () => {
    const { a } = make();
    a.onFrame(handshake("SCRAM-SHA-512"));
    const s = a.onFrame(authenticate(new TestScramClient(SCRAM_SHA_512, "mallory", "x", "n").first()));
    expect(s.kind).toBe("failed");
    expect(body(s, 36, 2)).toMatchObject({ errorCode: ErrorCode.SASL_AUTHENTICATION_FAILED, errorMessage: generic });
  });

  test("bad client-final: failed with the generic message", () => {
    const { a } = make();
    a.onFrame(handshake("SCRAM-SHA-512"));
    a.onFrame(authenticate(new TestScramClient(SCRAM_SHA_512, "alice", "alice-secret", "n").first()));
    const s = a.onFrame(authenticate(enc.encode("c=biws,r=n,p=")));
    expect(body(s, 36, 2)).toMatchObject({ errorCode: ErrorCode.SASL_AUTHENTICATION_FAILED, errorMessage: generic });
  });
});

describe("PLAIN", () => {
  test("SaslHandshake v0: raw tokens follow, the answer is an empty size-prefixed token", () => {
    const { a } = make();
    a.onFrame(handshake("PLAIN", 0));
    const s = a.onFrame(enc.encode("\u0000alice\u0000alice-secret"));
    expect(s.kind).toBe("authenticated");
    expect(Buffer.concat((s as { frame: { parts: Uint8Array[] } }).frame.parts)).toEqual(Buffer.from([0, 0, 0, 0]));
  });

  test("v0 wrong password: closed after the delay with no response (no Kafka header to answer in)", () => {
    const { a } = make();
    a.onFrame(handshake("PLAIN", 0));
    expect(a.onFrame(enc.encode("\u0000alice\u0000nope"))).toMatchObject({ kind: "failed", frame: null });
  });

  test("v1 wrong password: Kafka's PLAIN message", () => {
    const { a } = make();
    a.onFrame(handshake("PLAIN"));
    const s = a.onFrame(authenticate(enc.encode("\u0000alice\u0000nope"), 1));
    expect(body(s, 36, 1)).toMatchObject({ errorCode: ErrorCode.SASL_AUTHENTICATION_FAILED, errorMessage: "Authentication failed: Invalid username or password" });
  });
});

describe("re-authentication (KIP-368)", () => {
  test("the session lifetime is sent, the session expires, and the same user may re-authenticate", () => {
    const { a, clock } = make(60_000);
    a.onFrame(handshake("SCRAM-SHA-512"));
    const s = scramLogin(a, "alice", "alice-secret");
    expect(body(s, 36, 2)).toMatchObject({ sessionLifetimeMs: 60_000n });
    clock.now += 30_000;
    expect(a.sessionExpired()).toBe(false);
    expect(a.beginReauthentication()).toBe(true);
    a.onFrame(handshake("SCRAM-SHA-512"));
    expect(scramLogin(a, "alice", "alice-secret").kind).toBe("authenticated");
    clock.now += 60_001;
    expect(a.sessionExpired()).toBe(true);
  });

  test("no re-authentication without a session lifetime, nor twice within a second", () => {
    const none = make(0);
    none.a.onFrame(handshake("PLAIN"));
    none.a.onFrame(authenticate(enc.encode("\u0000alice\u0000alice-secret")));
    expect(none.a.beginReauthentication()).toBe(false);
    const { a, clock } = make(60_000);
    a.onFrame(handshake("PLAIN"));
    a.onFrame(authenticate(enc.encode("\u0000alice\u0000alice-secret")));
    expect(a.beginReauthentication()).toBe(true);
    a.onFrame(handshake("PLAIN"));
    a.onFrame(authenticate(enc.encode("\u0000alice\u0000alice-secret")));
    clock.now += 500;
    expect(a.beginReauthentication()).toBe(false);
  });

  test("another user on re-authentication: Kafka's 'Cannot change principals' failure", () => {
    const { a } = make(60_000);
    a.onFrame(handshake("PLAIN"));
    a.onFrame(authenticate(enc.encode("\u0000alice\u0000alice-secret")));
    a.beginReauthentication();
    a.onFrame(handshake("PLAIN"));
    const s = a.onFrame(authenticate(enc.encode("\u0000bob\u0000bob-secret")));
    expect(body(s, 36, 2)).toMatchObject({ errorCode: ErrorCode.SASL_AUTHENTICATION_FAILED, errorMessage: "Cannot change principals during re-authentication from User.alice: User.bob" });
  });

  test("another mechanism on re-authentication: handshake answered, the next token fails", () => {
    const { a } = make(60_000);
    a.onFrame(handshake("PLAIN"));
    a.onFrame(authenticate(enc.encode("\u0000alice\u0000alice-secret")));
    a.beginReauthentication();
    expect(a.onFrame(handshake("SCRAM-SHA-512")).kind).toBe("respond");
    expect(a.onFrame(authenticate(enc.encode("x")))).toMatchObject({ kind: "failed", reason: "SASL mechanism 'SCRAM-SHA-512' requested by client is not supported for re-authentication of mechanism 'PLAIN'" });
  });
});
