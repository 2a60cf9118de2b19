// GROUP config resources (issue 19 item 3): Kafka 4.4.0's validation texts, the broker defaults a
// group falls back to, and the timings the coordinator reads for one group.
import { describe, expect, test } from "bun:test";
import { describeGroupConfigs, groupConfigValueError, groupIntConfig, GROUP_CONFIG_KEYS } from "../../../src/config/group-config.ts";

const broker = (m: Record<string, string>) => (k: string) => m[k];

describe("group configs", () => {
  test("Kafka's errors: unknown key, type, range from the broker's min/max (Kafka's defaults when unset)", () => {
    const none = broker({});
    expect(groupConfigValueError("bogus.key", "1", none)).toBe("Unknown group config name: bogus.key");
    expect(groupConfigValueError("consumer.heartbeat.interval.ms", "abc", none)).toStartWith("Invalid value abc for configuration consumer.heartbeat.interval.ms: Not a number of type INT");
    expect(groupConfigValueError("consumer.session.timeout.ms", "1000", none)).toBe("consumer.session.timeout.ms must be in the range 45000 to 60000 inclusive.");
    expect(groupConfigValueError("consumer.session.timeout.ms", "50000", none)).toBeNull();
    const wide = broker({ "group.consumer.min.session.timeout.ms": "1000" });
    expect(groupConfigValueError("consumer.session.timeout.ms", "1000", wide)).toBeNull();
    expect(groupConfigValueError("consumer.assignment.interval.ms", "0", none)).toBeNull();
    expect(groupConfigValueError("share.isolation.level", "read_committed", none)).toBeNull();
  });

  test("an override wins, else the broker key's value, else Kafka's default; describe sources", () => {
    const b = broker({ "group.consumer.heartbeat.interval.ms": "6000" });
    expect(groupIntConfig("consumer.heartbeat.interval.ms", undefined, b)).toBe(6000);
    expect(groupIntConfig("consumer.heartbeat.interval.ms", new Map([["consumer.heartbeat.interval.ms", "7000"]]), b)).toBe(7000);
    expect(groupIntConfig("consumer.session.timeout.ms", undefined, b)).toBe(45000);
    const d = describeGroupConfigs(new Map([["consumer.session.timeout.ms", "50000"]]), null, b, { includeSynonyms: true });
    expect(d.length).toBe(GROUP_CONFIG_KEYS.length);
    const by = new Map(d.map((e) => [e.name, e]));
    expect(by.get("consumer.session.timeout.ms")).toMatchObject({ value: "50000", configSource: 8, synonyms: [{ name: "consumer.session.timeout.ms", value: "50000", source: 8 }, { name: "group.consumer.session.timeout.ms", value: "45000", source: 5 }] });
    expect(by.get("consumer.heartbeat.interval.ms")).toMatchObject({ value: "6000", configSource: 5, configType: 3 });
    expect(by.get("streams.rack.aware.assignment.tags")!.configType).toBe(7);
  });
});

test("share.auto.offset.reset and share.isolation.level are checked as Kafka's validators check them", () => {
  const none = () => undefined;
  for (const ok of ["earliest", "latest", "by_duration:PT1H", "by_duration:P1DT2H3M4.5S", "by_duration:PT0S"]) {
    expect(groupConfigValueError("share.auto.offset.reset", ok, none)).toBeNull();
  }
  for (const bad of ["sometimes", "by_duration:forever", "by_duration:", "by_duration:P", "by_duration:-PT1H", "by_duration:PT"]) {
    expect(groupConfigValueError("share.auto.offset.reset", bad, none)).toBe(
      `Invalid value ${bad} for configuration share.auto.offset.reset: Invalid value \`${bad}\` for configuration share.auto.offset.reset. The value must be either 'earliest', 'latest' or of the format 'by_duration:<PnDTnHnMn.nS>'.`,
    );
  }
  expect(groupConfigValueError("share.isolation.level", "read_committed", none)).toBeNull();
  expect(groupConfigValueError("share.isolation.level", "READ_COMMITTED", none)).toBe("Invalid value READ_COMMITTED for configuration share.isolation.level: String must be one of: read_committed, read_uncommitted");
});
