// Producer id allocation for InitProducerId on a single node: ids are handed out from blocks of 1000
// (Kafka's ProducerIdsBlock size), and the end of the current block is made durable before any id
// of it is used, so ids are never reused after a restart (at most the rest of a block is skipped).
//
// Kafka keeps the block in the metadata log (ProducerIdsRecord, via AllocateProducerIds). Until the
// metadata layer offers that, the block end is a small text file in the metadata log dir,
// `strand-producer-ids` ("<next block start>\n"), written atomically with fsync.

import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { writeTextFileAtomic } from "../storage/checkpoint-file.ts";

export const PRODUCER_ID_BLOCK_SIZE = 1000;
export const PRODUCER_ID_FILE = "strand-producer-ids";
/** Kafka refuses to allocate past this (Long.MAX_VALUE - block size); we stop at 2^53. */
const MAX_PRODUCER_ID = BigInt(Number.MAX_SAFE_INTEGER) - BigInt(PRODUCER_ID_BLOCK_SIZE);

export class ProducerIdExhaustedError extends Error {
  override readonly name = "ProducerIdExhaustedError";
  constructor(readonly nextBlockStart: bigint) {
    super(`producer ids exhausted: the next block would start at ${nextBlockStart}, above ${MAX_PRODUCER_ID}`);
  }
}

export class ProducerIdManager {
  private readonly path: string;
  private next = 0n;
  /** Exclusive end of the block ids are taken from; next === blockEnd means a new block is needed. */
  private blockEnd = 0n;

  constructor(dir: string) {
    mkdirSync(dir, { recursive: true });
    this.path = join(dir, PRODUCER_ID_FILE);
  }

  private readPersisted(): bigint {
    if (!existsSync(this.path)) return 0n;
    const text = readFileSync(this.path, "utf8").trim();
    if (!/^\d+$/.test(text)) throw new Error(`${this.path}: expected a non-negative integer, found ${JSON.stringify(text.slice(0, 40))}`);
    return BigInt(text);
  }

  /** A producer id never handed out before, by this node or before its restarts. */
  generate(): bigint {
    if (this.next >= this.blockEnd) {
      const start = this.readPersisted();
      if (start > MAX_PRODUCER_ID) throw new ProducerIdExhaustedError(start);
      const end = start + BigInt(PRODUCER_ID_BLOCK_SIZE);
      writeTextFileAtomic(this.path, `${end}\n`);
      this.next = start;
      this.blockEnd = end;
    }
    return this.next++;
  }
}
