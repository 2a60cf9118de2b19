// Line output for commands that print a lot (`strand log dump` of a gigabyte segment, `strand consume`):
// lines gathered into 64 KiB chunks written synchronously, so memory stays bounded and the order of
// stdout and stderr lines is the order they were made. A closed pipe (`| head`) ends the process quietly.
import { writeSync } from "node:fs";

const CHUNK_BYTES = 64 * 1024;
/** Busy retries of a write the pipe refused for now (EAGAIN on a non-blocking descriptor). */
const MAX_EAGAIN_RETRIES = 1_000_000;

function writeAll(fd: number, text: string): void {
  const bytes = Buffer.from(text, "utf8");
  let done = 0;
  let retries = 0;
  // Bounded: every pass writes bytes or counts a retry, up to MAX_EAGAIN_RETRIES.
  while (done < bytes.length) {
    try {
      done += writeSync(fd, bytes, done, bytes.length - done);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === "EPIPE") process.exit(0);
      if (code !== "EAGAIN" || ++retries > MAX_EAGAIN_RETRIES) throw e;
    }
  }
}

export class StdioSink {
  private pending: string[] = [];
  private pendingBytes = 0;

  out(line: string): void {
    this.pending.push(line, "\n");
    this.pendingBytes += line.length + 1;
    if (this.pendingBytes >= CHUNK_BYTES) this.flush();
  }

  /** Text as it is (a consume template adds its own newlines). */
  write(text: string): void {
    this.pending.push(text);
    this.pendingBytes += text.length;
    if (this.pendingBytes >= CHUNK_BYTES) this.flush();
  }

  err(line: string): void {
    this.flush();
    writeAll(2, line + "\n");
  }

  flush(): void {
    if (this.pending.length === 0) return;
    const text = this.pending.join("");
    this.pending = [];
    this.pendingBytes = 0;
    writeAll(1, text);
  }
}
