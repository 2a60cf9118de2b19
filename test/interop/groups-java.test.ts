// Java kafka-clients 4.4.0 consumer groups with group.protocol=classic against the broker, for the
// range and cooperative-sticky assignors: three members in separate JVMs join one after another while
// a producer writes, one leaves (close -> LeaveGroup), one is killed with SIGKILL. Every record batch a
// member consumes is tagged with the member's generation; no partition is ever consumed by two members
// in the same generation. Then the AdminClient lists and describes the group, resets its offsets,
// deletes the offsets of a partition and deletes the group.
import { javaGroupSuite, SESSION_TIMEOUT_MS } from "./java-group-suite.ts";

javaGroupSuite({
  title: "classic groups",
  name: "java",
  label: "java",
  overrides: { "group.initial.rebalance.delay.ms": 0 },
  strategies: ["range", "cooperative-sticky"],
  memberProps: `    p.put("group.protocol", "classic");`,
  memberExtraProps: [
    `    p.put("session.timeout.ms", "${SESSION_TIMEOUT_MS}");`,
    `    p.put("heartbeat.interval.ms", "500");`,
    `    p.put("partition.assignment.strategy", strategy.equals("range") ? RangeAssignor.class.getName() : CooperativeStickyAssignor.class.getName());`,
    "",
  ].join("\n"),
  trackEpochs: false,
  groupType: "Classic",
});
