// BucketHeap: a binary min-heap of queued TimerBuckets by expirationMs, the single-threaded stand-in
// for the DelayQueue of Kafka's SystemTimer. Its top is the next time the Timer must wake up.
//
// Size bound: a bucket is in the heap at most once (heapIndex), and a wheel has a fixed number of
// buckets, so the heap never holds more than wheelSize x levels entries (about 20 x 8 here), however
// many tasks are pending. That is what makes insert O(1) for tasks: the heap sees buckets, not tasks.

import type { TimerBucket } from "./timer-bucket.ts";

export class BucketHeap {
  private items: TimerBucket[] = [];

  get size(): number {
    return this.items.length;
  }

  peek(): TimerBucket | null {
    return this.items.length === 0 ? null : this.items[0];
  }

  push(bucket: TimerBucket): void {
    if (bucket.heapIndex !== -1) throw new Error(`BucketHeap.push: bucket ${bucket.expirationMs} (level ${bucket.level}) is already queued`);
    if (bucket.expirationMs < 0) throw new Error(`BucketHeap.push: bucket of level ${bucket.level} has no expiration`);
    bucket.heapIndex = this.items.length;
    this.items.push(bucket);
    this.siftUp(bucket.heapIndex);
  }

  pop(): TimerBucket | null {
    const items = this.items;
    if (items.length === 0) return null;
    const top = items[0];
    const last = items.pop()!;
    if (items.length > 0) {
      items[0] = last;
      last.heapIndex = 0;
      this.siftDown(0);
    }
    top.heapIndex = -1;
    return top;
  }

  /** Empty the heap, returning what it held (so the caller can reset each bucket). */
  drain(): TimerBucket[] {
    const out = this.items;
    this.items = [];
    for (const b of out) b.heapIndex = -1;
    return out;
  }

  private siftUp(i: number): void {
    const items = this.items;
    const b = items[i];
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const p = items[parent];
      if (p.expirationMs <= b.expirationMs) break;
      items[i] = p;
      p.heapIndex = i;
      i = parent;
    }
    items[i] = b;
    b.heapIndex = i;
  }

  private siftDown(i: number): void {
    const items = this.items;
    const n = items.length;
    const b = items[i];
    for (;;) {
      const l = 2 * i + 1;
      if (l >= n) break;
      const r = l + 1;
      const c = r < n && items[r].expirationMs < items[l].expirationMs ? r : l;
      if (items[c].expirationMs >= b.expirationMs) break;
      items[i] = items[c];
      items[i].heapIndex = i;
      i = c;
    }
    items[i] = b;
    b.heapIndex = i;
  }
}
