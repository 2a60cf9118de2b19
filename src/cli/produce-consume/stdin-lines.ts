// Lines of stdin as they arrive (a pipe may never end: `tail -f | strand produce`), each without its
// "\n" (and "\r\n"). A line longer than the bound is an error rather than an unbounded buffer.
import { CliError } from "../protocol-decode.ts";

export async function* lines(stream: ReadableStream<Uint8Array>, maxLineBytes: number, onBytes: (n: number) => void = () => {}): AsyncGenerator<string> {
  const dec = new TextDecoder();
  let carry = "";
  for await (const chunk of stream) {
    onBytes(chunk.length);
    carry += dec.decode(chunk, { stream: true });
    let start = 0;
    let nl = carry.indexOf("\n");
    // Bounded by the chunk: each pass consumes one line.
    while (nl >= 0) {
      const line = carry.slice(start, nl);
      yield line.endsWith("\r") ? line.slice(0, -1) : line;
      start = nl + 1;
      nl = carry.indexOf("\n", start);
    }
    carry = carry.slice(start);
    if (carry.length > maxLineBytes) throw new CliError("input line", `${carry.length}+ bytes`, `lines of at most ${maxLineBytes} bytes (--max-line-bytes)`);
  }
  carry += dec.decode();
  if (carry !== "") yield carry.endsWith("\r") ? carry.slice(0, -1) : carry;
}
