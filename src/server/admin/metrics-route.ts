// GET /metrics: the broker's registry in the Prometheus text format 0.0.4.

import { CONTENT_TYPE_0_0_4, type MetricsRegistry } from "../../util/metrics/index.ts";
import type { AdminRoute } from "./admin-server.ts";

export function metricsRoute(registry: MetricsRegistry): AdminRoute {
  return (req, url) => {
    if (url.pathname !== "/metrics") return undefined;
    if (req.method !== "GET" && req.method !== "HEAD") return new Response("use GET\n", { status: 405, headers: { allow: "GET, HEAD" } });
    return new Response(req.method === "HEAD" ? null : registry.render(), { headers: { "content-type": CONTENT_TYPE_0_0_4 } });
  };
}
