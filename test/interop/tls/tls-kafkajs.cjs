// KafkaJS over TLS for test/interop/tls.test.ts: produce <count> records, consume them in a group.
//   node tls-kafkajs.cjs <kafkajsDir> <bootstrap> <topic> <count> <group> <json ssl options: ca/cert/key file paths,
//   and sasl: {mechanism, username, password} for SASL_SSL>
const fs = require("node:fs");
const [kafkajsDir, bootstrap, topic, countText, group, sslJson] = process.argv.slice(2);
const { Kafka, logLevel } = require(kafkajsDir);
const files = JSON.parse(sslJson);
const ssl = { ca: [fs.readFileSync(files.ca, "utf8")], servername: "localhost" };
if (files.cert) ssl.cert = fs.readFileSync(files.cert, "utf8");
if (files.key) ssl.key = fs.readFileSync(files.key, "utf8");
const count = Number(countText);

(async () => {
  const sasl = files.sasl ? { sasl: { mechanism: files.sasl.mechanism.toLowerCase(), username: files.sasl.username, password: files.sasl.password } } : {};
  const kafka = new Kafka({ clientId: "strand-tls-kafkajs", brokers: [bootstrap], ssl, ...sasl, logLevel: logLevel.NOTHING, retry: { retries: 3 } });
  const producer = kafka.producer();
  await producer.connect();
  await producer.send({ topic, messages: Array.from({ length: count }, (_, i) => ({ key: String(i), value: `kafkajs-tls-${i}` })) });
  await producer.disconnect();
  const consumer = kafka.consumer({ groupId: group });
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: true });
  const got = [];
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out with ${got.length} of ${count}`)), 90_000);
    consumer.run({
      eachMessage: async ({ message }) => {
        got.push(message.value.toString());
        if (got.length >= count) {
          clearTimeout(timer);
          resolve();
        }
      },
    });
  });
  await consumer.disconnect();
  console.log(JSON.stringify({ got }));
})().catch((e) => {
  console.log(JSON.stringify({ error: String(e && e.message) }));
  process.exit(1);
});
