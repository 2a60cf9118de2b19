// A Kafka node faked on a MemoryTransport listener for NetworkClient tests: it decodes each request
// frame with the generated codecs and answers through a per-API handler, or holds the answer until the
// test releases it. ApiVersions is answered from a configurable range table (KIP-511 included).

import { API_TABLE } from "../../src/protocol/generated/api-table.ts";
import { API_CODECS } from "../../src/protocol/generated/apis.ts";
import { decodeRequest, encodeResponse } from "../../src/protocol/frame.ts";
import { FrameAssembler } from "../../src/network/frame-assembler.ts";
import type { MemoryServerConnection, MemoryTransport } from "../../src/network/memory-transport.ts";

export interface ReceivedRequest {
  apiKey: number;
  version: number;
  correlationId: number;
  clientId: string | null;
  body: Record<string, unknown>;
  conn: MemoryServerConnection;
}

type Answer = Record<string, unknown> | "hold" | "close";

export class FakeKafkaNode {
  readonly received: ReceivedRequest[] = [];
  /** Ranges served; default every generated API at its full range. */
  ranges = new Map<number, { min: number; max: number }>(API_TABLE.map((a) => [a.key, { min: a.minVersion, max: a.maxVersion }]));
  handlers = new Map<number, (req: ReceivedRequest) => Answer>();
  connections = 0;

  constructor(transport: MemoryTransport, host: string, port: number) {
    transport.listen(host, port, {
      onData: (conn, chunk) => this.onData(conn, chunk),
    });
  }

  private readonly assemblers = new Map<MemoryServerConnection, FrameAssembler>();

  private onData(conn: MemoryServerConnection, chunk: Uint8Array): void {
    let a = this.assemblers.get(conn);
    if (!a) {
      a = new FrameAssembler(1 << 26);
      this.assemblers.set(conn, a);
      this.connections++;
    }
    for (const frame of a.push(chunk)) {
      const d = decodeRequest(frame);
      if (!d.ok) throw new Error(`fake node could not decode a request: ${d.reason}`);
      const req: ReceivedRequest = {
        apiKey: d.header.requestApiKey,
        version: d.header.requestApiVersion,
        correlationId: d.header.correlationId,
        clientId: d.header.clientId,
        body: d.body as Record<string, unknown>,
        conn,
      };
      this.received.push(req);
      const answer = this.answer(req);
      if (answer === "close") conn.close();
      else if (answer !== "hold") this.reply(req, answer);
    }
  }

  private answer(req: ReceivedRequest): Answer {
    const h = this.handlers.get(req.apiKey);
    if (h) return h(req);
    if (req.apiKey === 18) {
      const own = this.ranges.get(18);
      const apiKeys = [...this.ranges].map(([apiKey, r]) => ({ apiKey, minVersion: r.min, maxVersion: r.max }));
      if (own && req.version > own.max) return { errorCode: 35, apiKeys: [{ apiKey: 18, minVersion: own.min, maxVersion: own.max }] };
      return { errorCode: 0, apiKeys };
    }
    return {};
  }

  reply(req: ReceivedRequest, fields: Record<string, unknown>): void {
    const codec = API_CODECS.get(req.apiKey)!;
    // An ApiVersions error answer goes at v0 (KIP-511), as a real broker sends it.
    const version = req.apiKey === 18 && fields.errorCode === 35 ? 0 : req.version;
    const body = { ...(codec.newResponse() as object), ...fields };
    req.conn.write(encodeResponse(req.apiKey, version, req.correlationId, body));
  }

  /** Reply with a raw frame (hostile answers). */
  replyRaw(req: ReceivedRequest, frame: Uint8Array): void {
    req.conn.write(frame);
  }
}
