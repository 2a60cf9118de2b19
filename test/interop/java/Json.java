// Minimal JSON output for the driver's result lines (one object per line on stdout).
package strand.interop;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

final class Json {
  private final Map<String, Object> fields = new LinkedHashMap<>();

  static Json event(String name) {
    Json j = new Json();
    j.fields.put("event", name);
    return j;
  }

  Json put(String k, Object v) {
    fields.put(k, v);
    return this;
  }

  void print() {
    StringBuilder sb = new StringBuilder();
    write(sb, fields);
    synchronized (System.out) {
      System.out.println(sb);
      System.out.flush();
    }
  }

  @SuppressWarnings("unchecked")
  private static void write(StringBuilder sb, Object v) {
    if (v == null) {
      sb.append("null");
    } else if (v instanceof Json j) {
      write(sb, j.fields);
    } else if (v instanceof Map<?, ?> m) {
      sb.append('{');
      boolean first = true;
      for (Map.Entry<?, ?> e : m.entrySet()) {
        if (!first) sb.append(',');
        first = false;
        writeString(sb, String.valueOf(e.getKey()));
        sb.append(':');
        write(sb, e.getValue());
      }
      sb.append('}');
    } else if (v instanceof Iterable<?> it) {
      sb.append('[');
      boolean first = true;
      for (Object o : it) {
        if (!first) sb.append(',');
        first = false;
        write(sb, o);
      }
      sb.append(']');
    } else if (v instanceof Number || v instanceof Boolean) {
      sb.append(v);
    } else {
      writeString(sb, String.valueOf(v));
    }
  }

  private static void writeString(StringBuilder sb, String s) {
    sb.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> sb.append("\\\"");
        case '\\' -> sb.append("\\\\");
        case '\n' -> sb.append("\\n");
        case '\r' -> sb.append("\\r");
        case '\t' -> sb.append("\\t");
        default -> {
          if (c < 0x20) sb.append(String.format("\\u%04x", (int) c));
          else sb.append(c);
        }
      }
    }
    sb.append('"');
  }

  /** A bounded list of error strings: the first `max` are kept, the rest only counted. */
  static final class Errors {
    private final int max;
    final List<String> first = new ArrayList<>();
    long count;

    Errors(int max) {
      this.max = max;
    }

    synchronized void add(String e) {
      count++;
      if (first.size() < max) first.add(e);
    }
  }
}
