// The admin HTTP listener (strand.admin.listener, Bun.serve): Prometheus metrics, health checks and the
// web console share one port, each plugged in as an AdminRoute. A route looks at the request and either
// answers it or returns undefined to let the next route try; the first answer wins, none is a 404. The
// routes are read at each request, so a feature may add its route after the listener is open.
//
// Left out: TLS and authentication (bind it to loopback, as the default does, or behind a proxy).

import type { Server } from "bun";
import type { Logger } from "../../util/log.ts";

/** Answers the request, or returns undefined when it is not this route's (the next route is asked). */
export type AdminRoute = (req: Request, url: URL) => Response | Promise<Response> | undefined;

export interface AdminServerOptions {
  readonly host: string;
  readonly port: number;
  /** Read at each request: routes added later are served. */
  readonly routes: readonly AdminRoute[];
  readonly logger: Logger;
}

/** Largest request body read (a console action's form or JSON); larger ones get 413 from Bun. */
const MAX_REQUEST_BODY_BYTES = 1 << 20;
/** Seconds an idle keep-alive connection stays open (Prometheus reconnects each scrape otherwise). */
const IDLE_TIMEOUT_S = 30;

export class AdminServer {
  private server: Server<undefined> | null = null;
  private readonly opts: AdminServerOptions;

  constructor(opts: AdminServerOptions) {
    this.opts = opts;
  }

  /** Binds and serves; returns the port actually bound (port 0 takes a free one). */
  start(): number {
    const { host, port, routes, logger } = this.opts;
    this.server = Bun.serve({
      hostname: host,
      port,
      maxRequestBodySize: MAX_REQUEST_BODY_BYTES,
      idleTimeout: IDLE_TIMEOUT_S,
      fetch: (req) => {
        const url = new URL(req.url);
        try {
          // Bounded by the route table (a handful of features).
          for (const route of routes) {
            const r = route(req, url);
            if (r !== undefined) return r instanceof Promise ? r.catch((e: unknown) => failed(url, e, logger)) : r;
          }
        } catch (e) {
          return failed(url, e, logger);
        }
        return new Response(`no admin route for ${url.pathname}; served: /metrics, /health/live, /health/ready, /console\n`, { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
      },
      error: (e) => failed(null, e, logger),
    });
    return this.server.port ?? port;
  }

  /** The URL clients reach it at (a wildcard host is given as 127.0.0.1); null when not listening. */
  get url(): string | null {
    const s = this.server;
    if (!s) return null;
    const host = this.opts.host === "0.0.0.0" || this.opts.host === "" ? "127.0.0.1" : this.opts.host.includes(":") ? `[${this.opts.host}]` : this.opts.host;
    return `http://${host}:${s.port}`;
  }

  /** Stops listening and closes open connections. */
  async stop(): Promise<void> {
    const s = this.server;
    this.server = null;
    if (s) await s.stop(true);
  }
}

function failed(url: URL | null, e: unknown, logger: Logger): Response {
  const message = e instanceof Error ? e.message : String(e);
  logger.error("admin request failed", { path: url?.pathname ?? "?", error: message });
  return new Response(`internal error: ${message}\n`, { status: 500, headers: { "content-type": "text/plain; charset=utf-8" } });
}
