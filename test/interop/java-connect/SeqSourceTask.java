package strand.interop.connect;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.source.SourceRecord;
import org.apache.kafka.connect.source.SourceTask;

/** One numbered stream per task; resumes after the last committed {"seq": n} (see SeqSourceConnector). */
public final class SeqSourceTask extends SourceTask {
    private String topic;
    private Map<String, Integer> partition;
    private String key;
    private int batchSize;
    private long pollIntervalMs;
    private long next;
    private volatile boolean stopping;

    @Override public String version() { return "1.0"; }

    @Override public void start(Map<String, String> props) {
        topic = props.get("topic");
        int index = Integer.parseInt(props.get("task.index"));
        partition = Map.of("task", index);
        key = "t" + index;
        batchSize = Integer.parseInt(props.getOrDefault("batch.size", "20"));
        pollIntervalMs = Long.parseLong(props.getOrDefault("poll.interval.ms", "50"));
        Map<String, Object> committed = context.offsetStorageReader().offset(partition);
        next = committed == null ? 0 : ((Number) committed.get("seq")).longValue() + 1;
    }

    @Override public List<SourceRecord> poll() throws InterruptedException {
        // Short sleeps, so stop() (called from another thread) is seen within a few milliseconds.
        long until = System.currentTimeMillis() + pollIntervalMs;
        while (!stopping && System.currentTimeMillis() < until) Thread.sleep(5);
        if (stopping) return null;
        List<SourceRecord> out = new ArrayList<>(batchSize);
        for (int i = 0; i < batchSize; i++, next++) {
            out.add(new SourceRecord(partition, Map.of("seq", next), topic, null,
                Schema.STRING_SCHEMA, key, Schema.STRING_SCHEMA, Long.toString(next)));
        }
        return out;
    }

    @Override public void stop() { stopping = true; }
}
