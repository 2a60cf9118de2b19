// Renders the README of each client's capture folder from what was actually captured.
import type { CaptureEntry } from "./proxy.ts";
import type { CaptureSession } from "./sessions.ts";

export interface SessionResult {
  session: CaptureSession;
  /** The command as run, with the proxy address written as $PROXY. */
  command: string;
  entries: CaptureEntry[];
}

function shellQuote(arg: string): string {
  return /^[A-Za-z0-9_./:=,$@%+-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", "'\\''")}'`;
}

export function commandLine(s: CaptureSession): string {
  const argv = s.mainClass ? ["java", "-cp", "<kafka-4.4.0 libs>", s.mainClass, ...s.argv] : s.argv;
  const shown = argv.map((a) => a.replace(/^.*\/tools\/capture-proxy\//, "tools/capture-proxy/"));
  const cmd = shown.map(shellQuote).join(" ");
  return s.stdin === undefined ? cmd : `${cmd} <<'EOF'\n${s.stdin}EOF`;
}

export function renderClientReadme(client: string, version: string, results: SessionResult[]): string {
  const lines: string[] = [];
  lines.push(`# ${client} wire captures`, "");
  lines.push(`Client: ${version}`, "");
  lines.push("Broker: Apache Kafka 4.4.0, single node KRaft, from the Maven Central jars",
    "(test/support/kafka-broker.ts), behind tools/capture-proxy with advertised.listeners set to",
    "the proxy. `$PROXY` below is the proxy's 127.0.0.1:port. Regenerate with",
    "`node_modules/.bin/bun tools/capture-proxy/capture-all.ts` (this file is written by it).", "");
  lines.push("Each `.bin` holds one exact frame, its 4-byte size prefix included; `index.jsonl` in each",
    "folder lists the frames in order with connection, direction, API key/version, correlation id",
    "and (requests) client id. Responses carry the key/version of the request they answer.", "");
  for (const r of results) {
    lines.push(`## ${r.session.name}/`, "", r.session.what, "", "```sh", r.command, "```", "");
    lines.push("| file | conn | API | client id | bytes |", "|---|---|---|---|---|");
    for (const e of r.entries) {
      const cid = e.dir === "req" ? `\`${e.clientId ?? "null"}\`` : "";
      lines.push(`| ${e.file} | ${e.conn} | ${e.apiName} v${e.apiVersion} ${e.dir} | ${cid} | ${e.bytes} |`);
    }
    lines.push("");
  }
  return `${lines.join("\n")}\n`;
}
