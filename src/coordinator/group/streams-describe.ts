// StreamsGroupDescribe's view of a streams group (Kafka's StreamsGroup.asDescribedGroup): state,
// group and assignment epochs, the topology with its configured subtopologies (partition counts
// decided; null while source topics are missing or mis-partitioned), and every member with its
// process, endpoint, client tags, task offsets, current and target assignment.

import type { DescribedGroup, Member, TopicInfo as DescribedTopicInfo } from "../../protocol/generated/messages/streams-group-describe-response.ts";
import type { TopicInfo } from "./consumer-manager.ts";
import type { StreamsGroup } from "./streams-group.ts";
import { emptyTasks, toTaskIds, type TaskEpochs, type TaskSet } from "./streams-group-member.ts";
import { configureTopics, isReady } from "./streams-topology.ts";

function taskOffsets(m: ReadonlyMap<string, bigint>): Array<{ subtopologyId: string; partition: number; offset: bigint }> {
  return [...m].map(([k, offset]) => {
    const i = k.lastIndexOf(":");
    return { subtopologyId: k.slice(0, i), partition: Number(k.slice(i + 1)), offset };
  });
}

function assignment(t: { active: TaskSet | TaskEpochs; standby: TaskSet | TaskEpochs; warmup: TaskSet | TaskEpochs }) {
  return { activeTasks: toTaskIds(t.active), standbyTasks: toTaskIds(t.standby), warmupTasks: toTaskIds(t.warmup) };
}

export function describeStreamsGroup(g: StreamsGroup, assignorName: string, topics: ReadonlyMap<string, TopicInfo>): DescribedGroup {
  let topology: DescribedGroup["topology"] = null;
  if (g.topology !== null) {
    // The configured subtopologies (partition counts decided) once ready; the topology as the
    // members declared it before (Kafka 4.4.0 shows partitions 0 while internal topics are missing).
    const configured = g.configuredTopology ?? configureTopics(g.topology, topics);
    const declared = new Map(g.topology.subtopologies.map((s) => [s.subtopologyId, s]));
    const info = (t: { name: string; partitions: number; replicationFactor: number; topicConfigs: Array<{ key: string; value: string }> }): DescribedTopicInfo => ({
      name: t.name,
      partitions: t.partitions,
      replicationFactor: t.replicationFactor,
      topicConfigs: t.topicConfigs.map((c) => ({ key: c.key, value: c.value })),
    });
    topology = {
      epoch: g.topology.epoch,
      subtopologies:
        configured.subtopologies === null
          ? null
          : !isReady(configured)
            ? [...declared.values()].sort((a, b) => (a.subtopologyId < b.subtopologyId ? -1 : a.subtopologyId > b.subtopologyId ? 1 : 0)).map((s) => ({
                subtopologyId: s.subtopologyId,
                sourceTopics: [...s.sourceTopics],
                repartitionSinkTopics: [...s.repartitionSinkTopics],
                stateChangelogTopics: s.stateChangelogTopics.map(info),
                repartitionSourceTopics: s.repartitionSourceTopics.map(info),
              }))
            : [...configured.subtopologies]
              .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
              .map(([id, s]) => ({
                subtopologyId: id,
                sourceTopics: [...s.sourceTopics],
                repartitionSinkTopics: [...s.repartitionSinkTopics],
                stateChangelogTopics: [...s.stateChangelogTopics.values()].map(info),
                repartitionSourceTopics: [...s.repartitionSourceTopics.values()].map(info),
              })),
    };
  }
  const members: Member[] = [...g.members.values()].map((m) => ({
    memberId: m.memberId,
    memberEpoch: m.memberEpoch,
    instanceId: m.instanceId,
    rackId: m.rackId,
    clientId: m.clientId,
    clientHost: m.clientHost,
    topologyEpoch: m.topologyEpoch,
    processId: m.processId,
    userEndpoint: m.userEndpoint && { host: m.userEndpoint.host, port: m.userEndpoint.port },
    clientTags: [...m.clientTags].map(([key, value]) => ({ key, value })),
    taskOffsets: taskOffsets(m.taskOffsets),
    taskEndOffsets: taskOffsets(m.taskEndOffsets),
    assignment: assignment(m.assigned),
    targetAssignment: assignment(g.targetAssignment.get(m.memberId) ?? emptyTasks()),
    isClassic: false,
  }));
  return {
    errorCode: 0,
    errorMessage: null,
    groupId: g.groupId,
    groupState: g.state,
    groupEpoch: g.groupEpoch,
    assignmentEpoch: g.targetAssignmentEpoch,
    topology,
    members,
    authorizedOperations: -2147483648,
    topologyDescription: null,
    topologyDescriptionStatus: 0,
    assignorName,
  };
}
