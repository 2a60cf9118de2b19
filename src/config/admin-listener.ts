// strand.admin.listener: where the admin HTTP listener (metrics, health, the web console) binds, as
// host:port. Empty turns it off. Port 0 takes a free port (tests); the bound port is logged in the
// "strand started" line as admin=http://host:port.

import type { ConfigValue } from "./def.ts";

export const ADMIN_LISTENER_KEY = "strand.admin.listener";
export const ADMIN_LISTENER_DEFAULT = "127.0.0.1:9644";

export interface AdminListenerAddress {
  readonly host: string;
  readonly port: number;
}

const ALLOWED = "Value must be host:port with a port from 0 to 65535 (e.g. 127.0.0.1:9644; [::1]:9644 for IPv6), or empty to turn the admin listener off";

/** host:port, [v6]:port; null when the value is not one. */
export function parseAdminListener(raw: string): AdminListenerAddress | null {
  const m = /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]+):(\d{1,5})$/.exec(raw.trim());
  if (!m) return null;
  const port = Number(m[2]);
  if (port > 65535) return null;
  const host = m[1]!.startsWith("[") ? m[1]!.slice(1, -1) : m[1]!;
  return { host, port };
}

/** The ConfigDef validator: null when allowed, else what is allowed. */
export function validateAdminListener(v: ConfigValue): string | null {
  if (typeof v !== "string" || v.trim() === "") return null;
  return parseAdminListener(v) ? null : ALLOWED;
}
