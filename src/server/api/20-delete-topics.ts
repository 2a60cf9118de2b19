// DeleteTopics (key 20), versions 1-6 served (Kafka 4.x serves 1-6).
//
// v1-5 name topics in TopicNames; v6 in Topics, each by name or by id: both given is INVALID_REQUEST
// ("You may not specify both topic name and topic id."), an unknown name UNKNOWN_TOPIC_OR_PARTITION, an
// unknown id UNKNOWN_TOPIC_ID, a repeated one INVALID_REQUEST — Kafka 4.4.0's codes and messages. The
// RemoveTopicRecords are committed to the metadata log before the answer; the topics' logs are deleted
// as the image drops them (LogManager.deleteLog). Refused topics come first in the answer, then the
// deleted ones, as Kafka orders them. Internal topics may be deleted, as in Kafka 4.4.0.
//
// timeoutMs is not waited on: deletion commits at once on a single node.

import { ZERO_UUID } from "../../protocol/primitives/codec-runtime.ts";
import type { DeleteTopicsRequest } from "../../protocol/generated/messages/delete-topics-request.ts";
import { newDeleteTopicsResponse, type DeleteTopicsResponse } from "../../protocol/generated/messages/delete-topics-response.ts";
import { defineHandler } from "../handler.ts";

export const deleteTopicsHandler = defineHandler<DeleteTopicsRequest, DeleteTopicsResponse>({
  key: 20,
  minVersion: 1,
  maxVersion: 6,
  async handle(ctx, req) {
    const refs =
      ctx.apiVersion >= 6
        ? req.topics.map((t) => ({ name: t.name, topicId: t.topicId === ZERO_UUID ? null : t.topicId }))
        : req.topicNames.map((name) => ({ name, topicId: null }));
    const results = await ctx.services.metadata.deleteTopics(refs);
    const res = newDeleteTopicsResponse();
    res.responses = results.map((r) => ({ name: r.name, topicId: r.topicId ?? ZERO_UUID, errorCode: r.errorCode, errorMessage: r.errorMessage }));
    return res;
  },
});
