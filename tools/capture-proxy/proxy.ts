// A recording TCP proxy for Kafka: clients connect to it, it forwards to one upstream broker, and
// it writes every request and response frame of the current session to a capture directory.
//
// Capture directory format (documented in test/fixtures/captures/README.md):
//   <seq>-<req|res>-<apiKey>v<apiVersion>-<ApiName>.bin   the exact frame bytes, 4-byte size included
//   index.jsonl   one JSON object per frame: { seq, file, conn, dir, apiKey, apiName, apiVersion,
//                 correlationId, clientId (requests only), bytes }
// A response is named by the request it answers (matched per connection by correlation id).
//
// The broker's advertised.listeners must point at the proxy, or clients leave it after bootstrap.
import { createServer, connect } from "node:net";
import type { Server, Socket } from "node:net";
import { appendFileSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { API_TABLE } from "../../src/protocol/generated/api-table.ts";
import { FrameSplitter, readRequestHeader, readResponseCorrelationId } from "./frames.ts";

export interface CaptureEntry {
  seq: number;
  file: string;
  conn: number;
  dir: "req" | "res";
  apiKey: number;
  apiName: string;
  apiVersion: number;
  correlationId: number;
  clientId?: string | null;
  bytes: number;
}

interface Session {
  dir: string;
  seq: number;
  /** Frames beyond this are forwarded but not written: keeps fixtures small if a client loops. */
  maxFrames: number;
  entries: CaptureEntry[];
}

export function apiName(key: number): string {
  return API_TABLE.find((a) => a.key === key)?.name ?? `Key${key}`;
}

export class CaptureProxy {
  private server: Server | null = null;
  private session: Session | null = null;
  private nextConn = 1;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(private upstream: { host: string; port: number } | null = null) {}

  setUpstream(host: string, port: number): void {
    this.upstream = { host, port };
  }

  async listen(port = 0): Promise<number> {
    const server = createServer((client) => this.accept(client));
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen({ host: "127.0.0.1", port }, () => resolve());
    });
    const addr = server.address();
    if (addr === null || typeof addr === "string") throw new Error("capture proxy: no address");
    this.port = addr.port;
    return this.port;
  }

  /** Starts recording connections accepted from now on into `dir` (created, index truncated). */
  startSession(dir: string, maxFrames = 400): void {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "index.jsonl"), "");
    this.session = { dir, seq: 0, maxFrames, entries: [] };
  }

  /** Stops recording (connections accepted later are forwarded only) and returns what was captured. */
  endSession(): CaptureEntry[] {
    const entries = this.session?.entries ?? [];
    this.session = null;
    return entries;
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private accept(client: Socket): void {
    const up = this.upstream;
    if (!up) {
      client.destroy();
      return;
    }
    const conn = this.nextConn++;
    const session = this.session; // a connection belongs to the session it was accepted in
    const server = connect({ host: up.host, port: up.port });
    this.sockets.add(client);
    this.sockets.add(server);
    // Per connection: correlation id -> (key, version) of requests not yet answered. Bounded by the
    // client's own in-flight limit; cleared as responses arrive.
    const inFlight = new Map<number, { apiKey: number; apiVersion: number }>();
    const reqSplitter = new FrameSplitter();
    const resSplitter = new FrameSplitter();

    const record = (frame: Uint8Array, dir: "req" | "res"): void => {
      let apiKey = -1;
      let apiVersion = -1;
      let correlationId: number;
      let clientId: string | null | undefined;
      if (dir === "req") {
        const h = readRequestHeader(frame);
        ({ apiKey, apiVersion, correlationId, clientId } = h);
        inFlight.set(correlationId, { apiKey, apiVersion });
      } else {
        correlationId = readResponseCorrelationId(frame);
        const req = inFlight.get(correlationId);
        inFlight.delete(correlationId);
        if (req) ({ apiKey, apiVersion } = req);
      }
      if (!session || session.seq >= session.maxFrames) return;
      const seq = ++session.seq;
      const name = apiName(apiKey);
      const file = `${String(seq).padStart(4, "0")}-${dir}-${apiKey}v${apiVersion}-${name}.bin`;
      writeFileSync(join(session.dir, file), frame);
      const entry: CaptureEntry = { seq, file, conn, dir, apiKey, apiName: name, apiVersion, correlationId,
        ...(dir === "req" ? { clientId } : {}), bytes: frame.length };
      session.entries.push(entry);
      appendFileSync(join(session.dir, "index.jsonl"), `${JSON.stringify(entry)}\n`);
    };

    const pipe = (from: Socket, to: Socket, splitter: FrameSplitter, dir: "req" | "res"): void => {
      from.on("data", (chunk: Buffer) => {
        try {
          for (const frame of splitter.push(new Uint8Array(chunk))) record(frame, dir);
        } catch (err) {
          console.error(`[capture-proxy] conn ${conn} ${dir}: ${(err as Error).message}; closing`);
          client.destroy();
          server.destroy();
          return;
        }
        // Backpressure: stop reading this side until the other side's buffer drains.
        if (!to.write(chunk)) {
          from.pause();
          to.once("drain", () => from.resume());
        }
      });
      from.on("end", () => to.end());
      from.on("error", () => to.destroy());
      from.on("close", () => {
        this.sockets.delete(from);
        to.destroy();
      });
    };
    pipe(client, server, reqSplitter, "req");
    pipe(server, client, resSplitter, "res");
  }
}
