// Kafka's ConnectionQuotas for one socket server: `max.connections` over all broker listeners and
// `max.connections.per.ip` (with `max.connections.per.ip.overrides`) per client address.
//
// As in Kafka: a connection from an address that already has its maximum is accepted and closed at
// once (TooManyConnectionsException, logged at INFO); when the broker-wide maximum is reached the
// acceptor stops taking connections until one closes, so new ones wait (Kafka leaves them in the
// kernel's accept backlog; Bun accepts for us, so they wait here paused, unread, in a bounded FIFO).
// Left out: listener-level `listener.name.X.max.connections`, the inter-broker listener's right to
// evict a client connection at the broker-wide limit, `max.connection.creation.rate`, and dynamic
// updates of these keys (read at start-up).

/** Connections waiting for a slot at `max.connections`: about a kernel accept backlog's worth. */
export const MAX_WAITING_CONNECTIONS = 4096;

export interface ConnectionQuotaConfig {
  maxConnections: number;
  maxConnectionsPerIp: number;
  /** Address -> maximum, from max.connections.per.ip.overrides. */
  perIpOverrides: ReadonlyMap<string, number>;
}

export type AdmitDecision = "admit" | "wait" | "reject-ip" | "reject-backlog";

export class ConnectionQuotas {
  private readonly perIp = new Map<string, number>();
  private total = 0;

  constructor(private readonly config: ConnectionQuotaConfig) {}

  get count(): number {
    return this.total;
  }

  maxFor(address: string): number {
    return this.config.perIpOverrides.get(normalizeAddress(address)) ?? this.config.maxConnectionsPerIp;
  }

  countFor(address: string): number {
    return this.perIp.get(normalizeAddress(address)) ?? 0;
  }

  /** Whether the broker-wide maximum leaves room for one more connection. */
  get hasSlot(): boolean {
    return this.total < this.config.maxConnections;
  }

  /** Take a slot for a connection from `address`; false when that address is at its maximum. */
  tryInc(address: string): boolean {
    const key = normalizeAddress(address);
    const n = this.perIp.get(key) ?? 0;
    if (n >= this.maxFor(key)) return false;
    this.perIp.set(key, n + 1);
    this.total++;
    return true;
  }

  dec(address: string): void {
    const key = normalizeAddress(address);
    const n = this.perIp.get(key) ?? 0;
    if (n <= 0 || this.total <= 0) throw new Error(`connection quota released twice for ${key}`);
    if (n === 1) this.perIp.delete(key);
    else this.perIp.set(key, n - 1);
    this.total--;
  }
}

/** IPv4-mapped IPv6 addresses count as their IPv4 address, as Java's InetAddress reports them. */
export function normalizeAddress(address: string): string {
  const a = address.toLowerCase();
  return a.startsWith("::ffff:") && a.includes(".") ? a.slice(7) : a;
}

/**
 * Parse max.connections.per.ip.overrides: `address:count,...` as Kafka writes it. Addresses are IP
 * literals (IPv6 in brackets or bare); Kafka also resolves host names, which would need DNS at start-up.
 * Returns an error text for the config error, or the map.
 */
export function parsePerIpOverrides(raw: string): Map<string, number> | string {
  const out = new Map<string, number>();
  for (const part of raw.split(",").map((s) => s.trim()).filter(Boolean)) {
    const i = part.lastIndexOf(":");
    if (i <= 0) return `address:count pairs (${part} has no count)`;
    let host = part.slice(0, i).trim();
    if (host.startsWith("[") && host.endsWith("]")) host = host.slice(1, -1);
    const countText = part.slice(i + 1).trim();
    const count = Number(countText);
    if (!/^\d+$/.test(countText) || !Number.isSafeInteger(count) || count > 2 ** 31 - 1) return `address:count pairs with a count from 0 to 2147483647 (${part})`;
    if (!isIpLiteral(host)) return `address:count pairs with an IP address (${host} is not one)`;
    out.set(normalizeAddress(host), count);
  }
  return out;
}

function isIpLiteral(s: string): boolean {
  if (/^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.test(s)) return s.split(".").every((o) => Number(o) <= 255);
  return s.includes(":") && /^[0-9a-fA-F:.]+$/.test(s);
}
