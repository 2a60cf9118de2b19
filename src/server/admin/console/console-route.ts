// The built-in web console, served under /console on the admin HTTP listener (no separate server):
//
//   GET  /console                         the page (one HTML file; script and styles embedded in the binary)
//   GET  /console/ui.js, /console/app.js, /console/app.css
//   GET  /console/api/overview            brokers, controller, counts             (cluster-view.ts)
//   GET  /console/api/topics?filter=      topics with sizes (bounded list)         (cluster-view.ts)
//   GET  /console/api/topics/NAME         partitions, leaders, ISR, offsets, sizes, configs, rate chart
//   GET  /console/api/groups              groups coordinated here with total lag  (group-view.ts)
//   GET  /console/api/groups/ID           members, lag per partition, lag trend
//   GET  /console/api/messages?topic=&partition=&offset=|timestamp=|from=latest&limit=&maxBytes=
//   GET  /console/api/throughput          rate chart of every topic                (samples.ts)
//   POST /console/api/topics              {name, partitions, replicationFactor, configs}   create
//   POST /console/api/topics/NAME/delete                                                 delete
//   POST /console/api/groups/ID/reset-offsets {topic, partitions?, to: earliest|latest|offset|timestamp, offset?, timestamp?}
//
// POSTs need the X-Strand-Console header (http.ts: CSRF); every request a Host that names this broker
// (host-check.ts: DNS rebinding). Everything else under /console is 404, and
// paths outside /console are left to the admin server's other routes (undefined).

import type { BrokerServices } from "../../services.ts";
import { CONSOLE_CSS, CONSOLE_HTML, CONSOLE_JS, CONSOLE_UI_JS } from "./assets/index.ts";
import { overview, topicDetail, topics } from "./cluster-view.ts";
import { groupDetail, groups, resetOffsets, type ResetSpec } from "./group-view.ts";
import { checkHost } from "./host-check.ts";
import { actionBody, ConsoleError, errorResponse, intParam, json, offsetParam, stringParam } from "./http.ts";
import { browse, DEFAULT_FETCH_BYTES, DEFAULT_LIMIT, MAX_FETCH_BYTES, MAX_LIMIT, type BrowseFrom } from "./message-browser.ts";
import { ConsoleSampler } from "./samples.ts";
import { createTopic, deleteTopic, parseCreateTopic } from "./topic-actions.ts";

export const CONSOLE_PREFIX = "/console";
/** How often the console samples throughput and lag when nobody is looking. */
export const DEFAULT_SAMPLE_INTERVAL_MS = 5_000;

/** The admin server's route shape (admin-server.ts's AdminRoute): undefined = not mine. */
export type ConsoleRouteFn = (req: Request, url: URL) => Response | Promise<Response> | undefined;

export interface Console {
  route: ConsoleRouteFn;
  /** Stops the sampler (the broker's shutdown). */
  close(): void;
}

const PAGE_HEADERS = {
  "cache-control": "no-store",
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  // Only the console's own script and styles; no inline script, no other origin.
  "content-security-policy": "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
};

function asset(body: string, type: string): Response {
  return new Response(body, { headers: { ...PAGE_HEADERS, "content-type": `${type}; charset=utf-8` } });
}

function decodeSegment(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    throw new ConsoleError(400, `path segment ${JSON.stringify(s)} is not valid percent-encoding`);
  }
}

function browseFrom(q: URLSearchParams): BrowseFrom {
  if (q.get("timestamp")) return { kind: "timestamp", timestampMs: intParam(q.get("timestamp"), "timestamp", 0, 0, Number.MAX_SAFE_INTEGER) };
  if (q.get("offset")) return { kind: "offset", offset: offsetParam(q.get("offset"), "offset") };
  if (q.get("from") === "latest") return { kind: "latest" };
  return { kind: "offset", offset: 0n };
}

function resetSpec(body: Record<string, unknown>): ResetSpec {
  switch (body.to) {
    case "earliest":
      return { kind: "earliest" };
    case "latest":
      return { kind: "latest" };
    case "offset":
      return { kind: "offset", offset: offsetParam(body.offset, "offset") };
    case "timestamp":
      return { kind: "timestamp", timestampMs: intParam(body.timestamp, "timestamp", 0, 0, Number.MAX_SAFE_INTEGER) };
    default:
      throw new ConsoleError(400, `to=${JSON.stringify(body.to)} is not one of earliest, latest, offset, timestamp`);
  }
}

function partitionsParam(raw: unknown): number[] | null {
  if (raw === undefined || raw === null) return null;
  if (!Array.isArray(raw) || raw.length > 10_000 || !raw.every((p) => Number.isInteger(p) && (p as number) >= 0)) throw new ConsoleError(400, "partitions must be an array of partition numbers");
  return raw as number[];
}

async function api(services: BrokerServices, sampler: ConsoleSampler, req: Request, url: URL, parts: string[]): Promise<Response> {
  const method = req.method;
  const [what, id, action] = parts;
  if (method === "GET") {
    if (what === "overview" && parts.length === 1) return json(overview(services));
    if (what === "topics" && parts.length === 1) return json(topics(services, (url.searchParams.get("filter") ?? "").slice(0, 249)));
    if (what === "topics" && id !== undefined && parts.length === 2) {
      sampler.maybeSample();
      const name = decodeSegment(id);
      return json({ ...topicDetail(services, name), rates: sampler.rates(name) });
    }
    if (what === "groups" && parts.length === 1) return json(groups(services));
    if (what === "groups" && id !== undefined && parts.length === 2) {
      sampler.maybeSample();
      const groupId = decodeSegment(id);
      return json({ ...groupDetail(services, groupId), lagTrend: sampler.lagTrend(groupId) });
    }
    if (what === "throughput" && parts.length === 1) {
      sampler.maybeSample();
      return json({ rates: sampler.rates(null) });
    }
    if (what === "messages" && parts.length === 1) {
      const q = url.searchParams;
      const topic = stringParam(q.get("topic"), "topic");
      const partition = intParam(q.get("partition"), "partition", 0, 0, 1_000_000);
      const limit = intParam(q.get("limit"), "limit", DEFAULT_LIMIT, 1, MAX_LIMIT);
      const maxBytes = intParam(q.get("maxBytes"), "maxBytes", DEFAULT_FETCH_BYTES, 1, MAX_FETCH_BYTES);
      return json(await browse(services, topic, partition, browseFrom(q), limit, maxBytes));
    }
  } else if (method === "POST") {
    if (what === "topics" && parts.length === 1) return json(await createTopic(services, parseCreateTopic(await actionBody(req))), 201);
    if (what === "topics" && id !== undefined && action === "delete" && parts.length === 3) {
      await actionBody(req);
      return json(await deleteTopic(services, decodeSegment(id)));
    }
    if (what === "groups" && id !== undefined && action === "reset-offsets" && parts.length === 3) {
      const body = await actionBody(req);
      return json(await resetOffsets(services, decodeSegment(id), stringParam(body.topic, "topic"), partitionsParam(body.partitions), resetSpec(body)));
    }
  } else {
    throw new ConsoleError(405, `method ${method} is not served by the console`);
  }
  throw new ConsoleError(404, `no console API at ${url.pathname}`);
}

/** The console for one broker; its sampler starts now and stops with close(). */
export function createConsole(services: BrokerServices, opts: { sampleIntervalMs?: number } = {}): Console {
  const sampler = new ConsoleSampler(services, opts.sampleIntervalMs ?? DEFAULT_SAMPLE_INTERVAL_MS);
  sampler.start();
  const route: ConsoleRouteFn = (req, url) => {
    const path = url.pathname;
    if (path !== CONSOLE_PREFIX && !path.startsWith(`${CONSOLE_PREFIX}/`)) return undefined;
    checkHost(services, req);
    if (path === CONSOLE_PREFIX || path === `${CONSOLE_PREFIX}/`) return asset(CONSOLE_HTML, "text/html");
    if (path === `${CONSOLE_PREFIX}/ui.js`) return asset(CONSOLE_UI_JS, "text/javascript");
    if (path === `${CONSOLE_PREFIX}/app.js`) return asset(CONSOLE_JS, "text/javascript");
    if (path === `${CONSOLE_PREFIX}/app.css`) return asset(CONSOLE_CSS, "text/css");
    if (!path.startsWith(`${CONSOLE_PREFIX}/api/`)) return json({ error: `no console page at ${path}` }, 404);
    const parts = path.slice(`${CONSOLE_PREFIX}/api/`.length).split("/").filter((s) => s !== "");
    if (parts.length > 3) return json({ error: `no console API at ${path}` }, 404);
    return api(services, sampler, req, url, parts).catch(errorResponse);
  };
  return {
    route: (req, url) => {
      try {
        return route(req, url);
      } catch (e) {
        return errorResponse(e);
      }
    },
    close: () => sampler.close(),
  };
}
