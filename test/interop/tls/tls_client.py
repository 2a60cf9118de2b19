# confluent-kafka-python (librdkafka) over TLS for test/interop/tls.test.ts. One JSON line out.
#   tls_client.py roundtrip <bootstrap> <topic> <count> <valueBytes> <group> <json client config>
#     produces <count> records of seeded pseudo-random bytes, consumes them in a group, and reports the
#     sha256 of each value produced and consumed
#   tls_client.py metadata <bootstrap> <json client config>   -> {"ok": true} or {"ok": false, "error": ...}
import hashlib, json, random, sys, time
from confluent_kafka import Consumer, KafkaException, Producer
from confluent_kafka.admin import AdminClient

def out(d):
    print(json.dumps(d), flush=True)

cmd = sys.argv[1]
if cmd == "metadata":
    conf = dict(json.loads(sys.argv[3]), **{"bootstrap.servers": sys.argv[2]})
    errors = []
    conf["error_cb"] = lambda e: errors.append(str(e))
    try:
        md = AdminClient(conf).list_topics(timeout=15)
        out({"ok": True, "brokers": len(md.brokers)})
    except KafkaException as e:
        out({"ok": False, "error": str(e), "errors": errors[:5]})
    sys.exit(0)

bootstrap, topic, count, size, group = sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]), sys.argv[6]
conf = dict(json.loads(sys.argv[7]), **{"bootstrap.servers": bootstrap})
seed = int(time.time()) % 100000
rnd = random.Random(seed)
p = Producer(dict(conf, **{"message.max.bytes": max(1_000_000, size + 10_000), "linger.ms": 5}))
sent = []
failed = []
for i in range(count):
    v = rnd.randbytes(size)
    sent.append(hashlib.sha256(v).hexdigest())
    p.produce(topic, value=v, key=str(i).encode(), on_delivery=lambda err, m: failed.append(str(err)) if err else None)
    p.poll(0)
left = p.flush(60)
c = Consumer(dict(conf, **{"group.id": group, "auto.offset.reset": "earliest", "fetch.max.bytes": 64 * 1024 * 1024,
                            "max.partition.fetch.bytes": 16 * 1024 * 1024, "fetch.message.max.bytes": 16 * 1024 * 1024,
                            "receive.message.max.bytes": 80 * 1024 * 1024}))
c.subscribe([topic])
got = []
deadline = time.time() + 90
while len(got) < count and time.time() < deadline:
    m = c.poll(1.0)
    if m is None or m.error():
        continue
    got.append(hashlib.sha256(m.value()).hexdigest())
c.commit(asynchronous=False) if got else None
c.close()
out({"seed": seed, "unflushed": left, "failed": failed[:3], "sent": sent, "got": got})
