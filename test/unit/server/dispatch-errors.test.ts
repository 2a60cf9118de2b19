// A handler that throws (a failed invariant, or any bug) is logged at ERROR with the API, version,
// correlation id and client id, and its connection is closed: never a silent close.
import { expect, test } from "bun:test";
import { Dispatcher } from "../../../src/server/dispatch.ts";
import type { BrokerServices } from "../../../src/server/services.ts";
import type { ApiHandler } from "../../../src/server/handler.ts";
import type { Logger } from "../../../src/util/log.ts";
import { API_CODECS } from "../../../src/protocol/generated/apis.ts";
import { requestHeaderVersion } from "../../../src/protocol/frame.ts";
import { writeRequestHeader } from "../../../src/protocol/generated/messages/request-header.ts";
import { encodeExact } from "../../../src/protocol/primitives/writer.ts";
import { assert, InvariantError } from "../../../src/util/assert.ts";

const LIST_GROUPS = 16;

function capturingLog(lines: { level: string; msg: string; fields?: Record<string, unknown> }[]): Logger {
  const log: Logger = {
    debug: (msg, fields) => lines.push({ level: "debug", msg, fields }),
    info: (msg, fields) => lines.push({ level: "info", msg, fields }),
    warn: (msg, fields) => lines.push({ level: "warn", msg, fields }),
    error: (msg, fields) => lines.push({ level: "error", msg, fields }),
    child: () => log,
  };
  return log;
}

function listGroupsFrame(correlationId: number): Uint8Array {
  const codec = API_CODECS.get(LIST_GROUPS)!;
  return encodeExact((s) => {
    writeRequestHeader(s, { requestApiKey: LIST_GROUPS, requestApiVersion: 4, correlationId, clientId: "client-7" }, requestHeaderVersion(LIST_GROUPS, 4));
    codec.writeRequest(s, codec.newRequest(), 4);
  });
}

for (const mode of ["sync", "async"] as const) {
  test(`a ${mode} handler's failed invariant is logged at ERROR with the request's identity and closes`, async () => {
    const lines: { level: string; msg: string; fields?: Record<string, unknown> }[] = [];
    const handler: ApiHandler = {
      key: LIST_GROUPS,
      minVersion: 0,
      maxVersion: 5,
      handle: () => {
        const fail = () => assert(1 > 2, () => "high watermark 7 above log end 5");
        if (mode === "sync") fail();
        return Promise.resolve().then(fail);
      },
    } as unknown as ApiHandler;
    const d = new Dispatcher({ config: { protocolMap: new Map([["PLAINTEXT", "PLAINTEXT"]]) } } as unknown as BrokerServices, [handler], capturingLog(lines));
    const outcome = await d.handle({ id: 3, listenerName: "PLAINTEXT", remoteAddress: "127.0.0.1", authenticated: false, principal: { principalType: "User", name: "ANONYMOUS" } }, listGroupsFrame(4242));
    expect(outcome).toBe("close");
    const e = lines.find((l) => l.level === "error");
    expect(e?.msg).toContain("unexpected error handling request");
    expect(e?.fields).toMatchObject({ connection: 3, api: "ListGroups", apiVersion: 4, correlationId: 4242, clientId: "client-7" });
    expect(String(e?.fields?.error)).toContain("InvariantError: high watermark 7 above log end 5");
  });
}

test("assert builds its message only when the check fails", () => {
  let built = 0;
  assert(true, () => String(++built));
  expect(built).toBe(0);
  expect(() => assert(false, () => "boom")).toThrow(InvariantError);
});
