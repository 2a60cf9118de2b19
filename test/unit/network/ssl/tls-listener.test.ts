// A TLS listener end to end, in process: SocketServer with an engine built from the ssl.* keys, and
// Bun TLS clients. Covers the principal set from the client certificate (through the mapping rules),
// ANONYMOUS without one, required client auth refusing a client with no or an untrusted certificate,
// a plaintext client on the TLS port, a client that does not trust the broker, and a multi-MiB response
// whose body is a segment-file slice arriving intact (it must go through TLS, not sendfile(2) to the
// socket's fd). Certificates are made by the test in a temp dir.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Socket, TLSOptions } from "bun";
import { createHash } from "node:crypto";
import { mkdtempSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sslServerEngine } from "../../../../src/config/ssl-config.ts";
import type { ConnectionInfo, Outcome } from "../../../../src/network/connection.ts";
import { SocketServer } from "../../../../src/network/server.ts";
import type { Frame } from "../../../../src/network/frame-assembler.ts";
import { SegmentFile } from "../../../../src/storage/segment-file.ts";
import { makeCerts, STORE_PASSWORD, type CertPaths } from "../../../support/tls-certs.ts";
import { seededRandom } from "../../../support/seeded-random.ts";

let certs: CertPaths;
let dataDir: string;
let bigFile: SegmentFile;
const BIG_BYTES = 6 * 1024 * 1024 + 12345;
let bigDigest = "";
beforeAll(() => {
  certs = makeCerts();
  dataDir = mkdtempSync(join(tmpdir(), "strand-tls-listener-"));
  const seed = Date.now() % 100000;
  console.log(`tls-listener seed ${seed}`);
  const rnd = seededRandom(seed);
  const bytes = new Uint8Array(BIG_BYTES);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(rnd() * 256);
  bigDigest = createHash("sha256").update(bytes).digest("hex");
  const fd = openSync(join(dataDir, "segment"), "w+");
  writeSync(fd, bytes, 0, bytes.length, 0);
  bigFile = new SegmentFile(fd);
}, 120_000);
afterAll(() => {
  while (bigFile && bigFile.refCount > 0) bigFile.release();
  certs?.cleanup();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 120_000);

const silent = { warn() {}, info() {} };

/** The sink answers a 1-byte request "p" with the principal, "f" with a frame whose body is the big file. */
function startServer(props: Record<string, string>, listeners: string[]): { server: SocketServer; ports: Map<string, number> } {
  const given = new Map(Object.entries(props));
  const sink = {
    handle(conn: ConnectionInfo, frame: Frame): Outcome {
      const body = frame instanceof Uint8Array ? frame : Buffer.concat(frame as Uint8Array[]);
      const kind = String.fromCharCode(body[body.length - 1]!);
      if (kind === "f") {
        const size = new Uint8Array(4);
        new DataView(size.buffer).setInt32(0, BIG_BYTES);
        return { parts: [size, { file: bigFile, position: 0, length: BIG_BYTES }], size: 4 + BIG_BYTES };
      }
      const text = new TextEncoder().encode(`${conn.principal.principalType}:${conn.principal.name}`);
      const out = new Uint8Array(4 + text.length);
      new DataView(out.buffer).setInt32(0, text.length);
      out.set(text, 4);
      return { parts: [out], size: out.length };
    },
  };
  const server = new SocketServer({
    listeners: listeners.map((name) => ({ name, host: "127.0.0.1", port: 0, ssl: sslServerEngine(given, name) })),
    limits: { maxFrameBytes: 1024, maxInFlight: 5, maxQueuedBytes: 1024 * 1024 },
    maxIdleMs: 60_000,
    sink,
    log: silent,
  });
  const bound = server.start();
  return { server, ports: new Map(bound.map((b) => [b.name, b.port])) };
}

type Result = { ok: true; body: Uint8Array } | { ok: false; why: string };

/** One request over TLS; resolves with the response body, or why there was none (bounded wait). */
function request(port: number, tls: TLSOptions, kind: "p" | "f"): Promise<Result> {
  return new Promise((resolve) => {
    const chunks: Uint8Array[] = [];
    let have = 0;
    let done = false;
    const finish = (r: Result, s?: Socket<unknown>) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      s?.end();
      resolve(r);
    };
    const timer = setTimeout(() => finish({ ok: false, why: "timeout" }), 30_000);
    Bun.connect({
      hostname: "127.0.0.1",
      port,
      tls: { serverName: "localhost", ...tls },
      socket: {
        handshake(s, ok, err) {
          if (!ok) return finish({ ok: false, why: `handshake: ${err?.message}` }, s);
          s.write(new Uint8Array([0, 0, 0, 1, kind.charCodeAt(0)]));
        },
        data(s, d) {
          chunks.push(new Uint8Array(d));
          have += d.length;
          if (have < 4) return;
          const all = Buffer.concat(chunks);
          const size = all.readInt32BE(0);
          if (all.length >= 4 + size) finish({ ok: true, body: all.subarray(4, 4 + size) }, s);
        },
        close: () => finish({ ok: false, why: "closed" }),
        error: (_s, e) => finish({ ok: false, why: `error: ${e.message}` }),
        connectError: (_s, e) => finish({ ok: false, why: `connect: ${e.message}` }),
      },
    }).catch((e: Error) => finish({ ok: false, why: `connect: ${e.message}` }));
  });
}

const text = (r: Result) => (r.ok ? new TextDecoder().decode(r.body) : `FAILED ${r.why}`);

describe("TLS listener", () => {
  let server: SocketServer;
  let ports: Map<string, number>;
  beforeAll(() => {
    ({ server, ports } = startServer(
      {
        "ssl.keystore.type": "PKCS12",
        "ssl.keystore.location": certs.brokerKeytoolP12,
        "ssl.keystore.password": STORE_PASSWORD,
        "ssl.truststore.type": "PEM",
        "ssl.truststore.location": certs.caPem,
        "listener.name.mtls.ssl.client.auth": "required",
        "listener.name.want.ssl.client.auth": "requested",
        "listener.name.mapped.ssl.client.auth": "required",
        "listener.name.mapped.ssl.principal.mapping.rules": "RULE:^CN=([^,]+),.*$/$1/U,DEFAULT",
      },
      ["SSL", "MTLS", "WANT", "MAPPED"],
    ));
  }, 60_000);
  afterAll(() => {
    server.stopListening();
    server.closeAll();
  }, 120_000);
  const ca = () => readFileSync(certs.caPem, "utf8");
  const clientCert = () => ({ cert: readFileSync(certs.client.certPem, "utf8"), key: readFileSync(certs.client.keyPem, "utf8") });
  const rogueCert = () => ({ cert: readFileSync(certs.rogue.certPem, "utf8"), key: readFileSync(certs.rogue.keyPem, "utf8") });

  test("no client auth: ANONYMOUS; the client's certificate is not asked for", async () => {
    expect(text(await request(ports.get("SSL")!, { ca: ca() }, "p"))).toBe("User:ANONYMOUS");
    expect(text(await request(ports.get("SSL")!, { ca: ca(), ...clientCert() }, "p"))).toBe("User:ANONYMOUS");
  }, 60_000);

  test("required: the certificate's RFC 2253 subject, or through the mapping rules", async () => {
    expect(text(await request(ports.get("MTLS")!, { ca: ca(), ...clientCert() }, "p"))).toBe(`User:${certs.client.dn}`);
    expect(text(await request(ports.get("MAPPED")!, { ca: ca(), ...clientCert() }, "p"))).toBe("User:ALICE");
  }, 60_000);

  test("required: no certificate, or one from an untrusted CA, gets no answer", async () => {
    expect((await request(ports.get("MTLS")!, { ca: ca() }, "p")).ok).toBe(false);
    expect((await request(ports.get("MTLS")!, { ca: ca(), ...rogueCert() }, "p")).ok).toBe(false);
  }, 60_000);

  test("requested: ANONYMOUS without a certificate, the subject with one, refused with an untrusted one", async () => {
    expect(text(await request(ports.get("WANT")!, { ca: ca() }, "p"))).toBe("User:ANONYMOUS");
    expect(text(await request(ports.get("WANT")!, { ca: ca(), ...clientCert() }, "p"))).toBe(`User:${certs.client.dn}`);
    expect((await request(ports.get("WANT")!, { ca: ca(), ...rogueCert() }, "p")).ok).toBe(false);
  }, 60_000);

  test("a client that does not trust the broker's certificate fails its handshake", async () => {
    const r = await request(ports.get("SSL")!, { ca: readFileSync(certs.rogue.caPem, "utf8") }, "p");
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.why).toContain("handshake");
  }, 60_000);

  test("a plaintext client on the TLS port gets no Kafka answer, and is closed", async () => {
    const got = await new Promise<{ bytes: number; closed: boolean }>((resolve) => {
      let bytes = 0;
      const timer = setTimeout(() => resolve({ bytes, closed: false }), 30_000);
      void Bun.connect({
        hostname: "127.0.0.1",
        port: ports.get("SSL")!,
        socket: {
          open(s) {
            // An ApiVersions v0 request, as a plaintext client sends first.
            s.write(new Uint8Array([0, 0, 0, 10, 0, 18, 0, 0, 0, 0, 0, 7, 0, 0]));
          },
          data(_s, d) {
            bytes += d.length;
          },
          close() {
            clearTimeout(timer);
            resolve({ bytes, closed: true });
          },
        },
      });
    });
    expect(got.closed).toBe(true);
    // At most a TLS alert record (5-byte header + 2), never a Kafka response frame.
    expect(got.bytes).toBeLessThanOrEqual(7);
  }, 60_000);

  test("a multi-MiB response from a segment file arrives intact over TLS (no sendfile past the encryption)", async () => {
    for (let i = 0; i < 2; i++) {
      const r = await request(ports.get("SSL")!, { ca: ca() }, "f");
      expect(r.ok).toBe(true);
      if (r.ok) {
        expect(r.body.length).toBe(BIG_BYTES);
        expect(createHash("sha256").update(r.body).digest("hex")).toBe(bigDigest);
      }
    }
  }, 60_000);

  test("reloadSsl: new connections get the new certificate on the same port; open ones keep going", async () => {
    const port = ports.get("SSL")!;
    // A connection opened before the reload, used again after it.
    const replies: string[] = [];
    const open = await new Promise<Socket<unknown>>((resolve, reject) => {
      void Bun.connect({
        hostname: "127.0.0.1",
        port,
        tls: { serverName: "localhost", ca: ca() },
        socket: {
          handshake: (s, ok, err) => (ok ? resolve(s) : reject(err)),
          data: (_s, d) => void replies.push(new TextDecoder().decode(new Uint8Array(d).subarray(4))),
        },
      });
    });
    const dir = certs.dir;
    const r = Bun.spawnSync(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", join(dir, "new.key"), "-out", join(dir, "new.pem"), "-days", "2", "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost"], { stderr: "pipe" });
    expect(r.exitCode).toBe(0);
    const newPem = readFileSync(join(dir, "new.pem"), "utf8");
    const engine = sslServerEngine(new Map([["ssl.keystore.type", "PEM"], ["ssl.keystore.key", readFileSync(join(dir, "new.key"), "utf8")], ["ssl.keystore.certificate.chain", newPem]]), "SSL");
    server.reloadSsl("SSL", engine);
    expect(text(await request(port, { ca: newPem }, "p"))).toBe("User:ANONYMOUS");
    expect((await request(port, { ca: ca() }, "p")).ok).toBe(false);
    open.write(new Uint8Array([0, 0, 0, 1, "p".charCodeAt(0)]));
    const deadline = Date.now() + 30_000;
    while (replies.length === 0 && Date.now() < deadline) await Bun.sleep(10);
    expect(replies).toEqual(["User:ANONYMOUS"]);
    open.end();
  });
});

describe("protocols and suites", () => {
  test("ssl.enabled.protocols and ssl.cipher.suites decide what is negotiated", async () => {
    const { server, ports } = startServer(
      {
        "ssl.keystore.type": "PEM",
        "ssl.keystore.location": certs.brokerPemKeystore,
        "listener.name.tls12.ssl.enabled.protocols": "TLSv1.2",
        "listener.name.tls12.ssl.cipher.suites": "TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384",
      },
      ["DEFAULTS", "TLS12"],
    );
    const negotiated = (port: number) =>
      new Promise<{ version: string; cipher: string }>((done, fail) => {
        void Bun.connect({
          hostname: "127.0.0.1",
          port,
          tls: { ca: readFileSync(certs.caPem, "utf8"), serverName: "localhost" },
          socket: {
            handshake(s, ok, err) {
              if (!ok) return fail(err);
              done({ version: s.getTLSVersion(), cipher: s.getCipher().standardName ?? s.getCipher().name });
              s.end();
            },
            data() {},
          },
        }).catch(fail);
      });
    try {
      expect((await negotiated(ports.get("DEFAULTS")!)).version).toBe("TLSv1.3");
      expect(await negotiated(ports.get("TLS12")!)).toEqual({ version: "TLSv1.2", cipher: "TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384" });
    } finally {
      server.stopListening();
      server.closeAll();
    }
  }, 60_000);
});
