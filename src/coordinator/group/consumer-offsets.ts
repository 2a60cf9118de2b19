// Offset checks for KIP-848 consumer groups (Kafka's ConsumerGroup.validateOffsetCommit and
// validateOffsetFetch): a commit with a negative epoch and no member id is a simple (admin / assign())
// commit, allowed only while the group is empty; otherwise the member must exist, must use
// OffsetCommit v9+, and its epoch must be the current one, or an older one no older than the epoch at
// which each committed partition was assigned to it (so a commit racing a reconciliation that kept
// the partition is accepted, and a zombie's commit for a partition it lost is not).

import { ErrorCode } from "../../protocol/errors.ts";
import type { ConsumerGroup } from "./consumer-group.ts";

export interface ConsumerCommitCheck {
  errorCode: number;
  message: string | null;
}

const OK: ConsumerCommitCheck = { errorCode: ErrorCode.NONE, message: null };

export function validateConsumerCommit(
  group: ConsumerGroup,
  memberId: string,
  memberEpoch: number,
  apiVersion: number,
  partitions: ReadonlyArray<{ topicId: string; topic: string; partition: number }>,
  /** TxnOffsetCommit: any version may commit for a consumer-protocol member. */
  isTransactional = false,
): ConsumerCommitCheck {
  if (memberEpoch < 0 && group.members.size === 0) return OK;
  const m = group.members.get(memberId);
  if (!m) return { errorCode: ErrorCode.UNKNOWN_MEMBER_ID, message: `Member ${memberId} is not a member of group ${group.groupId}.` };
  if (!isTransactional && apiVersion < 9) return { errorCode: ErrorCode.UNSUPPORTED_VERSION, message: "OffsetCommit version 9 or above must be used by members using the consumer group protocol" };
  if (memberEpoch === m.memberEpoch) return OK;
  if (memberEpoch > m.memberEpoch) return { errorCode: ErrorCode.STALE_MEMBER_EPOCH, message: `Received member epoch ${memberEpoch} is newer than current member epoch ${m.memberEpoch}.` };
  for (const p of partitions) {
    const e = m.assignmentEpochOf(p.topicId, p.partition);
    if (e === undefined) return { errorCode: ErrorCode.STALE_MEMBER_EPOCH, message: `Partition ${p.topic}-${p.partition} is not assigned or pending revocation for member.` };
    if (memberEpoch < e) return { errorCode: ErrorCode.STALE_MEMBER_EPOCH, message: `Received member epoch ${memberEpoch} is older than assignment epoch ${e} for partition ${p.topic}-${p.partition}.` };
  }
  return OK;
}

/** OffsetFetch v9+: a member fetching must exist and send its current epoch. */
export function validateConsumerFetch(group: ConsumerGroup, memberId: string | null, memberEpoch: number): ConsumerCommitCheck {
  if (memberId === null && memberEpoch < 0) return OK;
  const m = memberId === null ? undefined : group.members.get(memberId);
  if (!m) return { errorCode: ErrorCode.UNKNOWN_MEMBER_ID, message: `Member ${memberId} is not a member of group ${group.groupId}.` };
  if (memberEpoch !== m.memberEpoch) return { errorCode: ErrorCode.STALE_MEMBER_EPOCH, message: `The received member epoch ${memberEpoch} does not match the expected member epoch ${m.memberEpoch}.` };
  return OK;
}
