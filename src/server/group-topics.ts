// Topic checks for the offset APIs (OffsetCommit, OffsetFetch, OffsetDelete, ConsumerGroupDescribe):
// names and ids resolved against the broker's current metadata image (ctx.services.metadata.image).

import type { MetadataImage } from "../metadata/image.ts";
import { ErrorCode } from "../protocol/errors.ts";
import { ZERO_UUID } from "../protocol/primitives/codec-runtime.ts";

export interface ResolvedTopic {
  /** NONE, UNKNOWN_TOPIC_OR_PARTITION or UNKNOWN_TOPIC_ID. */
  errorCode: number;
  name: string;
  topicId: string;
  partitionCount: number;
}

export function resolveTopic(image: MetadataImage, name: string, topicId: string, byId: boolean): ResolvedTopic {
  const t = byId ? image.topicsById.get(topicId) : image.topicsByName.get(name);
  if (!t) return { errorCode: byId ? ErrorCode.UNKNOWN_TOPIC_ID : ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, name, topicId, partitionCount: 0 };
  return { errorCode: ErrorCode.NONE, name: t.name, topicId: t.topicId, partitionCount: t.partitions.length };
}

/** Topic id of a name, or the zero uuid when unknown. */
export function topicIdOf(image: MetadataImage, name: string): string {
  return image.topicsByName.get(name)?.topicId ?? ZERO_UUID;
}

export function topicNameOf(image: MetadataImage, topicId: string): string | undefined {
  return image.topicsById.get(topicId)?.name;
}
