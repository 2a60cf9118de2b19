// GET /health/live and /health/ready, for load balancers and orchestrators (Kubernetes probes):
// - live: 200 while the process serves HTTP at all (the admin listener opens first and closes last);
// - ready: 200 only when the broker can serve clients: its logs are loaded, its metadata has caught up
//   with the quorum (and, with the broker role, the controller unfenced it), its listeners are open and
//   it is not shutting down; else 503. Both answer JSON: {"status": ..., "reason"?: ..., "checks": {...}}.

import type { AdminRoute } from "./admin-server.ts";

export interface Readiness {
  readonly ready: boolean;
  /** Why not ready (the first check that failed); absent when ready. */
  readonly reason?: string;
  /** Each condition as it stands (for people reading the answer). */
  readonly checks: Readonly<Record<string, boolean | string | number>>;
}

const JSON_HEADERS = { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" };

export function healthRoutes(readiness: () => Readiness): AdminRoute {
  return (req, url) => {
    if (url.pathname !== "/health/live" && url.pathname !== "/health/ready") return undefined;
    if (req.method !== "GET" && req.method !== "HEAD") return new Response("use GET\n", { status: 405, headers: { allow: "GET, HEAD" } });
    if (url.pathname === "/health/live") return new Response(JSON.stringify({ status: "live" }) + "\n", { headers: JSON_HEADERS });
    const r = readiness();
    const body = JSON.stringify({ status: r.ready ? "ready" : "not ready", ...(r.reason ? { reason: r.reason } : {}), checks: r.checks }) + "\n";
    return new Response(body, { status: r.ready ? 200 : 503, headers: JSON_HEADERS });
  };
}
