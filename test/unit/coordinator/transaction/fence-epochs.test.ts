// The epochs of a zombie fence (InitProducerId over an ONGOING transaction), as Apache Kafka 4.4.0:
// the fence prepares epoch + 1; under TV0/1 that epoch is set on the metadata and the abort keeps it
// (endTransactionWithTV1); under TV2 the fence's epoch is not applied and the abort's own bump gives
// epoch + 1 (endTransaction + prepareAbortOrCommit). Either way the abort's markers and COMPLETE_ABORT
// carry epoch + 1, and the retried InitProducerId answers epoch + 2.
import { expect, test } from "bun:test";
import { ErrorCode } from "../../../../src/protocol/errors.ts";
import { makeHarness, settle, type Harness } from "./harness.ts";

async function ongoing(tvLevel: number): Promise<Harness> {
  const h = makeHarness();
  h.tvLevel.value = tvLevel;
  await h.service.start();
  const s = h.service;
  expect(await s.handleInitProducerId("tx", 60_000, null)).toEqual({ errorCode: 0, producerId: 1000n, producerEpoch: 0 });
  if (tvLevel >= 2) {
    // A TV2 producer adds its partitions with Produce v12 (the implicit add).
    expect(await s.verifyOrAdd({ transactionalId: "tx", producerId: 1000n, producerEpoch: 0, partitions: [{ topic: "t", partition: 0 }], add: true })).toEqual(new Map([["t-0", 0]]));
  } else {
    expect(await s.handleAddPartitionsToTransaction("tx", 1000n, 0, ["t-0"], 0)).toBe(0);
  }
  expect(s.describeTransaction("tx").state).toBe("Ongoing");
  return h;
}

for (const tvLevel of [0, 1, 2]) {
  test(`transaction.version ${tvLevel}: the fence aborts at epoch 1 and the retried InitProducerId gets epoch 2`, async () => {
    const h = await ongoing(tvLevel);
    const s = h.service;
    expect((await s.handleInitProducerId("tx", 60_000, null)).errorCode).toBe(ErrorCode.CONCURRENT_TRANSACTIONS);
    await settle();
    expect(h.markerCalls.at(-1)).toMatchObject({ result: "ABORT", producerId: 1000n, producerEpoch: 1 });
    expect(s.describeTransaction("tx")).toMatchObject({ state: "CompleteAbort", producerId: 1000n, producerEpoch: 1 });
    expect(await s.handleInitProducerId("tx", 60_000, null)).toEqual({ errorCode: 0, producerId: 1000n, producerEpoch: 2 });
    expect(s.describeTransaction("tx")).toMatchObject({ state: "Empty", producerEpoch: 2 });
    // The zombie (epoch 0) is fenced.
    const tv = tvLevel >= 2 ? 2 : 0;
    expect((await s.handleEndTransaction("tx", 1000n, 0, "COMMIT", tv)).errorCode).toBe(ErrorCode.PRODUCER_FENCED);
    s.close();
  }, 10_000);

  test(`transaction.version ${tvLevel}: a fence whose abort could not be written does not bump twice`, async () => {
    const h = await ongoing(tvLevel);
    const s = h.service;
    h.writer.failWith = ErrorCode.NOT_ENOUGH_REPLICAS;
    expect((await s.handleInitProducerId("tx", 60_000, null)).errorCode).toBe(ErrorCode.COORDINATOR_NOT_AVAILABLE);
    h.writer.failWith = null;
    await settle();
    expect(s.describeTransaction("tx").state).toBe("Ongoing");
    expect((await s.handleInitProducerId("tx", 60_000, null)).errorCode).toBe(ErrorCode.CONCURRENT_TRANSACTIONS);
    await settle();
    expect(h.markerCalls.at(-1)).toMatchObject({ result: "ABORT", producerEpoch: 1 });
    expect(await s.handleInitProducerId("tx", 60_000, null)).toEqual({ errorCode: 0, producerId: 1000n, producerEpoch: 2 });
    s.close();
  }, 10_000);
}

test("transaction.version 2: the coordinator's abort of a timed-out transaction ends at epoch + 1", async () => {
  const h = makeHarness({ config: { abortTimedOutTransactionsIntervalMs: 1000 } });
  h.tvLevel.value = 2;
  await h.service.start();
  const s = h.service;
  await s.handleInitProducerId("tx", 5000, null);
  await s.verifyOrAdd({ transactionalId: "tx", producerId: 1000n, producerEpoch: 0, partitions: [{ topic: "t", partition: 1 }], add: true });
  h.clock.advance(6000);
  await settle();
  expect(h.markerCalls.at(-1)).toMatchObject({ result: "ABORT", producerEpoch: 1 });
  expect(s.describeTransaction("tx")).toMatchObject({ state: "CompleteAbort", producerEpoch: 1 });
  // The producer's commit (epoch 0) now looks like a retry after the bump to COMPLETE_ABORT: INVALID_TXN_STATE.
  expect((await s.handleEndTransaction("tx", 1000n, 0, "COMMIT", 2)).errorCode).toBe(ErrorCode.INVALID_TXN_STATE);
  s.close();
}, 10_000);
