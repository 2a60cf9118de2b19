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

test("endOffsetFor answers as Kafka's LeaderEpochFileCache: older than every entry, between, latest, above the latest", () => {
  const d = tempDir("strand-epochs-");
  try {
    const cache = new LeaderEpochCache(d.path);
    expect(cache.endOffsetFor(0, 0)).toEqual({ epoch: -1, endOffset: -1 }); // empty
    cache.assignWithoutWrite(4, 5);
    cache.assignWithoutWrite(6, 9);
    // Older than every entry: the requested epoch, ending where the first known one starts (a follower that
    // led at epoch 2 with an empty log reads on from offset 5's answer instead of OFFSET_OUT_OF_RANGE).
    expect(cache.endOffsetFor(2, 12)).toEqual({ epoch: 2, endOffset: 5 });
    expect(cache.endOffsetFor(4, 12)).toEqual({ epoch: 4, endOffset: 9 });
    expect(cache.endOffsetFor(5, 12)).toEqual({ epoch: 4, endOffset: 9 });
    expect(cache.endOffsetFor(6, 12)).toEqual({ epoch: 6, endOffset: 12 });
    expect(cache.endOffsetFor(7, 12)).toEqual({ epoch: -1, endOffset: -1 }); // above the latest: unknown
    expect(cache.endOffsetFor(-1, 12)).toEqual({ epoch: -1, endOffset: -1 });
  } finally {
    d.cleanup();
  }
});
