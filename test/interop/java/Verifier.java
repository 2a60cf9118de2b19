// Checks consumed records against the spec: per partition, offsets follow one another from 0, and the
// record at offset o of partition p is record i = o * partitions + p (key, value, headers, timestamp).
// checkContent checks one record against spec record i (transactional topics: by position, not offset).
package strand.interop;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.record.TimestampType;

final class Verifier {
  final int partitions;
  final long t0;
  final long[] next;
  final long[] expected;
  final Json.Errors errors = new Json.Errors(20);
  long total;

  Verifier(int partitions, long count, long t0) {
    this.partitions = partitions;
    this.t0 = t0;
    this.next = new long[partitions];
    this.expected = new long[partitions];
    for (int p = 0; p < partitions; p++) expected[p] = count / partitions + (p < count % partitions ? 1 : 0);
  }

  boolean done() {
    for (int p = 0; p < partitions; p++) if (next[p] < expected[p]) return false;
    return true;
  }

  void check(ConsumerRecord<byte[], byte[]> r) {
    int p = r.partition();
    String where = p + "/" + r.offset();
    if (r.offset() != next[p]) errors.add(where + ": expected offset " + next[p]);
    next[p] = r.offset() + 1;
    total++;
    checkContent(r, r.offset() * partitions + p, where);
  }

  /** Key, value, timestamp and headers of `r` are those of spec record i. */
  void checkContent(ConsumerRecord<byte[], byte[]> r, long i, String where) {
    if (!Arrays.equals(r.key(), Spec.key(i))) errors.add(where + ": key " + new String(r.key()) + ", expected k" + i);
    if (!Arrays.equals(r.value(), Spec.value(i))) errors.add(where + ": value of " + (r.value() == null ? -1 : r.value().length) + " bytes differs (record " + i + ")");
    if (r.timestamp() != Spec.timestamp(t0, i) || r.timestampType() != TimestampType.CREATE_TIME) {
      errors.add(where + ": timestamp " + r.timestamp() + " " + r.timestampType() + ", expected CreateTime " + Spec.timestamp(t0, i));
    }
    Header[] hs = r.headers().toArray();
    if (hs.length != Spec.headerCount(i)) {
      errors.add(where + ": " + hs.length + " headers, expected " + Spec.headerCount(i));
    } else {
      for (int k = 0; k < hs.length; k++) {
        if (!hs[k].key().equals(Spec.headerKey(k)) || !Arrays.equals(hs[k].value(), Spec.headerValue(i, k))) {
          errors.add(where + ": header " + k + " differs");
        }
      }
    }
  }

  List<Long> nextOffsets() {
    List<Long> l = new ArrayList<>();
    for (long o : next) l.add(o);
    return l;
  }
}
