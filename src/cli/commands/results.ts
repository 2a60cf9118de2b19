// Per-item results of commands that act on several things at once (topics, groups): one row each, and
// exit code 1 when any of them failed.

import { intArg } from "../client/cli-args.ts";
import type { ClientContext } from "../client/client-command.ts";
import { formatTable } from "../client/output.ts";

/** One item's result: error (Kafka's error name) null when it worked. */
export interface ItemResult {
  error: string | null;
  message: string | null;
  [field: string]: unknown;
}

export interface TopicResult extends ItemResult {
  topic: string;
}

/** Print `results` keyed by their `key` field; the exit code (1 when any failed). */
export function printResults(ctx: ClientContext, results: readonly ItemResult[], okText: string, key = "topic"): number {
  ctx.out.result(results, () =>
    formatTable([key, "status"], results.map((r) => [String(r[key]), r.error ? (r.message ? `${r.error}: ${r.message}` : r.error) : okText])),
  );
  return results.some((r) => r.error !== null) ? 1 : 0;
}

export function timeoutOf(ctx: ClientContext): number {
  return intArg("--timeout-ms", ctx.args.string("timeout-ms")!, 1, 3_600_000);
}
