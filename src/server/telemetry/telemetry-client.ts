// What a telemetry request's context tells about its client (Kafka's RequestContext +
// ClientInformation): the header's client id, the software name/version the connection's ApiVersions
// sent, and the peer's address and port.

import type { RequestContext } from "../handler.ts";
import type { TelemetryClient } from "./client-metrics-manager.ts";

export function telemetryClientOf(ctx: RequestContext): TelemetryClient {
  return {
    clientId: ctx.header.clientId ?? null,
    softwareName: ctx.conn.clientSoftware?.name ?? null,
    softwareVersion: ctx.conn.clientSoftware?.version ?? null,
    sourceAddress: ctx.conn.remoteAddress,
    sourcePort: ctx.conn.remotePort ?? -1,
    connectionId: ctx.conn.id,
  };
}
