// Kafka's ForwardingManager role for the admin APIs only the active controller can carry out: on a
// broker of a multi-node cluster that is not the active controller, DeleteTopics, AlterConfigs,
// CreatePartitions, ElectLeaders, IncrementalAlterConfigs and UpdateFeatures go to the Raft leader's
// controller listener at the version the client used, and the controller's answer goes back unchanged.
// The controller listener serves the same handlers (src/server/controller-api/index.ts), so request and
// response shapes match. CreateTopics is forwarded by the metadata layer itself (RaftMetadata), because
// the coordinators and Metadata auto-creation create topics too.
//
// Left out: the Envelope wrapping Kafka uses (it carries the client's principal for the controller's
// authorizer, which does not exist yet). When the controller cannot be reached the request is answered
// here, NOT_CONTROLLER per item (the metadata layer's answer on a node that is not the controller).

import { sendToActiveController } from "./controller-channel.ts";
import type { ApiHandler, RequestContext } from "./handler.ts";

/** API keys the broker forwards to the active controller (Kafka's forwardToController set, as served here). */
/** How long a forwarded request is retried while no controller answers (Kafka: request.timeout.ms, 30 s). */
export const FORWARD_RETRY_TIMEOUT_MS = 30_000;

export const FORWARDED_APIS: ReadonlySet<number> = new Set([20, 33, 37, 43, 44, 57]);

function shouldForward(ctx: RequestContext): boolean {
  const c = ctx.services.quorumController;
  return ctx.services.controllerChannel !== null && !(c && c.isActive);
}

export function forwardingHandler(h: ApiHandler): ApiHandler {
  if (!FORWARDED_APIS.has(h.key)) return h;
  return {
    ...h,
    handle(ctx, req) {
      if (!shouldForward(ctx)) return h.handle(ctx, req);
      const channel = ctx.services.controllerChannel!;
      return sendToActiveController<unknown>(channel, ctx.apiKey, req as Record<string, unknown>, { minVersion: ctx.apiVersion, maxVersion: ctx.apiVersion, retryTimeoutMs: FORWARD_RETRY_TIMEOUT_MS }).then(
        (r) => r.body,
        // Unreachable (no leader known, a lost connection): answered here, which on a node that is not
        // the active controller is NOT_CONTROLLER per item; clients retry against the new controller.
        () => {
          channel.controllerMoved();
          return h.handle(ctx, req);
        },
      );
    },
  };
}
