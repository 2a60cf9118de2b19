// The receiving half of the loopback TCP ceiling (bench/lib/ceilings.ts runs it as a child process):
//   bun bench/lib/tcp-sink.ts <expectedBytes>
// Listens on 127.0.0.1 port 0, prints {"port":N}, discards what one connection sends, and when
// expectedBytes have arrived prints {"bytes":B,"seconds":S} (first byte to last byte) and exits.
const expected = Number(process.argv[2]);
if (!Number.isSafeInteger(expected) || expected <= 0) {
  console.error("usage: tcp-sink.ts <expectedBytes>");
  process.exit(2);
}
let received = 0;
let firstAt = 0;
const server = Bun.listen({
  hostname: "127.0.0.1",
  port: 0,
  socket: {
    data(_s, d) {
      if (received === 0) firstAt = performance.now();
      received += d.length;
      if (received >= expected) {
        const seconds = (performance.now() - firstAt) / 1000;
        console.log(JSON.stringify({ bytes: received, seconds }));
        process.exit(0);
      }
    },
  },
});
console.log(JSON.stringify({ port: server.port }));
// The parent kills this process if it hangs; a hard bound here too.
setTimeout(() => {
  console.error(`tcp-sink: only ${received} of ${expected} bytes after 120 s`);
  process.exit(1);
}, 120_000);
