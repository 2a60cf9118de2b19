// ListConfigResources (key 74), versions 0-1 served (KIP-1142; v0 was ListClientMetricsResources).
//
// The config resources of the asked types: TOPIC (2) every topic, BROKER (4) and BROKER_LOGGER (8) this
// broker's id, GROUP (32) every group the coordinator knows plus every group name with GROUP configs in
// the metadata (kafka-configs.sh --entity-type groups asks it to tell "doesn't exist" from "no dynamic
// config"), CLIENT_METRICS (16) none. v0, or v1 with no types: CLIENT_METRICS for v0, every type for v1.
// Another type: the whole answer is UNSUPPORTED_VERSION, as Kafka 4.4.0 answers it.
//
// Left out: CLIENT_METRICS resources (KIP-714, issue 19 item 3): Strand stores none, so none is listed.

import { ErrorCode } from "../../protocol/errors.ts";
import type { ListConfigResourcesRequest } from "../../protocol/generated/messages/list-config-resources-request.ts";
import { newListConfigResourcesResponse, type ListConfigResourcesResponse } from "../../protocol/generated/messages/list-config-resources-response.ts";
import { groupServiceOf } from "../../coordinator/group/service.ts";
import { defineHandler } from "../handler.ts";

const TOPIC = 2;
const BROKER = 4;
const BROKER_LOGGER = 8;
const CLIENT_METRICS = 16;
const GROUP = 32;
const ALL_TYPES = [TOPIC, BROKER, BROKER_LOGGER, CLIENT_METRICS, GROUP];

export const listConfigResourcesHandler = defineHandler<ListConfigResourcesRequest, ListConfigResourcesResponse>({
  key: 74,
  minVersion: 0,
  maxVersion: 1,
  handle(ctx, req) {
    const res = newListConfigResourcesResponse();
    const types = ctx.apiVersion === 0 ? [CLIENT_METRICS] : req.resourceTypes.length === 0 ? ALL_TYPES : [...new Set(req.resourceTypes)];
    if (types.some((t) => !ALL_TYPES.includes(t))) {
      res.errorCode = ErrorCode.UNSUPPORTED_VERSION;
      return res;
    }
    const image = ctx.services.metadata.image;
    const add = (resourceType: number, resourceName: string) => res.configResources.push({ resourceName, resourceType });
    // Bounded by the topics, groups and group configs the broker holds.
    for (const t of types) {
      if (t === TOPIC) for (const name of image?.topicsByName.keys() ?? []) add(TOPIC, name);
      else if (t === BROKER || t === BROKER_LOGGER) add(t, String(ctx.services.nodeId));
      else if (t === GROUP) {
        const names = new Set(groupServiceOf(ctx.services).listGroups([], []).map((g) => g.groupId));
        for (const key of image?.configs.keys() ?? []) if (key.startsWith("group:")) names.add(key.slice("group:".length));
        for (const name of names) add(GROUP, name);
      }
    }
    return res;
  },
});
