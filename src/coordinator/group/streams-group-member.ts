// A member of a KIP-1071 streams group (Kafka's StreamsGroupMember): one Kafka Streams client thread,
// with its process id (the Streams instance: several members can share one), its endpoint for
// interactive queries, its client tags, the topology epoch it runs, its member epoch and reconciliation
// state, and the tasks it owns (active / standby / warm-up) plus those it must still revoke.
//
// Tasks are Map<subtopologyId, Map<partition, assignmentEpoch>> (Kafka's TasksTupleWithEpochs: the
// epoch at which an active task was assigned, which OffsetCommit uses for a commit sent with an older
// member epoch); a target assignment (what the assignor wants) has no epochs: Map<subtopologyId, Set>.

/** Kafka's streams MemberState with its record byte values. */
export const StreamsMemberState = {
  STABLE: 0,
  UNREVOKED_TASKS: 1,
  UNRELEASED_TASKS: 2,
  UNKNOWN: 127,
} as const;
export type StreamsMemberStateValue = (typeof StreamsMemberState)[keyof typeof StreamsMemberState];

export function streamsMemberStateName(v: number): string {
  for (const [k, x] of Object.entries(StreamsMemberState)) if (x === v) return k;
  return "UNKNOWN";
}

export type TaskSet = Map<string, Set<number>>;
export type TaskEpochs = Map<string, Map<number, number>>;

/** Kafka's TasksTuple: a target assignment. */
export interface TasksTuple {
  active: TaskSet;
  standby: TaskSet;
  warmup: TaskSet;
}

/** Kafka's TasksTupleWithEpochs: a current assignment (epochs kept for every kind, used for active). */
export interface TasksWithEpochs {
  active: TaskEpochs;
  standby: TaskEpochs;
  warmup: TaskEpochs;
}

export const TASK_KINDS = ["active", "standby", "warmup"] as const;
export type TaskKind = (typeof TASK_KINDS)[number];

export function emptyTasks(): TasksTuple {
  return { active: new Map(), standby: new Map(), warmup: new Map() };
}

export function emptyTasksWithEpochs(): TasksWithEpochs {
  return { active: new Map(), standby: new Map(), warmup: new Map() };
}

export interface Endpoint {
  host: string;
  port: number;
}

export interface StreamsMemberFields {
  memberId: string;
  instanceId: string | null;
  rackId: string | null;
  clientId: string;
  clientHost: string;
  rebalanceTimeoutMs: number;
  topologyEpoch: number;
  processId: string;
  userEndpoint: Endpoint | null;
  clientTags: Map<string, string>;
}

export class StreamsGroupMember implements StreamsMemberFields {
  memberId: string;
  instanceId: string | null;
  rackId: string | null;
  clientId: string;
  clientHost: string;
  rebalanceTimeoutMs: number;
  topologyEpoch: number;
  processId: string;
  userEndpoint: Endpoint | null;
  clientTags: Map<string, string>;
  memberEpoch = 0;
  previousMemberEpoch = 0;
  state: StreamsMemberStateValue = StreamsMemberState.STABLE;
  assigned: TasksWithEpochs = emptyTasksWithEpochs();
  pendingRevocation: TasksWithEpochs = emptyTasksWithEpochs();
  /** Changelog offsets the member reported (TaskOffsets / TaskEndOffsets), "subtopology:partition" -> offset. */
  taskOffsets = new Map<string, bigint>();
  taskEndOffsets = new Map<string, bigint>();

  constructor(f: StreamsMemberFields) {
    this.memberId = f.memberId;
    this.instanceId = f.instanceId;
    this.rackId = f.rackId;
    this.clientId = f.clientId;
    this.clientHost = f.clientHost;
    this.rebalanceTimeoutMs = f.rebalanceTimeoutMs;
    this.topologyEpoch = f.topologyEpoch;
    this.processId = f.processId;
    this.userEndpoint = f.userEndpoint;
    this.clientTags = f.clientTags;
  }

  clone(): StreamsGroupMember {
    const m = new StreamsGroupMember({ ...this, clientTags: new Map(this.clientTags), userEndpoint: this.userEndpoint && { ...this.userEndpoint } });
    m.memberEpoch = this.memberEpoch;
    m.previousMemberEpoch = this.previousMemberEpoch;
    m.state = this.state;
    m.assigned = cloneTasksWithEpochs(this.assigned);
    m.pendingRevocation = cloneTasksWithEpochs(this.pendingRevocation);
    m.taskOffsets = new Map(this.taskOffsets);
    m.taskEndOffsets = new Map(this.taskEndOffsets);
    return m;
  }

  /** Same metadata as written in StreamsGroupMemberMetadataValue. */
  sameMetadataAs(o: StreamsGroupMember): boolean {
    return (
      this.instanceId === o.instanceId &&
      this.rackId === o.rackId &&
      this.clientId === o.clientId &&
      this.clientHost === o.clientHost &&
      this.rebalanceTimeoutMs === o.rebalanceTimeoutMs &&
      this.topologyEpoch === o.topologyEpoch &&
      this.processId === o.processId &&
      sameEndpoint(this.userEndpoint, o.userEndpoint) &&
      sameMap(this.clientTags, o.clientTags)
    );
  }

  sameAssignmentAs(o: StreamsGroupMember): boolean {
    return this.memberEpoch === o.memberEpoch && this.previousMemberEpoch === o.previousMemberEpoch && this.state === o.state && sameTasksWithEpochs(this.assigned, o.assigned) && sameTasksWithEpochs(this.pendingRevocation, o.pendingRevocation);
  }
}

export function sameEndpoint(a: Endpoint | null, b: Endpoint | null): boolean {
  return a === b || (a !== null && b !== null && a.host === b.host && a.port === b.port);
}

function sameMap(a: ReadonlyMap<string, string>, b: ReadonlyMap<string, string>): boolean {
  if (a.size !== b.size) return false;
  for (const [k, v] of a) if (b.get(k) !== v) return false;
  return true;
}

export function cloneTasksWithEpochs(t: TasksWithEpochs): TasksWithEpochs {
  const c = (m: TaskEpochs): TaskEpochs => new Map([...m].map(([s, ps]) => [s, new Map(ps)]));
  return { active: c(t.active), standby: c(t.standby), warmup: c(t.warmup) };
}

export function sameTaskEpochs(a: TaskEpochs, b: TaskEpochs): boolean {
  if (countTasks(a) !== countTasks(b)) return false;
  for (const [s, ps] of a) for (const [p, e] of ps) if (b.get(s)?.get(p) !== e) return false;
  return true;
}

export function sameTasksWithEpochs(a: TasksWithEpochs, b: TasksWithEpochs): boolean {
  return TASK_KINDS.every((k) => sameTaskEpochs(a[k], b[k]));
}

export function countTasks(m: ReadonlyMap<string, ReadonlySet<number> | ReadonlyMap<number, number>>): number {
  let n = 0;
  for (const ps of m.values()) n += ps.size;
  return n;
}

/** Same set of tasks, ignoring epochs. */
export function sameTaskSet(a: TaskSet | TaskEpochs, b: TaskSet | TaskEpochs): boolean {
  if (countTasks(a) !== countTasks(b)) return false;
  for (const [s, ps] of a) for (const p of ps.keys()) if (!b.get(s)?.has(p)) return false;
  return true;
}

export function hasTask(m: TaskSet | TaskEpochs, subtopologyId: string, partition: number): boolean {
  return m.get(subtopologyId)?.has(partition) ?? false;
}

export function addTask(m: TaskSet, subtopologyId: string, partition: number): void {
  let s = m.get(subtopologyId);
  if (!s) m.set(subtopologyId, (s = new Set()));
  s.add(partition);
}

export function addTaskEpoch(m: TaskEpochs, subtopologyId: string, partition: number, epoch: number): void {
  let s = m.get(subtopologyId);
  if (!s) m.set(subtopologyId, (s = new Map()));
  s.set(partition, epoch);
}

export function* eachTask(m: TaskSet | TaskEpochs): IterableIterator<[string, number]> {
  for (const [s, ps] of m) for (const p of ps.keys()) yield [s, p];
}

/** As {subtopologyId, partitions} sorted by subtopology then partition (Kafka's response order). */
export function toTaskIds(m: TaskSet | TaskEpochs): Array<{ subtopologyId: string; partitions: number[] }> {
  return [...m.entries()]
    .filter(([, ps]) => ps.size > 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([subtopologyId, ps]) => ({ subtopologyId, partitions: [...ps.keys()].sort((x, y) => x - y) }));
}

export function fromTaskIds(l: ReadonlyArray<{ subtopologyId: string; partitions: number[] }>): TaskSet {
  const m: TaskSet = new Map();
  for (const t of l) for (const p of t.partitions) addTask(m, t.subtopologyId, p);
  return m;
}
