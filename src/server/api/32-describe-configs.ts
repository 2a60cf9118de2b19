// DescribeConfigs (key 32), versions 1-4 served (all Kafka 4.4.0 defines).
//
// Topic: every topic config with its value and source — the topic's override (DYNAMIC_TOPIC_CONFIG), else
// the broker synonym's layer, else DEFAULT_CONFIG — and, when asked, synonyms in Kafka's order
// (src/config/describe.ts). Broker "ID": every broker key Kafka 4.4.0 defines plus Strand's own
// (strand.*), read-only flags from Kafka's dynamic-update modes, passwords hidden (value null,
// isSensitive). Broker "": the cluster-wide dynamic defaults only. v3+ carries config types;
// documentation when asked.
// Broker-logger "ID": root and the named loggers Strand logs through, by Kafka's logger names
// (src/server/broker-loggers.ts), each at its current level (changed by IncrementalAlterConfigs), as
// Kafka answers: DYNAMIC_BROKER_LOGGER_CONFIG, not read-only, no synonyms, config type UNKNOWN,
// documentation "", in the order Kafka's HashMap of ~170 loggers gives them. Kafka lists a logger for
// every class that logs; Strand only the ten components it has (a subset of Kafka's names). An empty
// name is "Broker id must not be empty", as Kafka.
// Errors, as Kafka 4.4.0 answers them: an illegal topic name is INVALID_TOPIC_EXCEPTION, a missing
// topic UNKNOWN_TOPIC_OR_PARTITION, another broker's id or a non-numeric one INVALID_REQUEST.
//
// Group "NAME" (32): the KIP-848 group configs Kafka lists, each the group's override
// (DYNAMIC_GROUP_CONFIG) or its broker key's value (DEFAULT_CONFIG), src/config/group-config.ts.
// Client-metrics "NAME" (16, KIP-714): metrics, interval.ms and match, the stored value
// (CLIENT_METRICS_CONFIG) or the default (DEFAULT_CONFIG), for any name, existing or not, as Kafka
// 4.4.0 answers (src/config/client-metrics-config.ts); "" is INVALID_REQUEST.
// Left out: group configs carry no documentation; inter.broker.protocol.version is not listed, as
// Kafka 4.x no longer has that key.
//
// With an authorizer, DESCRIBE_CONFIGS on the topic or group, or on the cluster for broker, broker-logger
// and client-metrics resources (else TOPIC_/GROUP_/CLUSTER_AUTHORIZATION_FAILED, nothing disclosed), as KafkaApis.

import { ErrorCode } from "../../protocol/errors.ts";
import type { DescribeConfigsRequest } from "../../protocol/generated/messages/describe-configs-request.ts";
import { newDescribeConfigsResponse, type DescribeConfigsResponse, type DescribeConfigsResult } from "../../protocol/generated/messages/describe-configs-response.ts";
import { brokerLayersOf, topicOverridesOf } from "../../config/broker-layers.ts";
import { describeBrokerConfigs, describeBrokerLoggers, describeTopicConfigs } from "../../config/describe.ts";
import { brokerValueOf, describeGroupConfigs } from "../../config/group-config.ts";
import { CLIENT_METRICS_IMAGE_PREFIX, describeClientMetricsConfigs } from "../../config/client-metrics-config.ts";
import { topicNameError } from "../../metadata/topic-names.ts";
import { logLevelsOf } from "../../util/log.ts";
import { defineHandler } from "../handler.ts";
import { AclOperation } from "../../metadata/authorizer/acl.ts";
import { configResourceRefusal } from "../auth-helper.ts";

export const describeConfigsHandler = defineHandler<DescribeConfigsRequest, DescribeConfigsResponse>({
  key: 32,
  minVersion: 1,
  maxVersion: 4,
  handle(ctx, req) {
    const res = newDescribeConfigsResponse();
    const broker = ctx.services;
    const image = broker.metadata.image;
    const layers = brokerLayersOf({ config: broker.config, nodeId: broker.nodeId }, image);
    const opts = { includeSynonyms: req.includeSynonyms, includeDocumentation: req.includeDocumentation };
    for (const r of req.resources) {
      const out: DescribeConfigsResult = { errorCode: 0, errorMessage: "", resourceType: r.resourceType, resourceName: r.resourceName, configs: [] };
      const fail = (code: number, message: string) => {
        out.errorCode = code;
        out.errorMessage = message;
      };
      const keys = r.configurationKeys;
      const refusal = configResourceRefusal(ctx, AclOperation.DESCRIBE_CONFIGS, r.resourceType, r.resourceName);
      if (refusal !== ErrorCode.NONE) {
        out.errorCode = refusal;
        out.errorMessage = null;
      } else if (r.resourceType === 2) {
        const nameError = topicNameError(r.resourceName);
        if (nameError) fail(ErrorCode.INVALID_TOPIC_EXCEPTION, `Topic name is invalid: ${nameError}`);
        else if (!image?.topicsByName.has(r.resourceName)) fail(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, "");
        else out.configs = describeTopicConfigs(layers, topicOverridesOf(image, r.resourceName), keys, opts);
      } else if (r.resourceType === 4) {
        if (r.resourceName === "") out.configs = describeBrokerConfigs(layers, keys, { ...opts, perBroker: false });
        else if (!/^-?\d+$/.test(r.resourceName)) fail(ErrorCode.INVALID_REQUEST, `Broker id must be an integer, but it is: ${r.resourceName}`);
        else if (Number(r.resourceName) !== broker.nodeId) fail(ErrorCode.INVALID_REQUEST, `Unexpected broker id, expected ${broker.nodeId} or empty string, but received ${r.resourceName}`);
        else out.configs = describeBrokerConfigs(layers, keys, { ...opts, perBroker: true });
      } else if (r.resourceType === 8) {
        if (r.resourceName === "") fail(ErrorCode.INVALID_REQUEST, "Broker id must not be empty");
        else if (!/^-?\d+$/.test(r.resourceName)) fail(ErrorCode.INVALID_REQUEST, `Broker id must be an integer, but it is: ${r.resourceName}`);
        else if (Number(r.resourceName) !== broker.nodeId) fail(ErrorCode.INVALID_REQUEST, `Unexpected broker id, expected ${broker.nodeId} but received ${r.resourceName}`);
        else out.configs = describeBrokerLoggers(keys, logLevelsOf(broker.logger).loggers());
      } else if (r.resourceType === 32) {
        // Any group name, existing or not, as Kafka describes it; no default ("") resource.
        if (r.resourceName === "") fail(ErrorCode.INVALID_REQUEST, "Default group resources are not allowed.");
        else out.configs = describeGroupConfigs(image?.configs.get(`group:${r.resourceName}`) ?? new Map(), keys, brokerValueOf({ config: broker.config, nodeId: broker.nodeId }, image), opts);
      } else if (r.resourceType === 16) {
        if (r.resourceName === "") fail(ErrorCode.INVALID_REQUEST, "Client metrics subscription name must not be empty");
        else out.configs = describeClientMetricsConfigs(image?.configs.get(CLIENT_METRICS_IMAGE_PREFIX + r.resourceName) ?? new Map(), keys, opts);
      } else {
        fail(ErrorCode.INVALID_REQUEST, `Unsupported resource type ${r.resourceType}`);
      }
      res.results.push(out);
    }
    return res;
  },
});
