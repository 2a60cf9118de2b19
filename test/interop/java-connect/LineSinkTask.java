package strand.interop.connect;

import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.connect.errors.ConnectException;
import org.apache.kafka.connect.sink.SinkRecord;
import org.apache.kafka.connect.sink.SinkTask;

/** See LineSinkConnector. */
public final class LineSinkTask extends SinkTask {
    private FileOutputStream out;

    @Override public String version() { return "1.0"; }

    @Override public void start(Map<String, String> props) {
        Path file = Path.of(props.get("dir"), "sink-" + UUID.randomUUID() + ".txt");
        try {
            out = new FileOutputStream(file.toFile(), true);
        } catch (IOException e) {
            throw new ConnectException("cannot open " + file, e);
        }
    }

    @Override public void put(Collection<SinkRecord> records) {
        StringBuilder sb = new StringBuilder();
        for (SinkRecord r : records) {
            sb.append(r.topic()).append(' ').append(r.kafkaPartition()).append(' ').append(r.kafkaOffset())
                .append(' ').append(r.key()).append(' ').append(r.value()).append('\n');
        }
        try {
            out.write(sb.toString().getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new ConnectException("write failed", e);
        }
    }

    @Override public void flush(Map<TopicPartition, OffsetAndMetadata> currentOffsets) {
        try {
            out.getFD().sync();
        } catch (IOException e) {
            throw new ConnectException("fsync failed", e);
        }
    }

    @Override public void stop() {
        try {
            if (out != null) out.close();
        } catch (IOException e) {
            throw new ConnectException("close failed", e);
        }
    }
}
