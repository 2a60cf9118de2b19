// A classic group as its GroupMetadataValue record (v3, as Kafka 4.4 writes it) and back. Kafka stores
// each member's subscription (its metadata for the selected protocol) and assignment; a loaded group
// therefore knows only the selected protocol of each member.

import type { GroupMetadataValue } from "../../protocol/generated/coordinator/group-metadata-value.ts";
import { ClassicGroup } from "./classic-group.ts";
import { ClassicGroupMember } from "./classic-member.ts";

export function groupToRecord(g: ClassicGroup): GroupMetadataValue {
  const protocol = g.protocolName;
  return {
    protocolType: g.protocolType ?? "",
    generation: g.generationId,
    protocol,
    leader: g.leaderId,
    currentStateTimestamp: BigInt(g.currentStateTimestampMs),
    members:
      protocol === null
        ? []
        : [...g.members.values()].map((m) => ({
            memberId: m.memberId,
            groupInstanceId: m.groupInstanceId,
            clientId: m.clientId,
            clientHost: m.clientHost,
            rebalanceTimeout: m.rebalanceTimeoutMs,
            sessionTimeout: m.sessionTimeoutMs,
            subscription: m.supportedProtocols.find((p) => p.name === protocol)?.metadata ?? new Uint8Array(0),
            assignment: m.assignment,
          })),
  };
}

/** Rebuild a group: Empty without members, Stable with them (as Kafka's loader does). */
export function groupFromRecord(groupId: string, v: GroupMetadataValue, nowMs: number): ClassicGroup {
  const g = new ClassicGroup(groupId, v.currentStateTimestamp >= 0n ? Number(v.currentStateTimestamp) : nowMs);
  g.generationId = v.generation;
  g.protocolType = v.protocolType === "" ? null : v.protocolType;
  g.protocolName = v.protocol === "" ? null : v.protocol;
  for (const mm of v.members) {
    const m = new ClassicGroupMember({
      memberId: mm.memberId,
      groupInstanceId: mm.groupInstanceId,
      clientId: mm.clientId,
      clientHost: mm.clientHost,
      rebalanceTimeoutMs: mm.rebalanceTimeout,
      sessionTimeoutMs: mm.sessionTimeout,
      protocolType: v.protocolType,
      supportedProtocols: g.protocolName !== null ? [{ name: g.protocolName, metadata: mm.subscription }] : [],
    });
    m.assignment = mm.assignment;
    g.add(m);
  }
  g.leaderId = v.leader !== null && g.hasMember(v.leader) ? v.leader : g.leaderId;
  if (g.members.size > 0) {
    g.state = "Stable";
    g.subscribedTopics = g.computeSubscribedTopics();
  }
  return g;
}
