// ClusterLinks (test/support/cluster-links.ts), the network of the replication chaos tests: each node's
// voters name the others through its own links, and isolate(n) cuts exactly the links from and to n
// (its client and controller proxies, its controller links both ways) while the rest of the cluster still talks.
import { afterAll, describe, expect, test } from "bun:test";
import type { TCPSocketListener } from "bun";
import { ClusterLinks } from "../../support/cluster-links.ts";

/** A loopback echo server standing in for a node's listener. */
function echoServer(): TCPSocketListener<undefined> {
  return Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data: (s, d) => void s.write(d) } });
}

/** Whether "ping" sent through 127.0.0.1:port comes back within 2 s. */
async function echoes(port: number): Promise<boolean> {
  const { promise, resolve } = Promise.withResolvers<boolean>();
  const timer = setTimeout(() => resolve(false), 2_000);
  try {
    const s = await Bun.connect({
      hostname: "127.0.0.1",
      port,
      socket: {
        open: (sock) => void sock.write("ping"),
        data: (_s, d) => resolve(new TextDecoder().decode(d) === "ping"),
        close: () => resolve(false),
        error: () => resolve(false),
      },
    });
    const ok = await promise;
    s.end();
    return ok;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

const ids = [1, 2, 3];
const servers = new Map<string, TCPSocketListener<undefined>>();
for (const id of ids) for (const kind of ["client", "controller"]) servers.set(`${kind}${id}`, echoServer());
const clientPorts = new Map(ids.map((id) => [id, servers.get(`client${id}`)!.port]));
const controllerPorts = new Map(ids.map((id) => [id, servers.get(`controller${id}`)!.port]));
const links = ClusterLinks.start(ids, clientPorts, controllerPorts);
afterAll(() => {
  links.stop();
  for (const s of servers.values()) s.stop(true);
}, 120_000);

/** The port `from` uses for `to`'s controller, read from its voters. */
const linkPort = (from: number, to: number): number => Number(links.votersFor(from).split(",").find((v) => v.startsWith(`${to}@`))!.split(":")[1]);

describe("ClusterLinks", () => {
  test("a node's voters name itself at its real port and the others through its links", () => {
    expect(linkPort(1, 1)).toBe(controllerPorts.get(1)!);
    expect(linkPort(1, 2)).not.toBe(controllerPorts.get(2)!);
    expect(linkPort(1, 2)).not.toBe(linkPort(3, 2)); // one link per direction
    expect(links.bootstrap.split(",")).toHaveLength(3);
    expect(links.advertisedPort(2)).not.toBe(clientPorts.get(2)!);
  });

  test("isolate cuts the node's client proxy and its controller links both ways, and only those", async () => {
    for (const [from, to] of [[1, 2], [2, 1], [1, 3], [3, 2]] as const) expect(await echoes(linkPort(from, to))).toBe(true);
    expect(await echoes(links.advertisedPort(2))).toBe(true);
    expect(await echoes(links.advertisedControllerPort(2))).toBe(true);
    links.isolate(2);
    expect(links.isIsolated(2)).toBe(true);
    expect(await echoes(links.advertisedPort(2))).toBe(false);
    expect(await echoes(links.advertisedControllerPort(2))).toBe(false);
    for (const [from, to] of [[1, 2], [2, 1], [3, 2], [2, 3]] as const) expect(await echoes(linkPort(from, to))).toBe(false);
    // The rest of the cluster is untouched.
    expect(await echoes(linkPort(1, 3))).toBe(true);
    expect(await echoes(linkPort(3, 1))).toBe(true);
    expect(await echoes(links.advertisedPort(1))).toBe(true);
    expect(await echoes(links.advertisedControllerPort(3))).toBe(true);
    links.heal(2);
    expect(await echoes(links.advertisedPort(2))).toBe(true);
    expect(await echoes(linkPort(2, 1))).toBe(true);
    expect(await echoes(links.advertisedControllerPort(2))).toBe(true);
  });

  test("direct links are the real ports and cannot be cut", () => {
    const d = ClusterLinks.direct(ids, clientPorts, controllerPorts);
    expect(d.advertisedPort(2)).toBe(clientPorts.get(2)!);
    expect(d.advertisedControllerPort(2)).toBe(controllerPorts.get(2)!);
    expect(d.votersFor(1)).toBe(ids.map((id) => `${id}@127.0.0.1:${controllerPorts.get(id)}`).join(","));
    expect(() => d.isolate(1)).toThrow();
  });
});
