// log.dirs (or log.dir) and metadata.log.dir checked before anything is written into them: each dir is
// created if missing and must be a readable, writable directory. A failure is a ConfigError naming
// the key, the dir and the OS error, instead of a bare "ENOENT: ... mkdir" from deep in start-up.
import { accessSync, constants, mkdirSync, statSync } from "node:fs";
import { resolve } from "node:path";
import type { BrokerConfig } from "./broker-config.ts";
import { ConfigError } from "./def.ts";

function osError(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  return err?.code ? `${err.code}: ${err.message}` : String(e);
}

/** Creates (if needed) and checks every log dir and the metadata log dir. */
export function ensureLogDirs(config: BrokerConfig): void {
  const metadataKey = config.optionalString("metadata.log.dir") !== null ? "metadata.log.dir" : config.logDirsKey;
  const dirs: Array<[string, string]> = [...config.logDirs.map((d): [string, string] => [config.logDirsKey, d]), [metadataKey, config.metadataLogDir]];
  for (const [key, dir] of dirs) {
    const path = resolve(dir);
    try {
      mkdirSync(path, { recursive: true });
    } catch (e) {
      throw new ConfigError(key, dir, `a directory that exists or can be created (creating ${path} failed: ${osError(e)})`);
    }
    try {
      if (!statSync(path).isDirectory()) throw Object.assign(new Error(`${path} is not a directory`), { code: "ENOTDIR" });
      accessSync(path, constants.R_OK | constants.W_OK | constants.X_OK);
    } catch (e) {
      throw new ConfigError(key, dir, `a directory Strand can read and write (${osError(e)})`);
    }
  }
}
