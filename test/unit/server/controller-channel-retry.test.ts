// sendToActiveController (Kafka's NodeToControllerChannelManager retry): no controller, a lost
// connection or NOT_CONTROLLER are retried until the retry timeout; other answers come back at once.
import { expect, test } from "bun:test";
import type { NetworkClient } from "../../../src/network/network-client.ts";
import { answersNotController, NoControllerError, RaftControllerChannel, sendToActiveController, type ControllerChannel } from "../../../src/server/controller-channel.ts";

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

test("a leader change cuts the back-off short: the retry goes to the new controller at once", async () => {
  const answers = [41, 41, 41, 41, 41, 41, 41, 41, 41, 0];
  let sent = 0;
  const client = {
    send: () => {
      const code = answers[Math.min(sent++, answers.length - 1)]!;
      // The failover completes while the caller backs off: the metadata quorum names a new leader.
      if (code !== 0) setTimeout(() => channel.leaderChanged(), 1);
      return Promise.resolve({ version: 7, body: { topics: [{ errorCode: code }] } });
    },
  };
  const channel = new RaftControllerChannel(client as unknown as NetworkClient, () => ({ id: 1, host: "127.0.0.1", port: 1 }));
  const woken: boolean[] = [];
  const backoff = channel.backoff.bind(channel);
  channel.backoff = (ms: number, since: number) => backoff(ms, since).then((w) => (woken.push(w), w));
  // Sleeping out 50+100+200+400+800+1000+1000+1000 ms would pass this deadline before the ninth answer;
  // woken at each leader change, the ten sends take milliseconds (a wide margin on a busy machine).
  const r = await sendToActiveController<{ topics: Array<{ errorCode: number }> }>(channel, 19, {}, { retryTimeoutMs: 5_000 });
  expect(r.body.topics[0]!.errorCode).toBe(0);
  expect(sent).toBe(10);
  expect(woken).toEqual(Array.from({ length: 9 }, () => true));
  // Without a change the back-off runs its course; a change since the send skips it.
  expect(await channel.backoff(20, channel.generation())).toBe(false);
  const before = channel.generation();
  channel.leaderChanged();
  expect(await channel.backoff(60_000, before)).toBe(true);
});
