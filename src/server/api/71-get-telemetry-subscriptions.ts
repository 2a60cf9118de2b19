// GetTelemetrySubscriptions (key 71), version 0 served (all Kafka 4.4.0 defines; KIP-714).
//
// The client's subscription from the client-metrics config resources (server/telemetry/
// client-metrics-manager.ts): the zero Uuid gets a client instance id assigned; the answer carries
// the subscription id (Kafka's CRC of the matching subscriptions), the requested metric prefixes
// ("*" for all, none when no subscription matches), the push interval (the smallest matching one,
// 5 minutes when none matches), telemetry.max.bytes, compression types zstd/lz4/gzip/snappy and delta
// temporality. A second request within the push interval is THROTTLING_QUOTA_EXCEEDED, unless the last
// push was refused for its subscription id or compression type, or a subscription changed meanwhile.
// Matching uses the connection's client id, ApiVersions software name/version, address and port.
//
// Differs from Kafka 4.4.0: Kafka advertises 71/72 in ApiVersions only when a ClientTelemetryReceiver
// plugin is configured (it still answers them otherwise); Strand always has its receiver (the
// telemetry store), so it advertises them, as a Kafka with a receiver does.

import { ErrorCode } from "../../protocol/errors.ts";
import type { GetTelemetrySubscriptionsRequest } from "../../protocol/generated/messages/get-telemetry-subscriptions-request.ts";
import { newGetTelemetrySubscriptionsResponse, type GetTelemetrySubscriptionsResponse } from "../../protocol/generated/messages/get-telemetry-subscriptions-response.ts";
import { defineHandler } from "../handler.ts";
import { telemetryClientOf } from "../telemetry/telemetry-client.ts";

export const getTelemetrySubscriptionsHandler = defineHandler<GetTelemetrySubscriptionsRequest, GetTelemetrySubscriptionsResponse>({
  key: 71,
  minVersion: 0,
  maxVersion: 0,
  handle(ctx, req) {
    const manager = ctx.services.clientMetrics;
    try {
      manager.updateSubscriptions(ctx.services.metadata.image.configs);
      return manager.getTelemetrySubscriptions(req.clientInstanceId, telemetryClientOf(ctx));
    } catch (e) {
      // Kafka answers any failure of the manager with INVALID_REQUEST.
      ctx.services.logger.warn("GetTelemetrySubscriptions failed", { error: String(e) });
      const res = newGetTelemetrySubscriptionsResponse();
      res.errorCode = ErrorCode.INVALID_REQUEST;
      return res;
    }
  },
});
