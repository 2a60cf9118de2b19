// Kafka's RequestMetrics TotalTimeMs per request name, as a fixed-bucket histogram: from the moment the
// dispatcher has the decoded request to the moment its response is encoded (a delayed produce or fetch
// includes its wait, as Kafka's does). Fetch is split as Kafka splits it: FetchConsumer / FetchFollower.
// One histogram per API key in an array indexed by the key: no lookup or allocation per request.

import { API_BY_KEY } from "../../protocol/generated/api-table.ts";
import { Histogram, LATENCY_MS_BUCKETS, type HistogramSample } from "../../util/metrics/index.ts";

const FETCH_KEY = 1;
/** Above every Kafka API key; keys beyond it are not timed (they are refused before a handler runs). */
const MAX_API_KEY = 1000;

export class RequestMetrics {
  private readonly byKey: Array<Histogram | undefined> = [];
  private fetchFollower: Histogram | null = null;

  observe(apiKey: number, follower: boolean, totalTimeMs: number): void {
    if (apiKey < 0 || apiKey > MAX_API_KEY) return;
    let h: Histogram | null | undefined;
    if (follower && apiKey === FETCH_KEY) h = this.fetchFollower ??= new Histogram(LATENCY_MS_BUCKETS);
    else h = this.byKey[apiKey] ??= new Histogram(LATENCY_MS_BUCKETS);
    h.observe(totalTimeMs);
  }

  /** kafka_network_requestmetrics_totaltimems{request="..."} for every request name seen. */
  *samples(): IterableIterator<HistogramSample> {
    for (let k = 0; k < this.byKey.length; k++) {
      const h = this.byKey[k];
      if (h === undefined) continue;
      yield { labels: { request: requestName(k) }, histogram: h };
    }
    if (this.fetchFollower) yield { labels: { request: "FetchFollower" }, histogram: this.fetchFollower };
  }
}

/** Kafka's request name of an API key (its RequestMetrics "request" tag). */
function requestName(apiKey: number): string {
  if (apiKey === FETCH_KEY) return "FetchConsumer";
  return API_BY_KEY.get(apiKey)?.name ?? String(apiKey);
}

/** A decoded Fetch request sent by a follower (replica id >= 0, in the field or in ReplicaState since v15). */
export function isFollowerFetch(body: unknown): boolean {
  const b = body as { replicaId?: number; replicaState?: { replicaId?: number } } | null;
  if (!b) return false;
  return (b.replicaState?.replicaId ?? -1) >= 0 || (b.replicaId ?? -1) >= 0;
}
