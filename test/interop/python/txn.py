# Transactional modes of the confluent-kafka-python driver (see driver.py). JSON lines on stdout:
#   txn-produce --bootstrap B --topic T --partitions P --count N [--txn-records 100] [--abort-every 3]
#               [--txn-id X]
#       init_transactions, then records 0..N-1 (key "c<i>", value "v<i>", partition i % P) in committed
#       transactions of --txn-records each; every --abort-every-th transaction is instead one of
#       --txn-records records with key "a<j>", value "aborted", aborted after a flush (so its records
#       are in the log). {"event":"txn-produced","committed","abortedRecords","commits","aborts","errors"}
#   txn-ctp --bootstrap B --from T1 --to T2 --group G --count N [--abort-every 4] [--txn-id X]
#       consume-transform-produce: a read_committed group consumer, a transactional producer; per
#       batch: begin, produce key -> value "T" + value to T2, send_offsets_to_transaction, commit;
#       every --abort-every-th transaction is aborted after a flush, and the consumer rewinds to the
#       group's committed offsets. Until N input records were committed (or the deadline).
#       {"event":"txn-ctp","consumed","commits","aborts","committedOffsets","errors"}
#   txn-verify --bootstrap B --topic T --partitions P --count N --value-prefix S
#       reads T from offset 0 to the high watermark twice: read_uncommitted (data records, aborted
#       included) and read_committed (keys c0..c<N-1> each once with value S + "v<i>", nothing aborted).
#       {"event":"txn-verified","committed","distinct","duplicates","missing","abortedSeen",
#        "uncommitted","lastDataOffsets","highWatermarks","errors"}
import json
import time

from confluent_kafka import Consumer, KafkaException, Producer, TopicPartition

MAX_ERRORS = 20
ABORTED = b"aborted"


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


def producer(o, txn_id, errors):
    def on_error(err):
        errors.add("client error: %s" % err)
    return Producer({
        "bootstrap.servers": o["bootstrap"],
        "client.id": txn_id,
        "transactional.id": txn_id,
        "transaction.timeout.ms": 60000,
        "linger.ms": 5,
        "error_cb": on_error,
    })


def delivery(errors, expect_ok):
    def cb(err, msg):
        if err is not None and expect_ok:
            errors.add("delivery of %r: %s" % (msg.key(), err))
    return cb


def txn_produce(o):
    topic, parts, count = o["topic"], int(o["partitions"]), int(o["count"])
    per, abort_every = int(o.get("txn-records", "100")), int(o.get("abort-every", "3"))
    errors = Errors()
    p = producer(o, o.get("txn-id", "strand-py-txn-producer"), errors)
    started = time.monotonic()
    commits = aborts = aborted_records = 0
    stage = ["init_transactions"]  # named in the error: against a broker without transactions, which call failed
    try:
        p.init_transactions(30)
        i = j = 0
        n = 0
        # Bounded: each transaction of the loop commits `per` records or aborts one; at most
        # count / per commits and as many aborts again.
        while i < count:
            n += 1
            stage[0] = "transaction %d" % n
            p.begin_transaction()
            if abort_every > 0 and n % abort_every == 0:
                for _ in range(per):
                    p.produce(topic, key=b"a%d" % j, value=ABORTED, partition=j % parts, on_delivery=delivery(errors, True))
                    j += 1
                p.flush(30)  # the aborted records reach the log before the abort
                p.abort_transaction(30)
                aborts += 1
                aborted_records += per
                continue
            for _ in range(min(per, count - i)):
                p.produce(topic, key=b"c%d" % i, value=b"v%d" % i, partition=i % parts, on_delivery=delivery(errors, True))
                i += 1
            p.commit_transaction(30)
            commits += 1
    except KafkaException as e:
        errors.add("%s: %s" % (stage[0], e.args[0]))
    emit("txn-produced", committed=count, abortedRecords=aborted_records, commits=commits, aborts=aborts,
         errorCount=errors.count, errors=errors.first, ms=int((time.monotonic() - started) * 1000))


def txn_ctp(o):
    src, dst, group, count = o["from"], o["to"], o["group"], int(o["count"])
    abort_every = int(o.get("abort-every", "4"))
    deadline = time.monotonic() + int(o.get("timeout-ms", "60000")) / 1000
    errors = Errors()
    p = producer(o, o.get("txn-id", "strand-py-txn-ctp"), errors)
    c = Consumer({
        "bootstrap.servers": o["bootstrap"],
        "client.id": "strand-py-txn-ctp",
        "group.id": group,
        "isolation.level": "read_committed",
        "enable.auto.commit": False,
        "auto.offset.reset": "earliest",
    })
    consumed = commits = aborts = 0
    seen = set()
    committed_offsets = {}
    stage = ["init_transactions"]
    try:
        p.init_transactions(30)
        c.subscribe([src])
        n = 0
        # Bounded by the deadline.
        while consumed < count and time.monotonic() < deadline:
            msgs = c.consume(num_messages=200, timeout=0.5)
            batch = []
            for m in msgs:
                if m.error() is not None:
                    errors.add("consume: %s" % m.error())
                    continue
                if m.value() == ABORTED or not m.key().startswith(b"c"):
                    errors.add("%d/%d: aborted record %r read under read_committed" % (m.partition(), m.offset(), m.key()))
                    continue
                batch.append(m)
            if not batch:
                continue
            n += 1
            stage[0] = "transaction %d" % n
            p.begin_transaction()
            for m in batch:
                p.produce(dst, key=m.key(), value=b"T" + m.value(), partition=m.partition(), on_delivery=delivery(errors, False))
            positions = c.position(c.assignment())
            stage[0] = "transaction %d: send_offsets_to_transaction" % n
            p.send_offsets_to_transaction(positions, c.consumer_group_metadata(), 30)
            stage[0] = "transaction %d: end" % n
            if abort_every > 0 and n % abort_every == 0:
                p.flush(30)
                p.abort_transaction(30)
                aborts += 1
                # Back to what the group committed: the aborted batch is consumed again.
                for tp in c.committed(c.assignment(), timeout=30):
                    c.seek(TopicPartition(tp.topic, tp.partition, tp.offset if tp.offset >= 0 else 0))
                continue
            p.commit_transaction(30)
            commits += 1
            for m in batch:
                if m.key() in seen:
                    errors.add("%r consumed in two committed transactions" % m.key())
                seen.add(m.key())
            consumed += len(batch)
        for tp in c.committed(c.assignment(), timeout=30):
            committed_offsets[str(tp.partition)] = tp.offset
    except KafkaException as e:
        errors.add("%s: %s" % (stage[0], e.args[0]))
    c.close()
    emit("txn-ctp", consumed=consumed, distinct=len(seen), commits=commits, aborts=aborts,
         committedOffsets=committed_offsets, errorCount=errors.count, errors=errors.first)


def read_all(o, topic, parts, level, deadline, each, errors):
    c = Consumer({
        "bootstrap.servers": o["bootstrap"],
        "client.id": "strand-py-txn-verify",
        "group.id": "strand-py-txn-verify-unused",  # assign() never joins the group
        "isolation.level": level,
        "enable.auto.commit": False,
        "enable.auto.offset.store": False,
    })
    highs = [c.get_watermark_offsets(TopicPartition(topic, p), timeout=15, cached=False)[1] for p in range(parts)]
    c.assign([TopicPartition(topic, p, 0) for p in range(parts)])

    def done():
        # The position passes the trailing transaction markers (control records are not delivered).
        pos = c.position([TopicPartition(topic, p) for p in range(parts)])
        return all(tp.offset >= highs[tp.partition] or highs[tp.partition] == 0 for tp in pos)
    # Bounded by the deadline.
    while not done():
        if time.monotonic() > deadline:
            pos = [tp.offset for tp in c.position([TopicPartition(topic, p) for p in range(parts)])]
            errors.add("%s: positions %r short of the high watermarks %r at the deadline" % (level, pos, highs))
            break
        for m in c.consume(num_messages=2000, timeout=0.5):
            if m.error() is not None:
                errors.add("%s consume: %s" % (level, m.error()))
                continue
            each(m)
    c.close()
    return highs


def txn_verify(o):
    topic, parts, count = o["topic"], int(o["partitions"]), int(o["count"])
    prefix = o.get("value-prefix", "").encode("ascii")
    deadline = time.monotonic() + int(o.get("timeout-ms", "30000")) / 1000
    errors = Errors()
    uncommitted = [0]

    def count_all(_m):
        uncommitted[0] += 1
    read_all(o, topic, parts, "read_uncommitted", deadline, count_all, errors)
    seen = {}
    aborted_seen = [0]
    last = [-1] * parts

    def check(m):
        last[m.partition()] = max(last[m.partition()], m.offset())
        k = m.key() or b""
        if m.value() == ABORTED or not k.startswith(b"c"):
            aborted_seen[0] += 1
            return
        i = int(k[1:])
        if m.value() != prefix + b"v%d" % i:
            errors.add("%d/%d: value %r for key %r" % (m.partition(), m.offset(), m.value(), k))
        if i % parts != m.partition():
            errors.add("%d/%d: key %r in the wrong partition" % (m.partition(), m.offset(), k))
        seen[i] = seen.get(i, 0) + 1
    highs = read_all(o, topic, parts, "read_committed", deadline, check, errors)
    duplicates = [k for k, v in seen.items() if v > 1][:20]
    missing = [i for i in range(count) if i not in seen]
    emit("txn-verified", committed=sum(seen.values()), distinct=len(seen), duplicates=duplicates,
         missingCount=len(missing), missing=missing[:20], abortedSeen=aborted_seen[0], uncommitted=uncommitted[0],
         lastDataOffsets=last, highWatermarks=highs, errorCount=errors.count, errors=errors.first)


MODES = {"txn-produce": txn_produce, "txn-ctp": txn_ctp, "txn-verify": txn_verify}
