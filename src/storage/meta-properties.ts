// meta.properties as Kafka 4 (KRaft) writes it: a Java properties file with version=1, cluster.id,
// node.id and directory.id (a Kafka Uuid: 16 random bytes in unpadded base64url).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { writeTextFileAtomic } from "./checkpoint-file.ts";
import { BadFileFormatError, MetaPropertiesMissingError } from "./errors.ts";
import { parsePartitionDirName } from "./file-names.ts";

export const META_PROPERTIES = "meta.properties";

export interface MetaProperties {
  version: number;
  clusterId: string;
  nodeId: number;
  directoryId: string;
}

/** A random Kafka Uuid string (never one of the reserved all-zero / small values, never starting with '-'). */
export function randomKafkaUuid(): string {
  // Bounded: a retry is needed with probability ~2^-6 per draw.
  for (let i = 0; i < 1000; i++) {
    const b = crypto.getRandomValues(new Uint8Array(16));
    const s = Buffer.from(b).toString("base64url");
    if (!s.startsWith("-") && b.some((x, k) => k < 15 && x !== 0)) return s;
  }
  throw new Error("could not draw a Kafka Uuid");
}

export function parseProperties(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#") || line.startsWith("!")) continue;
    const m = /^((?:\\.|[^=:\s\\])+)\s*[=:\s]\s*(.*)$/.exec(line);
    if (!m) continue;
    out.set(m[1]!.replace(/\\(.)/g, "$1"), m[2]!.replace(/\\(.)/g, "$1"));
  }
  return out;
}

export function readMetaProperties(dir: string): MetaProperties | null {
  const path = join(dir, META_PROPERTIES);
  if (!existsSync(path)) return null;
  const p = parseProperties(readFileSync(path, "utf8"));
  const version = Number(p.get("version"));
  if (version !== 0 && version !== 1) throw new BadFileFormatError(path, `unsupported version "${p.get("version") ?? ""}"`);
  const clusterId = p.get("cluster.id");
  const nodeId = Number(p.get("node.id") ?? p.get("broker.id"));
  if (!clusterId) throw new BadFileFormatError(path, "cluster.id is missing");
  if (!Number.isInteger(nodeId)) throw new BadFileFormatError(path, "node.id is missing or not an integer");
  return { version, clusterId, nodeId, directoryId: p.get("directory.id") ?? "" };
}

function escapeValue(v: string): string {
  return v.replace(/[\\=:#!]/g, (c) => "\\" + c);
}

/** java.util.Date#toString in UTC, as Properties.store writes it: "Sun Nov 29 07:18:55 UTC 2026". */
function javaDateString(d: Date): string {
  const [day, mon] = [d.toUTCString().slice(0, 3), d.toUTCString().slice(8, 11)];
  const two = (n: number): string => String(n).padStart(2, "0");
  return `${day} ${mon} ${two(d.getUTCDate())} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())} UTC ${d.getUTCFullYear()}`;
}

export function writeMetaProperties(dir: string, m: MetaProperties): void {
  const date = javaDateString(new Date());
  const lines = ["#", `#${date}`, `node.id=${m.nodeId}`, `directory.id=${escapeValue(m.directoryId)}`, `version=${m.version}`, `cluster.id=${escapeValue(m.clusterId)}`];
  writeTextFileAtomic(join(dir, META_PROPERTIES), lines.join("\n") + "\n");
}

/** Files a formatted log dir gets once it has served: Kafka's checkpoints and the clean-shutdown marker. */
const DATA_FILES = new Set([
  "recovery-point-offset-checkpoint",
  "replication-offset-checkpoint",
  "log-start-offset-checkpoint",
  "cleaner-offset-checkpoint",
  ".kafka_cleanshutdown",
  "bootstrap.checkpoint",
]);
/** How many names are listed in the refusal (the dir may hold thousands of partitions). */
const MAX_NAMES_SHOWN = 5;

/** What in `dir` shows it has held a broker's data (partition dirs, checkpoint files); empty if none. */
export function dataInLogDir(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    if (DATA_FILES.has(name)) found.push(name);
    else if (parsePartitionDirName(name) && statSync(join(dir, name), { throwIfNoEntry: false })?.isDirectory()) found.push(`${name}/`);
  }
  return found.sort();
}

/** Throws MetaPropertiesMissingError when `dir` has no meta.properties but holds data. */
export function refuseUnformattedDataDir(dir: string): void {
  if (existsSync(join(dir, META_PROPERTIES))) return;
  const found = dataInLogDir(dir);
  if (found.length === 0) return;
  const shown = found.length > MAX_NAMES_SHOWN ? [...found.slice(0, MAX_NAMES_SHOWN), `${found.length - MAX_NAMES_SHOWN} more`] : found;
  throw new MetaPropertiesMissingError(dir, shown);
}
