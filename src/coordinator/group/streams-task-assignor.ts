// The streams task assignor (Kafka's StickyTaskAssignor, "sticky", group.streams.assignors' default):
// every task (subtopology, partition) gets one active owner and `numStandbyReplicas` standby owners
// on other processes. Sticky: a task stays with the member that had it in the previous target while
// that member is under its share; the rest go to the least loaded process (load = tasks per member of
// the process), then its least loaded member. Standbys never land on the process running the task
// active nor twice on one process; previous standby owners are preferred. Warm-up tasks are not
// produced (Kafka's sticky assignor does not either).
// Deterministic: members and tasks are visited in sorted order.

import { addTask, hasTask, emptyTasks, type TaskSet, type TasksTuple } from "./streams-group-member.ts";

export interface AssignorMemberSpec {
  memberId: string;
  processId: string;
  /** The member's previous target assignment. */
  previous: TasksTuple;
}

export interface AssignmentSpec {
  members: readonly AssignorMemberSpec[];
  /** subtopologyId -> number of tasks. */
  subtopologies: ReadonlyMap<string, number>;
  numStandbyReplicas: number;
}

export interface TaskAssignor {
  readonly name: string;
  assign(spec: AssignmentSpec): Map<string, TasksTuple>;
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export class StickyTaskAssignor implements TaskAssignor {
  readonly name = "sticky";

  assign(spec: AssignmentSpec): Map<string, TasksTuple> {
    const out = new Map<string, TasksTuple>();
    const members = [...spec.members].sort((a, b) => cmp(a.memberId, b.memberId));
    if (members.length === 0) return out;
    for (const m of members) out.set(m.memberId, emptyTasks());
    // Partition first, then subtopology: a member keeping its share keeps a slice of every subtopology.
    const tasks: Array<[string, number]> = [];
    for (const s of [...spec.subtopologies.keys()].sort(cmp)) for (let p = 0; p < spec.subtopologies.get(s)!; p++) tasks.push([s, p]);
    tasks.sort((a, b) => a[1] - b[1] || cmp(a[0], b[0]));

    const capacity = new Map<string, number>();
    for (const m of members) capacity.set(m.processId, (capacity.get(m.processId) ?? 0) + 1);
    const memberLoad = new Map<string, number>(members.map((m) => [m.memberId, 0]));
    const processLoad = new Map<string, number>();
    const byId = new Map(members.map((m) => [m.memberId, m]));
    const give = (m: AssignorMemberSpec, kind: "active" | "standby", s: string, p: number) => {
      addTask(out.get(m.memberId)![kind], s, p);
      memberLoad.set(m.memberId, memberLoad.get(m.memberId)! + 1);
      processLoad.set(m.processId, (processLoad.get(m.processId) ?? 0) + 1);
    };
    const leastLoaded = (candidates: AssignorMemberSpec[]): AssignorMemberSpec | undefined => {
      let best: AssignorMemberSpec | undefined;
      let bestKey: [number, number] = [Infinity, Infinity];
      for (const m of candidates) {
        const key: [number, number] = [(processLoad.get(m.processId) ?? 0) / capacity.get(m.processId)!, memberLoad.get(m.memberId)!];
        if (key[0] < bestKey[0] || (key[0] === bestKey[0] && key[1] < bestKey[1])) {
          best = m;
          bestKey = key;
        }
      }
      return best;
    };

    // Active tasks: sticky first, within each member's share.
    const quota = Math.ceil(tasks.length / members.length);
    const unassigned: Array<[string, number]> = [];
    for (const [s, p] of tasks) {
      const prev = members.find((m) => hasTask(m.previous.active, s, p));
      if (prev && memberLoad.get(prev.memberId)! < quota) give(prev, "active", s, p);
      else unassigned.push([s, p]);
    }
    for (const [s, p] of unassigned) give(leastLoaded(members)!, "active", s, p);

    // Standby tasks: on processes that hold the task in no form yet.
    for (let r = 0; r < spec.numStandbyReplicas; r++) {
      for (const [s, p] of tasks) {
        const holders = new Set<string>();
        for (const [id, t] of out) if (hasTask(t.active, s, p) || hasTask(t.standby, s, p)) holders.add(byId.get(id)!.processId);
        const candidates = members.filter((m) => !holders.has(m.processId));
        if (candidates.length === 0) continue;
        const prev = candidates.filter((m) => hasTask(m.previous.standby, s, p));
        give(leastLoaded(prev.length > 0 ? prev : candidates)!, "standby", s, p);
      }
    }
    return out;
  }
}

export const BUILTIN_TASK_ASSIGNORS: ReadonlyMap<string, TaskAssignor> = new Map([["sticky", new StickyTaskAssignor()]]);

export function taskCount(m: TaskSet): number {
  let n = 0;
  for (const ps of m.values()) n += ps.size;
  return n;
}
