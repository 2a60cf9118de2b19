// The server assignors a consumer group may name (group.consumer.assignors; ServerAssignor in the
// ConsumerGroupHeartbeat request). The first configured one is the default.

import type { ServerAssignor } from "./assignor.ts";
import { rangeAssignor } from "./range.ts";
import { uniformAssignor } from "./uniform.ts";

export type { AssignorMember, AssignorTopic, ServerAssignor } from "./assignor.ts";

export const BUILTIN_ASSIGNORS: ReadonlyMap<string, ServerAssignor> = new Map([
  [uniformAssignor.name, uniformAssignor],
  [rangeAssignor.name, rangeAssignor],
]);

/** Resolve group.consumer.assignors: short names or Kafka's class names of the two built-ins. */
export function assignorsFromConfig(names: readonly string[]): ServerAssignor[] {
  const out: ServerAssignor[] = [];
  for (const raw of names) {
    const n = raw.trim();
    const short = n.endsWith(".UniformAssignor") ? "uniform" : n.endsWith(".RangeAssignor") ? "range" : n;
    const a = BUILTIN_ASSIGNORS.get(short);
    if (!a) throw new Error(`group.consumer.assignors: unknown assignor '${n}' (known: ${[...BUILTIN_ASSIGNORS.keys()].join(", ")})`);
    if (!out.includes(a)) out.push(a);
  }
  if (out.length === 0) throw new Error("group.consumer.assignors: at least one assignor is required");
  return out;
}
