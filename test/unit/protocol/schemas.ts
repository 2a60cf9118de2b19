// Loads Kafka 4.4.0's JSON definitions for the protocol tests, the same way the generator does.
// If Maven cannot fetch the jars (no registry), the tests that need them skip with that reason.
import { fromJars, type Sources } from "../../../tools/gen-protocol/sources.ts";

let cached: { sources: Sources | null; reason: string } | undefined;

export function loadSources(): { sources: Sources | null; reason: string } {
  if (cached) return cached;
  try {
    cached = { sources: fromJars(), reason: "" };
  } catch (e) {
    cached = { sources: null, reason: `Kafka 4.4.0 jars could not be fetched with Maven: ${(e as Error).message.slice(0, 300)}` };
  }
  return cached;
}
