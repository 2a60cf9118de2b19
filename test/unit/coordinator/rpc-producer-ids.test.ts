// RpcProducerIdManager (Kafka's RPCProducerIdManager): ids come from controller blocks, the next block
// is asked for at 90% of the current one, and with none ready the caller gets COORDINATOR_LOAD_IN_PROGRESS.
import { expect, test } from "bun:test";
import { ProducerIdsNotReadyError, RpcProducerIdManager, producerIdErrorCode, type ProducerIdBlockResult } from "../../../src/coordinator/producer-ids.ts";

function controller() {
  let next = 0n;
  const calls: Array<(r: ProducerIdBlockResult | Error) => void> = [];
  return {
    calls,
    allocate: () =>
      new Promise<ProducerIdBlockResult>((resolve, reject) => {
        calls.push((r) => (r instanceof Error ? reject(r) : resolve(r)));
      }),
    grant(len = 10) {
      const start = next;
      next += BigInt(len);
      calls.shift()!({ errorCode: 0, producerIdStart: start, producerIdLen: len });
    },
  };
}
const tick = () => new Promise((r) => setImmediate(r));

test("no block yet: COORDINATOR_LOAD_IN_PROGRESS and one request; then ids in order; the next block is fetched at 90%", async () => {
  const c = controller();
  const errors: string[] = [];
  const m = new RpcProducerIdManager(c.allocate, (e) => errors.push(e), 0);
  let thrown: unknown = null;
  try {
    m.generate();
  } catch (e) {
    thrown = e;
  }
  expect(thrown).toBeInstanceOf(ProducerIdsNotReadyError);
  expect(producerIdErrorCode(thrown)).toBe(14);
  expect(() => m.generate()).toThrow(ProducerIdsNotReadyError);
  expect(c.calls).toHaveLength(1); // one request in flight, not one per call
  c.grant(10);
  await tick();
  const ids = Array.from({ length: 9 }, () => m.generate());
  expect(ids).toEqual([0n, 1n, 2n, 3n, 4n, 5n, 6n, 7n, 8n]);
  expect(c.calls).toHaveLength(1); // id 9 of 10 reached: prefetching
  c.grant(10);
  await tick();
  expect([m.generate(), m.generate(), m.generate()]).toEqual([9n, 10n, 11n]);
  expect(errors).toEqual([]);
});

test("a refused or failed allocation is retried, and never hands out an id twice", async () => {
  const c = controller();
  const errors: string[] = [];
  const m = new RpcProducerIdManager(c.allocate, (e) => errors.push(e), 0);
  expect(() => m.generate()).toThrow(ProducerIdsNotReadyError);
  c.calls.shift()!({ errorCode: 41, producerIdStart: -1n, producerIdLen: -1 });
  await tick();
  expect(() => m.generate()).toThrow(ProducerIdsNotReadyError);
  c.calls.shift()!(new Error("connection refused"));
  await tick();
  expect(errors).toHaveLength(2);
  expect(() => m.generate()).toThrow(ProducerIdsNotReadyError);
  c.grant(5);
  await tick();
  const seen = new Set<bigint>();
  for (let i = 0; i < 5; i++) seen.add(m.generate());
  expect(seen.size).toBe(5);
});
