// The admin HTTP listener: routes asked in order (the first answer wins, undefined passes), a 404 naming
// the path when none answers, a throwing route a 500 (the listener keeps serving), routes added after
// start served, and strand.admin.listener's validation naming key, value and what is allowed.
import { afterAll, expect, test } from "bun:test";
import { AdminServer, type AdminRoute } from "../../../src/server/admin/admin-server.ts";
import { parseAdminListener } from "../../../src/config/admin-listener.ts";
import { BrokerConfig } from "../../../src/config/broker-config.ts";
import { createLogger } from "../../../src/util/log.ts";

const routes: AdminRoute[] = [
  (_req, url) => (url.pathname === "/a" ? new Response("first") : undefined),
  (_req, url) => (url.pathname === "/a" ? new Response("second") : undefined),
  (_req, url) => (url.pathname === "/async" ? Promise.resolve(new Response("later")) : undefined),
  (_req, url) => {
    if (url.pathname === "/boom") throw new Error("route failed");
    return undefined;
  },
  (_req, url) => (url.pathname === "/reject" ? Promise.reject(new Error("async route failed")) : undefined),
];
const server = new AdminServer({ host: "127.0.0.1", port: 0, routes, logger: createLogger("fatal") });
server.start();
const base = server.url!;
afterAll(() => server.stop(), 10_000);

test("the first route that answers wins; none answering is a 404 naming the path", async () => {
  expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  expect(await (await fetch(`${base}/a`)).text()).toBe("first");
  expect(await (await fetch(`${base}/async`)).text()).toBe("later");
  const r = await fetch(`${base}/nothing`);
  expect(r.status).toBe(404);
  expect(await r.text()).toContain("/nothing");
});

test("a failing route is a 500 and the listener keeps serving", async () => {
  expect((await fetch(`${base}/boom`)).status).toBe(500);
  expect((await fetch(`${base}/reject`)).status).toBe(500);
  expect((await fetch(`${base}/a`)).status).toBe(200);
});

test("a route added after start is served", async () => {
  routes.push((_req, url) => (url.pathname === "/late" ? new Response("added") : undefined));
  expect(await (await fetch(`${base}/late`)).text()).toBe("added");
});

test("stop() closes the port", async () => {
  const s = new AdminServer({ host: "127.0.0.1", port: 0, routes: [], logger: createLogger("fatal") });
  s.start();
  const url = s.url!;
  expect((await fetch(`${url}/x`)).status).toBe(404);
  await s.stop();
  expect(s.url).toBeNull();
  expect(await fetch(`${url}/x`).then(() => "answered", () => "refused")).toBe("refused");
});

test("strand.admin.listener: host:port, [v6]:port or empty; anything else names the key, the value and what is allowed", () => {
  expect(parseAdminListener("127.0.0.1:9644")).toEqual({ host: "127.0.0.1", port: 9644 });
  expect(parseAdminListener("[::1]:0")).toEqual({ host: "::1", port: 0 });
  expect(parseAdminListener("localhost:65536")).toBeNull();
  const node: Array<[string, string]> = [["process.roles", "broker,controller"], ["node.id", "1"], ["controller.listener.names", "CONTROLLER"], ["listeners", "PLAINTEXT://127.0.0.1:0,CONTROLLER://127.0.0.1:0"], ["controller.quorum.voters", "1@127.0.0.1:9093"]];
  const config = (value?: string) => BrokerConfig.from(new Map([...node, ...(value === undefined ? [] : [["strand.admin.listener", value] as [string, string]])]), []);
  expect(config().string("strand.admin.listener")).toBe("127.0.0.1:9644");
  expect(config("").string("strand.admin.listener")).toBe("");
  for (const bad of ["9644", "http://127.0.0.1:9644", "127.0.0.1:99999", "host:port"]) {
    expect(() => config(bad)).toThrow(`invalid value "${bad}" for configuration strand.admin.listener: Value must be host:port`);
  }
});
