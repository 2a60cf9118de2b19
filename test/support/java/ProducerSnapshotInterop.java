// Kafka 4.4.0's own producer-snapshot code, for Strand's interop test (test/integration/producer-snapshot-kafka.test.ts).
// Run as a single source file on the Kafka distribution's classpath (java -cp <jars> ProducerSnapshotInterop.java ...):
//
//   write DIR   Kafka's ProducerStateManager takes the appends below through prepareUpdate/update and writes
//               DIR/<map end offset>.snapshot with takeSnapshot (ProducerStateManager.writeSnapshot).
//   read FILE   ProducerStateManager.readSnapshot(FILE): one line per entry,
//               "producerId epoch coordinatorEpoch lastTimestamp currentTxnFirstOffset lastSeq lastOffset offsetDelta"
//               (-1 where absent), or "CorruptSnapshotException: <message>" and exit code 3.
// Only public Kafka APIs are used.

import java.io.File;
import java.util.List;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.utils.Time;
import org.apache.kafka.storage.internals.log.AppendOrigin;
import org.apache.kafka.storage.internals.log.BatchMetadata;
import org.apache.kafka.storage.internals.log.CorruptSnapshotException;
import org.apache.kafka.storage.internals.log.LogOffsetMetadata;
import org.apache.kafka.storage.internals.log.ProducerAppendInfo;
import org.apache.kafka.storage.internals.log.ProducerStateEntry;
import org.apache.kafka.storage.internals.log.ProducerStateManager;
import org.apache.kafka.storage.internals.log.ProducerStateManagerConfig;

public class ProducerSnapshotInterop {
    public static void main(String[] args) throws Exception {
        if (args.length == 2 && args[0].equals("write")) write(new File(args[1]));
        else if (args.length == 2 && args[0].equals("read")) read(new File(args[1]));
        else {
            System.err.println("usage: write DIR | read FILE");
            System.exit(2);
        }
    }

    private static void append(ProducerStateManager psm, long pid, short epoch, int firstSeq, int lastSeq, long timestamp, long firstOffset, boolean txn) {
        ProducerAppendInfo info = psm.prepareUpdate(pid, AppendOrigin.CLIENT);
        long lastOffset = firstOffset + (lastSeq >= firstSeq ? lastSeq - firstSeq : (long) lastSeq - firstSeq + Integer.MAX_VALUE + 1);
        info.appendDataBatch(epoch, firstSeq, lastSeq, timestamp, new LogOffsetMetadata(firstOffset), lastOffset, txn);
        psm.update(info);
    }

    private static void write(File dir) throws Exception {
        // Expiry is far away (Integer.MAX_VALUE ms) so nothing is dropped while writing.
        ProducerStateManager psm = new ProducerStateManager(new TopicPartition("interop", 0), dir, 900_000, new ProducerStateManagerConfig(Integer.MAX_VALUE, false), Time.SYSTEM);
        append(psm, 1000L, (short) 0, 0, 4, 1_700_000_000_004L, 0, false);
        append(psm, 1000L, (short) 0, 5, 9, 1_700_000_000_009L, 5, false);
        append(psm, 77L, (short) 3, 2147483646, 1, 1_700_000_000_100L, 10, false); // the sequence wraps
        append(psm, 123456789012345L, (short) 32767, 0, 0, 1_700_000_000_200L, 14, true); // an open transaction
        psm.updateMapEndOffset(15);
        psm.takeSnapshot();
    }

    private static void read(File file) throws Exception {
        List<ProducerStateEntry> entries;
        try {
            entries = ProducerStateManager.readSnapshot(file);
        } catch (CorruptSnapshotException e) {
            System.out.println("CorruptSnapshotException: " + e.getMessage());
            System.exit(3);
            return;
        }
        StringBuilder out = new StringBuilder();
        for (ProducerStateEntry e : entries) {
            BatchMetadata last = null;
            for (BatchMetadata b : e.batchMetadata()) last = b;
            out.append(e.producerId()).append(' ').append(e.producerEpoch()).append(' ').append(e.coordinatorEpoch())
                .append(' ').append(e.lastTimestamp()).append(' ').append(e.currentTxnFirstOffset().orElse(-1L))
                .append(' ').append(last == null ? -1 : last.lastSeq()).append(' ').append(last == null ? -1 : last.lastOffset())
                .append(' ').append(last == null ? 0 : last.offsetDelta()).append('\n');
        }
        System.out.print(out);
    }
}
