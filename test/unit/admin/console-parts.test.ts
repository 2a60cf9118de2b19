// The console's small pieces: the bounded sample ring, how record bytes are shown (UTF-8 text, hex,
// truncation at MAX_SHOWN_BYTES without splitting a character), and the CSRF / size checks on actions.
import { expect, test } from "bun:test";
import { Ring } from "../../../src/server/admin/console/samples.ts";
import { MAX_SHOWN_BYTES, showBytes } from "../../../src/server/admin/console/message-browser.ts";
import { actionBody, ConsoleError, MAX_ACTION_BODY_BYTES } from "../../../src/server/admin/console/http.ts";
import { hostOf } from "../../../src/server/admin/console/host-check.ts";

test("Ring keeps the newest `capacity` entries in order", () => {
  const r = new Ring<number>(3);
  expect(r.toArray()).toEqual([]);
  for (let i = 1; i <= 7; i++) r.push(i);
  expect(r.toArray()).toEqual([5, 6, 7]);
  expect([r.size, r.last()]).toEqual([3, 7]);
});

test("showBytes: text, hex for non-UTF-8, null, truncation on a character boundary", () => {
  expect(showBytes(null)).toBeNull();
  expect(showBytes(new TextEncoder().encode("héllo"))).toEqual({ size: 6, encoding: "utf8", data: "héllo", truncated: false });
  expect(showBytes(new Uint8Array([0xc3, 0x28]))).toEqual({ size: 2, encoding: "hex", data: "c328", truncated: false });
  const long = new TextEncoder().encode("é".repeat(MAX_SHOWN_BYTES)); // 2 bytes each
  const s = showBytes(long)!;
  expect([s.encoding, s.truncated, s.size]).toEqual(["utf8", true, long.length]);
  expect(s.data.length).toBeLessThanOrEqual(MAX_SHOWN_BYTES / 2);
  expect(s.data).toMatch(/^é+$/);
});

test("actions need the console header and a bounded JSON object body", async () => {
  const req = (headers: Record<string, string>, body: string) => new Request("http://127.0.0.1/console/api/topics", { method: "POST", headers, body });
  const code = async (p: Promise<unknown>) => p.then(() => 0, (e: unknown) => (e instanceof ConsoleError ? e.status : -1));
  expect(await code(actionBody(req({}, "{}")))).toBe(403);
  expect(await code(actionBody(req({ "x-strand-console": "1" }, "x".repeat(MAX_ACTION_BODY_BYTES + 1))))).toBe(413);
  expect(await code(actionBody(req({ "x-strand-console": "1" }, "[1]")))).toBe(400);
  expect(await code(actionBody(req({ "x-strand-console": "1" }, "not json")))).toBe(400);
  expect(await actionBody(req({ "x-strand-console": "1" }, '{"name":"t"}'))).toEqual({ name: "t" });
});

test("showBytes cuts before a character that straddles the limit", () => {
  const bytes = new TextEncoder().encode(`${"a".repeat(MAX_SHOWN_BYTES - 1)}€`); // € is 3 bytes, starting at the last shown byte
  const s = showBytes(bytes)!;
  expect([s.encoding, s.truncated, s.data]).toEqual(["utf8", true, "a".repeat(MAX_SHOWN_BYTES - 1)]);
});

test("hostOf: the host of a Host header, IPv6 literals unbracketed", () => {
  expect(["127.0.0.1:9644", "LocalHost:1", "[::1]:9644", "broker-1.internal", "[fe80::1]"].map(hostOf)).toEqual(["127.0.0.1", "localhost", "::1", "broker-1.internal", "fe80::1"]);
});
