// A class-data-sharing archive (AppCDS, JDK 13+ dynamic archive) for the short-lived Kafka tool JVMs
// that runKafkaClass starts (hundreds per `make test`). Loading Kafka's classes from the archive
// instead of the jars cuts each start's CPU by about 40% (1.2 s -> 0.7 s user+sys for a kafka-configs
// call, measured on the 2-core CI machine), and the suite is CPU-bound under two test workers.
//
// The first JVM that finds no archive writes one at exit (-XX:ArchiveClassesAtExit) to a private path,
// renamed into place once the JVM exits cleanly, so a reader never maps half a file; a lock file
// created with O_EXCL lets only one process dump at a time (the others run without the archive). The
// archive's name hashes the java binary (path, size, mtime) and the classpath, and the JVM itself
// refuses an archive that does not match (then it runs as without one): a stale archive costs speed,
// never correctness. CDS log lines are turned off so that nothing is added to a tool's output.
// STRAND_TEST_CDS=0 turns it off.
import { createHash } from "node:crypto";
import { closeSync, existsSync, mkdirSync, openSync, realpathSync, renameSync, rmSync, statSync } from "node:fs";
import { dirname, join } from "node:path";

/** A dump that takes longer than this is taken to have died; its lock is then removed. */
const STALE_LOCK_MS = 10 * 60_000;
const QUIET = ["-Xshare:auto", "-Xlog:cds*=off", "-Xlog:class+path=off"];

export interface CdsPlan {
  /** JVM arguments to put before -cp. */
  jvmArgs: string[];
  /** Call with the JVM's exit code once it has exited (publishes a fresh archive). */
  finish(exitCode: number): void;
}

const NONE: CdsPlan = { jvmArgs: [], finish: () => {} };

/** The archive path for a JVM (its real binary, size and mtime stand for its version) and classpath. */
export function cdsArchivePath(cacheDir: string, javaBin: string, classpath: string): string {
  let jvm = javaBin;
  try {
    const real = realpathSync(javaBin);
    const st = statSync(real);
    jvm = `${real} ${st.size} ${st.mtimeMs}`;
  } catch {
    // A java found on PATH at spawn time: key on the name only.
  }
  const key = createHash("sha256").update(`${jvm}\n${classpath}`).digest("hex").slice(0, 16);
  return join(cacheDir, `cds-${key}.jsa`);
}

/** Use the archive when it exists; else dump one if no other process is dumping; else nothing. */
export function cdsPlan(archive: string): CdsPlan {
  if (process.env.STRAND_TEST_CDS === "0") return NONE;
  if (existsSync(archive)) return { jvmArgs: [`-XX:SharedArchiveFile=${archive}`, ...QUIET], finish: () => {} };
  const lock = `${archive}.lock`;
  try {
    mkdirSync(dirname(archive), { recursive: true });
    closeSync(openSync(lock, "wx"));
  } catch {
    try {
      if (Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS) rmSync(lock, { force: true });
    } catch {
      // The lock went away meanwhile: the next JVM tries again.
    }
    return NONE;
  }
  const tmp = `${archive}.${process.pid}.${Date.now()}.tmp`;
  return {
    jvmArgs: [`-XX:ArchiveClassesAtExit=${tmp}`, ...QUIET],
    finish(exitCode: number) {
      try {
        if (exitCode === 0 && existsSync(tmp)) renameSync(tmp, archive);
      } catch {
        // Another process published first, or the dump failed: run without the archive.
      } finally {
        rmSync(tmp, { force: true });
        rmSync(lock, { force: true });
      }
    },
  };
}
