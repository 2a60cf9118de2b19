// Kafka's streams CurrentAssignmentBuilder: moves a member from its current tasks towards its target.
// Tasks the target drops are revoked first (UNREVOKED_TASKS, the member keeps its epoch until its
// heartbeat no longer lists them); then the member takes the target epoch with every target task that
// is free (UNRELEASED_TASKS while another process still runs one), and is STABLE once it has them all.
// An active task is free when no process runs it; a standby or warm-up task when its own process
// holds it in no form (active, standby or warm-up on another thread).

import { ErrorCode } from "../../protocol/errors.ts";
import { GroupError } from "./errors.ts";
import { StreamsGroupMember, StreamsMemberState, TASK_KINDS, addTaskEpoch, countTasks, emptyTasksWithEpochs, hasTask, type TaskSet, type TasksTuple, type TasksWithEpochs } from "./streams-group-member.ts";

export interface OwnedTasks {
  active: TaskSet | null;
  standby: TaskSet | null;
  warmup: TaskSet | null;
}

export interface TaskOwnership {
  currentActiveTaskProcessId(subtopologyId: string, partition: number): string | undefined;
  currentNonActiveTaskProcessIds(subtopologyId: string, partition: number): Set<string>;
}

export function buildCurrentStreamsAssignment(member: StreamsGroupMember, targetEpoch: number, target: TasksTuple, owned: OwnedTasks, owners: TaskOwnership, groupId: string): StreamsGroupMember {
  switch (member.state) {
    case StreamsMemberState.STABLE:
      return member.memberEpoch !== targetEpoch ? computeNext(member, targetEpoch, target, owners) : member;
    case StreamsMemberState.UNREVOKED_TASKS:
      if (owned.active === null || owned.standby === null || owned.warmup === null || stillOwnsRevoked(member.pendingRevocation, owned)) return member;
      return computeNext(member, targetEpoch, target, owners);
    case StreamsMemberState.UNRELEASED_TASKS:
      return computeNext(member, targetEpoch, target, owners);
    default:
      throw new GroupError(ErrorCode.FENCED_MEMBER_EPOCH, groupId, "The streams group member is in a unknown state. The member must abandon all its tasks and rejoin.", member.memberId);
  }
}

function stillOwnsRevoked(pending: TasksWithEpochs, owned: OwnedTasks): boolean {
  for (const kind of TASK_KINDS) {
    const o = owned[kind]!;
    for (const [s, ps] of pending[kind]) for (const p of ps.keys()) if (hasTask(o, s, p)) return true;
  }
  return false;
}

function computeNext(member: StreamsGroupMember, targetEpoch: number, target: TasksTuple, owners: TaskOwnership): StreamsGroupMember {
  const kept = emptyTasksWithEpochs();
  const revoke = emptyTasksWithEpochs();
  let unreleased = false;
  for (const kind of TASK_KINDS) {
    for (const [s, ps] of member.assigned[kind]) {
      for (const [p, e] of ps) addTaskEpoch(hasTask(target[kind], s, p) ? kept[kind] : revoke[kind], s, p, e);
    }
  }
  const next = member.clone();
  if (TASK_KINDS.some((k) => countTasks(revoke[k]) > 0)) {
    next.state = StreamsMemberState.UNREVOKED_TASKS;
    next.assigned = kept;
    next.pendingRevocation = revoke;
    return next;
  }
  for (const kind of TASK_KINDS) {
    for (const [s, ps] of target[kind]) {
      for (const p of ps) {
        if (hasTask(kept[kind], s, p)) continue;
        const activeOwner = owners.currentActiveTaskProcessId(s, p);
        const free = kind === "active" ? activeOwner === undefined : activeOwner !== member.processId && !owners.currentNonActiveTaskProcessIds(s, p).has(member.processId);
        if (free) addTaskEpoch(kept[kind], s, p, targetEpoch);
        else unreleased = true;
      }
    }
  }
  next.state = unreleased ? StreamsMemberState.UNRELEASED_TASKS : StreamsMemberState.STABLE;
  if (next.memberEpoch !== targetEpoch) {
    next.previousMemberEpoch = member.memberEpoch;
    next.memberEpoch = targetEpoch;
  }
  next.assigned = kept;
  next.pendingRevocation = emptyTasksWithEpochs();
  return next;
}
