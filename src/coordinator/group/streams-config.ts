// The streams group settings from the broker's group.streams.* keys (Kafka 4.4.0's names and
// defaults; a key Strand's config table does not hold reads as Kafka's default).

import type { BrokerConfig } from "../../config/broker-config.ts";
import type { StreamsGroupConfig } from "./streams-manager.ts";
import { DEFAULT_STREAMS_GROUP_CONFIG } from "./streams-shard.ts";
import { BUILTIN_TASK_ASSIGNORS, type TaskAssignor } from "./streams-task-assignor.ts";

function optional<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch (e) {
    if (e instanceof RangeError) return fallback; // "no broker configuration named ..."
    throw e;
  }
}

/** group.streams.assignors: builtin names only ("sticky"); an unknown name is an error naming the key. */
export function taskAssignorsFromConfig(names: readonly string[]): TaskAssignor[] {
  const out = names.map((n) => {
    const a = BUILTIN_TASK_ASSIGNORS.get(n);
    if (!a) throw new RangeError(`Invalid value ${n} for configuration group.streams.assignors: only the builtin assignor "sticky" is supported.`);
    return a;
  });
  return out.length > 0 ? out : [...DEFAULT_STREAMS_GROUP_CONFIG.assignors];
}

export function streamsConfigOf(c: BrokerConfig): StreamsGroupConfig {
  const d = DEFAULT_STREAMS_GROUP_CONFIG;
  return {
    sessionTimeoutMs: optional(() => c.int("group.streams.session.timeout.ms"), d.sessionTimeoutMs),
    heartbeatIntervalMs: optional(() => c.int("group.streams.heartbeat.interval.ms"), d.heartbeatIntervalMs),
    maxSize: optional(() => c.int("group.streams.max.size"), d.maxSize),
    numStandbyReplicas: optional(() => c.int("group.streams.num.standby.replicas"), d.numStandbyReplicas),
    initialRebalanceDelayMs: optional(() => c.int("group.streams.initial.rebalance.delay.ms"), d.initialRebalanceDelayMs),
    assignmentIntervalMs: optional(() => c.int("group.streams.assignment.interval.ms"), d.assignmentIntervalMs),
    assignors: taskAssignorsFromConfig(optional(() => c.list("group.streams.assignors"), ["sticky"])),
    taskOffsetIntervalMs: d.taskOffsetIntervalMs,
    acceptableRecoveryLag: d.acceptableRecoveryLag,
  };
}
