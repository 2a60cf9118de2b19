// A progress bar on stderr for long client work (a reset over many partitions, a bulk produce). It
// draws only when stderr is a terminal: scripts, pipes and --json runs see nothing. Redraws are
// throttled so a fast loop does not spend its time painting.

export interface ProgressBar {
  /** Count `n` more units done. */
  tick(n?: number): void;
  /** Clear the bar (call once, when done or failing). */
  done(): void;
}

interface TtyStream {
  isTTY?: boolean;
  columns?: number;
  write(s: string): unknown;
}

const REDRAW_EVERY_MS = 100;
const NOOP: ProgressBar = { tick() {}, done() {} };

export function progressBar(label: string, total: number, stream: TtyStream = process.stderr, enabled = true): ProgressBar {
  if (!enabled || !stream.isTTY || total <= 0) return NOOP;
  let count = 0;
  let lastDrawMs = 0;
  let drawn = false;
  const draw = () => {
    const width = Math.max(10, Math.min(40, (stream.columns ?? 80) - label.length - 20));
    const filled = Math.round((width * Math.min(count, total)) / total);
    stream.write(`\r${label} [${"#".repeat(filled)}${"-".repeat(width - filled)}] ${Math.min(count, total)}/${total}`);
    drawn = true;
  };
  return {
    tick(n = 1) {
      count += n;
      const now = performance.now();
      if (count >= total || now - lastDrawMs >= REDRAW_EVERY_MS) {
        lastDrawMs = now;
        draw();
      }
    },
    done() {
      if (drawn) stream.write("\r\x1b[2K");
      drawn = false;
    },
  };
}
