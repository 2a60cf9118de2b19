// connection_creation_rate for ip entities, as Kafka's ConnectionQuotas.recordIpConnectionMaybeThrottle:
// each new connection from an address counts against the rate of its ip entity (the address's own,
// else the default ip entity; none: unlimited), measured by a Rate over quota.window.num ×
// quota.window.size.seconds. Over the rate the connection is taken back out of the count and the socket
// server closes it after the throttle time, reading nothing from it (Kafka's DelayedCloseSocket); the
// throttle is bounded by one quota window, as Kafka's. Not applied on the inter-broker listener when
// there are several listeners (Kafka's protected listener).
//
// Hot path: an image without ip quotas costs one reference comparison per new connection. Bounds:
// MAX_ADDRESSES rate sensors (idle ones, which measure zero, are dropped first).

import type { ClientQuotaImage, MetadataImage } from "../../metadata/image.ts";
import { IP } from "../../metadata/client-quota-control.ts";
import { QuotaRate, recordAndThrottleMs } from "./quota-rate.ts";

const KEY = "connection_creation_rate";
const MAX_ADDRESSES = 10_000;

/** IPv4-mapped IPv6 addresses count as their IPv4 address; IPv6 in lower case. */
function normalize(address: string): string {
  const a = address.toLowerCase();
  return a.startsWith("::ffff:") && a.includes(".") ? a.slice(7) : a;
}

export class IpConnectionRateQuota {
  private seen: ReadonlyMap<string, ClientQuotaImage> | undefined | null = null;
  private perIp = new Map<string, number>();
  private defaultRate = Infinity;
  private readonly sensors = new Map<string, QuotaRate>();

  constructor(
    private readonly numSamples: number,
    private readonly windowMs: number,
    private readonly image: () => MetadataImage | undefined,
    private readonly nowMs: () => number = Date.now,
  ) {}

  /** Records a new connection from `address`; the ms to hold it before closing it, 0 to accept it. */
  throttleMs(address: string): number {
    this.refresh();
    if (this.perIp.size === 0 && this.defaultRate === Infinity) return 0;
    const ip = normalize(address);
    const bound = this.perIp.get(ip) ?? this.defaultRate;
    if (bound === Infinity) return 0;
    const now = this.nowMs();
    let rate = this.sensors.get(ip);
    if (rate === undefined) {
      if (this.sensors.size >= MAX_ADDRESSES) this.evictIdle(now);
      rate = new QuotaRate(this.numSamples, this.windowMs);
      this.sensors.set(ip, rate);
    }
    const ms = recordAndThrottleMs(rate, 1, bound, now, this.windowMs);
    // Not accepted: not counted (Kafka unrecords it).
    if (ms > 0) rate.record(-1, now);
    return ms;
  }

  private refresh(): void {
    const q = this.image()?.clientQuotas;
    if (q === this.seen) return;
    this.seen = q;
    const perIp = new Map<string, number>();
    let def = Infinity;
    // Bounded by the image's entities.
    for (const e of q?.values() ?? []) {
      const v = e.quotas.get(KEY);
      if (v === undefined || !e.entity.has(IP)) continue;
      const name = e.entity.get(IP)!;
      if (name === null) def = v;
      else perIp.set(normalize(name), v);
    }
    this.perIp = perIp;
    this.defaultRate = def;
  }

  private evictIdle(nowMs: number): void {
    const idleMs = this.numSamples * this.windowMs;
    for (const [k, s] of this.sensors) if (nowMs - s.lastEventMs() >= idleMs) this.sensors.delete(k);
    if (this.sensors.size >= MAX_ADDRESSES) this.sensors.delete(this.sensors.keys().next().value!);
  }
}
