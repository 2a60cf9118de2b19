// Standalone recording proxy, for capturing any client against any Kafka-compatible broker:
//
//   node_modules/.bin/bun tools/capture-proxy/main.ts --upstream 127.0.0.1:9092 --out /tmp/cap [--port 0]
//
// Point the client at the printed address. Clients follow the broker's advertised listeners after
// bootstrap, so start the broker with advertised.listeners=PLAINTEXT://<proxy address> (or they will
// bypass the proxy). Frames go to --out in the format of test/fixtures/captures/README.md. Ctrl-C stops.
import { parseArgs } from "node:util";
import { CaptureProxy } from "./proxy.ts";

const { values } = parseArgs({
  options: { upstream: { type: "string" }, out: { type: "string" }, port: { type: "string" } },
});
const upstream = values.upstream?.match(/^([^:]+):(\d+)$/);
if (!upstream || !values.out) {
  console.error("usage: capture-proxy --upstream HOST:PORT --out DIR [--port N]");
  process.exit(2);
}
const proxy = new CaptureProxy({ host: upstream[1], port: Number(upstream[2]) });
const port = await proxy.listen(Number(values.port ?? 0));
proxy.startSession(values.out, Number.MAX_SAFE_INTEGER);
console.log(`capture proxy on 127.0.0.1:${port} -> ${values.upstream}, writing ${values.out}`);
process.on("SIGINT", () => {
  const entries = proxy.endSession();
  console.log(`captured ${entries.length} frames`);
  void proxy.close().then(() => process.exit(0));
});
