// kcat helpers shared by the kcat suite and the single-binary test: produce the spec's records of one
// partition with one kcat, consume a topic as JSON, check what came back.
import type { Kcat } from "../support/clients/kcat.ts";
import { run } from "../support/clients/cache.ts";
import { keyOf, partitionCount, valueOf } from "./spec.ts";

export interface KcatMessage {
  partition: number;
  offset: number;
  tstype: string;
  ts: number;
  headers?: string[];
  key: string | null;
  payload: string | null;
}

/** Produces records i = p, p + P, ... of [0, count) to partition p with one kcat. */
export async function kcatProduce(k: Kcat, bootstrap: string, topic: string, p: number, count: number, partitions: number, codec: string): Promise<void> {
  const lines: string[] = [];
  for (let i = p; i < count; i += partitions) lines.push(`${keyOf(i)}\t${valueOf(i)}`);
  const r = await run([k.bin, "-P", "-b", bootstrap, "-t", topic, "-p", `${p}`, "-K", "\t", "-H", "src=kcat",
    "-z", codec, "-X", "acks=all", "-X", "linger.ms=5",
    // Idempotent: records kcat queues before it has the topic's metadata would otherwise be sent after
    // later ones (seen with librdkafka 2.0.2), and every offset must be the spec's.
    "-X", "enable.idempotence=true", "-X", "message.max.bytes=1000000"],
  { stdin: `${lines.join("\n")}\n`, timeoutMs: 60_000 });
  // Warnings that end in a retry (e.g. "Coordinator load in progress: retrying") are fine.
  if (r.exitCode !== 0 || /Delivery failed|% ERROR/i.test(r.stderr)) {
    throw new Error(`kcat -P ${topic}/${p} exited ${r.exitCode}: ${r.stderr.slice(-3000)}`);
  }
}

/** Consumes the whole topic to its end as JSON messages. */
export async function kcatConsume(k: Kcat, bootstrap: string, topic: string): Promise<KcatMessage[]> {
  const r = await run([k.bin, "-C", "-b", bootstrap, "-t", topic, "-o", "beginning", "-e", "-J", "-q",
    "-X", "check.crcs=true"], { timeoutMs: 60_000 });
  if (r.exitCode !== 0) throw new Error(`kcat -C ${topic} exited ${r.exitCode}: ${r.stderr.slice(-3000)}`);
  return r.stdout.split("\n").filter((l) => l.trim() !== "").map((l) => JSON.parse(l) as KcatMessage);
}

/** Checks consumed messages against the spec; returns the first errors (bounded list). */
export function checkKcatMessages(msgs: KcatMessage[], count: number, partitions: number, tsMin: number, tsMax: number): string[] {
  const errors: string[] = [];
  const add = (e: string) => {
    if (errors.length < 20) errors.push(e);
  };
  const next = new Array<number>(partitions).fill(0);
  for (const m of msgs) {
    const where = `${m.partition}/${m.offset}`;
    if (m.offset !== next[m.partition]) add(`${where}: expected offset ${next[m.partition]}`);
    next[m.partition] = m.offset + 1;
    const i = m.offset * partitions + m.partition;
    if (m.key !== keyOf(i)) add(`${where}: key ${m.key}, expected ${keyOf(i)}`);
    if (m.payload !== valueOf(i)) add(`${where}: payload of ${m.payload?.length} chars differs (record ${i})`);
    if (JSON.stringify(m.headers) !== JSON.stringify(["src", "kcat"])) add(`${where}: headers ${JSON.stringify(m.headers)}`);
    if (m.tstype !== "create" || m.ts < tsMin || m.ts > tsMax) add(`${where}: timestamp ${m.tstype} ${m.ts} outside [${tsMin}, ${tsMax}]`);
  }
  for (let p = 0; p < partitions; p++) {
    if (next[p] !== partitionCount(count, partitions, p)) add(`partition ${p}: read up to ${next[p]}, expected ${partitionCount(count, partitions, p)}`);
  }
  return errors;
}
