// Start-up timing, for finding where start-up time goes (issue 6: start-up to the first acknowledged
// produce). Off unless STRAND_STARTUP_TRACE=1; then `mark(name)` records performance.now() (ms since
// the process started, as Bun counts it) and, once the first Produce has been answered, one line
//   startup trace process=0.0 modules-start=5.1 ... first-produce=48.2 (ms since process start)
// goes to stderr. Imported first by main.ts so "modules-start" is taken before the other modules run.
//
// No work when off: `mark` returns at once. Bounded: at most MAX_MARKS marks are kept.

export const STARTUP_TRACE = process.env.STRAND_STARTUP_TRACE === "1";

/** Enough for every start-up step; later marks are dropped (a trace is one start-up, not a log). */
const MAX_MARKS = 64;
const marks: Array<[string, number]> = [];
let reported = false;

export function mark(name: string): void {
  if (!STARTUP_TRACE || reported || marks.length >= MAX_MARKS) return;
  marks.push([name, performance.now()]);
}

/** The trace so far as `name=ms` pairs. */
export function traceLine(): string {
  return marks.map(([n, t]) => `${n}=${t.toFixed(1)}`).join(" ");
}

/** Records a last mark and prints the trace (once). */
export function reportTrace(lastMark: string): void {
  if (!STARTUP_TRACE || reported) return;
  mark(lastMark);
  reported = true;
  // timeOrigin (epoch ms) lets a harness place these marks on its own clock (bench/startup.ts).
  console.error(`startup trace (ms since process start) ${traceLine()} timeOrigin=${performance.timeOrigin.toFixed(3)}`);
}

mark("modules-start");
