// A request's error response as Kafka's AbstractRequest.getErrorResponse builds it for an exception
// (Errors.forException: the code; ApiError.fromThrowable: the message, null for UNKNOWN_SERVER_ERROR),
// for the two places Strand answers that way:
// - a request other than SaslAuthenticate after SaslHandshake v1 (SaslServerAuthenticator.handleSaslToken):
//   IllegalSaslStateException, ILLEGAL_SASL_STATE with "Unexpected Kafka request of type PRODUCE during
//   SASL authentication.", sent after the failed-authentication delay, then the close;
// - a check the StandardAuthorizer cannot answer before its initial load (AuthorizerNotReadyException,
//   which Kafka's Errors does not map: UNKNOWN_SERVER_ERROR with no message).
//
// Served for the requests a client sends first on a connection and the usual controller-listener ones:
// ApiVersions, SaslHandshake, Metadata, Produce, Fetch, ListOffsets, FindCoordinator, CreateTopics,
// DescribeCluster, each shaped as its Kafka getErrorResponse. Produce with acks=0 has none (Kafka's
// getErrorResponse returns null and the connection closes).
// Left out: the other APIs' error responses; for them the connection closes (after the delay for the
// SASL case), which a client sees next anyway.

import { ErrorCode, errorByCode } from "../protocol/errors.ts";
import { API_BY_KEY } from "../protocol/generated/api-table.ts";
import type { ProduceRequest } from "../protocol/generated/messages/produce-request.ts";
import { newProduceResponse, newPartitionProduceResponse, type TopicProduceResponse } from "../protocol/generated/messages/produce-response.ts";
import type { FetchRequest } from "../protocol/generated/messages/fetch-request.ts";
import { newFetchResponse, newPartitionData } from "../protocol/generated/messages/fetch-response.ts";
import type { MetadataRequest } from "../protocol/generated/messages/metadata-request.ts";
import { newMetadataResponse, newMetadataResponseTopic } from "../protocol/generated/messages/metadata-response.ts";
import type { ListOffsetsRequest } from "../protocol/generated/messages/list-offsets-request.ts";
import { newListOffsetsPartitionResponse, newListOffsetsResponse } from "../protocol/generated/messages/list-offsets-response.ts";
import type { FindCoordinatorRequest } from "../protocol/generated/messages/find-coordinator-request.ts";
import { newFindCoordinatorResponse } from "../protocol/generated/messages/find-coordinator-response.ts";
import { newApiVersionsResponse } from "../protocol/generated/messages/api-versions-response.ts";
import { newSaslHandshakeResponse } from "../protocol/generated/messages/sasl-handshake-response.ts";
import type { CreateTopicsRequest } from "../protocol/generated/messages/create-topics-request.ts";
import { newCreatableTopicResult, newCreateTopicsResponse } from "../protocol/generated/messages/create-topics-response.ts";
import { newDescribeClusterResponse } from "../protocol/generated/messages/describe-cluster-response.ts";

const ZERO_UUID = "AAAAAAAAAAAAAAAAAAAAAA";
/** FindCoordinator's first batched version (FindCoordinatorRequest.MIN_BATCHED_VERSION). */
const FIND_COORDINATOR_BATCHED = 4;
/** Fetch answers with only the top-level error from this version on (FetchRequest.getErrorResponse). */
const FETCH_TOP_LEVEL_ONLY = 13;

/** Kafka's ApiKeys constant name, e.g. "Produce" → "PRODUCE", "ListOffsets" → "LIST_OFFSETS". */
export function apiKeyConstantName(apiKey: number): string {
  const name = API_BY_KEY.get(apiKey)?.name;
  if (name === undefined) return String(apiKey);
  return name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toUpperCase();
}

/** IllegalSaslStateException's message for a request of `apiKey` during the SASL exchange. */
export function unexpectedRequestMessage(apiKey: number): string {
  return `Unexpected Kafka request of type ${apiKeyConstantName(apiKey)} during SASL authentication.`;
}

/** What to send: a response body, none at all (close now), or not built here (close). */
export type ErrorResponseAnswer = { kind: "body"; body: unknown } | { kind: "no-response" } | { kind: "not-served" };

/** The answer to an unexpected request during the SASL exchange (ILLEGAL_SASL_STATE). */
export function illegalSaslStateResponse(apiKey: number, version: number, request: unknown): ErrorResponseAnswer {
  return requestErrorResponse(apiKey, version, request, ErrorCode.ILLEGAL_SASL_STATE, unexpectedRequestMessage(apiKey));
}

/**
 * Kafka's getErrorResponse for `request` with error `code`; `message` is ApiError.message() (null for
 * UNKNOWN_SERVER_ERROR and for an exception carrying only its error's default text).
 */
export function requestErrorResponse(apiKey: number, version: number, request: unknown, code: number, message: string | null): ErrorResponseAnswer {
  switch (apiKey) {
    case 0: {
      const req = request as ProduceRequest;
      if (req.acks === 0) return { kind: "no-response" };
      // Keyed by (name, partition) as Kafka's partitionSizes: topic ids are not carried over.
      const res = newProduceResponse();
      const byName = new Map<string, TopicProduceResponse>();
      for (const t of req.topicData) {
        let tr = byName.get(t.name);
        if (!tr) {
          tr = { name: t.name, topicId: ZERO_UUID, partitionResponses: [] };
          byName.set(t.name, tr);
          res.responses.push(tr);
        }
        for (const p of t.partitionData) {
          if (tr.partitionResponses.some((x) => x.index === p.index)) continue;
          tr.partitionResponses.push({ ...newPartitionProduceResponse(), index: p.index, errorCode: code, errorMessage: message, baseOffset: -1n, logAppendTimeMs: -1n, logStartOffset: -1n });
        }
      }
      return { kind: "body", body: res };
    }
    case 1: {
      const req = request as FetchRequest;
      const res = newFetchResponse();
      res.errorCode = code;
      res.sessionId = req.sessionId;
      if (version < FETCH_TOP_LEVEL_ONLY) {
        res.responses = req.topics.map((t) => ({ topic: t.topic, topicId: t.topicId, partitions: t.partitions.map((p) => ({ ...newPartitionData(), partitionIndex: p.partition, errorCode: code, highWatermark: -1n })) }));
      }
      return { kind: "body", body: res };
    }
    case 2: {
      const req = request as ListOffsetsRequest;
      const res = newListOffsetsResponse();
      res.topics = req.topics.map((t) => ({ name: t.name, partitions: t.partitions.map((p) => ({ ...newListOffsetsPartitionResponse(), partitionIndex: p.partitionIndex, errorCode: code })) }));
      return { kind: "body", body: res };
    }
    case 3: {
      const req = request as MetadataRequest;
      const res = newMetadataResponse();
      res.topics = (req.topics ?? []).map((t) => ({ ...newMetadataResponseTopic(), name: t.name ?? "", topicId: t.topicId, errorCode: code }));
      return { kind: "body", body: res };
    }
    case 10: {
      const req = request as FindCoordinatorRequest;
      const res = newFindCoordinatorResponse();
      // Kafka's Errors.message(): the error's default text, not the exception's.
      const text = errorByCode(code)?.message ?? null;
      if (version < FIND_COORDINATOR_BATCHED) {
        Object.assign(res, { errorCode: code, errorMessage: text, nodeId: -1, host: "", port: -1 });
      } else {
        res.coordinators = req.coordinatorKeys.map((key) => ({ key, nodeId: -1, host: "", port: -1, errorCode: code, errorMessage: text }));
      }
      return { kind: "body", body: res };
    }
    case 19: {
      const req = request as CreateTopicsRequest;
      const res = newCreateTopicsResponse();
      res.topics = req.topics.map((t) => ({ ...newCreatableTopicResult(), name: t.name, errorCode: code, errorMessage: message }));
      return { kind: "body", body: res };
    }
    case 60:
      return { kind: "body", body: { ...newDescribeClusterResponse(), errorCode: code, errorMessage: message } };
    case 17:
      return { kind: "body", body: { ...newSaslHandshakeResponse(), errorCode: code } };
    case 18:
      return { kind: "body", body: { ...newApiVersionsResponse(), errorCode: code } };
    default:
      return { kind: "not-served" };
  }
}
