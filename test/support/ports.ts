// TCP ports on 127.0.0.1 for tests that must name a port before a process binds it (controller quorum
// voters, Kafka JVMs, Prometheus, Connect workers). Binding port 0, reading the port and closing it is
// not enough: the kernel hands the same port to the next port-0 bind or outgoing connection, which is
// what broke two test workers ("Failed to listen at 127.0.0.1"). So ports here come
//  - from outside the kernel's ephemeral range (/proc/sys/net/ipv4/ip_local_port_range), so no
//    outgoing connection or port-0 listener of any process can take one;
//  - from a slice of that range picked by the test worker's id (BUN_TEST_WORKER_ID under
//    `bun test --parallel`), so two workers start far apart;
//  - claimed with a lease file created atomically (O_EXCL) in a tmp dir shared by every test process on
//    the machine, so two workers, or two `bun test` runs, never hand out the same port while the
//    claimer lives (or for LEASE_MS, whichever is shorter);
//  - checked by binding it once, so a port some other program holds is skipped.
// Callers that start a process on a chosen port still retry with fresh ports when the bind fails
// (retryOnBindFailure), since a program outside these rules may bind anything.
import { closeSync, linkSync, mkdirSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** How long a claim holds when its process is still alive (a file's clusters live well under this). */
const LEASE_MS = 30 * 60_000;
/** Worker slices: worker N starts its search in slice (N-1) mod WORKER_SLICES. */
const WORKER_SLICES = 8;
const CLAIM_DIR = join(tmpdir(), "strand-test-ports");

interface PortRange {
  low: number;
  high: number;
}

/** The ports outside the ephemeral range that tests use: below it when there is room, else above it. */
export function testPortRange(ephemeral: PortRange = readEphemeralRange()): PortRange {
  const floor = 20_000;
  if (ephemeral.low - floor >= 4_096) return { low: floor, high: ephemeral.low - 1 };
  if (65_535 - ephemeral.high >= 1_024) return { low: ephemeral.high + 1, high: 65_535 };
  throw new Error(`ports: no room outside the ephemeral range ${ephemeral.low}-${ephemeral.high}`);
}

function readEphemeralRange(): PortRange {
  try {
    const [low, high] = readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/).map(Number);
    if (Number.isInteger(low) && Number.isInteger(high) && low! > 0 && high! >= low!) return { low: low!, high: high! };
  } catch {
    // Not Linux: fall through to the IANA dynamic range (macOS, BSD).
  }
  return { low: 49_152, high: 65_535 };
}

const range = testPortRange();
const span = range.high - range.low + 1;
const workerId = Number(process.env.BUN_TEST_WORKER_ID ?? process.env.JEST_WORKER_ID ?? 0);
const sliceSize = Math.floor(span / WORKER_SLICES);
// Within its slice a process starts at an offset from its pid, so two runs with the same worker ids
// (two `bun test`s at once) do not probe the same ports first; the lease files decide anyway.
let cursor =
  Number.isInteger(workerId) && workerId > 0
    ? ((workerId - 1) % WORKER_SLICES) * sliceSize + ((process.pid * 97) % sliceSize)
    : (process.pid * 97) % span;

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

function createLease(file: string): boolean {
  try {
    const fd = openSync(file, "wx");
    try {
      writeSync(fd, `${process.pid} ${Date.now()}\n`);
    } finally {
      closeSync(fd);
    }
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw e;
  }
}

/** Claims `port` for this process: a new lease file, or one whose holder died or whose lease ran out. */
function claim(port: number): boolean {
  const file = join(CLAIM_DIR, String(port));
  if (createLease(file)) return true;
  let holder: string;
  try {
    holder = readFileSync(file, "utf8");
  } catch {
    return false; // Released or taken over between the two calls: leave it to the next round.
  }
  const [pid, atMs] = holder.trim().split(" ").map(Number);
  const expired = !Number.isInteger(pid) || !Number.isFinite(atMs) || Date.now() - atMs! > LEASE_MS || !processAlive(pid!);
  if (!expired) return false;
  // Take over by renaming the stale lease away first: of two takers only one rename succeeds.
  const aside = `${file}.stale-${process.pid}-${Math.floor(Math.random() * 1e9)}`;
  try {
    renameSync(file, aside);
  } catch {
    return false;
  }
  // Another taker may have replaced the stale lease with its own between our read and our rename: then
  // what we moved aside is its fresh lease. Put it back (link fails if the name is taken again) and
  // leave the port to it.
  let moved = "";
  try {
    moved = readFileSync(aside, "utf8");
  } catch {
    // Gone already: treat as someone else's.
  }
  if (moved !== holder) {
    try {
      linkSync(aside, file);
    } catch {
      // The name was taken again meanwhile: that claimer owns it.
    }
    try {
      unlinkSync(aside);
    } catch {
      // Already gone.
    }
    return false;
  }
  try {
    unlinkSync(aside);
  } catch {
    // Already gone: nothing to clean.
  }
  return createLease(file);
}

async function bindable(port: number): Promise<boolean> {
  return await new Promise<boolean>((resolve) => {
    const server: Server = createServer();
    server.once("error", () => resolve(false));
    server.listen({ host: "127.0.0.1", port, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** One port claimed for this process and bindable now. */
async function nextPort(): Promise<number> {
  mkdirSync(CLAIM_DIR, { recursive: true });
  // Bounded: one pass over the range; every port is skipped only if claimed by a live process or bound.
  for (let tried = 0; tried < span; tried++) {
    const port = range.low + (cursor % span);
    cursor = (cursor + 1) % span;
    if (!claim(port)) continue;
    if (await bindable(port)) return port;
  }
  throw new Error(`ports: no free port in ${range.low}-${range.high} (claims in ${CLAIM_DIR})`);
}

/** A port on 127.0.0.1 that is free now and that no other test process will be handed. */
export async function freePort(): Promise<number> {
  return await nextPort();
}

/** `count` distinct ports, each as freePort gives. */
export async function freePorts(count: number): Promise<number[]> {
  if (!Number.isInteger(count) || count < 1 || count > 64) {
    throw new RangeError(`freePorts: count must be 1..64, got ${count}`);
  }
  const ports: number[] = [];
  for (let i = 0; i < count; i++) ports.push(await nextPort());
  return ports;
}

/** Whether an error (or a process's output inside its message) says a listen failed on a taken port. */
export function isBindFailure(err: unknown): boolean {
  const text = err instanceof Error ? `${err.message}\n${(err as { logTail?: string }).logTail ?? ""}` : String(err);
  return /EADDRINUSE|Address already in use|Failed to listen at|BindException/.test(text);
}

/**
 * Runs `start` (which picks its ports with freePort/freePorts) again with fresh ports when it failed
 * because a port was taken, at most `attempts` times; any other failure is thrown at once.
 */
export async function retryOnBindFailure<T>(what: string, start: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start();
    } catch (err) {
      if (!isBindFailure(err) || attempt >= attempts) throw err;
      console.warn(`${what}: a chosen port was taken (attempt ${attempt} of ${attempts}), retrying with fresh ports`);
    }
  }
}
