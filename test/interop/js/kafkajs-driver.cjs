// KafkaJS interop driver, run by Node.js: node kafkajs-driver.cjs <kafkajs dir> <command> --name value ...
//   produce --bootstrap B --topic T --partitions P --count N --t0 T0
//       an idempotent producer (acks=-1) sends the spec's records in batches of 2000, alternating
//       no compression and gzip, and checks each batch's base offset per partition
//   consume --bootstrap B --topic T --partitions P --count N --t0 T0 [--timeout-ms 60000]
//       reads assigned partitions without a group: KafkaJS's consumer only consumes through a group,
//       so this drives KafkaJS's own cluster/broker layer (Metadata, Fetch v11 and its record decoding)
//       directly; then checks the admin's fetchTopicOffsets and fetchTopicOffsetsByTimestamp (ListOffsets)
// Records follow test/interop/spec.ts. Output: JSON lines on stdout.
'use strict'

const [kafkajsDir, command, ...rest] = process.argv.slice(2)
const { Kafka, CompressionTypes, logLevel } = require(kafkajsDir)

const SIZES = [1, 10, 50, 100, 300, 600, 1500]
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz'
const size = (i) => (i % 5000 === 4999 ? 100000 : SIZES[i % 7])
const key = (i) => `k${i}`
const value = (i) => {
  const s = i % 26
  const rotated = ALPHABET.slice(s) + ALPHABET.slice(0, s)
  return rotated.repeat(Math.ceil(size(i) / 26)).slice(0, size(i))
}
const headers = (i) => {
  const h = {}
  for (let k = 0; k < i % 3; k++) h[`h${k}`] = String(i * (k + 1))
  return h
}

const emit = (event, fields) => process.stdout.write(`${JSON.stringify({ event, ...fields })}\n`)

class Errors {
  constructor() { this.first = []; this.count = 0 }
  add(e) { this.count++; if (this.first.length < 20) this.first.push(e) }
}

function parseArgs(argv) {
  const o = {}
  for (let j = 0; j < argv.length; j += 2) {
    if (!argv[j].startsWith('--') || j + 1 >= argv.length) throw new Error(`expected --name value at ${argv[j]}`)
    o[argv[j].slice(2)] = argv[j + 1]
  }
  return o
}

const o = parseArgs(rest)
const topic = o.topic
const parts = Number(o.partitions)
const count = Number(o.count)
const t0 = Number(o.t0)
const expected = Array.from({ length: parts }, (_, p) => Math.floor(count / parts) + (p < count % parts ? 1 : 0))
// --sasl-mechanism/--sasl-username/--sasl-password: SASL_PLAINTEXT (the SASL interop test).
// OAUTHBEARER: --sasl-oauth-token <compact JWT> is given to KafkaJS's oauthBearerProvider.
const sasl = !o['sasl-mechanism'] ? {}
  : o['sasl-mechanism'] === 'OAUTHBEARER' ? { sasl: { mechanism: 'oauthbearer', oauthBearerProvider: async () => ({ value: o['sasl-oauth-token'] }) } }
  : { sasl: { mechanism: o['sasl-mechanism'].toLowerCase(), username: o['sasl-username'], password: o['sasl-password'] } }
const kafka = new Kafka({ clientId: 'strand-interop-kafkajs', brokers: [o.bootstrap], logLevel: logLevel.WARN, retry: { retries: 8 }, ...sasl })

async function produce() {
  const BATCH = 2000
  const errors = new Errors()
  const producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1, allowAutoTopicCreation: false })
  await producer.connect()
  const started = Date.now()
  let acked = 0
  const last = new Array(parts).fill(-1)
  // One sendBatch at a time (awaited), so records reach each partition in spec order.
  for (let from = 0, n = 0; from < count; from += BATCH, n++) {
    const to = Math.min(count, from + BATCH)
    const messages = []
    for (let i = from; i < to; i++) {
      messages.push({ key: key(i), value: value(i), headers: headers(i), partition: i % parts, timestamp: String(t0 + i) })
    }
    const res = await producer.send({ topic, messages, acks: -1, compression: n % 2 ? CompressionTypes.GZIP : CompressionTypes.None })
    for (const r of res) {
      if (r.errorCode !== 0) { errors.add(`batch at ${from}: partition ${r.partition} error ${r.errorCode}`); continue }
      const p = r.partition
      const firstI = from + ((p - (from % parts)) + parts) % parts
      const want = Math.floor(firstI / parts)
      if (String(r.baseOffset) !== String(want)) errors.add(`batch at ${from}: partition ${p} base offset ${r.baseOffset}, expected ${want}`)
      const inBatch = messages.filter((m) => m.partition === p).length
      last[p] = Number(r.baseOffset) + inBatch - 1
      acked += inBatch
    }
  }
  await producer.disconnect()
  emit('produced', { count, acked, lastOffsets: last, errorCount: errors.count, errors: errors.first, ms: Date.now() - started })
}

function privateSymbol(obj, description) {
  const s = Object.getOwnPropertySymbols(obj).find((x) => x.description === description)
  if (!s) throw new Error(`KafkaJS internals changed: no ${description}`)
  return obj[s]
}

async function consume() {
  const errors = new Errors()
  const started = Date.now()
  const cluster = privateSymbol(kafka, 'private:Kafka:createCluster')({ allowAutoTopicCreation: false })
  await cluster.connect()
  await cluster.addTargetTopic(topic)
  const next = new Array(parts).fill(0)
  let total = 0
  const deadline = started + Number(o['timeout-ms'] || 60000)
  const done = () => next.every((n, p) => n >= expected[p])
  // Bounded by the deadline: a broker that stops returning records fails the check, not the run.
  while (!done() && Date.now() < deadline) {
    const byLeader = cluster.findLeaderForPartitions(topic, [...Array(parts).keys()])
    for (const [nodeId, partitions] of Object.entries(byLeader)) {
      const broker = await cluster.findBroker({ nodeId })
      const res = await broker.fetch({
        replicaId: -1, isolationLevel: 1, maxWaitTime: 500, minBytes: 1, maxBytes: 10485760,
        topics: [{ topic, partitions: partitions.filter((p) => next[p] < expected[p]).map((p) => ({ partition: p, fetchOffset: String(next[p]), maxBytes: 1048576 })) }],
      })
      for (const t of res.responses) {
        for (const pr of t.partitions) {
          const p = pr.partition
          if (pr.errorCode !== 0) { errors.add(`fetch ${p}: error ${pr.errorCode}`); continue }
          for (const m of pr.messages) {
            const off = Number(m.offset)
            if (off < next[p]) continue // a whole batch comes back: skip records before the fetch offset
            const where = `${p}/${off}`
            if (off !== next[p]) errors.add(`${where}: expected offset ${next[p]}`)
            next[p] = off + 1
            total++
            const i = off * parts + p
            if (String(m.key) !== key(i)) errors.add(`${where}: key ${m.key}, expected ${key(i)}`)
            if (String(m.value) !== value(i)) errors.add(`${where}: value of ${m.value && m.value.length} bytes differs (record ${i})`)
            if (String(m.timestamp) !== String(t0 + i)) errors.add(`${where}: timestamp ${m.timestamp}, expected ${t0 + i}`)
            const got = Object.fromEntries(Object.entries(m.headers || {}).map(([k, v]) => [k, String(v)]))
            if (JSON.stringify(got) !== JSON.stringify(headers(i))) errors.add(`${where}: headers ${JSON.stringify(got)}`)
          }
        }
      }
    }
  }
  await cluster.disconnect()

  const offsetErrors = new Errors()
  const admin = kafka.admin()
  await admin.connect()
  const offs = await admin.fetchTopicOffsets(topic)
  for (const x of offs) {
    if (x.low !== '0' || x.high !== String(expected[x.partition])) offsetErrors.add(`${x.partition}: low ${x.low} high ${x.high}, expected 0 ${expected[x.partition]}`)
  }
  const i0 = Math.floor(count / 2) + 1
  const byTime = await admin.fetchTopicOffsetsByTimestamp(topic, t0 + i0)
  for (const x of byTime) {
    const p = x.partition
    const first = i0 - (i0 % parts) + p + ((i0 % parts) > p ? parts : 0)
    if (x.offset !== String(Math.floor(first / parts))) offsetErrors.add(`${p}: by timestamp ${x.offset}, expected ${Math.floor(first / parts)}`)
  }
  await admin.disconnect()
  emit('consumed', { count: total, nextOffsets: next, errorCount: errors.count, errors: errors.first,
    offsetErrorCount: offsetErrors.count, offsetErrors: offsetErrors.first, ms: Date.now() - started })
}

const commands = { produce, consume }
if (!commands[command]) {
  process.stderr.write(`usage: kafkajs-driver.cjs <kafkajs dir> produce|consume --bootstrap B ...\n`)
  process.exit(2)
}
commands[command]().then(() => process.exit(0), (err) => {
  process.stderr.write(`${err && err.stack ? err.stack : err}\n`)
  process.exit(1)
})
