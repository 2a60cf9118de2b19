# confluent-kafka-python interop driver (librdkafka inside the wheel). Commands print JSON lines:
#   produce --bootstrap B --topic T --partitions P --count N --t0 T0 --compression C
#   consume --bootstrap B --topic T --partitions P --count N --t0 T0 [--timeout-ms 60000]
#   group-produce / group-member ...   consumer-group modes, see groups.py
#   txn-produce / txn-ctp / txn-verify ...   transactions, see txn.py
# Records follow test/interop/spec.ts: record i -> partition i % P, offset i // P, key "k<i>",
# value of size(i) letters, i % 3 headers, timestamp t0 + i.
import base64
import json
import sys
import time

from confluent_kafka import Consumer, Producer, TopicPartition, TIMESTAMP_CREATE_TIME

import groups  # beside this file: the script's directory is on sys.path
import txn

SIZES = [1, 10, 50, 100, 300, 600, 1500]
ALPHABET = "abcdefghijklmnopqrstuvwxyz"
MAX_ERRORS = 20


def size(i):
    return 100_000 if i % 5000 == 4999 else SIZES[i % 7]


def key(i):
    return b"k%d" % i


def value(i):
    n = size(i)
    s = i % 26
    rotated = ALPHABET[s:] + ALPHABET[:s]
    return (rotated * (n // 26 + 1))[:n].encode("ascii")


def headers(i):
    return [("h%d" % k, str(i * (k + 1)).encode("ascii")) for k in range(i % 3)]


def emit(event, **fields):
    print(json.dumps({"event": event, **fields}), flush=True)


class Errors:
    def __init__(self):
        self.first = []
        self.count = 0

    def add(self, e):
        self.count += 1
        if len(self.first) < MAX_ERRORS:
            self.first.append(e)


def parse(argv):
    opts = {}
    for j in range(0, len(argv), 2):
        if not argv[j].startswith("--") or j + 1 >= len(argv):
            raise SystemExit("expected --name value at %r" % argv[j])
        opts[argv[j][2:]] = argv[j + 1]
    return opts


def sasl(o):
    """SASL_PLAINTEXT settings when --sasl-mechanism is given (the SASL interop test), else none."""
    if "sasl-mechanism" not in o:
        return {}
    if o["sasl-mechanism"] == "OAUTHBEARER":
        # --sasl-oauth-token <compact JWT>: given to librdkafka by oauth_cb, with the token's exp.
        token = o["sasl-oauth-token"]
        payload = token.split(".")[1]
        exp = json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))["exp"]
        return {"security.protocol": "SASL_PLAINTEXT", "sasl.mechanism": "OAUTHBEARER",
                "oauth_cb": lambda _config: (token, float(exp))}
    return {"security.protocol": "SASL_PLAINTEXT", "sasl.mechanism": o["sasl-mechanism"],
            "sasl.username": o["sasl-username"], "sasl.password": o["sasl-password"]}


def produce(o):
    topic, parts, count, t0 = o["topic"], int(o["partitions"]), int(o["count"]), int(o["t0"])
    p = Producer({
        "bootstrap.servers": o["bootstrap"],
        "client.id": "strand-interop-python",
        "compression.codec": o.get("compression", "none"),
        "acks": "all",
        # Idempotent: a batch retried after an error (e.g. NOT_LEADER just after the topic was created)
        # keeps its place, so every offset is still the spec's.
        "enable.idempotence": True,
        "linger.ms": 5,
        **sasl(o),
    })
    errors = Errors()
    acked = [0]
    last = [-1] * parts

    def on_delivery(i):
        def cb(err, msg):
            if err is not None:
                errors.add("record %d: %s" % (i, err))
                return
            if msg.partition() != i % parts or msg.offset() != i // parts:
                errors.add("record %d acknowledged at %d/%d" % (i, msg.partition(), msg.offset()))
            last[msg.partition()] = max(last[msg.partition()], msg.offset())
            acked[0] += 1
        return cb

    started = time.monotonic()
    for i in range(count):
        # BufferError means the local queue is full: serve delivery reports and retry (bounded: 600 x 0.1 s).
        for _ in range(600):
            try:
                p.produce(topic, value=value(i), key=key(i), partition=i % parts, timestamp=t0 + i,
                          headers=headers(i), on_delivery=on_delivery(i))
                break
            except BufferError:
                p.poll(0.1)
        else:
            errors.add("record %d: local queue stayed full" % i)
        if i % 1000 == 0:
            p.poll(0)
    remaining = p.flush(60)
    emit("produced", count=count, acked=acked[0], lastOffsets=last, unflushed=remaining,
         errorCount=errors.count, errors=errors.first, ms=int((time.monotonic() - started) * 1000))


def consume(o):
    topic, parts, count, t0 = o["topic"], int(o["partitions"]), int(o["count"]), int(o["t0"])
    timeout_s = int(o.get("timeout-ms", "60000")) / 1000
    c = Consumer({
        "bootstrap.servers": o["bootstrap"],
        "client.id": "strand-interop-python",
        "group.id": "strand-interop-unused",  # required by the client; assign() never joins the group
        "enable.auto.commit": False,
        "enable.auto.offset.store": False,
        "check.crcs": True,
        **sasl(o),
    })
    expected = [count // parts + (1 if p < count % parts else 0) for p in range(parts)]
    nxt = [0] * parts
    errors = Errors()
    total = 0
    started = time.monotonic()
    c.assign([TopicPartition(topic, p, 0) for p in range(parts)])
    deadline = started + timeout_s
    # Bounded by the deadline: a broker that stops returning records fails the check, not the run.
    while any(nxt[p] < expected[p] for p in range(parts)) and time.monotonic() < deadline:
        for m in c.consume(num_messages=2000, timeout=0.5):
            if m.error() is not None:
                errors.add("consume error: %s" % m.error())
                continue
            p, off = m.partition(), m.offset()
            where = "%d/%d" % (p, off)
            if off != nxt[p]:
                errors.add("%s: expected offset %d" % (where, nxt[p]))
            nxt[p] = off + 1
            total += 1
            i = off * parts + p
            if m.key() != key(i):
                errors.add("%s: key %r, expected k%d" % (where, m.key(), i))
            if m.value() != value(i):
                errors.add("%s: value of %d bytes differs (record %d)" % (where, len(m.value() or b""), i))
            if m.timestamp() != (TIMESTAMP_CREATE_TIME, t0 + i):
                errors.add("%s: timestamp %r, expected CreateTime %d" % (where, m.timestamp(), t0 + i))
            if (m.headers() or []) != headers(i):
                errors.add("%s: headers %r differ" % (where, m.headers()))
    offset_errors = Errors()
    for p in range(parts):
        lo, hi = c.get_watermark_offsets(TopicPartition(topic, p), timeout=15, cached=False)
        if (lo, hi) != (0, expected[p]):
            offset_errors.add("%d: watermarks %r, expected (0, %d)" % (p, (lo, hi), expected[p]))
    # offsets_for_times: the first record of each partition at or after global record i0.
    i0 = count // 2 + 1
    found = c.offsets_for_times([TopicPartition(topic, p, t0 + i0) for p in range(parts)], timeout=15)
    for tp in found:
        first = i0 - i0 % parts + tp.partition + (parts if i0 % parts > tp.partition else 0)
        want = first // parts if first < count else -1
        if tp.offset != want:
            offset_errors.add("%d: offsets_for_times -> %d, expected %d" % (tp.partition, tp.offset, want))
    c.close()
    emit("consumed", count=total, nextOffsets=nxt, errorCount=errors.count, errors=errors.first,
         offsetErrorCount=offset_errors.count, offsetErrors=offset_errors.first,
         ms=int((time.monotonic() - started) * 1000))


def main():
    modes = {"produce": produce, "consume": consume, **groups.MODES, **txn.MODES}
    if len(sys.argv) < 2 or sys.argv[1] not in modes:
        raise SystemExit("usage: driver.py %s --bootstrap B ..." % "|".join(modes))
    modes[sys.argv[1]](parse(sys.argv[2:]))


if __name__ == "__main__":
    main()
