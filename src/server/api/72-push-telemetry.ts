// PushTelemetry (key 72), version 0 served (all Kafka 4.4.0 defines; KIP-714).
//
// Checks as Kafka 4.4.0's ClientMetricsManager, in its order: a reserved client instance id (zero or
// one) is INVALID_REQUEST; a push after a terminating push is INVALID_REQUEST; a non-terminating push
// within the push interval (except the first after GetTelemetrySubscriptions) is
// THROTTLING_QUOTA_EXCEEDED; a subscription id other than the instance's current one is
// UNKNOWN_SUBSCRIPTION_ID; a compression id outside 0-4 UNSUPPORTED_COMPRESSION_TYPE; metrics longer
// than telemetry.max.bytes TELEMETRY_TOO_LARGE; a payload that does not decompress INVALID_RECORD.
// An unknown client instance id gets an instance (and usually UNKNOWN_SUBSCRIPTION_ID), as in Kafka.
//
// The metrics are not dropped: the latest payload of each instance is kept decompressed, with its
// OTLP metrics decoded, in a bounded store (server/telemetry/telemetry-store.ts,
// ctx.services.clientMetrics.store), logged at DEBUG per push and at INFO for an instance's first.
// Left out: Kafka's ClientTelemetryReceiver / ClientTelemetryExporter plugins (Strand has no plugin
// loading); decompressed payloads above 16 x telemetry.max.bytes are INVALID_RECORD (Kafka has no bound).

import { ErrorCode } from "../../protocol/errors.ts";
import type { PushTelemetryRequest } from "../../protocol/generated/messages/push-telemetry-request.ts";
import { newPushTelemetryResponse, type PushTelemetryResponse } from "../../protocol/generated/messages/push-telemetry-response.ts";
import { defineHandler } from "../handler.ts";
import { telemetryClientOf } from "../telemetry/telemetry-client.ts";

export const pushTelemetryHandler = defineHandler<PushTelemetryRequest, PushTelemetryResponse>({
  key: 72,
  minVersion: 0,
  maxVersion: 0,
  handle(ctx, req) {
    const manager = ctx.services.clientMetrics;
    try {
      manager.updateSubscriptions(ctx.services.metadata.image.configs);
      return manager.pushTelemetry(req, telemetryClientOf(ctx));
    } catch (e) {
      ctx.services.logger.warn("PushTelemetry failed", { error: String(e) });
      const res = newPushTelemetryResponse();
      res.errorCode = ErrorCode.INVALID_REQUEST;
      return res;
    }
  },
});
