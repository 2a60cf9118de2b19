// Kafka's topic name rules (org.apache.kafka.common.internals.Topic): ASCII letters, digits, '.', '_'
// and '-', at most 249 characters, not "." or "..". Names that differ only by '.' versus '_' collide
// (metric names replace '.' with '_'), and Kafka refuses the second one.

export const MAX_TOPIC_NAME_LENGTH = 249;
const LEGAL = /^[a-zA-Z0-9._-]+$/;

/** Kafka's internal topics: clients may not produce to them unless they are the coordinators. */
export const INTERNAL_TOPICS: ReadonlySet<string> = new Set(["__consumer_offsets", "__transaction_state", "__share_group_state"]);

/** Why `name` is not a legal topic name (Kafka 4.4.0's message after "Topic name is invalid: "), or null. */
export function topicNameError(name: string): string | null {
  if (name.length === 0) return "the empty string is not allowed";
  if (name === "." || name === "..") return `'${name}' is not allowed`;
  if (name.length > MAX_TOPIC_NAME_LENGTH) return `the length of '${name}' is longer than the max allowed length ${MAX_TOPIC_NAME_LENGTH}`;
  if (!LEGAL.test(name)) return `'${name}' contains one or more characters other than ASCII alphanumerics, '.', '_' and '-'`;
  return null;
}

export function hasCollisionChars(name: string): boolean {
  return name.includes(".") || name.includes("_");
}

/** The name with '.' mapped to '_': two topics with the same unified name collide. */
export function unifyCollisionChars(name: string): string {
  return name.replaceAll(".", "_");
}
