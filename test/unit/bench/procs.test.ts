import { describe, expect, test } from "bun:test";
import { clockTicksPerS, cpuSeconds, parseStatCpuTicks } from "../../../bench/lib/procs.ts";
import { cpuCost } from "../../../bench/lib/session.ts";

// A real /proc/PID/stat line of a JVM (fields 14 and 15 are utime 5000 and stime 250).
const STAT = "4242 (java) S 1 4242 4242 0 -1 4194560 120000 0 3 0 5000 250 0 0 20 0 42 0 1234567 5000000000 80000 18446744073709551615 1 1 0 0 0 0 0 4096 16384 0 0 0 17 1 0 0 0 0 0";

describe("/proc/PID/stat CPU parsing", () => {
  test("reads utime and stime (fields 14, 15)", () => {
    expect(parseStatCpuTicks(STAT)).toEqual({ utime: 5000, stime: 250 });
  });

  test("a command name with spaces and ')' does not shift the fields", () => {
    const odd = STAT.replace("(java)", "(my (odd) name) x)");
    expect(parseStatCpuTicks(odd)).toEqual({ utime: 5000, stime: 250 });
  });

  test("a line without the fields is refused, not read as 0", () => {
    expect(() => parseStatCpuTicks("garbage")).toThrow(RangeError);
    expect(() => parseStatCpuTicks("1 (x) S 1 2")).toThrow(RangeError);
  });

  test("clock ticks come from getconf and this process's CPU is read", () => {
    const hz = clockTicksPerS();
    expect(Number.isInteger(hz) && hz > 0).toBe(true);
    let x = 0;
    for (let i = 0; i < 2e6; i++) x += i; // some CPU so the figure is not trivially 0
    expect(x).toBeGreaterThan(0);
    const s = cpuSeconds(process.pid);
    expect(s).not.toBeNull();
    expect(s!).toBeGreaterThanOrEqual(0);
    expect(cpuSeconds(2 ** 22 + 12345)).toBeNull(); // beyond pid_max: no such process
  });
});

describe("client vs broker CPU", () => {
  test("cores and shares over the tool's wall time", () => {
    const c = cpuCost(10, 13, { clientCpuS: 9, clientWallMs: 6000 }, 2)!;
    expect(c.brokerCpuS).toBe(3);
    expect(c.brokerCores).toBeCloseTo(0.5);
    expect(c.clientCores).toBeCloseTo(1.5);
    expect(c.clientShare).toBeCloseTo(0.75);
    expect(cpuCost(null, 13, { clientCpuS: 9, clientWallMs: 6000 }, 2)).toBeNull();
  });
});
