// AlterPartition (56) on the controller listener: served at v2-3 (Kafka 4.4.0's range), listed by the
// controller listener; a node without an active controller answers NOT_CONTROLLER at the top level
// with no topics, and a failed write answers its error code there (AlterPartitionRequest.getErrorResponse).
import { expect, test } from "bun:test";
import { alterPartitionHandler } from "../../../src/server/controller-api/56-alter-partition.ts";
import { CONTROLLER_HANDLERS } from "../../../src/server/controller-api/index.ts";
import { NotControllerError } from "../../../src/metadata/quorum-controller.ts";
import { newAlterPartitionRequest } from "../../../src/protocol/generated/messages/alter-partition-request.ts";
import { newAlterPartitionResponse, type AlterPartitionResponse } from "../../../src/protocol/generated/messages/alter-partition-response.ts";
import type { RequestContext } from "../../../src/server/handler.ts";
import { ErrorCode } from "../../../src/protocol/errors.ts";

const ctxWith = (quorumController: unknown, apiVersion = 3) => ({ apiVersion, services: { quorumController } }) as unknown as RequestContext;
const req = { ...newAlterPartitionRequest(), brokerId: 10, brokerEpoch: 5n, topics: [{ topicId: "AAAAAAAAAAAAAAAAAAAAAQ", partitions: [] }] };

test("served at v2-3 on the controller listener, with the controller listener's other replication APIs", () => {
  expect([alterPartitionHandler.minVersion, alterPartitionHandler.maxVersion]).toEqual([2, 3]);
  const keys = new Set(CONTROLLER_HANDLERS.map((h) => h.key));
  for (const k of [43, 45, 46, 56]) expect(keys.has(k)).toBe(true);
});

test("no controller: NOT_CONTROLLER at the top level; a failed write answers its code; a planned answer passes through with the version", async () => {
  const none = (await alterPartitionHandler.handle(ctxWith(null), req)) as AlterPartitionResponse;
  expect(none).toEqual({ ...newAlterPartitionResponse(), errorCode: ErrorCode.NOT_CONTROLLER });
  const lost = (await alterPartitionHandler.handle(ctxWith({ alterPartition: () => Promise.reject(new NotControllerError("lost")) }), req)) as AlterPartitionResponse;
  expect(lost.errorCode).toBe(ErrorCode.NOT_CONTROLLER);
  expect(lost.topics).toEqual([]);
  const broken = (await alterPartitionHandler.handle(ctxWith({ alterPartition: () => Promise.reject(new Error("boom")) }), req)) as AlterPartitionResponse;
  expect(broken.errorCode).toBe(ErrorCode.UNKNOWN_SERVER_ERROR);
  const seen: number[] = [];
  const answer = { ...newAlterPartitionResponse(), topics: [{ topicId: "AAAAAAAAAAAAAAAAAAAAAQ", partitions: [] }] };
  const ok = await alterPartitionHandler.handle(
    ctxWith({
      alterPartition: (_r: unknown, v: number) => {
        seen.push(v);
        return Promise.resolve(answer);
      },
    }, 2),
    req,
  );
  expect(ok).toBe(answer);
  expect(seen).toEqual([2]);
});
