// The streams topology the streams-group wire tests send (a count by key: subtopology 0 reads the
// source and writes a repartition topic, subtopology 1 reads it and keeps a store with a changelog).
export const GROUP = "sg-app";
export const SOURCE = "sg-in";
export const REPARTITION = "sg-app-KSTREAM-REPARTITION-0000000003-repartition";
export const CHANGELOG = "sg-app-KSTREAM-AGGREGATE-STATE-STORE-0000000002-changelog";

export const TOPOLOGY = {
  epoch: 0,
  subtopologies: [
    { subtopologyId: "0", sourceTopics: [SOURCE], sourceTopicRegex: [], stateChangelogTopics: [], repartitionSinkTopics: [REPARTITION], repartitionSourceTopics: [], copartitionGroups: [] },
    {
      subtopologyId: "1",
      sourceTopics: [],
      sourceTopicRegex: [],
      stateChangelogTopics: [{ name: CHANGELOG, partitions: 0, replicationFactor: 0, topicConfigs: [{ key: "cleanup.policy", value: "compact" }] }],
      repartitionSinkTopics: [],
      repartitionSourceTopics: [{ name: REPARTITION, partitions: 0, replicationFactor: 0, topicConfigs: [{ key: "cleanup.policy", value: "delete" }] }],
      copartitionGroups: [],
    },
  ],
};
