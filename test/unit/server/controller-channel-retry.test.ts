// sendToActiveController (Kafka's NodeToControllerChannelManager retry): no controller, a lost
// connection or NOT_CONTROLLER are retried until the retry timeout; other answers come back at once.
import { expect, test } from "bun:test";
import { answersNotController, NoControllerError, sendToActiveController, type ControllerChannel } from "../../../src/server/controller-channel.ts";

function channel(answers: Array<Record<string, unknown> | Error>): ControllerChannel & { sent: number; moved: number } {
  const c = {
    sent: 0,
    moved: 0,
    send<T>() {
      const a = answers[Math.min(c.sent++, answers.length - 1)]!;
      return a instanceof Error ? Promise.reject(a) : Promise.resolve({ version: 7, body: a as T });
    },
    controllerMoved() {
      c.moved++;
    },
    currentController: () => null,
  };
  return c;
}

test("NOT_CONTROLLER anywhere in the answer is seen, other codes are not", () => {
  expect(answersNotController({ topics: [{ name: "a", errorCode: 0 }, { name: "b", errorCode: 41 }] })).toBe(true);
  expect(answersNotController({ errorCode: 41 })).toBe(true);
  expect(answersNotController({ responses: [{ partitions: [{ errorCode: 41 }] }] })).toBe(true);
  expect(answersNotController({ topics: [{ errorCode: 36 }] })).toBe(false);
});

test("no controller, a lost connection and NOT_CONTROLLER are retried until an answer", async () => {
  const c = channel([new NoControllerError(), new Error("connection closed"), { topics: [{ errorCode: 41 }] }, { topics: [{ errorCode: 0 }] }]);
  const r = await sendToActiveController<{ topics: Array<{ errorCode: number }> }>(c, 19, {}, { retryTimeoutMs: 10_000 });
  expect(r.body.topics[0]!.errorCode).toBe(0);
  expect(c.sent).toBe(4);
  expect(c.moved).toBe(3);
});

test("past the retry timeout the last answer or error is returned", async () => {
  const c = channel([{ topics: [{ errorCode: 41 }] }]);
  const r = await sendToActiveController<{ topics: Array<{ errorCode: number }> }>(c, 19, {}, { retryTimeoutMs: 300 });
  expect(r.body.topics[0]!.errorCode).toBe(41);
  expect(c.sent).toBeGreaterThan(1);
  const e = channel([new NoControllerError()]);
  await expect(sendToActiveController(e, 19, {}, { retryTimeoutMs: 200 })).rejects.toBeInstanceOf(NoControllerError);
});
