// AlterConfigs (key 33), versions 0-2 served (all Kafka 4.4.0 defines).
//
// Legacy semantics: a resource's overrides are replaced by the set given (a key left out is removed).
// Topic and broker ("ID" for this broker, "" for the cluster default) resources, GROUP and
// CLIENT_METRICS resources (replaced as a whole, validated as on IncrementalAlterConfigs); validate_only checks
// without writing. Validation and Kafka's per-resource errors are in src/metadata/config-alter.ts, the
// ConfigRecords are written by the metadata layer. Dynamic broker values of the log.* keys become the
// defaults of every topic that has no override (src/config/topic-config.ts).
//
// Left out: BROKER_LOGGER resources, answered INVALID_REQUEST "Unknown resource type 8" as Kafka 4.4.0
// answers them on this API (log levels change through IncrementalAlterConfigs).
//
// With an authorizer, ALTER_CONFIGS on the topic or group, or on the cluster for broker, broker-logger
// and client-metrics resources (else TOPIC_/GROUP_/CLUSTER_AUTHORIZATION_FAILED, not changed), as KafkaApis.

import type { AlterConfigsRequest } from "../../protocol/generated/messages/alter-configs-request.ts";
import { newAlterConfigsResponse, type AlterConfigsResponse } from "../../protocol/generated/messages/alter-configs-response.ts";
import { runAlterConfigs } from "../../metadata/config-alter-run.ts";
import { brokerValueOf } from "../../config/group-config.ts";
import { defineHandler } from "../handler.ts";
import { dynamicValidation } from "../dynamic-ssl-validation.ts";
import { AclOperation } from "../../metadata/authorizer/acl.ts";
import { configResourceRefusal } from "../auth-helper.ts";
import { ErrorCode } from "../../protocol/errors.ts";

export const alterConfigsHandler = defineHandler<AlterConfigsRequest, AlterConfigsResponse>({
  key: 33,
  minVersion: 0,
  maxVersion: 2,
  async handle(ctx, req) {
    const res = newAlterConfigsResponse();
    // ALTER_CONFIGS on each resource (configResourceRefusal); refused ones are answered here, untouched.
    const refusals = req.resources.map((r) => configResourceRefusal(ctx, AclOperation.ALTER_CONFIGS, r.resourceType, r.resourceName));
    const allowed = req.resources.filter((_, i) => refusals[i] === ErrorCode.NONE);
    const ran = await runAlterConfigs(
      { nodeId: ctx.forwarded ? -1 : ctx.services.nodeId, metadata: ctx.services.metadata, brokerValue: brokerValueOf(ctx.services), ...dynamicValidation(ctx) },
      allowed.map((r) => ({ resourceType: r.resourceType, resourceName: r.resourceName, changes: r.configs.map((c) => ({ name: c.name, value: c.value, op: "set" as const })) })),
      { validateOnly: req.validateOnly, incremental: false },
    );
    let j = 0;
    res.responses = req.resources.map((r, i) => (refusals[i] === ErrorCode.NONE ? ran[j++]! : { errorCode: refusals[i]!, errorMessage: null, resourceType: r.resourceType, resourceName: r.resourceName }));
    return res;
  },
});
