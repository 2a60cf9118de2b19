// Real clients' bytes through Strand's codecs: every request and response captured from kcat
// (librdkafka), kafka-python, KafkaJS and the Java client (test/fixtures/captures/) decodes completely
// and re-encodes to the very same bytes. A field the codecs got wrong would show as a difference.
import { describe, expect, test } from "bun:test";
import { decodeRequest, decodeResponse, encodeRequest, encodeResponse } from "../../../src/protocol/frame.ts";
import { listCaptureSessions, readCapture } from "../../support/captures.ts";
import { resolve } from "node:path";

const sessions = listCaptureSessions();

describe("captured client traffic", () => {
  test("captures exist for kcat, kafka-python, KafkaJS and Java", () => {
    const clients = new Set(sessions.map((s) => s.client));
    for (const c of ["kcat", "kafka-python", "kafkajs", "java"]) expect(clients.has(c)).toBe(true);
  });

  for (const { client, session } of sessions) {
    test(`${client}/${session}: every frame decodes and re-encodes byte for byte`, () => {
      const frames = readCapture(client, session);
      expect(frames.length).toBeGreaterThan(0);
      for (const f of frames) {
        const body = f.frame.subarray(4);
        const what = `${client}/${session}/${f.file}`;
        if (f.dir === "req") {
          const d = decodeRequest(body);
          if (!d.ok) throw new Error(`${what}: ${d.reason} ${d.error?.message ?? ""}`);
          expect(d.header.requestApiKey, what).toBe(f.apiKey);
          expect(d.header.correlationId, what).toBe(f.correlationId);
          expect(d.header.clientId, what).toBe(f.clientId ?? null);
          expect(encodeRequest(d.header, d.body), what).toEqual(f.frame);
        } else {
          const d = decodeResponse(body, f.apiKey, f.apiVersion);
          if (!d.ok) throw new Error(`${what}: ${d.error?.message ?? "undecodable"}`);
          expect(d.correlationId, what).toBe(f.correlationId);
          expect(encodeResponse(f.apiKey, f.apiVersion, d.correlationId, d.body), what).toEqual(f.frame);
        }
      }
    });
  }

  test("kcat and kafka-python ApiVersions requests show client id and software name", () => {
    const find = (client: string) => {
      for (const s of sessions.filter((x) => x.client === client)) {
        const f = readCapture(client, s.session).find((x) => x.dir === "req" && x.apiKey === 18);
        if (f) return f;
      }
      throw new Error(`no ApiVersions request captured from ${client}`);
    };
    const kcat = decodeRequest(find("kcat").frame.subarray(4));
    const py = decodeRequest(find("kafka-python").frame.subarray(4));
    if (!kcat.ok || !py.ok) throw new Error("undecodable ApiVersions capture");
    expect(kcat.header.clientId).toBe("rdkafka");
    expect((kcat.body as { clientSoftwareName: string }).clientSoftwareName).toBe("librdkafka");
    expect(py.header.clientId).toBe("strand-capture-kafka-python"); // set by the capture script
    expect((py.body as { clientSoftwareName: string }).clientSoftwareName).toBe("kafka-python");
  });
});

describe("strand protocol decode", () => {
  const cli = resolve(import.meta.dir, "../../../src/cli/main.ts");
  for (const client of ["kcat", "kafka-python"]) {
    test(`turns a ${client} ApiVersions capture into JSON with its client id and software name`, () => {
      const s = sessions.find((x) => x.client === client)!;
      const f = readCapture(client, s.session).find((x) => x.dir === "req" && x.apiKey === 18)!;
      const p = Bun.spawnSync([process.execPath, cli, "protocol", "decode", "--request"], { stdin: f.frame });
      expect(p.exitCode).toBe(0);
      const j = JSON.parse(p.stdout.toString());
      expect(j.api).toBe("ApiVersions");
      expect(j.header.clientId).toBe(f.clientId);
      expect(j.body.clientSoftwareName).toBe(client === "kcat" ? "librdkafka" : "kafka-python");
      expect(typeof j.body.clientSoftwareVersion).toBe("string");
    });
  }

  test("decodes a captured response given --api and --version", () => {
    const f = readCapture("kcat", "metadata").find((x) => x.dir === "res" && x.apiKey === 3)!;
    const p = Bun.spawnSync([process.execPath, cli, "protocol", "decode", "--response", "--api", "3", "--version", String(f.apiVersion)], { stdin: f.frame });
    expect(p.exitCode).toBe(0);
    const j = JSON.parse(p.stdout.toString());
    expect(j.api).toBe("Metadata");
    expect(j.body.brokers.length).toBeGreaterThan(0);
  });

  test("a truncated frame is a clear error, not a crash", () => {
    const p = Bun.spawnSync([process.execPath, cli, "protocol", "decode", "--request"], { stdin: new Uint8Array([0, 0, 0, 50, 1, 2]) });
    expect(p.exitCode).toBe(2);
    expect(p.stderr.toString()).toContain("frame size");
  });
});
