// What legitimately differs between Strand's and Kafka's answers to the console calls of
// console-calls.test.ts, replaced by placeholders so the rest compares exactly. Each rule says why.
//
// - Ids each broker makes up: the cluster id, topic ids, member ids, producer ids.
// - Where the broker listens: ports (hosts are 127.0.0.1 on both), the log dir's path, and the configs
//   that carry them (listeners, advertised.listeners, log.dirs, controller.quorum.voters and
//   controller.quorum.bootstrap.servers).
// - Disk: a log dir's total and usable bytes (another file system), the size of __consumer_offsets
//   (its records carry commit timestamps and member ids of their own lengths).
// - Strand's own broker keys (strand.*, the naming rule for keys Kafka does not have): dropped from the
//   broker's configs; every other key must be Kafka's, with Kafka's value, source, flags and synonyms.
// - Features Strand does not finalize on a fresh cluster, by design (src/metadata/supported-features.ts):
//   eligible.leader.replicas.version
//   (supported 0-1, not finalized at bootstrap). Every other feature, range and level must match.
// - The timestamp of a transaction marker: the broker's clock when it wrote the marker (Kafka counts
//   markers in max-timestamp and by-timestamp lookups, and so does Strand; the offsets must match).
// - The finalized-features epoch: the metadata log offset of the last feature change, which counts
//   every record each broker's bootstrap wrote.

/**
 * ApiVersions keys Kafka 4.4.0's broker listener advertises that Strand does not serve, so it does not
 * advertise them (a client told an API exists uses it): StreamsGroupTopologyDescriptionUpdate of
 * KIP-1331 (93); AddRaftVoter and RemoveRaftVoter forwarded by a broker (80, 81: Strand takes
 * them on the controller listener only); UnregisterController (94). Where Strand does advertise one of
 * these, its range must be Kafka's. Strand also advertises GetTelemetrySubscriptions and PushTelemetry
 * (71, 72), which Kafka lists only with a telemetry plugin configured (client-metrics.test.ts).
 */
export const NOT_SERVED_KEYS: readonly number[] = [80, 81, 93, 94];
export const STRAND_ONLY_KEYS: readonly number[] = [71, 72];

/** call name -> the answer the Java driver printed. */
export type Answers = Record<string, unknown>;

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

const UUID = /^[A-Za-z0-9_-]{22}$/;
const ZERO_UUID = "AAAAAAAAAAAAAAAAAAAAAA";

/** Configs whose values name this broker's ports and directories. */
const PLACE_CONFIGS = new Set([
  "listeners",
  "advertised.listeners",
  "log.dirs",
  "log.dir",
  "controller.quorum.voters",
  "controller.quorum.bootstrap.servers",
]);

/** Features Strand does not serve: Kafka supports them, Strand advertises 0-0. */
const NOT_SERVED_FEATURES: string[] = [];
/** Not finalized on a fresh Strand cluster (the two above, and ELR, which Strand supports but leaves at 0). */
const NOT_FINALIZED_BY_DESIGN = [...NOT_SERVED_FEATURES, "eligible.leader.replicas.version"];

function mapValues(o: Json, f: (k: string, v: Json) => Json): Json {
  if (o === null || typeof o !== "object" || Array.isArray(o)) return o;
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, f(k, v)]));
}

function node(n: Json): Json {
  if (n === null || typeof n !== "object" || Array.isArray(n)) return n;
  return { ...n, port: "<port>" };
}

function configs(c: Json): Json {
  if (c === null || typeof c !== "object" || Array.isArray(c)) return c;
  const kafkaKeys = Object.fromEntries(Object.entries(c).filter(([name]) => !name.startsWith("strand.")));
  return mapValues(kafkaKeys, (name, entry) => {
    if (!PLACE_CONFIGS.has(name) || entry === null || typeof entry !== "object" || Array.isArray(entry)) return entry;
    const synonyms = Array.isArray(entry.synonyms) ? entry.synonyms.map((s) => String(s).replace(/=.*$/, "=<place>")) : entry.synonyms;
    return { ...entry, value: entry.value === null ? null : "<place>", synonyms };
  });
}

function uuid(id: Json): Json {
  return typeof id === "string" && UUID.test(id) && id !== ZERO_UUID ? "<uuid>" : id;
}

/** Offsets of the transaction markers ConsoleState.java writes: console-txn-0 commits at 2, aborts at 4. */
const MARKER_OFFSETS: Readonly<Record<string, readonly number[]>> = { "console-txn-0": [2, 4] };

/** kadm's topic ids are base64 (std) of the 16 bytes; all zero when the broker has none. */
function kadmTopicId(id: Json): Json {
  return typeof id === "string" && /^[A-Za-z0-9+/]{22}==$/.test(id) && id !== "AAAAAAAAAAAAAAAAAAAAAA==" ? "<uuid>" : id;
}

function positive(x: Json): Json {
  return typeof x === "number" && x > 0 ? "<positive>" : x;
}

/** listOffsets answers are [offset, timestamp, leaderEpoch] per partition. */
function offsets(v: Json): Json {
  return mapValues(v, (tp, r) => {
    if (!Array.isArray(r) || typeof r[0] !== "number" || !MARKER_OFFSETS[tp]?.includes(r[0])) return r;
    return [r[0], "<broker-clock>", ...r.slice(2)];
  });
}

const RULES: Record<string, (v: Json) => Json> = {
  "listOffsets.maxTimestamp": offsets,
  "listOffsets.forTimestamp.t0+7500": offsets,
  describeCluster: (v) => mapValues(v, (k, x) => {
    if (k === "clusterId") return uuid(x);
    if (k === "controller") return node(x);
    if (k === "nodes" && Array.isArray(x)) return x.map(node);
    return x;
  }),
  "describeConfigs.broker.synonyms": configs,
  "describeConfigs.broker": configs,
  describeLogDirs: (v) => mapValues(v, (_broker, dirs) => {
    if (dirs === null || typeof dirs !== "object" || Array.isArray(dirs)) return dirs;
    return Object.fromEntries(Object.values(dirs).map((d, i) => [`<log-dir-${i}>`, mapValues(d, (k, x) => {
      if (k === "totalBytes" || k === "usableBytes") return typeof x === "number" && x > 0 ? "<positive>" : x;
      if (k === "replicas") {
        return mapValues(x, (tp, r) => tp.startsWith("__consumer_offsets-")
          ? mapValues(r, (rk, rv) => (rk === "size" && typeof rv === "number" && rv > 0 ? "<positive>" : rv))
          : r);
      }
      return x;
    })]));
  }),
  "listTopics.internal": (v) => mapValues(v, (_t, l) => mapValues(l, (k, x) => (k === "topicId" ? uuid(x) : x))),
  describeTopics: (v) => mapValues(v, (_t, d) => mapValues(d, (k, x) => (k === "topicId" ? uuid(x) : x))),
  describeConsumerGroups: (v) => mapValues(v, (_g, d) => mapValues(d, (k, x) => {
    if (k === "coordinator") return node(x);
    if (k === "members" && Array.isArray(x)) {
      return x.map((m) => mapValues(m, (mk, mv) => (mk === "memberId" && typeof mv === "string" && mv.length > 0 ? "<member-id>" : mv)));
    }
    return x;
  })),
  describeProducers: (v) => mapValues(v, (_tp, states) => Array.isArray(states)
    ? states.map((s) => mapValues(s, (k, x) => (k === "producerId" ? "<producer-id>" : x)))
    : states),
  // Member ids: a classic member's is "<client id>-<UUID>", a KIP-848 member's a 22-character base64 id.
  "tool.kafka-consumer-groups.describe": (v) => typeof v === "string"
    ? v.replace(/-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/g, "-<uuid>").replace(/(?<=\s)[A-Za-z0-9_-]{22}(?=\s)/g, "<member-id>")
    : v,
  "kadm.describeConsumerGroups": (v) => mapValues(v, (_g, d) => mapValues(d, (k, x) => (k === "members" && Array.isArray(x)
    ? x.map((m) => mapValues(m, (mk, mv) => (mk === "memberId" && typeof mv === "string" && mv.length > 0 ? "<member-id>" : mv)))
    : x))),
  "kadm.describeBrokerConfigs": (v) => mapValues(v, (_r, rc) => mapValues(rc, (k, x) => (k === "configs" ? configs(x) : x))),
  "kadm.metadata": (v) => mapValues(v, (k, x) => {
    if (k === "cluster") return uuid(x);
    if (k === "brokers" && Array.isArray(x)) return x.map(node);
    if (k === "topics") return mapValues(x, (_t, d) => mapValues(d, (dk, dv) => (dk === "id" ? kadmTopicId(dv) : dv)));
    return x;
  }),
  // The raw guess differs by NOT_SERVED_KEYS (the test prints both); the guess skipping them must match.
  "kadm.versionGuess": (v) => mapValues(v, (_b, g) => mapValues(g, (k, x) => (k === "guess" ? "<printed>" : x))),
  "kadm.describeAllLogDirs": (v) => mapValues(v, (_b, dirs) => Array.isArray(dirs)
    ? dirs.map((d) => mapValues(d, (k, x) => {
      if (k === "totalBytes" || k === "usableBytes") return positive(x);
      if (k === "partitions") return mapValues(x, (tp, r) => (tp.startsWith("__consumer_offsets-") ? mapValues(r, (rk, rv) => (rk === "size" ? positive(rv) : rv)) : r));
      return x;
    }))
    : dirs),
  "kadm.describeGroups": (v) => mapValues(v, (_g, d) => mapValues(d, (k, x) => (k === "members" && Array.isArray(x)
    ? x.map((m) => mapValues(m, (mk, mv) => (mk === "memberId" && typeof mv === "string" && mv.length > 0 ? "<member-id>" : mv)))
    : x))),
  describeFeatures: (v) => mapValues(v, (k, x) => {
    if (k === "finalizedEpoch") return x !== "none" ? "<epoch>" : x;
    if (x === null || typeof x !== "object" || Array.isArray(x)) return x;
    const out: Record<string, Json> = { ...x };
    for (const f of NOT_FINALIZED_BY_DESIGN) if (k === "finalized") delete out[f];
    for (const f of NOT_SERVED_FEATURES) if (k === "supported") delete out[f];
    return out;
  }),
};

/** The answers with what legitimately differs replaced (see the list above). */
export function normaliseAnswers(a: Answers): Record<string, Json> {
  return Object.fromEntries(Object.entries(a).map(([call, v]) => [call, (RULES[call] ?? ((x: Json) => x))(v as Json)]));
}
