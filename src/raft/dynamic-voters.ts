// The initial voters of a KIP-853 dynamic quorum as `kafka-storage format --initial-controllers` takes
// them (Kafka's DynamicVoters / DynamicVoter): `id@host:port:directoryId,...`, host in brackets when
// it is IPv6. The rules and texts are Kafka 4.4.0's (read from its kafka-raft classes and checked
// against its StorageTool): the whole value and each entry are trimmed, empty entries are skipped,
// node ids are non-negative int32, ports 0-65535, the directory id a Kafka Uuid, each id once.
//
// toVoters() makes the VotersRecord voters Kafka's formatter writes: one endpoint on the first
// controller listener name, the host as Java's InetSocketAddress.getHostString() gives it (an IPv6
// literal comes back in Java's long form, 0:0:0:0:0:0:0:1), kraft.version range 0-1.

import { isIPv6 } from "node:net";
import type { Voter } from "./types.ts";
import { MAX_VOTERS } from "./voter-set.ts";

export interface DynamicVoter {
  readonly nodeId: number;
  readonly host: string;
  readonly port: number;
  /** A Kafka Uuid in its canonical form (22 characters of unpadded base64url). */
  readonly directoryId: string;
}

/** The kraft.version range Kafka 4.4.0's formatter gives every initial voter (DynamicVoter.toVoterNode). */
export const DYNAMIC_VOTER_KRAFT_VERSIONS = Object.freeze({ min: 0, max: 1 });

/** A value Kafka's DynamicVoters.parse refuses; `message` is Kafka's text. */
export class DynamicVotersError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DynamicVotersError";
  }
}

/** Java's Integer.parseInt: an optional sign and ASCII digits, within int32; null otherwise. */
function parseJavaInt(s: string): number | null {
  if (!/^[+-]?\d+$/.test(s)) return null;
  const n = Number(s);
  return Number.isSafeInteger(n) && n >= -(2 ** 31) && n <= 2 ** 31 - 1 ? n : null;
}

/** Kafka's Uuid.fromString: base64url of 16 bytes (padding allowed, as Java's decoder allows it); null otherwise. */
export function parseKafkaUuid(s: string): string | null {
  if (!/^[A-Za-z0-9_-]{22}(==)?$/.test(s)) return null;
  const bytes = Buffer.from(s.slice(0, 22), "base64url");
  return bytes.length === 16 ? bytes.toString("base64url") : null;
}

/** DynamicVoter.parse. */
export function parseDynamicVoter(entry: string): DynamicVoter {
  let input = entry.trim();
  const at = input.indexOf("@");
  if (at < 0) throw new DynamicVotersError("No @ found in dynamic voter string.");
  if (at === 0) throw new DynamicVotersError("Invalid @ at beginning of dynamic voter string.");
  const nodeId = parseJavaInt(input.slice(0, at));
  if (nodeId === null) throw new DynamicVotersError("Failed to parse node id in dynamic voter string.");
  if (nodeId < 0) throw new DynamicVotersError(`Invalid negative node id ${nodeId} in dynamic voter string.`);
  input = input.slice(at + 1);
  if (input === "") throw new DynamicVotersError("No hostname found after node id.");
  let host: string;
  if (input.startsWith("[")) {
    const end = input.indexOf("]");
    if (end < 0) throw new DynamicVotersError("Hostname began with left bracket, but no right bracket was found.");
    host = input.slice(1, end);
    input = input.slice(end + 1);
  } else {
    const end = input.indexOf(":");
    if (end < 0) throw new DynamicVotersError("No colon following hostname could be found.");
    host = input.slice(0, end);
    input = input.slice(end);
  }
  if (!input.startsWith(":")) throw new DynamicVotersError("Port section must start with a colon.");
  input = input.slice(1);
  const portEnd = input.indexOf(":");
  if (portEnd < 0) throw new DynamicVotersError("No colon following port could be found.");
  const port = parseJavaInt(input.slice(0, portEnd));
  if (port === null) throw new DynamicVotersError("Failed to parse port in dynamic voter string.");
  if (port < 0 || port > 65535) throw new DynamicVotersError(`Invalid port ${port} in dynamic voter string.`);
  const directoryId = parseKafkaUuid(input.slice(portEnd + 1));
  if (directoryId === null) throw new DynamicVotersError("Failed to parse directory ID in dynamic voter string.");
  return { nodeId, host, port, directoryId };
}

/** DynamicVoters.parse: the voters by node id (ascending, as Kafka's TreeMap keeps them). */
export function parseDynamicVoters(value: string): DynamicVoter[] {
  // Java's String.split drops trailing empty strings; empty entries elsewhere are skipped too.
  const entries = value.trim().split(",").filter((e) => e !== "");
  if (entries.length > MAX_VOTERS) throw new DynamicVotersError(`At most ${MAX_VOTERS} voters can be given, got ${entries.length}.`);
  const byId = new Map<number, DynamicVoter>();
  for (const e of entries) {
    const v = parseDynamicVoter(e);
    if (byId.has(v.nodeId)) throw new DynamicVotersError(`Node id ${v.nodeId} was specified more than once.`);
    byId.set(v.nodeId, v);
  }
  if (byId.size === 0) throw new DynamicVotersError("No voters given.");
  return [...byId.values()].sort((a, b) => a.nodeId - b.nodeId);
}

/**
 * The host string Java's `new InetSocketAddress(host, port).getHostString()` gives: names as written,
 * IPv6 literals expanded (every group in lower-case hex without leading zeros), an IPv4-mapped IPv6
 * literal as its IPv4 address (Java's InetAddress.getByName returns an Inet4Address for it), a zone kept.
 */
export function javaHostString(host: string): string {
  if (!isIPv6(host)) return host;
  const zoneAt = host.indexOf("%");
  const zone = zoneAt >= 0 ? host.slice(zoneAt) : "";
  let text = (zoneAt >= 0 ? host.slice(0, zoneAt) : host).toLowerCase();
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, null];
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = tail === null ? left : [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right];
  const words = groups.map((g) => parseInt(g, 16));
  if (words.slice(0, 5).every((w) => w === 0) && words[5] === 0xffff) {
    return [words[6]! >> 8, words[6]! & 0xff, words[7]! >> 8, words[7]! & 0xff].join(".");
  }
  return words.map((w) => w.toString(16)).join(":") + zone;
}

/** DynamicVoters.toVoterSet(controllerListenerName): the voters of the bootstrap VotersRecord. */
export function toVoters(voters: readonly DynamicVoter[], controllerListenerName: string): Voter[] {
  return voters.map((v) => ({
    key: { id: v.nodeId, directoryId: v.directoryId },
    endpoints: [{ name: controllerListenerName, host: javaHostString(v.host), port: v.port }],
    kraftVersion: DYNAMIC_VOTER_KRAFT_VERSIONS,
  }));
}
