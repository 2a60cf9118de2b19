// An offset checkpoint (checkpoint-file.ts's format) written off the event loop: `<file>.tmp`, fsync,
// rename, fsync of the dir. The cleaner writes its checkpoint after every cleaning; a blocking fsync
// there would stall the requests being served.
import { open, rename } from "node:fs/promises";
import { dirname } from "node:path";
import type { TopicPartition } from "../file-names.ts";
import { syncPathAsync } from "../checkpoint-file.ts";

export async function writeOffsetCheckpointAsync(path: string, entries: Iterable<{ tp: TopicPartition; offset: number }>): Promise<void> {
  const lines: string[] = [];
  for (const e of entries) lines.push(`${e.tp.topic} ${e.tp.partition} ${e.offset}\n`);
  const text = `0\n${lines.length}\n${lines.join("")}`;
  const tmp = path + ".tmp";
  const fh = await open(tmp, "w");
  try {
    await fh.writeFile(text);
    await fh.sync();
  } finally {
    await fh.close();
  }
  await rename(tmp, path);
  await syncPathAsync(dirname(path));
}
