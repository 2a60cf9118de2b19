// "--name value" command-line options of the driver.
package strand.interop;

import java.util.HashMap;
import java.util.Map;

final class Args {
  private final Map<String, String> values = new HashMap<>();

  Args(String[] argv, int from) {
    for (int i = from; i < argv.length; i++) {
      String a = argv[i];
      if (!a.startsWith("--") || i + 1 >= argv.length) throw new IllegalArgumentException("expected --name value at " + a);
      values.put(a.substring(2), argv[++i]);
    }
  }

  String str(String name) {
    String v = values.get(name);
    if (v == null) throw new IllegalArgumentException("missing --" + name);
    return v;
  }

  String str(String name, String dflt) {
    return values.getOrDefault(name, dflt);
  }

  long num(String name) {
    return Long.parseLong(str(name));
  }

  long num(String name, long dflt) {
    String v = values.get(name);
    return v == null ? dflt : Long.parseLong(v);
  }
}
