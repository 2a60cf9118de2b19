// WatchList: the pending operations watching one key, as a doubly linked list of nodes so an operation
// that completes is unlinked from every list it is on in O(keys), at once. Kafka purges completed entries
// lazily when the lists grow past a threshold; unlinking eagerly keeps every list exactly the pending
// operations, so memory is bounded by the purgatory's pending bound times keys per operation, and a
// key whose list empties is forgotten.

import type { DelayedOperation } from "./delayed-operation.ts";

export class WatchNode {
  prev: WatchNode | null = null;
  next: WatchNode | null = null;
  constructor(
    readonly op: DelayedOperation,
    readonly list: WatchList,
  ) {}
}

export class WatchList {
  private head: WatchNode | null = null;
  private tail: WatchNode | null = null;
  private count = 0;

  constructor(readonly key: string) {}

  get size(): number {
    return this.count;
  }

  add(op: DelayedOperation): WatchNode {
    const node = new WatchNode(op, this);
    node.prev = this.tail;
    if (this.tail === null) this.head = node;
    else this.tail.next = node;
    this.tail = node;
    this.count++;
    return node;
  }

  remove(node: WatchNode): void {
    if (node.list !== this) throw new Error(`WatchList.remove: node belongs to key ${node.list.key}, not ${this.key}`);
    if (node.prev === null && node.next === null && this.head !== node) return; // already removed
    if (node.prev === null) this.head = node.next;
    else node.prev.next = node.next;
    if (node.next === null) this.tail = node.prev;
    else node.next.prev = node.prev;
    node.prev = null;
    node.next = null;
    this.count--;
  }

  /**
   * The operations on the list now, oldest first. Callers iterate this copy, so callbacks may complete,
   * cancel or add operations on this key while they do; the copy is bounded by the list's size.
   */
  snapshot(): DelayedOperation[] {
    const out: DelayedOperation[] = new Array(this.count);
    let i = 0;
    for (let n = this.head; n !== null; n = n.next) out[i++] = n.op;
    return out;
  }
}
