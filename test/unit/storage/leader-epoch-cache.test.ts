import { expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { readEpochCheckpoint } from "../../../src/storage/checkpoint-file.ts";
import { LEADER_EPOCH_CHECKPOINT, LeaderEpochCache } from "../../../src/storage/leader-epoch-cache.ts";
import { tempDir } from "./helpers.ts";

test("an epoch assigned on becoming leader is in memory at once and in the checkpoint after the next flush", async () => {
  const d = tempDir("strand-epochs-");
  try {
    const path = join(d.path, LEADER_EPOCH_CHECKPOINT);
    const cache = new LeaderEpochCache(d.path);
    expect(cache.assignWithoutWrite(3, 0)).toBe(true);
    expect(cache.assignWithoutWrite(3, 0)).toBe(false); // known epoch
    expect(cache.latestEpoch()).toBe(3);
    expect(cache.endOffsetFor(3, 10)).toEqual({ epoch: 3, endOffset: 10 });
    expect(existsSync(path)).toBe(false); // no file write per partition when leadership is applied
    await cache.syncIfNeeded();
    expect(readEpochCheckpoint(path)).toEqual([{ epoch: 3, startOffset: 0 }]);
    // An append's assign() writes every entry, the deferred ones too.
    expect(cache.assignWithoutWrite(4, 5)).toBe(true);
    expect(cache.assign(5, 7)).toBe(true);
    expect(readEpochCheckpoint(path)).toEqual([{ epoch: 3, startOffset: 0 }, { epoch: 4, startOffset: 5 }, { epoch: 5, startOffset: 7 }]);
    expect(new LeaderEpochCache(d.path).all).toEqual(cache.all);
  } finally {
    d.cleanup();
  }
});
