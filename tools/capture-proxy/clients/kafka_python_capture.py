"""One kafka-python session through the capture proxy (driven by tools/capture-proxy/capture-all.ts).

usage: kafka_python_capture.py BOOTSTRAP TOPIC produce CODEC   (CODEC: none|gzip|snappy|lz4|zstd)
       kafka_python_capture.py BOOTSTRAP TOPIC consume COUNT
"""
import sys

import kafka
from kafka import KafkaConsumer, KafkaProducer


def produce(bootstrap: str, topic: str, codec: str) -> None:
    producer = KafkaProducer(
        bootstrap_servers=bootstrap,
        client_id="strand-capture-kafka-python",
        compression_type=None if codec == "none" else codec,
        linger_ms=50,  # the three records share one batch
        acks="all",
    )
    for i in range(3):
        producer.send(
            topic,
            key=f"py-{codec}-k{i}".encode(),
            value=f"kafka-python {codec} record {i} ".encode() * 4,
            headers=[("client", b"kafka-python"), ("codec", codec.encode())],
        )
    producer.flush(timeout=30)
    producer.close(timeout=30)


def consume(bootstrap: str, topic: str, count: int) -> None:
    consumer = KafkaConsumer(
        topic,
        bootstrap_servers=bootstrap,
        client_id="strand-capture-kafka-python",
        group_id=None,  # no group: Metadata, ListOffsets and Fetch only
        auto_offset_reset="earliest",
        consumer_timeout_ms=10_000,
    )
    seen = 0
    for _ in consumer:
        seen += 1
        if seen >= count:
            break
    consumer.close()
    if seen < count:
        sys.exit(f"consumed {seen} of {count} records")
    print(f"consumed {seen} records")


def main() -> None:
    print(f"kafka-python {kafka.__version__}", file=sys.stderr)
    bootstrap, topic, mode, arg = sys.argv[1:5]
    if mode == "produce":
        produce(bootstrap, topic, arg)
    elif mode == "consume":
        consume(bootstrap, topic, int(arg))
    else:
        sys.exit(f"unknown mode {mode}")


if __name__ == "__main__":
    main()
