// Kafka 4.4.0's own snapshot reading, for Strand's interop test (test/integration/metadata-snapshot-kafka.test.ts):
// what kafka-metadata-shell.sh --snapshot does to load a snapshot (the shell's own jar, kafka-shell 4.4.0,
// is not on Maven Central). Run as a single source file on the Kafka classpath:
//
//   java -cp <jars> MetadataSnapshotInterop.java DIR OFFSET EPOCH
//
// opens DIR/<OFFSET>-<EPOCH>.checkpoint with FileRawSnapshotReader, reads it with RecordsSnapshotReader
// (CRC-checked, header first) and MetadataRecordSerde, replays every record into a MetadataDelta over the
// empty image, applies it, and prints one line per fact of the image:
//   feature NAME LEVEL | broker ID fenced=BOOL | topic NAME ID PARTITIONS | partition NAME P leader=L replicas=R isr=I | config TYPE NAME KEY=VALUE
// then "records N lastContainedLogTimestamp T". Only public Kafka APIs are used.

import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.apache.kafka.common.utils.internals.BufferSupplier;
import org.apache.kafka.common.utils.internals.LogContext;
import org.apache.kafka.image.MetadataDelta;
import org.apache.kafka.image.MetadataImage;
import org.apache.kafka.image.MetadataProvenance;
import org.apache.kafka.image.TopicImage;
import org.apache.kafka.metadata.MetadataRecordSerde;
import org.apache.kafka.metadata.PartitionRegistration;
import org.apache.kafka.raft.Batch;
import org.apache.kafka.server.common.ApiMessageAndVersion;
import org.apache.kafka.server.common.OffsetAndEpoch;
import org.apache.kafka.snapshot.FileRawSnapshotReader;
import org.apache.kafka.snapshot.RecordsSnapshotReader;

public class MetadataSnapshotInterop {
    public static void main(String[] args) throws Exception {
        if (args.length != 3) {
            System.err.println("usage: DIR OFFSET EPOCH");
            System.exit(2);
        }
        OffsetAndEpoch id = new OffsetAndEpoch(Long.parseLong(args[1]), Integer.parseInt(args[2]));
        MetadataDelta delta = new MetadataDelta.Builder().setImage(MetadataImage.EMPTY).build();
        long records = 0;
        long timestamp;
        try (FileRawSnapshotReader raw = FileRawSnapshotReader.open(Path.of(args[0]), id);
             RecordsSnapshotReader<ApiMessageAndVersion> reader = RecordsSnapshotReader.of(raw, MetadataRecordSerde.INSTANCE, BufferSupplier.create(), 8 * 1024 * 1024, true, new LogContext())) {
            timestamp = reader.lastContainedLogTimestamp();
            while (reader.hasNext()) {
                Batch<ApiMessageAndVersion> batch = reader.next();
                for (ApiMessageAndVersion r : batch.records()) {
                    delta.replay(r.message());
                    records++;
                }
            }
        }
        MetadataImage image = delta.apply(new MetadataProvenance(id.offset() - 1, id.epoch(), timestamp, true));
        // FinalizedVersions leaves metadata.version out: it is the image's MetadataVersion.
        image.features().metadataVersion().ifPresent(mv -> System.out.println("feature metadata.version " + mv.featureLevel()));
        for (Map.Entry<String, Short> f : new TreeMap<>(image.features().finalizedVersions()).entrySet()) {
            System.out.println("feature " + f.getKey() + " " + f.getValue());
        }
        image.cluster().brokers().values().forEach(b -> System.out.println("broker " + b.id() + " fenced=" + b.fenced()));
        for (TopicImage t : new TreeMap<>(image.topics().topicsByName()).values()) {
            System.out.println("topic " + t.name() + " " + t.id() + " " + t.partitions().size());
            for (Map.Entry<Integer, PartitionRegistration> p : new TreeMap<>(t.partitions()).entrySet()) {
                PartitionRegistration r = p.getValue();
                System.out.println("partition " + t.name() + " " + p.getKey() + " leader=" + r.leader + " replicas=" + java.util.Arrays.toString(r.replicas) + " isr=" + java.util.Arrays.toString(r.isr));
            }
        }
        image.configs().resourceData().forEach((res, cfg) -> cfg.data().forEach((k, v) -> System.out.println("config " + res.type() + " " + res.name() + " " + k + "=" + v)));
        System.out.println("records " + records + " lastContainedLogTimestamp " + timestamp);
    }
}
