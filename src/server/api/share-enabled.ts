// Kafka's KafkaApis.isShareGroupProtocolEnabled: the share-group APIs (ShareGroupHeartbeat,
// ShareGroupDescribe, ShareFetch, ShareAcknowledge, Describe/Alter/DeleteShareGroupOffsets) answer
// UNSUPPORTED_VERSION unless the cluster finalizes share.version 1 or more (4.4.0 finalizes 2 on a
// fresh cluster; kafka-features.sh can disable it).
import type { RequestContext } from "../handler.ts";

export const SHARE_VERSION_FEATURE = "share.version";

export function shareGroupsEnabled(ctx: RequestContext): boolean {
  return (ctx.services.metadata?.image.features.get(SHARE_VERSION_FEATURE) ?? 0) >= 1;
}
