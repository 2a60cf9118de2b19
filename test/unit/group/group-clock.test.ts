// The broker's GroupClock never runs a timeout inside schedule(): a deadline that has already passed
// (0 ms on a clock that has not moved) runs from a microtask, and a cancel before then wins.
import { expect, test } from "bun:test";
import { wheelGroupClock } from "../../../src/server/group-clock.ts";
import { FakeClock, Timer } from "../../../src/util/purgatory/index.ts";

test("an already-due timeout runs after schedule() returns, not inside it; cancel before then wins", async () => {
  const clock = new FakeClock(1000);
  const gc = wheelGroupClock(new Timer({ clock }));
  const ran: string[] = [];
  let handleSet = false;
  const h = gc.schedule(() => ran.push(handleSet ? "after" : "inside"), 0);
  handleSet = true;
  expect(ran).toEqual([]);
  await Promise.resolve();
  expect(ran).toEqual(["after"]);

  const c = gc.schedule(() => ran.push("cancelled one ran"), 0);
  c.cancel();
  await Promise.resolve();
  expect(ran).toEqual(["after"]);
  void h;

  gc.schedule(() => ran.push("later"), 50);
  clock.advance(49);
  expect(ran).toEqual(["after"]);
  clock.advance(1);
  expect(ran).toEqual(["after", "later"]);
});
