// What the share-state handlers (83-87) share: KafkaApis's CLUSTER_ACTION check (refused: every
// partition answers CLUSTER_AUTHORIZATION_FAILED with Kafka's message, as toGlobalErrorResponse), and
// COORDINATOR_NOT_AVAILABLE for every partition when this broker runs no share coordinator.

import { gatherByTopic, type PartitionRequest } from "../../coordinator/share/share-state-answers.ts";
import type { ShareCoordinatorService } from "../../coordinator/share/service.ts";
import { AclOperation } from "../../metadata/authorizer/acl.ts";
import { ErrorCode, errorMessage } from "../../protocol/errors.ts";
import { authorizeCluster } from "../auth-helper.ts";
import type { RequestContext } from "../handler.ts";

type Topics = ReadonlyArray<{ topicId: string; partitions: readonly PartitionRequest[] }>;

/**
 * The share coordinator when the request may go to it; else the answer for every partition (the
 * caller fills each with its API's other fields).
 */
export function shareStateGate(ctx: RequestContext, topics: Topics): { coordinator: ShareCoordinatorService } | { refused: Array<{ topicId: string; partitions: Array<{ partition: number; errorCode: number; errorMessage: string }> }> } {
  const refuse = (code: number) => ({ refused: gatherByTopic(topics, () => ({ errorCode: code, errorMessage: errorMessage(code) })) });
  if (!authorizeCluster(ctx, AclOperation.CLUSTER_ACTION)) return refuse(ErrorCode.CLUSTER_AUTHORIZATION_FAILED);
  const coordinator = ctx.services.shareCoordinator;
  if (!coordinator) return refuse(ErrorCode.COORDINATOR_NOT_AVAILABLE);
  return { coordinator };
}
