// The ACL APIs on a node with no authorizer (authorizer.class.name empty, the default), one test for
// both targets (STRAND_INTEROP_TARGET=kafka runs it against Apache Kafka 4.4.0): DescribeAcls answers
// SECURITY_DISABLED at the top, CreateAcls and DeleteAcls on every creation and filter, with Kafka's
// messages; and every request is allowed (nothing else changes).
import { afterAll, beforeAll, expect, test } from "bun:test";
import { ErrorCode } from "../../src/protocol/errors.ts";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { startTarget, type InteropTarget } from "./target.ts";

type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let target: InteropTarget;
let client: KafkaTestClient;

beforeAll(async () => {
  target = await startTarget();
  client = await KafkaTestClient.connect(target.port);
}, 120_000);

afterAll(async () => {
  client?.close();
  await target?.remove();
}, 60_000);

const filter = { resourceTypeFilter: 1, resourceNameFilter: null, patternTypeFilter: 1, principalFilter: null, hostFilter: null, operation: 1, permissionType: 1 };

test("DescribeAcls, CreateAcls and DeleteAcls answer SECURITY_DISABLED with Kafka's messages", async () => {
  const d = await client.request<Any>(29, 3, filter);
  expect(d).toMatchObject({ errorCode: ErrorCode.SECURITY_DISABLED, errorMessage: "No Authorizer is configured on the broker", resources: [] });
  const c = await client.request<Any>(30, 3, { creations: [{ resourceType: 2, resourceName: "t", resourcePatternType: 3, principal: "User:a", host: "*", operation: 3, permissionType: 3 }] });
  expect(c.results).toEqual([{ errorCode: ErrorCode.SECURITY_DISABLED, errorMessage: "No Authorizer is configured." }]);
  const del = await client.request<Any>(31, 3, { filters: [filter, filter] });
  expect(del.filterResults).toEqual([
    { errorCode: ErrorCode.SECURITY_DISABLED, errorMessage: "No Authorizer is configured.", matchingAcls: [] },
    { errorCode: ErrorCode.SECURITY_DISABLED, errorMessage: "No Authorizer is configured.", matchingAcls: [] },
  ]);
}, 30_000);

test("a filter with an unknown code closes the connection, as Kafka cannot read the request", async () => {
  const c = await KafkaTestClient.connect(target.port);
  try {
    await expect(c.request<Any>(29, 3, { ...filter, resourceTypeFilter: 0 })).rejects.toThrow();
  } finally {
    c.close();
  }
}, 30_000);
