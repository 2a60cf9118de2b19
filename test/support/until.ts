// Polls `fn` until it returns something truthy (returned) or the time is up (throws, naming `what`, the
// last error and, when given, `diag()`). For multi-process tests, where state converges over real time:
// bounded, never a sleep standing in for a condition.

export async function until<T>(what: string, fn: () => Promise<T | null | undefined | false>, timeoutMs = 30_000, stepMs = 100, diag: () => string = () => ""): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown = null;
  // Bounded by the deadline.
  while (Date.now() < deadline) {
    try {
      const v = await fn();
      if (v) return v;
    } catch (e) {
      last = e;
    }
    await Bun.sleep(stepMs);
  }
  const d = diag();
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${last ? `: ${String(last)}` : ""}${d ? `\n${d}` : ""}`);
}
