// Waiting for a line in a broker's output. The broker writes its log to stderr synchronously, but the
// test reads that pipe asynchronously: a log line written before a response was sent may be read after
// the response arrives, so tests poll for it instead of reading the output once.
import type { StrandHandle } from "./strand.ts";

/** Resolves with the output once `pattern` matches it; throws with the output's tail after timeoutMs. */
export async function waitForOutput(broker: StrandHandle, pattern: RegExp, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  // Bounded by the deadline.
  for (;;) {
    const out = broker.output();
    if (pattern.test(out)) return out;
    if (Date.now() > deadline) throw new Error(`broker output did not match ${pattern} within ${timeoutMs} ms:\n${out.slice(-4000)}`);
    await Bun.sleep(20);
  }
}
