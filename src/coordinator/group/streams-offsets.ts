// Offset checks for streams groups (Kafka 4.4.0's StreamsGroup.validateOffsetCommit / validateOffsetFetch):
// a commit with a negative epoch is a simple (admin) commit, allowed only while the group is empty;
// otherwise the member must exist and its epoch be the current one, or an older one no older than the
// epoch at which the active task reading each committed partition was assigned to it.

import { ErrorCode } from "../../protocol/errors.ts";
import type { StreamsGroup } from "./streams-group.ts";

export interface StreamsCommitCheck {
  errorCode: number;
  message: string | null;
}

const OK: StreamsCommitCheck = { errorCode: ErrorCode.NONE, message: null };

export function validateStreamsCommit(group: StreamsGroup, memberId: string, memberEpoch: number, partitions: ReadonlyArray<{ topic: string; partition: number }>): StreamsCommitCheck {
  if (memberEpoch < 0 && group.members.size === 0) return OK;
  const m = group.members.get(memberId);
  if (!m) return { errorCode: ErrorCode.UNKNOWN_MEMBER_ID, message: `Member ${memberId} is not a member of group ${group.groupId}.` };
  if (memberEpoch === m.memberEpoch) return OK;
  if (memberEpoch > m.memberEpoch) return { errorCode: ErrorCode.STALE_MEMBER_EPOCH, message: `Received member epoch ${memberEpoch} is newer than current member epoch ${m.memberEpoch}.` };
  for (const p of partitions) {
    let epoch: number | undefined;
    for (const s of group.topology?.subtopologies ?? []) {
      if (!s.sourceTopics.includes(p.topic) && !s.repartitionSourceTopics.some((r) => r.name === p.topic)) continue;
      epoch ??= m.assigned.active.get(s.subtopologyId)?.get(p.partition) ?? m.pendingRevocation.active.get(s.subtopologyId)?.get(p.partition);
    }
    if (epoch === undefined) return { errorCode: ErrorCode.STALE_MEMBER_EPOCH, message: `Task for partition ${p.topic}-${p.partition} is not assigned or pending revocation for member.` };
    if (memberEpoch < epoch) return { errorCode: ErrorCode.STALE_MEMBER_EPOCH, message: `Received member epoch ${memberEpoch} is older than assignment epoch ${epoch} for partition ${p.topic}-${p.partition}.` };
  }
  return OK;
}

export function validateStreamsFetch(group: StreamsGroup, memberId: string | null, memberEpoch: number): StreamsCommitCheck {
  if (memberId === null && memberEpoch < 0) return OK;
  const m = memberId === null ? undefined : group.members.get(memberId);
  if (!m) return { errorCode: ErrorCode.UNKNOWN_MEMBER_ID, message: `Member ${memberId} is not a member of group ${group.groupId}.` };
  if (memberEpoch !== m.memberEpoch) return { errorCode: ErrorCode.STALE_MEMBER_EPOCH, message: `The received member epoch ${memberEpoch} does not match the expected member epoch ${m.memberEpoch}.` };
  return OK;
}
