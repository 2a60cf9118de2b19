// DNS rebinding guard. The console answers only requests whose Host names this broker: an IP literal,
// localhost, the admin listener's own host, or a host of this cluster's broker endpoints (advertised
// names). A page on another site whose name an attacker re-points at 127.0.0.1 sends its own name as
// Host, so it is refused (421) although the browser treats it as same-origin; the CSRF header alone
// cannot stop that. Reached by a name not listed here (a proxy's), the console answers 421 naming the
// allowed hosts: put the proxy's name in advertised.listeners, or have the proxy pass the original Host.

import { ADMIN_LISTENER_KEY, parseAdminListener } from "../../../config/admin-listener.ts";
import type { BrokerServices } from "../../services.ts";
import { ConsoleError } from "./http.ts";

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** The host part of a Host header value (lower case; an IPv6 literal without brackets). */
export function hostOf(header: string): string {
  const h = header.trim().toLowerCase();
  if (h.startsWith("[")) return h.slice(1, h.indexOf("]") > 0 ? h.indexOf("]") : undefined);
  const colon = h.lastIndexOf(":");
  return colon >= 0 ? h.slice(0, colon) : h;
}

export function allowedHosts(services: BrokerServices): Set<string> {
  const out = new Set<string>(["localhost"]);
  const admin = parseAdminListener(services.config.string(ADMIN_LISTENER_KEY));
  if (admin) out.add(admin.host.toLowerCase());
  for (const e of services.advertisedEndpoints) out.add(e.host.toLowerCase());
  for (const b of services.metadata.image.brokers.values()) for (const e of b.endpoints) out.add(e.host.toLowerCase());
  return out;
}

/** Throws 421 when the request's Host is not one of this broker's names. */
export function checkHost(services: BrokerServices, req: Request): void {
  const header = req.headers.get("host");
  if (header === null) return; // HTTP/1.0 without Host: not a browser's request
  const host = hostOf(header);
  if (IPV4.test(host) || host.includes(":") || host === "") return;
  const allowed = allowedHosts(services);
  if (allowed.has(host)) return;
  throw new ConsoleError(421, `the console is not served for host ${JSON.stringify(host)}: use an address of this broker (${[...allowed].sort().join(", ")} or an IP address)`);
}
