# Consumer-group modes of the confluent-kafka-python driver (see driver.py). JSON lines on stdout, in
# the vocabulary of test/interop/group-scenario.ts:
#   group-produce --bootstrap B --topic T --partitions P [--count N]   (N = 0: until killed)
#       record n -> partition n % P; {"ev":"sent","n":...} after each flush
#   group-member --bootstrap B --topic T --group G --protocol classic|consumer
#                [--strategy range|cooperative-sticky] [--session-timeout-ms 6000] [--name N]
#       {"ev":"assigned"|"revoked"|"lost","gen":G,"parts":[...]}, {"ev":"epoch","gen":G} when the
#       generation (classic) / member epoch (KIP-848) changes, {"ev":"batch","gen":G,"p":P,"first":F,
#       "last":L} for each partition of each consume() call, {"ev":"left"} after a clean close (SIGTERM).
# The generation is read from the consumer's group metadata (librdkafka's serialized
# consumer_group_metadata: "CGMDv2:", int32 generation in host order, then the group id).
import json
import signal
import struct
import sys
import time

from confluent_kafka import Consumer, KafkaException, Producer

MAGIC = b"CGMDv2:"
MAX_ERROR_EVENTS = 50


def out(**fields):
    print(json.dumps(fields), flush=True)


def generation(c):
    md = c.consumer_group_metadata()
    if not isinstance(md, (bytes, bytearray)) or not md.startswith(MAGIC) or len(md) < len(MAGIC) + 4:
        raise SystemExit("unexpected consumer_group_metadata layout: %r" % (md,))
    return struct.unpack_from("=i", md, len(MAGIC))[0]


def group_produce(o):
    topic, parts, count = o["topic"], int(o["partitions"]), int(o.get("count", "0"))
    p = Producer({"bootstrap.servers": o["bootstrap"], "client.id": "strand-groups-producer",
                  "enable.idempotence": True, "linger.ms": 5})
    n = 0
    # Unbounded only when count is 0: the test kills this process (SIGKILL) when it has seen enough.
    while count == 0 or n < count:
        p.produce(topic, key=b"%d" % n, value=b"%d" % n, partition=n % parts)
        n += 1
        if n % 20 == 0 or n == count:
            p.flush(30)
            out(ev="sent", n=n)
            time.sleep(0.02)
    p.flush(30)
    out(ev="done", n=n)


def group_member(o):
    protocol = o.get("protocol", "classic")
    conf = {
        "bootstrap.servers": o["bootstrap"],
        "group.id": o["group"],
        "client.id": o.get("name", "strand-groups-member"),
        "auto.offset.reset": "earliest",
        "enable.auto.commit": True,
        "auto.commit.interval.ms": 200,
    }
    if protocol == "consumer":
        conf["group.protocol"] = "consumer"  # KIP-848: the broker assigns; timeouts are the broker's
    else:
        conf["partition.assignment.strategy"] = o.get("strategy", "range")
        conf["session.timeout.ms"] = int(o.get("session-timeout-ms", "6000"))
        conf["heartbeat.interval.ms"] = 500
    c = Consumer(conf)
    running = [True]

    def stop(_sig, _frame):
        running[0] = False

    signal.signal(signal.SIGTERM, stop)

    def commit_now():
        try:
            c.commit(asynchronous=False)
        except KafkaException:
            pass  # nothing stored to commit (_NO_OFFSET) or the group moved on: the next owner re-reads

    def on_assign(cons, ps):
        out(ev="assigned", gen=generation(cons), parts=sorted(tp.partition for tp in ps))

    def on_revoke(cons, ps):
        commit_now()
        out(ev="revoked", gen=generation(cons), parts=sorted(tp.partition for tp in ps))

    def on_lost(cons, ps):
        out(ev="lost", gen=generation(cons), parts=sorted(tp.partition for tp in ps))

    c.subscribe([o["topic"]], on_assign=on_assign, on_revoke=on_revoke, on_lost=on_lost)
    last_gen = None
    errors = 0
    while running[0]:
        msgs = c.consume(num_messages=500, timeout=0.1)
        gen = generation(c)
        if gen != last_gen:
            last_gen = gen
            out(ev="epoch", gen=gen)
        spans = {}
        for m in msgs:
            if m.error() is not None:
                if errors < MAX_ERROR_EVENTS:
                    out(ev="error", error=str(m.error()))
                errors += 1
                continue
            s = spans.get(m.partition())
            if s is None:
                spans[m.partition()] = [m.offset(), m.offset()]
            else:
                s[1] = m.offset()
        for p, (first, last) in sorted(spans.items()):
            out(ev="batch", gen=gen, p=p, first=first, last=last)
    commit_now()
    c.close()
    out(ev="left")


MODES = {"group-produce": group_produce, "group-member": group_member}
