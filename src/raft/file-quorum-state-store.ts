// Kafka's FileQuorumStateStore: <metadata.log.dir>/__cluster_metadata-0/quorum-state, one line of JSON as
// Kafka's QuorumStateDataJsonConverter writes it plus "data_version". Kafka 4.4.0 writes data_version 0
// for kraft.version 0 (static controller.quorum.voters):
//   {"clusterId":"","leaderId":1,"leaderEpoch":2,"votedId":-1,"appliedOffset":0,"currentVoters":[{"voterId":1},...],"data_version":0}
// and data_version 1 for kraft.version 1 (KIP-853):
//   {"leaderId":-1,"leaderEpoch":2,"votedId":1,"votedDirectoryId":"J8aAPcfLQt2bqs1JT_rMgQ","data_version":1}
// Written atomically: <file>.tmp, fsync, rename over the file, fsync the directory.

import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, writeSync } from "node:fs";
import { dirname } from "node:path";
import type { QuorumStateData } from "../protocol/generated/raft/quorum-state-data.ts";
import { newQuorumStateData } from "../protocol/generated/raft/quorum-state-data.ts";
import { ElectionState } from "./election-state.ts";
import type { QuorumStateStore } from "./quorum-state-store.ts";

export const QUORUM_STATE_FILE_NAME = "quorum-state";
const LOWEST_SUPPORTED_VERSION = 0;
const HIGHEST_SUPPORTED_VERSION = 1;
/** The file is one small JSON line; anything bigger is not ours. */
const MAX_FILE_BYTES = 1 << 20;

export class QuorumStateFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "QuorumStateFileError";
  }
}

/** Kafka's JSON for `data` at `version` (field order as the generated converter writes it). */
export function quorumStateToJson(d: QuorumStateData, version: number): string {
  if (version < LOWEST_SUPPORTED_VERSION || version > HIGHEST_SUPPORTED_VERSION) throw new RangeError(`Quorum state data version (${version}) is greater than the supported version (${HIGHEST_SUPPORTED_VERSION})`);
  const o: Record<string, unknown> = {};
  if (version === 0) o.clusterId = d.clusterId;
  o.leaderId = d.leaderId;
  o.leaderEpoch = d.leaderEpoch;
  o.votedId = d.votedId;
  if (version >= 1) o.votedDirectoryId = d.votedDirectoryId;
  if (version === 0) {
    o.appliedOffset = Number(d.appliedOffset);
    o.currentVoters = d.currentVoters === null ? null : d.currentVoters.map((v) => ({ voterId: v.voterId }));
  }
  o.data_version = version;
  return JSON.stringify(o);
}

function int32(o: Record<string, unknown>, name: string, file: string): number {
  const v = o[name];
  if (typeof v !== "number" || !Number.isInteger(v) || v < -(2 ** 31) || v >= 2 ** 31) throw new QuorumStateFileError(`${file}: ${name} must be an int32, got ${JSON.stringify(v)}`);
  return v;
}

export function quorumStateFromJson(text: string, file = QUORUM_STATE_FILE_NAME): { data: QuorumStateData; version: number } {
  const line = text.split("\n")[0] ?? "";
  if (line.length === 0) throw new QuorumStateFileError(`Error while reading the Quorum status from the file ${file}: File ended prematurely.`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch (e) {
    throw new QuorumStateFileError(`Error while reading the Quorum status from the file ${file}: ${(e as Error).message}`);
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) throw new QuorumStateFileError(`Deserialized node ${line} is not an object node`);
  const o = parsed as Record<string, unknown>;
  if (!("data_version" in o)) throw new QuorumStateFileError(`Deserialized node ${line} does not have data_version field`);
  const version = int32(o, "data_version", file);
  if (version < LOWEST_SUPPORTED_VERSION || version > HIGHEST_SUPPORTED_VERSION) {
    throw new QuorumStateFileError(`data_version (${version}) is not within the min (${LOWEST_SUPPORTED_VERSION}) and max (${HIGHEST_SUPPORTED_VERSION}) supported version`);
  }
  const d = newQuorumStateData();
  d.leaderId = int32(o, "leaderId", file);
  d.leaderEpoch = int32(o, "leaderEpoch", file);
  d.votedId = int32(o, "votedId", file);
  if (version === 0) {
    if (typeof o.clusterId === "string") d.clusterId = o.clusterId;
    if (typeof o.appliedOffset === "number") d.appliedOffset = BigInt(o.appliedOffset);
    const cv = o.currentVoters;
    if (Array.isArray(cv)) d.currentVoters = cv.slice(0, 10_000).map((v) => ({ voterId: int32(v as Record<string, unknown>, "voterId", file) }));
    else d.currentVoters = null;
  } else {
    if (typeof o.votedDirectoryId !== "string") throw new QuorumStateFileError(`${file}: votedDirectoryId must be a string`);
    d.votedDirectoryId = o.votedDirectoryId;
    d.currentVoters = [];
  }
  return { data: d, version };
}

export class FileQuorumStateStore implements QuorumStateStore {
  constructor(readonly path: string) {}

  readElectionState(): ElectionState | null {
    if (!existsSync(this.path)) return null;
    const buf = readFileSync(this.path);
    if (buf.length > MAX_FILE_BYTES) throw new QuorumStateFileError(`${this.path} is ${buf.length} bytes, not a quorum-state file`);
    return ElectionState.fromQuorumStateData(quorumStateFromJson(buf.toString("utf8"), this.path).data);
  }

  writeElectionState(state: ElectionState, kraftVersion: number): void {
    const version = kraftVersion === 0 ? 0 : 1;
    const json = quorumStateToJson(state.toQuorumStateData(version), version);
    const tmp = `${this.path}.tmp`;
    rmSync(tmp, { force: true });
    try {
      const fd = openSync(tmp, "w", 0o644);
      try {
        writeSync(fd, Buffer.from(json, "utf8"));
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      renameSync(tmp, this.path);
      fsyncDir(dirname(this.path));
    } finally {
      rmSync(tmp, { force: true });
    }
  }

  clear(): void {
    rmSync(this.path, { force: true });
    rmSync(`${this.path}.tmp`, { force: true });
  }
}

/** The rename is durable only once the directory entry is: fsync the directory (Kafka's atomicMoveWithFallback). */
function fsyncDir(dir: string): void {
  let fd: number;
  try {
    fd = openSync(dir, "r");
  } catch {
    return;
  }
  try {
    fsyncSync(fd);
  } catch {
    // Some filesystems refuse fsync on a directory; the rename itself has happened.
  } finally {
    closeSync(fd);
  }
}
