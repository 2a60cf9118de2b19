// ListConfigResources (key 74), versions 0-1 served (KIP-1142; v0 was ListClientMetricsResources).
//
// The config resources of the asked types: TOPIC (2) every topic, BROKER (4) and BROKER_LOGGER (8) this
// broker's id, GROUP (32) every group the coordinator knows plus every group name with GROUP configs in
// the metadata (kafka-configs.sh --entity-type groups asks it to tell "doesn't exist" from "no dynamic
// config"), CLIENT_METRICS (16) every client-metrics subscription in the metadata (kafka-client-metrics.sh
// --list, and --describe --name telling "doesn't exist"), in Kafka's order (its ConcurrentHashMap's).
// v0, or v1 with no types: CLIENT_METRICS for v0, every type for v1. Types come in Kafka 4.4.0's order
// (GROUP, CLIENT_METRICS, BROKER_LOGGER, BROKER, TOPIC) whatever the request's order.
// Another type: the whole answer is UNSUPPORTED_VERSION, as Kafka 4.4.0 answers it.
//
// With an authorizer, DESCRIBE_CONFIGS on the cluster (else CLUSTER_AUTHORIZATION_FAILED).

import { ErrorCode } from "../../protocol/errors.ts";
import type { ListConfigResourcesRequest } from "../../protocol/generated/messages/list-config-resources-request.ts";
import { newListConfigResourcesResponse, type ListConfigResourcesResponse } from "../../protocol/generated/messages/list-config-resources-response.ts";
import { groupServiceOf } from "../../coordinator/group/service.ts";
import { defineHandler } from "../handler.ts";
import { CLIENT_METRICS_IMAGE_PREFIX } from "../../config/client-metrics-config.ts";
import { javaHashSetOrder } from "../telemetry/java-hash-set.ts";
import { AclOperation } from "../../metadata/authorizer/acl.ts";
import { authorizeCluster } from "../auth-helper.ts";

const TOPIC = 2;
const BROKER = 4;
const BROKER_LOGGER = 8;
const CLIENT_METRICS = 16;
const GROUP = 32;
/** In the order Kafka 4.4.0 lists them. */
const ALL_TYPES = [GROUP, CLIENT_METRICS, BROKER_LOGGER, BROKER, TOPIC];

export const listConfigResourcesHandler = defineHandler<ListConfigResourcesRequest, ListConfigResourcesResponse>({
  key: 74,
  minVersion: 0,
  maxVersion: 1,
  handle(ctx, req) {
    const res = newListConfigResourcesResponse();
    // KIP-1142 (KafkaApis.handleListConfigResources): DESCRIBE_CONFIGS on the cluster, else
    // CLUSTER_AUTHORIZATION_FAILED and no names (topic and group names are not disclosed).
    if (!authorizeCluster(ctx, AclOperation.DESCRIBE_CONFIGS)) {
      res.errorCode = ErrorCode.CLUSTER_AUTHORIZATION_FAILED;
      return res;
    }
    const asked = ctx.apiVersion === 0 ? [CLIENT_METRICS] : req.resourceTypes.length === 0 ? ALL_TYPES : req.resourceTypes;
    if (asked.some((t) => !ALL_TYPES.includes(t))) {
      res.errorCode = ErrorCode.UNSUPPORTED_VERSION;
      return res;
    }
    const image = ctx.services.metadata.image;
    const add = (resourceType: number, resourceName: string) => res.configResources.push({ resourceName, resourceType });
    // Bounded by the topics, groups and group configs the broker holds.
    for (const t of ALL_TYPES.filter((type) => asked.includes(type))) {
      if (t === TOPIC) for (const name of image?.topicsByName.keys() ?? []) add(TOPIC, name);
      else if (t === BROKER || t === BROKER_LOGGER) add(t, String(ctx.services.nodeId));
      else if (t === GROUP) {
        const names = new Set(groupServiceOf(ctx.services).listGroups([], []).map((g) => g.groupId));
        for (const key of image?.configs.keys() ?? []) if (key.startsWith("group:")) names.add(key.slice("group:".length));
        for (const name of names) add(GROUP, name);
      } else if (t === CLIENT_METRICS) {
        const names = [...(image?.configs.keys() ?? [])].filter((k) => k.startsWith(CLIENT_METRICS_IMAGE_PREFIX)).map((k) => k.slice(CLIENT_METRICS_IMAGE_PREFIX.length));
        for (const name of javaHashSetOrder(names.sort())) add(CLIENT_METRICS, name);
      }
    }
    return res;
  },
});
