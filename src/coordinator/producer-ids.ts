// Producer id allocation for InitProducerId, as Kafka's: blocks of 1000 ids (ProducerIdsBlock) from the
// active controller, whose ProducerIdsRecord in the metadata log makes each block durable and unique
// before any id of it is used (RpcProducerIdManager; a single node asks its own controller).
//
// ProducerIdManager is the earlier single-node allocator, whose block end was a side file in the
// metadata log dir, `strand-producer-ids` ("<next block start>\n"): kept to read (and move into the
// metadata log) what such a data dir holds, and for unit tests that run without a metadata layer.

import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
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

/** What InitProducerId and the transaction coordinator take ids from. */
export interface ProducerIdGenerator {
  /** A producer id never handed out before in this cluster; throws a typed error when none is ready. */
  generate(): bigint;
}

/** No block of ids is ready yet (it is being fetched): the client retries (COORDINATOR_LOAD_IN_PROGRESS, as Kafka). */
export class ProducerIdsNotReadyError extends Error {
  override readonly name = "ProducerIdsNotReadyError";
  readonly errorCode = 14; // COORDINATOR_LOAD_IN_PROGRESS
  constructor() {
    super("Producer ID block is full. Waiting for next block");
  }
}

/** The error code a failed generate() answers with: the typed error's, else UNKNOWN_SERVER_ERROR. */
export function producerIdErrorCode(e: unknown): number {
  return e instanceof ProducerIdsNotReadyError ? e.errorCode : -1;
}

/** The next block start a `strand-producer-ids` side file in `dir` holds, or null without one. */
export function readProducerIdFile(dir: string): bigint | null {
  const path = join(dir, PRODUCER_ID_FILE);
  if (!existsSync(path)) return null;
  const text = readFileSync(path, "utf8").trim();
  if (!/^\d+$/.test(text)) throw new Error(`${path}: expected a non-negative integer, found ${JSON.stringify(text.slice(0, 40))}`);
  return BigInt(text);
}

/** Remove the side file once the metadata log holds its value. */
export function removeProducerIdFile(dir: string): void {
  rmSync(join(dir, PRODUCER_ID_FILE), { force: true });
}

export class ProducerIdManager implements ProducerIdGenerator {
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

/** One AllocateProducerIds answer. */
export interface ProducerIdBlockResult {
  errorCode: number;
  producerIdStart: bigint;
  producerIdLen: number;
}

/**
 * Kafka's RPCProducerIdManager: blocks of ids from the active controller (AllocateProducerIds, so the
 * controller's ProducerIdsRecord in the metadata log makes them unique across the cluster). The next
 * block is requested when 90% of the current one is used; with no id left, generate() throws
 * ProducerIdsNotReadyError and the request is retried by the client. One request in flight at a time;
 * a failure waits retryBackoffMs before the next try.
 */
export class RpcProducerIdManager implements ProducerIdGenerator {
  private next = 0n;
  private end = 0n;
  private prefetchAt = 0n;
  private nextBlock: { start: bigint; len: number } | null = null;
  private requesting = false;
  private retryAtMs = 0;

  constructor(
    private readonly allocate: () => Promise<ProducerIdBlockResult>,
    private readonly onError: (message: string) => void,
    private readonly retryBackoffMs = 50,
  ) {}

  generate(): bigint {
    if (this.next >= this.end && this.nextBlock) {
      this.next = this.nextBlock.start;
      this.end = this.nextBlock.start + BigInt(this.nextBlock.len);
      this.prefetchAt = this.next + (BigInt(this.nextBlock.len) * 9n) / 10n;
      this.nextBlock = null;
    }
    if (this.next >= this.end) {
      this.maybeRequestNextBlock();
      throw new ProducerIdsNotReadyError();
    }
    const id = this.next++;
    if (this.next >= this.prefetchAt) this.maybeRequestNextBlock();
    return id;
  }

  /**
   * Fetch the first block before clients ask (start-up), so the first InitProducerId is answered at once;
   * true once a block is ready, false after `timeoutMs` (generate() then keeps asking).
   */
  async prefetch(timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    // Bounded by the deadline; 20 ms steps.
    while (this.next >= this.end && !this.nextBlock) {
      if (Date.now() >= deadline) return false;
      this.maybeRequestNextBlock();
      await this.inFlight;
      if (!this.nextBlock) await Bun.sleep(20);
    }
    return true;
  }

  private inFlight: Promise<void> = Promise.resolve();

  private maybeRequestNextBlock(): void {
    if (this.requesting || this.nextBlock || Date.now() < this.retryAtMs) return;
    this.requesting = true;
    this.inFlight = this.allocate().then(
      (r) => {
        this.requesting = false;
        if (r.errorCode === 0 && r.producerIdStart >= 0n && r.producerIdLen > 0) {
          this.nextBlock = { start: r.producerIdStart, len: r.producerIdLen };
          return;
        }
        this.retryAtMs = Date.now() + this.retryBackoffMs;
        this.onError(`AllocateProducerIds answered error ${r.errorCode}`);
      },
      (e: unknown) => {
        this.requesting = false;
        this.retryAtMs = Date.now() + this.retryBackoffMs;
        this.onError(`AllocateProducerIds failed: ${e instanceof Error ? e.message : String(e)}`);
      },
    );
  }
}
