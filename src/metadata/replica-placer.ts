// Replica placement as Kafka 4.4.0's StripedReplicaPlacer: brokers are grouped by broker.rack (no rack
// is a rack of its own, sorted first); each partition takes its first replica from the next rack in
// turn (an unfenced broker only), then one broker from each following rack in rack order, so replicas
// alternate racks; within a rack brokers are taken round-robin from a random offset that advances
// each time the rack list is walked. Fenced brokers are used only after every unfenced broker of their
// rack (never as the first replica). After as many partitions as there are unfenced brokers, the rack
// order and each rack's brokers are shuffled so the next round of assignments differs.
//
// The randomness is Kafka's java.util.Random (its 48-bit LCG, nextInt and Collections.shuffle), so a
// seeded placement is the same on every run and the same as Kafka's with that seed.
//
// Errors (InvalidReplicationFactorException texts; the caller prefixes "Unable to replicate the
// partition N time(s): "): a non-positive factor, no unfenced broker, more replicas than usable brokers.
// Brokers in controlled shutdown are not usable (BrokerHeartbeatManager.usableBrokers).

import type { MetadataImage } from "./image.ts";

/** Rack lists, brokers and placements are bounded by the registered brokers. */
const MULTIPLIER = 0x5deece66dn;
const MASK = (1n << 48n) - 1n;

/** java.util.Random: the same sequence as Java's for the same seed. */
export class JavaRandom {
  private seed: bigint;

  constructor(seed: bigint) {
    this.seed = (seed ^ MULTIPLIER) & MASK;
  }

  /** A random seed (Java's new Random() is seeded from the clock; any 48 bits do). */
  static unseeded(): JavaRandom {
    return new JavaRandom(BigInt(Math.floor(Math.random() * 2 ** 48)));
  }

  private next(bits: number): number {
    this.seed = (this.seed * MULTIPLIER + 0xbn) & MASK;
    // (int)(seed >>> (48 - bits)): a signed 32-bit value.
    return Number(BigInt.asIntN(32, this.seed >> BigInt(48 - bits)));
  }

  nextInt(bound: number): number {
    if (!Number.isInteger(bound) || bound <= 0 || bound > 0x7fffffff) throw new RangeError(`bound must be a positive int, not ${bound}`);
    let r = this.next(31);
    const m = bound - 1;
    if ((bound & m) === 0) return Number((BigInt(bound) * BigInt(r)) >> 31n);
    // Java's rejection loop: u - r + m overflows int for the biased top values. Bounded: each round
    // is rejected with probability below 1/2.
    for (let u = r; ; u = this.next(31)) {
      r = u % bound;
      if (u - r + m <= 0x7fffffff) return r;
    }
  }

  /** Collections.shuffle(list, random) for a random-access list. */
  shuffle<T>(list: T[]): void {
    for (let i = list.length; i > 1; i--) {
      const j = this.nextInt(i);
      const tmp = list[i - 1]!;
      list[i - 1] = list[j]!;
      list[j] = tmp;
    }
  }
}

/** String.hashCode (Optional.empty() hashes to 0). */
function javaHash(s: string | null): number {
  if (s === null) return 0;
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (Math.imul(h, 31) + s.charCodeAt(i)) | 0;
  return h;
}

/**
 * The iteration order of a java.util.HashMap holding `keys` inserted in this order: by bucket
 * (hash ^ hash >>> 16, masked by the table size: 16, doubled while more than 3/4 full), then in
 * insertion order within a bucket (resizes keep it).
 */
export function javaHashMapOrder(keys: readonly (string | null)[]): Array<string | null> {
  let capacity = 16;
  while (keys.length > capacity * 0.75) capacity *= 2;
  const bucket = (k: string | null): number => {
    const h = javaHash(k);
    return (h ^ (h >>> 16)) & (capacity - 1);
  };
  return keys.map((k, i) => ({ k, i, b: bucket(k) })).sort((x, y) => x.b - y.b || x.i - y.i).map((e) => e.k);
}

/** Thrown for a placement Kafka refuses (InvalidReplicationFactorException). */
export class InvalidReplicationFactorError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "InvalidReplicationFactorError";
  }
}

export interface UsableBroker {
  readonly id: number;
  readonly rack: string | null;
  readonly fenced: boolean;
}

/** ClusterControlManager.usableBrokers: registered brokers not in controlled shutdown, with rack and fencing. */
export function usableBrokersOf(image: MetadataImage): UsableBroker[] {
  return [...image.brokers.values()].filter((b) => !b.inControlledShutdown).map((b) => ({ id: b.nodeId, rack: b.rack, fenced: b.fenced }));
}

class BrokerList {
  readonly brokers: number[] = [];
  private index = 0;
  private offset = 0;
  private epoch = 0;

  initialize(random: JavaRandom): void {
    if (this.brokers.length === 0) return;
    this.brokers.sort((a, b) => a - b);
    this.offset = random.nextInt(this.brokers.length);
  }

  next(epoch: number): number {
    const n = this.brokers.length;
    if (n === 0) return -1;
    if (this.epoch !== epoch) {
      this.epoch = epoch;
      this.index = 0;
      this.offset = (this.offset + 1) % n;
    }
    if (this.index >= n) return -1;
    return this.brokers[(this.index++ + this.offset) % n]!;
  }
}

interface Rack {
  readonly fenced: BrokerList;
  readonly unfenced: BrokerList;
}

/** Kafka's OptionalStringComparator: no rack first, then by name. */
const compareRack = (a: string | null, b: string | null): number => (a === b ? 0 : a === null ? -1 : b === null ? 1 : a < b ? -1 : 1);

/** StripedReplicaPlacer.RackList: the placement state of one CreateTopics / CreatePartitions topic. */
class RackList {
  private readonly racks = new Map<string | null, Rack>();
  private readonly rackNames: Array<string | null> = [];
  readonly numTotalBrokers: number;
  readonly numUnfencedBrokers: number;
  private epoch = 0;
  private offset: number;

  constructor(
    private readonly random: JavaRandom,
    brokers: readonly UsableBroker[],
  ) {
    let unfenced = 0;
    for (const b of brokers) {
      let rack = this.racks.get(b.rack);
      if (!rack) {
        this.rackNames.push(b.rack);
        rack = { fenced: new BrokerList(), unfenced: new BrokerList() };
        this.racks.set(b.rack, rack);
      }
      if (b.fenced) rack.fenced.brokers.push(b.id);
      else {
        unfenced++;
        rack.unfenced.brokers.push(b.id);
      }
    }
    // Kafka initializes the racks in its HashMap's iteration order: the same draws go to the same racks.
    for (const name of javaHashMapOrder([...this.racks.keys()])) {
      const rack = this.racks.get(name)!;
      rack.fenced.initialize(random);
      rack.unfenced.initialize(random);
    }
    this.rackNames.sort(compareRack);
    this.numTotalBrokers = brokers.length;
    this.numUnfencedBrokers = unfenced;
    this.offset = this.rackNames.length === 0 ? 0 : random.nextInt(this.rackNames.length);
  }

  place(replicationFactor: number): number[] {
    checkPlacement(replicationFactor, this.numTotalBrokers, this.numUnfencedBrokers);
    if (this.epoch === this.numUnfencedBrokers && this.numUnfencedBrokers > 1) {
      this.random.shuffle(this.rackNames);
      for (const name of javaHashMapOrder([...this.racks.keys()])) {
        const rack = this.racks.get(name)!;
        this.random.shuffle(rack.fenced.brokers);
        this.random.shuffle(rack.unfenced.brokers);
      }
      this.epoch = 0;
    }
    if (this.offset === this.rackNames.length) this.offset = 0;
    const out: number[] = [];
    const n = this.rackNames.length;
    let firstRackIndex = this.offset;
    // Terminates: some rack has an unfenced broker not yet taken this epoch (checked above).
    for (let tries = 0; ; tries++) {
      if (tries > n * (this.numTotalBrokers + 1)) throw new Error("replica placement found no unfenced broker");
      const r = this.racks.get(this.rackNames[firstRackIndex]!)!.unfenced.next(this.epoch);
      if (r >= 0) {
        out.push(r);
        break;
      }
      firstRackIndex = (firstRackIndex + 1) % n;
    }
    let rackIndex = this.offset;
    for (let replica = 1; replica < replicationFactor; replica++) {
      let result = -1;
      for (let tries = 0; result < 0; tries++) {
        if (tries > n * (this.numTotalBrokers + 1)) throw new Error("replica placement ran out of brokers");
        if (rackIndex === firstRackIndex) firstRackIndex = -1;
        else {
          const rack = this.racks.get(this.rackNames[rackIndex]!)!;
          result = rack.unfenced.next(this.epoch);
          if (result < 0) result = rack.fenced.next(this.epoch);
        }
        rackIndex = (rackIndex + 1) % n;
      }
      out.push(result);
    }
    this.epoch++;
    this.offset++;
    return out;
  }
}

function checkPlacement(replicationFactor: number, total: number, unfenced: number): void {
  if (replicationFactor <= 0) throw new InvalidReplicationFactorError(`Invalid replication factor ${replicationFactor}: the replication factor must be positive.`);
  if (unfenced === 0) throw new InvalidReplicationFactorError("All brokers are currently fenced, or have all their log directories cordoned.");
  if (replicationFactor > total) {
    throw new InvalidReplicationFactorError(`The target replication factor of ${replicationFactor} cannot be reached because only ${total} broker(s) are registered or some brokers have all their log directories cordoned.`);
  }
}

/** StripedReplicaPlacer.place: replica lists for `numPartitions` partitions. */
export function placeReplicas(random: JavaRandom, brokers: readonly UsableBroker[], numPartitions: number, replicationFactor: number): number[][] {
  const racks = new RackList(random, brokers);
  checkPlacement(replicationFactor, racks.numTotalBrokers, racks.numUnfencedBrokers);
  const out: number[][] = [];
  for (let p = 0; p < numPartitions; p++) out.push(racks.place(replicationFactor));
  return out;
}
