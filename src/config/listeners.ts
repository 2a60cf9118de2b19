// Listener URIs as Kafka writes them: NAME://host:port, host empty for every interface,
// IPv6 hosts in brackets.

import { ConfigError } from "./def.ts";

export interface Endpoint {
  /** Listener name, upper case (PLAINTEXT, CONTROLLER, ...). */
  name: string;
  /** Host as written; "" means every interface. */
  host: string;
  port: number;
}

export function parseEndpoint(key: string, uri: string): Endpoint {
  const m = /^([A-Za-z0-9_]+):\/\/(\[[0-9a-fA-F:.]+\]|[^:\/\[\]]*):(\d+)$/.exec(uri.trim());
  if (!m) throw new ConfigError(key, uri, "a listener of the form NAME://host:port (host may be empty)");
  const port = Number(m[3]);
  if (port > 65535) throw new ConfigError(key, uri, "a port between 0 and 65535");
  const host = m[2]!.startsWith("[") ? m[2]!.slice(1, -1) : m[2]!;
  return { name: m[1]!.toUpperCase(), host, port };
}

export function parseEndpoints(key: string, uris: string[]): Endpoint[] {
  const out = uris.map((u) => parseEndpoint(key, u));
  const names = new Set<string>();
  for (const e of out) {
    if (names.has(e.name)) throw new ConfigError(key, uris.join(","), `each listener name once (${e.name} is repeated)`);
    names.add(e.name);
  }
  return out;
}

/** Parse listener.security.protocol.map: NAME:PROTOCOL,... */
export function parseProtocolMap(key: string, raw: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of raw.split(",").map((s) => s.trim()).filter(Boolean)) {
    const [name, proto] = part.split(":");
    if (!name || !proto || !["PLAINTEXT", "SSL", "SASL_PLAINTEXT", "SASL_SSL"].includes(proto.toUpperCase())) {
      throw new ConfigError(key, raw, "NAME:PROTOCOL pairs with PROTOCOL one of PLAINTEXT, SSL, SASL_PLAINTEXT, SASL_SSL");
    }
    out.set(name.toUpperCase(), proto.toUpperCase());
  }
  return out;
}

export function formatEndpoint(e: Endpoint): string {
  const host = e.host.includes(":") ? `[${e.host}]` : e.host;
  return `${e.name}://${host}:${e.port}`;
}
