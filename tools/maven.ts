// Maven artifacts by coordinates, for the generators and tests that need a jar from Maven Central.
// Every mvn call names the local repository explicitly: Maven takes its home from the passwd entry,
// not $HOME, so without it mvn and this code could look in two different ~/.m2 folders.

import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

/** The local Maven repository this project uses ($MAVEN_REPO_LOCAL, else ~/.m2/repository). */
export function mavenRepoDir(): string {
  return process.env.MAVEN_REPO_LOCAL ?? join(homedir(), ".m2", "repository");
}

/** Path of `group:artifact:version` (type jar or pom) in the local repository. */
export function mavenArtifactPath(coords: string, type: "jar" | "pom" = "jar"): string {
  const [group, name, version] = coords.split(":") as [string, string, string];
  return join(mavenRepoDir(), ...group.split("."), name, version, `${name}-${version}.${type}`);
}

export interface MavenGetResult {
  ok: boolean;
  /** mvn's output when it failed. */
  output: string;
}

/** `mvn dependency:get` of one artifact's jar or pom (no transitive dependencies) into mavenRepoDir(). */
export function mavenGet(coords: string, type: "jar" | "pom" = "jar"): MavenGetResult {
  if (Bun.which("mvn") === null) return { ok: false, output: "mvn is not installed" };
  const artifact = type === "pom" ? `${coords}:pom` : coords;
  const p = Bun.spawnSync(["mvn", "-q", "-B", `-Dmaven.repo.local=${mavenRepoDir()}`, "dependency:get", `-Dartifact=${artifact}`, "-Dtransitive=false"], {
    stdout: "pipe",
    stderr: "pipe",
  });
  const ok = p.exitCode === 0 && existsSync(mavenArtifactPath(coords, type));
  return { ok, output: ok ? "" : (p.stdout.toString() + p.stderr.toString()).trim().slice(-2000) };
}
