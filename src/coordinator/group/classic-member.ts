// A member of a classic group (Kafka's ClassicGroupMember): its id, optional static instance id,
// timeouts, the protocols it offered in its last JoinGroup, its assignment, and the JoinGroup or
// SyncGroup response it is waiting for (a resolver, completed by the group state machine).

export interface ClassicProtocol {
  name: string;
  metadata: Uint8Array;
}

/** What a JoinGroup response carries for one member, independent of the protocol version. */
export interface JoinResult {
  errorCode: number;
  generationId: number;
  protocolType: string | null;
  protocolName: string | null;
  leader: string;
  skipAssignment: boolean;
  memberId: string;
  members: Array<{ memberId: string; groupInstanceId: string | null; metadata: Uint8Array }>;
}

export interface SyncResult {
  errorCode: number;
  protocolType: string | null;
  protocolName: string | null;
  assignment: Uint8Array;
}

export const EMPTY_BYTES = new Uint8Array(0);

export class ClassicGroupMember {
  memberId: string;
  readonly groupInstanceId: string | null;
  clientId: string;
  clientHost: string;
  rebalanceTimeoutMs: number;
  sessionTimeoutMs: number;
  protocolType: string;
  supportedProtocols: ClassicProtocol[];
  assignment: Uint8Array = EMPTY_BYTES;
  /** Set while a JoinGroup waits for the rebalance to complete. */
  awaitingJoin: ((r: JoinResult) => void) | null = null;
  /** Set while a SyncGroup waits for the leader's assignment. */
  awaitingSync: ((r: SyncResult) => void) | null = null;
  /** Joined but not yet part of a completed generation (longer join timeout applies). */
  isNew = false;

  constructor(init: {
    memberId: string;
    groupInstanceId: string | null;
    clientId: string;
    clientHost: string;
    rebalanceTimeoutMs: number;
    sessionTimeoutMs: number;
    protocolType: string;
    supportedProtocols: ClassicProtocol[];
  }) {
    this.memberId = init.memberId;
    this.groupInstanceId = init.groupInstanceId;
    this.clientId = init.clientId;
    this.clientHost = init.clientHost;
    this.rebalanceTimeoutMs = init.rebalanceTimeoutMs;
    this.sessionTimeoutMs = init.sessionTimeoutMs;
    this.protocolType = init.protocolType;
    this.supportedProtocols = init.supportedProtocols;
  }

  get isStatic(): boolean {
    return this.groupInstanceId !== null;
  }

  get isAwaitingJoin(): boolean {
    return this.awaitingJoin !== null;
  }

  get isAwaitingSync(): boolean {
    return this.awaitingSync !== null;
  }

  metadataFor(protocol: string): Uint8Array {
    const p = this.supportedProtocols.find((x) => x.name === protocol);
    if (!p) throw new Error(`member ${this.memberId} does not support protocol ${protocol}`);
    return p.metadata;
  }

  /** Whether the offered protocols are the same names and metadata, in the same order. */
  matches(protocols: readonly ClassicProtocol[]): boolean {
    if (protocols.length !== this.supportedProtocols.length) return false;
    return protocols.every((p, i) => p.name === this.supportedProtocols[i]!.name && bytesEqual(p.metadata, this.supportedProtocols[i]!.metadata));
  }

  /** The member's most preferred protocol among the candidates. */
  vote(candidates: ReadonlySet<string>): string {
    const p = this.supportedProtocols.find((x) => candidates.has(x.name));
    if (!p) throw new Error(`member ${this.memberId} supports none of the candidate protocols`);
    return p.name;
  }

  completeJoin(r: JoinResult): boolean {
    const f = this.awaitingJoin;
    if (!f) return false;
    this.awaitingJoin = null;
    f(r);
    return true;
  }

  completeSync(r: SyncResult): boolean {
    const f = this.awaitingSync;
    if (!f) return false;
    this.awaitingSync = null;
    f(r);
    return true;
  }
}

export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
