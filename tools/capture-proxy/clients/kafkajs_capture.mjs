// One KafkaJS session through the capture proxy (driven by tools/capture-proxy/capture-all.ts).
// usage: node kafkajs_capture.mjs BOOTSTRAP TOPIC produce none|gzip
//        node kafkajs_capture.mjs BOOTSTRAP TOPIC consume COUNT
// KafkaJS is resolved from NODE_PATH (installed outside the repository by capture-all.ts).
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const { Kafka, CompressionTypes, logLevel } = require("kafkajs");

const [bootstrap, topic, mode, arg] = process.argv.slice(2);
const kafka = new Kafka({ clientId: "strand-capture-kafkajs", brokers: [bootstrap], logLevel: logLevel.WARN });

async function produce(codec) {
  const producer = kafka.producer({ allowAutoTopicCreation: false });
  await producer.connect();
  await producer.send({
    topic,
    acks: -1,
    compression: codec === "gzip" ? CompressionTypes.GZIP : CompressionTypes.None,
    messages: [0, 1, 2].map((i) => ({
      key: `js-${codec}-k${i}`,
      value: `kafkajs ${codec} record ${i} `.repeat(4),
      headers: { client: "kafkajs", codec },
    })),
  });
  await producer.disconnect();
}

async function consume(count) {
  const consumer = kafka.consumer({ groupId: "strand-capture-kafkajs", maxWaitTimeInMs: 200 });
  await consumer.connect();
  await consumer.subscribe({ topics: [topic], fromBeginning: true });
  let seen = 0;
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`consumed ${seen} of ${count} records in 30 s`)), 30_000);
    consumer.run({
      eachMessage: async () => {
        seen += 1;
        if (seen >= count) {
          clearTimeout(timer);
          resolve();
        }
      },
    }).catch(reject);
  });
  await consumer.disconnect();
  console.log(`consumed ${seen} records`);
}

if (mode === "produce") await produce(arg);
else if (mode === "consume") await consume(Number(arg));
else throw new Error(`unknown mode ${mode}`);
