// The machine's ceilings, measured in the same run as the brokers: loopback TCP bandwidth (this process
// sends, a child Bun process receives and discards: one core each, like a client and a broker) and
// page-cache write bandwidth (dd from /dev/zero into the data filesystem, no sync).
import { rmSync } from "node:fs";
import { join } from "node:path";
import { parseDd } from "./parse.ts";
import { runTool, tailOf, trackProcess } from "./procs.ts";

const CHUNK_BYTES = 1 << 20;

/** Bytes per second over 127.0.0.1 for `totalBytes` (first byte to last byte at the receiver). */
export async function loopbackTcpBytesPerSec(totalBytes: number, timeoutMs = 120_000): Promise<number> {
  const sink = Bun.spawn({
    cmd: [process.execPath, join(import.meta.dir, "tcp-sink.ts"), String(totalBytes)],
    stdout: "pipe",
    stderr: "pipe",
  });
  trackProcess(sink);
  const timer = setTimeout(() => sink.kill("SIGKILL"), timeoutMs);
  try {
    const reader = sink.stdout.getReader();
    const dec = new TextDecoder();
    let buf = "";
    const nextLine = async (): Promise<string> => {
      // Bounded: the sink prints two short lines; the timer kills it otherwise (read then ends).
      while (!buf.includes("\n")) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`tcp-sink ended early: ${tailOf(await new Response(sink.stderr).text())}`);
        buf += dec.decode(value);
      }
      const i = buf.indexOf("\n");
      const line = buf.slice(0, i);
      buf = buf.slice(i + 1);
      return line;
    };
    const { port } = JSON.parse(await nextLine()) as { port: number };
    const chunk = new Uint8Array(CHUNK_BYTES).fill(7);
    let sent = 0;
    let off = 0;
    await new Promise<void>((resolve, reject) => {
      const pump = (s: { write(d: Uint8Array): number; end(): void }) => {
        // Bounded by totalBytes; returns when the kernel takes less than offered (drain resumes).
        while (sent < totalBytes) {
          const want = Math.min(CHUNK_BYTES - off, totalBytes - sent);
          const n = s.write(chunk.subarray(off, off + want));
          if (n < 0) return reject(new Error("loopback sender: socket closed"));
          sent += n;
          off = (off + n) % CHUNK_BYTES;
          if (n < want) return;
        }
        s.end();
        resolve();
      };
      void Bun.connect({
        hostname: "127.0.0.1",
        port,
        socket: { open: pump, drain: pump, error: (_s, e) => reject(e), data() {} },
      }).catch(reject);
    });
    const { bytes, seconds } = JSON.parse(await nextLine()) as { bytes: number; seconds: number };
    return bytes / seconds;
  } finally {
    clearTimeout(timer);
    sink.kill("SIGKILL");
  }
}

/** Page-cache write bandwidth in bytes/s: dd of `totalMiB` MiB into `dir` (file removed after). */
export async function pageCacheWriteBytesPerSec(dir: string, totalMiB: number): Promise<number> {
  const file = join(dir, `dd-ceiling-${process.pid}.bin`);
  try {
    const r = await runTool(["dd", "if=/dev/zero", `of=${file}`, "bs=1M", `count=${totalMiB}`], { name: "dd", timeoutMs: 120_000 });
    return parseDd(r.stderr);
  } finally {
    rmSync(file, { force: true });
  }
}
