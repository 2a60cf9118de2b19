// The interop record formula (test/interop/spec.ts is the reference; every driver implements it):
// record i of N goes to partition i % P at offset i / P of a fresh topic, with key "k<i>", a value of
// size(i) lowercase letters ('a' + (i + j) % 26), i % 3 headers "h<k>" = String(i * (k + 1)), and
// timestamp t0 + i (CreateTime).
package strand.interop;

import java.nio.charset.StandardCharsets;

final class Spec {
  private static final int[] SIZES = {1, 10, 50, 100, 300, 600, 1500};
  static final int LARGE_EVERY = 5000;
  static final int LARGE_SIZE = 100_000;

  private Spec() {}

  static int size(long i) {
    return i % LARGE_EVERY == LARGE_EVERY - 1 ? LARGE_SIZE : SIZES[(int) (i % SIZES.length)];
  }

  static byte[] key(long i) {
    return ("k" + i).getBytes(StandardCharsets.US_ASCII);
  }

  static byte[] value(long i) {
    int n = size(i);
    byte[] v = new byte[n];
    for (int j = 0; j < n; j++) v[j] = (byte) ('a' + (int) ((i + j) % 26));
    return v;
  }

  static int headerCount(long i) {
    return (int) (i % 3);
  }

  static String headerKey(int k) {
    return "h" + k;
  }

  static byte[] headerValue(long i, int k) {
    return Long.toString(i * (k + 1)).getBytes(StandardCharsets.US_ASCII);
  }

  static long timestamp(long t0, long i) {
    return t0 + i;
  }
}
