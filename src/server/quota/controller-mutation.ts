// controller_mutation_rate (KIP-599) for CreateTopics, CreatePartitions and DeleteTopics, as Kafka's
// ControllerMutationQuotaManager.newQuotaFor: from `strictSinceVersion` on (CreateTopics v6,
// CreatePartitions v3, DeleteTopics v5) the quota is strict, and a topic met while the client's token
// bucket is below zero is refused with THROTTLING_QUOTA_EXCEEDED (the others in the request go ahead);
// older versions are permissive: every mutation goes ahead and the response is throttled instead. The
// throttle time goes into the response and mutes the connection (not for a forwarded request, whose
// connection is the forwarding broker's, as Kafka's sendResponseMaybeThrottleWithControllerQuota).
//
// Strand applies it where the client's request is handled: on the active controller for a request
// forwarded in an Envelope (DeleteTopics, CreatePartitions), else on the broker the client is connected
// to (CreateTopics, which the metadata layer forwards after this check as the broker's own request; the
// controller does not count that one again). So in a cluster CreateTopics is counted per broker.

import type { RequestContext } from "../handler.ts";
import type { ClientQuotaManager } from "./client-quota-manager.ts";
import { throttleConnection } from "./quota-managers.ts";

/** The message of a topic refused by the strict quota: none (ApiError drops a message equal to the error's default). */
export const THROTTLED_MESSAGE: string | null = null;

export class MutationQuotaRun {
  private throttleMs = 0;

  constructor(
    private readonly ctx: RequestContext,
    private readonly manager: ClientQuotaManager,
    private readonly strict: boolean,
  ) {}

  /** Records `partitions` mutations; false when the strict quota refuses them. */
  tryApply(partitions: number): boolean {
    const r = this.manager.recordMutation(this.ctx.principal.name, this.ctx.header.clientId ?? "", partitions, this.strict);
    if (r.throttleMs > this.throttleMs) this.throttleMs = r.throttleMs;
    return r.allowed;
  }

  /** The throttle time into the response, and the connection muted for it. */
  finish(res: { throttleTimeMs: number }): void {
    if (this.throttleMs <= 0) return;
    res.throttleTimeMs = Math.max(res.throttleTimeMs, this.throttleMs);
    if (this.ctx.forwarded === undefined) throttleConnection(this.ctx.conn, this.throttleMs);
  }
}

/** The request's mutation quota; null when no controller_mutation_rate is set (nothing to count). */
export function mutationQuotaFor(ctx: RequestContext, strictSinceVersion: number): MutationQuotaRun | null {
  const m = ctx.services.quotas?.controllerMutation;
  if (!m || !m.enabled) return null;
  // A plain request on a controller listener is a broker's (CreateTopics forwarded by the metadata
  // layer, counted already on the client's broker): not counted again.
  if (ctx.forwarded === undefined && ctx.services.config.controllerListenerNames.includes(ctx.listenerName)) return null;
  return new MutationQuotaRun(ctx, m, ctx.apiVersion >= strictSinceVersion);
}
