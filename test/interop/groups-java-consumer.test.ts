// Java kafka-clients 4.4.0 consumers with group.protocol=consumer (KIP-848, ConsumerGroupHeartbeat)
// against the broker, for the server assignors uniform and range: three members in separate JVMs join
// one after another while a producer writes, one leaves (close -> heartbeat with epoch -1), one is
// killed with SIGKILL and loses its partitions after group.consumer.session.timeout.ms. Every record
// batch a member consumes is tagged with its member epoch; no partition is ever consumed by two members
// at the same epoch, and settled members share one epoch and own every partition once. Then the
// AdminClient lists and describes the group (ConsumerGroupDescribe), resets its offsets, deletes the
// offsets of a partition and deletes the group.
import { javaGroupSuite, SESSION_TIMEOUT_MS } from "./java-group-suite.ts";

javaGroupSuite({
  title: "consumer groups (KIP-848)",
  name: "java848",
  label: "java-consumer",
  overrides: {
    "group.consumer.session.timeout.ms": SESSION_TIMEOUT_MS,
    "group.consumer.min.session.timeout.ms": SESSION_TIMEOUT_MS,
    "group.consumer.heartbeat.interval.ms": 500,
    "group.consumer.min.heartbeat.interval.ms": 500,
  },
  strategies: ["uniform", "range"],
  memberProps: `    p.put("group.protocol", "consumer");\n    p.put("group.remote.assignor", strategy);`,
  trackEpochs: true,
  groupType: "Consumer",
});
