// Topic checks for the offset APIs: names and ids resolved through the metadata image when the
// broker has a metadata layer. Without one (the broker is still being assembled) every name is
// accepted and ids are unknown.

import type { MetadataLayer } from "../../metadata/layer.ts";
import { ErrorCode } from "../../protocol/errors.ts";
import { ZERO_UUID } from "../../protocol/primitives/codec-runtime.ts";

export interface ResolvedTopic {
  /** NONE, UNKNOWN_TOPIC_OR_PARTITION or UNKNOWN_TOPIC_ID. */
  errorCode: number;
  name: string;
  topicId: string;
  /** -1 when unknown (no metadata layer): every partition is accepted. */
  partitionCount: number;
}

export function resolveTopic(md: MetadataLayer | undefined, name: string, topicId: string, byId: boolean): ResolvedTopic {
  if (!md) {
    if (byId) return { errorCode: ErrorCode.UNKNOWN_TOPIC_ID, name: "", topicId, partitionCount: 0 };
    return { errorCode: ErrorCode.NONE, name, topicId: ZERO_UUID, partitionCount: -1 };
  }
  const t = byId ? md.image.topicsById.get(topicId) : md.image.topicsByName.get(name);
  if (!t) return { errorCode: byId ? ErrorCode.UNKNOWN_TOPIC_ID : ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, name, topicId, partitionCount: 0 };
  return { errorCode: ErrorCode.NONE, name: t.name, topicId: t.topicId, partitionCount: t.partitions.length };
}

/** Topic id of a name, or the zero uuid when unknown. */
export function topicIdOf(md: MetadataLayer | undefined, name: string): string {
  return md?.image.topicsByName.get(name)?.topicId ?? ZERO_UUID;
}

export function topicNameOf(md: MetadataLayer | undefined, topicId: string): string | undefined {
  return md?.image.topicsById.get(topicId)?.name;
}
