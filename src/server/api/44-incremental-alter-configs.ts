// IncrementalAlterConfigs (key 44), versions 0-1 served (all Kafka 4.4.0 defines).
//
// SET and DELETE on any key, APPEND and SUBTRACT on list keys (starting from the override, or the key's
// default when there is none), validate_only. Topic and broker ("ID" or "" for the cluster default)
// resources, and GROUP resources (KIP-848 group configs, src/config/group-config.ts). Validation and Kafka's per-resource errors are in src/metadata/config-alter.ts; the
// metadata layer writes the ConfigRecords. A resource named twice in one request fails both times;
// an operation id outside 0-3 fails its resource with UNKNOWN_SERVER_ERROR, as Kafka 4.4.0 answers.
//
// Broker-logger "ID" (type 8): SET gives a logger (root or one of Kafka's names Strand logs through,
// src/server/broker-loggers.ts) a level at once, DELETE returns it to the level it inherits (root's);
// Kafka's errors for an unknown logger, a level outside TRACE..FATAL (upper case), DELETE of root,
// APPEND/SUBTRACT and unknown operation ids (src/metadata/config-alter.ts validateLoggerAlter). Each
// change is logged at WARN by kafka.server.ConfigAdminManager. Levels are kept in memory only (as
// Kafka's log4j): a restart starts from STRAND_LOG_LEVEL.
//
// CLIENT_METRICS resources (KIP-714 subscriptions: metrics, interval.ms, match) with Kafka 4.4.0's
// validation of the resulting configs and its texts; values are written in Kafka's stored form, and a
// resource whose keys are all deleted is gone (src/config/client-metrics-config.ts). APPEND/SUBTRACT on
// them is INVALID_CONFIG, as Kafka answers.
//
// With an authorizer, ALTER_CONFIGS on the topic or group, or on the cluster for broker, broker-logger
// and client-metrics resources (else TOPIC_/GROUP_/CLUSTER_AUTHORIZATION_FAILED, not changed), as KafkaApis.

import type { IncrementalAlterConfigsRequest } from "../../protocol/generated/messages/incremental-alter-configs-request.ts";
import { newIncrementalAlterConfigsResponse, type IncrementalAlterConfigsResponse } from "../../protocol/generated/messages/incremental-alter-configs-response.ts";
import { OP_BY_ID } from "../../metadata/config-alter.ts";
import { runAlterConfigs } from "../../metadata/config-alter-run.ts";
import { brokerValueOf } from "../../config/group-config.ts";
import { logLevelsOf, namedLogger } from "../../util/log.ts";
import { BROKER_LOGGER_NAMES } from "../broker-loggers.ts";
import { defineHandler } from "../handler.ts";
import { dynamicValidation } from "../dynamic-ssl-validation.ts";
import { AclOperation } from "../../metadata/authorizer/acl.ts";
import { configResourceRefusal } from "../auth-helper.ts";
import { ErrorCode } from "../../protocol/errors.ts";

export const incrementalAlterConfigsHandler = defineHandler<IncrementalAlterConfigsRequest, IncrementalAlterConfigsResponse>({
  key: 44,
  minVersion: 0,
  maxVersion: 1,
  async handle(ctx, req) {
    const res = newIncrementalAlterConfigsResponse();
    // ALTER_CONFIGS on each resource (configResourceRefusal); refused ones are answered here, untouched.
    const refusals = req.resources.map((r) => configResourceRefusal(ctx, AclOperation.ALTER_CONFIGS, r.resourceType, r.resourceName));
    const allowed = req.resources.filter((_, i) => refusals[i] === ErrorCode.NONE);
    const ran = await runAlterConfigs(
      {
        // Forwarded by a broker (which checked the id is its own): any broker's configs, as Kafka's controller.
        nodeId: ctx.forwarded ? -1 : ctx.services.nodeId,
        metadata: ctx.services.metadata,
        brokerValue: brokerValueOf(ctx.services),
        logLevels: logLevelsOf(ctx.services.logger),
        configLog: namedLogger(ctx.services.logger, BROKER_LOGGER_NAMES.configAdmin),
        ...dynamicValidation(ctx),
      },
      allowed.map((r) => ({
        resourceType: r.resourceType,
        resourceName: r.resourceName,
        raw: r.configs,
        changes: r.configs.map((c) => {
          const op = OP_BY_ID.get(c.configOperation);
          return op ? { name: c.name, value: c.value, op } : null;
        }),
      })),
      { validateOnly: req.validateOnly, incremental: true },
    );
    let j = 0;
    res.responses = req.resources.map((r, i) => (refusals[i] === ErrorCode.NONE ? ran[j++]! : { errorCode: refusals[i]!, errorMessage: null, resourceType: r.resourceType, resourceName: r.resourceName }));
    return res;
  },
});
