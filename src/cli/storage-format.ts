// `strand storage format` as Kafka 4.4.0's `kafka-storage.sh format` (StorageTool.runFormatCommand and
// the metadata Formatter, read from its classes and checked by running it):
//
//   - --standalone (-s), --initial-controllers (-I id@host:port:directoryId,...) and
//     --no-initial-controllers (-N) are mutually exclusive; the first two are refused when
//     controller.quorum.voters is set (a static quorum), --standalone on a node without the controller
//     role; a controller with no controller.quorum.voters needs one of the three;
//   - kraft.version is 1 when controller.quorum.voters is empty (a KIP-853 dynamic quorum), else 0;
//   - every log dir and metadata.log.dir gets meta.properties (version 1, a new directory.id; with
//     --standalone or --initial-controllers listing this node, its metadata.log.dir gets the directory
//     id given for it), existing ones are checked against --cluster-id and node.id first;
//   - a node with the controller role also gets the bootstrap snapshot in metadata.log.dir
//     (src/raft/bootstrap-snapshot.ts): Strand's bootstrap feature levels, and the initial voters;
//   - no bootstrap.checkpoint: Kafka 4.4.0 writes none.
// Strand finalizes only the features it serves (src/metadata/supported-features.ts), so its bootstrap
// snapshot lists fewer FeatureLevelRecords than Kafka's (no eligible.leader.replicas, share, streams).

import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import type { BrokerConfig } from "../config/broker-config.ts";
import { ConfigError } from "../config/def.ts";
import { parseVoters } from "../config/kraft-config.ts";
import { ensureLogDirs } from "../config/log-dirs.ts";
import { encodeMetadataRecord, metadataRecord, RecordType, type MetadataRecordOut } from "../metadata/record-serde.ts";
import { bootstrapFeatureLevels, LATEST_METADATA_VERSION_NAME } from "../metadata/supported-features.ts";
import { KRAFT_VERSION_0, KRAFT_VERSION_1, writeBootstrapSnapshot } from "../raft/bootstrap-snapshot.ts";
import { DynamicVotersError, parseDynamicVoters, toVoters } from "../raft/dynamic-voters.ts";
import type { DynamicVoter } from "../raft/dynamic-voters.ts";
import { META_PROPERTIES, randomKafkaUuid, readMetaProperties, refuseUnformattedDataDir, writeMetaProperties } from "../storage/meta-properties.ts";
import type { MetaProperties } from "../storage/meta-properties.ts";
import { CliError } from "./protocol-decode.ts";

/** The flag of kafka-storage format's mutually exclusive group that was given, if any. */
export type QuorumFlag = { readonly kind: "standalone" } | { readonly kind: "initial-controllers"; readonly value: string } | { readonly kind: "no-initial-controllers" };

const FLAG_NAMES = {
  standalone: "--standalone/-s",
  "initial-controllers": "--initial-controllers/-I",
  "no-initial-controllers": "--no-initial-controllers/-N",
} as const;
const ONE_OF = "give at most one of --standalone/-s, --initial-controllers/-I and --no-initial-controllers/-N";
/** Options of `storage format` that take a value: their values are not flags. */
const VALUE_OPTIONS = new Set(["-t", "--cluster-id", "-c", "--config", "--override", "-S", "--add-scram"]);

const flagValue = (f: QuorumFlag): string => (f.kind === "initial-controllers" ? f.value : "true");

/**
 * The quorum flag in the raw arguments (citty reads `--no-initial-controllers` as `--initial-controllers`
 * negated, so they are read here). Throws CliError when two of them are given, as argparse4j refuses it.
 */
export function quorumFlagOf(rawArgs: readonly string[]): QuorumFlag | null {
  let found: QuorumFlag | null = null;
  const take = (f: QuorumFlag) => {
    if (found && found.kind !== f.kind) throw new CliError(FLAG_NAMES[f.kind], flagValue(f), `not allowed with ${FLAG_NAMES[found.kind]}: ${ONE_OF}`);
    found = f;
  };
  for (let i = 0; i < rawArgs.length; i++) {
    const a = rawArgs[i]!;
    if (a === "--") break;
    if (VALUE_OPTIONS.has(a)) i++;
    else if (a === "-s" || a === "--standalone") take({ kind: "standalone" });
    else if (a === "-N" || a === "--no-initial-controllers") take({ kind: "no-initial-controllers" });
    else if (a === "-I" || a === "--initial-controllers") {
      const value = rawArgs[i + 1];
      if (value === undefined) throw new CliError(FLAG_NAMES["initial-controllers"], "", "expected one argument: id@host:port:directoryId,...");
      take({ kind: "initial-controllers", value });
      i++;
    } else if (a.startsWith("--initial-controllers=")) take({ kind: "initial-controllers", value: a.slice("--initial-controllers=".length) });
  }
  return found;
}

export type DirectoryType = "LOG_DIRECTORY" | "STATIC_METADATA_DIRECTORY" | "DYNAMIC_METADATA_NON_VOTER_DIRECTORY" | "DYNAMIC_METADATA_VOTER_DIRECTORY";

/** Formatter.DirectoryType.description(), for the "Formatting ..." lines. */
export const DIRECTORY_DESCRIPTION: Readonly<Record<DirectoryType, string>> = {
  LOG_DIRECTORY: "data directory",
  STATIC_METADATA_DIRECTORY: "metadata directory",
  DYNAMIC_METADATA_NON_VOTER_DIRECTORY: "dynamic metadata directory",
  DYNAMIC_METADATA_VOTER_DIRECTORY: "dynamic metadata voter directory",
};

export interface FormattedDir {
  readonly dir: string;
  readonly type: DirectoryType;
  readonly directoryId: string;
  /** The bootstrap snapshot written into it, null for none. */
  readonly bootstrapSnapshot: string | null;
}

export interface FormatOptions {
  readonly ignoreFormatted: boolean;
  /** `server start` with no -c: only empty dirs are formatted (a dir holding data is refused). */
  readonly onlyEmpty?: boolean;
  readonly quorum?: QuorumFlag | null;
  readonly nowMs?: () => number;
  /** --add-scram: UserScramCredentialRecords for the bootstrap metadata (scram-parser.ts). */
  readonly scramRecords?: readonly MetadataRecordOut[];
}

/** Kafka's line for a formatted dir: "Formatting dynamic metadata voter directory /d with metadata.version 4.4-IV2." */
export function formattingLine(f: FormattedDir): string {
  return `Formatting ${DIRECTORY_DESCRIPTION[f.type]} ${f.dir} with metadata.version ${LATEST_METADATA_VERSION_NAME}.`;
}

const STATIC_REFUSED =
  "You cannot specify controller.quorum.voters and format the node with --initial-controllers or --standalone. If you want to use dynamic quorum, please remove controller.quorum.voters and specify controller.quorum.bootstrap.servers instead.";
const FLAG_NEEDED = "Because controller.quorum.voters is not set on this controller, you must specify one of the following: --standalone, --initial-controllers, or --no-initial-controllers.";

/**
 * StorageTool.createStandaloneDynamicVoters: this node at its first advertised controller listener (an
 * advertised.listeners entry, else the listeners one with 0.0.0.0 dropped; no host is localhost), with a
 * new directory id.
 */
function standaloneVoter(config: BrokerConfig): DynamicVoter {
  const advertisedRaw = config.given.get("advertised.listeners");
  for (const name of config.controllerListenerNames) {
    const advertised = advertisedRaw !== undefined ? config.advertisedListeners.find((l) => l.name === name) : undefined;
    const listener = advertised ?? config.listeners.find((l) => l.name === name);
    if (!listener) continue;
    const host = advertised ? advertised.host : listener.host === "0.0.0.0" ? "" : listener.host;
    return { nodeId: config.nodeId, host: host === "" ? "localhost" : host, port: listener.port, directoryId: randomKafkaUuid() };
  }
  throw new CliError(FLAG_NAMES.standalone, "true", `No controller listeners found: none of controller.listener.names (${config.controllerListenerNames.join(",")}) is in listeners or advertised.listeners`);
}

/** The initial voters the flags give, after Kafka's checks of the flags against the configuration. */
function initialVoters(config: BrokerConfig, quorum: QuorumFlag | null, staticQuorum: boolean): DynamicVoter[] | null {
  const controller = config.roles.has("controller");
  if (staticQuorum && quorum && quorum.kind !== "no-initial-controllers") {
    throw new CliError(FLAG_NAMES[quorum.kind], flagValue(quorum), `${STATIC_REFUSED} (controller.quorum.voters is ${config.given.get("controller.quorum.voters")})`);
  }
  let voters: DynamicVoter[] | null = null;
  if (quorum?.kind === "initial-controllers") {
    try {
      voters = parseDynamicVoters(quorum.value);
    } catch (e) {
      if (!(e instanceof DynamicVotersError)) throw e;
      throw new CliError(FLAG_NAMES["initial-controllers"], quorum.value, `${e.message} Expected a comma-separated list of id@host:port:directoryId, e.g. 1@ctl1:9093:JEXY6aqzQY-32P5TStzaFg`);
    }
  }
  if (quorum?.kind === "standalone") {
    if (!controller) throw new CliError(FLAG_NAMES.standalone, "true", `You can only use --standalone on a controller. (process.roles is ${[...config.roles].join(",")})`);
    voters = [standaloneVoter(config)];
  }
  if (quorum?.kind !== "no-initial-controllers" && controller && !staticQuorum && voters === null) {
    throw new CliError("--standalone/--initial-controllers/--no-initial-controllers", "none given", FLAG_NEEDED);
  }
  return voters;
}

/** Copier.generateValidDirectoryId: a random Uuid no other dir of this node has. */
function newDirectoryId(taken: Set<string>): string {
  // Bounded: a collision of 128-bit random ids is never expected; 100 draws is far beyond enough.
  for (let i = 0; i < 100; i++) {
    const id = randomKafkaUuid();
    if (!taken.has(id)) return id;
  }
  throw new Error("could not draw an unused directory id");
}

/** Kafka's MetaPropertiesEnsemble.verify of the dirs already formatted, with Kafka's texts. */
function verifyFormatted(formatted: ReadonlyArray<readonly [string, MetaProperties]>, clusterId: string, nodeId: number): void {
  for (const [d, m] of formatted) {
    const path = join(d, META_PROPERTIES);
    if (m.clusterId !== clusterId) throw new CliError("--cluster-id", clusterId, `Invalid cluster.id in: ${path}. Expected ${clusterId}, but read ${m.clusterId}`);
    if (m.nodeId !== nodeId) {
      throw new ConfigError(
        "node.id",
        String(nodeId),
        `Stored node id ${m.nodeId} doesn't match previous node id ${nodeId} in ${path}. If you moved your data, make sure your configured node id matches. If you intend to create a new node, you should remove all data in your data directories.`,
      );
    }
  }
}

/**
 * Formats every log dir and the metadata log dir. Returns the dirs formatted, the metadata log dir
 * first (as Kafka prints them); empty when all were formatted already (with ignoreFormatted).
 */
export async function formatStorage(config: BrokerConfig, clusterId: string, opts: FormatOptions): Promise<FormattedDir[]> {
  const staticQuorum = parseVoters(config.given.get("controller.quorum.voters")).length > 0;
  const initial = initialVoters(config, opts.quorum ?? null, staticQuorum);
  ensureLogDirs(config);
  const metadataDir = resolve(config.metadataLogDir);
  const dirs = [...new Set([...config.logDirs, config.metadataLogDir].map((d) => resolve(d)))].sort();
  const existing = dirs.map((d) => [d, readMetaProperties(d)] as const);
  const formatted = existing.filter((e): e is readonly [string, MetaProperties] => e[1] !== null);
  verifyFormatted(formatted, clusterId, config.nodeId);
  if (formatted.length > 0 && !opts.ignoreFormatted) {
    const [d, m] = formatted[0]!;
    throw new ConfigError("log.dirs", d, `an unformatted directory: it is already formatted (cluster.id ${m.clusterId}). Use --ignore-formatted to ignore this directory and format the others.`);
  }
  const empty = existing.filter((e) => e[1] === null).map((e) => e[0]);
  // The implicit format of `server start` (no -c) formats empty dirs only: a dir holding data whose
  // meta.properties is gone is refused, as Kafka refuses to start on it.
  if (opts.onlyEmpty) for (const d of empty) refuseUnformattedDataDir(d);
  const taken = new Set(formatted.map(([, m]) => m.directoryId));
  const self = initial?.find((v) => v.nodeId === config.nodeId) ?? null;
  const plan = empty.map((dir): { dir: string; type: DirectoryType; directoryId: string } => {
    const type: DirectoryType = dir !== metadataDir ? "LOG_DIRECTORY" : !initial ? "STATIC_METADATA_DIRECTORY" : self ? "DYNAMIC_METADATA_VOTER_DIRECTORY" : "DYNAMIC_METADATA_NON_VOTER_DIRECTORY";
    const directoryId = type === "DYNAMIC_METADATA_VOTER_DIRECTORY" ? self!.directoryId : newDirectoryId(taken);
    taken.add(directoryId);
    return { dir, type, directoryId };
  });
  plan.sort((a, b) => Number(b.dir === metadataDir) - Number(a.dir === metadataDir));

  const kraftVersion = staticQuorum ? KRAFT_VERSION_0 : KRAFT_VERSION_1;
  const records = [
    ...bootstrapFeatureLevels().map((f) => encodeMetadataRecord(metadataRecord(RecordType.FEATURE_LEVEL, { name: f.name, featureLevel: f.level }))),
    ...(opts.scramRecords ?? []).map(encodeMetadataRecord),
  ];
  const out: FormattedDir[] = [];
  for (const p of plan) {
    mkdirSync(p.dir, { recursive: true });
    // Kafka writes the snapshot before meta.properties: a dir is formatted once meta.properties is there.
    let snapshot: string | null = null;
    if (config.roles.has("controller") && p.type !== "LOG_DIRECTORY") {
      const voters = initial ? toVoters(initial, config.controllerListenerNames[0]!) : null;
      snapshot = await writeBootstrapSnapshot(p.dir, { kraftVersion, voters, records, nowMs: opts.nowMs });
    }
    writeMetaProperties(p.dir, { version: 1, clusterId, nodeId: config.nodeId, directoryId: p.directoryId });
    out.push({ ...p, bootstrapSnapshot: snapshot });
  }
  return out;
}
