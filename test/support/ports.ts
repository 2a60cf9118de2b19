// Free TCP ports on 127.0.0.1 for tests: bind port 0, read the port the kernel chose, close.
// The port is free when returned; a small race with other processes remains, which callers
// that start external servers (Kafka) absorb by retrying on a bind failure.
import { createServer } from "node:net";

export async function freePort(): Promise<number> {
  return await new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen({ host: "127.0.0.1", port: 0, exclusive: true }, () => {
      const address = server.address();
      if (address === null || typeof address === "string") {
        server.close();
        reject(new Error(`freePort: unexpected server address ${String(address)}`));
        return;
      }
      const port = address.port;
      server.close((err) => (err ? reject(err) : resolve(port)));
    });
  });
}

/** `count` distinct free ports (held open together so the kernel cannot hand out one twice). */
export async function freePorts(count: number): Promise<number[]> {
  if (!Number.isInteger(count) || count < 1 || count > 64) {
    throw new RangeError(`freePorts: count must be 1..64, got ${count}`);
  }
  const servers = await Promise.all(
    Array.from({ length: count }, () =>
      new Promise<import("node:net").Server>((resolve, reject) => {
        const server = createServer();
        server.once("error", reject);
        server.listen({ host: "127.0.0.1", port: 0, exclusive: true }, () => resolve(server));
      }),
    ),
  );
  const ports = servers.map((s) => {
    const a = s.address();
    if (a === null || typeof a === "string") throw new Error("freePorts: unexpected server address");
    return a.port;
  });
  await Promise.all(servers.map((s) => new Promise<void>((r) => s.close(() => r()))));
  return ports;
}
