// The web console in headless Chromium (Debian's chromium, driven by playwright-core) against a real
// broker process: each page renders the broker's real state (brokers and controller, topic names and
// partition counts, a group's lag per partition and its trend chart, records with keys, headers and
// pretty-printed JSON, markup in a key shown as text), and create topic, delete topic and reset offsets,
// each confirmed in the page's dialog, take effect as the Kafka protocol sees them.
//
// A screenshot of each page is saved in $STRAND_TEST_ARTEFACTS/console (else a temp dir, printed);
// STRAND_CONSOLE_SCREENSHOTS=docs/console writes the ones the README shows.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromium, type Browser, type Locator, type Page } from "playwright-core";
import { buildRecordBatch } from "../../src/protocol/records/index.ts";
import { ensureChromium } from "../support/chromium.ts";
import { COMMITTED, commitOffsets, fetchCommitted, GROUP, HOSTILE_KEY, joinMember, PARTITIONS, PER_PARTITION, seedConsoleState, topicPartitions, TOPIC } from "../support/console-fixture.ts";
import { KafkaTestClient } from "../support/kafka-client.ts";
import { removeDataDir, startStrand, type StrandHandle } from "../support/strand.ts";
import { until } from "../support/until.ts";
import { createTopic, produce, waitForLeaders } from "../unit/produce/wire-helpers.ts";

let broker: StrandHandle;
let client: KafkaTestClient;
let member: KafkaTestClient;
let browser: Browser;
let page: Page;
let shots: string[];
/** Script errors and console errors of every page (CSP refusals included); the last test wants none. */
const pageErrors: string[] = [];

beforeAll(async () => {
  const executablePath = await ensureChromium();
  broker = await startStrand({ overrides: { "group.initial.rebalance.delay.ms": 0, "offsets.topic.num.partitions": 3 } });
  client = await KafkaTestClient.connect(broker.port);
  await seedConsoleState(client);
  await commitOffsets(client, "browser-reset", TOPIC, [[0, 2n], [1, 2n], [2, 2n]]);
  // A member (without heartbeats: it expires after its 30 s session, after the pages that show it).
  member = await KafkaTestClient.connect(broker.port);
  await joinMember(member, GROUP, TOPIC, PARTITIONS);
  await createTopic(client, "clickstream", 2);
  await waitForLeaders(client, "clickstream", 2);
  browser = await chromium.launch({ executablePath, headless: true, args: ["--no-sandbox"], timeout: 60_000 });
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.setDefaultTimeout(15_000);
  // The page's own errors fail the test's reading of it: print them with the test's output.
  page.on("pageerror", (e) => pageErrors.push(`page error: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error") pageErrors.push(`page console: ${m.text()}`);
  });
  const base = process.env.STRAND_TEST_ARTEFACTS ? join(process.env.STRAND_TEST_ARTEFACTS, "console") : mkdtempSync(join(tmpdir(), "strand-console-shots-"));
  shots = [base, ...(process.env.STRAND_CONSOLE_SCREENSHOTS ? [resolve(process.env.STRAND_CONSOLE_SCREENSHOTS)] : [])];
  for (const d of shots) mkdirSync(d, { recursive: true });
  console.log(`console screenshots: ${shots.join(", ")}`);
}, 600_000);

afterAll(async () => {
  await browser?.close();
  client?.close();
  member?.close();
  await broker?.stop();
  if (broker) removeDataDir(broker.dataDir);
}, 60_000);

/** Polls the element's text until `ok` holds (bounded); fails naming what it last saw. */
async function textWhere(l: Locator, what: string, ok: (text: string) => boolean): Promise<string> {
  let last = "";
  return until(what, async () => {
    last = ((await l.first().textContent({ timeout: 1_000 }).catch(() => null)) ?? "").trim();
    return ok(last) ? last : null;
  }, 15_000, 100, () => `last text: ${JSON.stringify(last)}`);
}
const hasText = (l: Locator, t: string) => textWhere(l, `text ${JSON.stringify(t)}`, (x) => x === t);
const containsText = (l: Locator, t: string) => textWhere(l, `text containing ${JSON.stringify(t)}`, (x) => x.includes(t));
async function hasCount(l: Locator, n: number): Promise<void> {
  let last = -1;
  let shown = "";
  await until(`${n} elements`, async () => {
    last = await l.count();
    shown = (await page.locator("#main").textContent()) ?? "";
    return last === n;
  }, 15_000, 100, () => `last count: ${last}; the page showed: ${shown.slice(0, 500)}`);
}

async function open(hash: string): Promise<void> {
  // A new document each time (a hash change alone would keep the last page's ready mark).
  await page.goto("about:blank");
  await page.goto(`${broker.adminUrl}/console${hash}`);
  await page.waitForSelector("body[data-ready]");
}

async function screenshot(name: string): Promise<void> {
  for (const d of shots) await page.screenshot({ path: join(d, `${name}.png`), fullPage: true });
}

test("overview: the broker, the active controller, and throughput charts", async () => {
  // Records arriving while the page is open, so the throughput chart has something to draw.
  let producing = true;
  const load = (async () => {
    for (let i = 0; producing && i < 200; i++) {
      const records = Array.from({ length: 50 }, (_, j) => ({ key: null, value: new TextEncoder().encode(JSON.stringify({ page: `/p/${j}`, i })) }));
      await produce(client, "clickstream", i % 2, buildRecordBatch({ records }));
      await Bun.sleep(100);
    }
  })();
  try {
    await open("#/overview");
    await containsText(page.locator("table").first(), "active controller");
    await containsText(page.locator(".card").filter({ hasText: "Active controller" }), "1");
    // The chart draws a line once two samples exist (the page re-reads every 3 s).
    await until("a throughput line of two points", () => page.locator("svg.chart path.line").evaluateAll((ps) => ps.some((p) => (p.getAttribute("d") ?? "").includes("L"))), 20_000, 200);
  } finally {
    producing = false;
    await load;
  }
  await screenshot("overview");
}, 60_000);

test("topics: names, partition counts; a topic's partitions, leaders, ISR and configs", async () => {
  await open("#/topics");
  const row = page.locator("#topic-table tr").filter({ hasText: TOPIC });
  await hasText(row.locator("td").nth(1), String(PARTITIONS));
  await hasText(row.locator("td").nth(4), String(PARTITIONS * PER_PARTITION));
  await screenshot("topics");
  await row.locator("a").first().click();
  await hasText(page.locator("#topic-name"), TOPIC);
  const parts = page.locator("table").first().locator("tbody tr");
  await hasCount(parts, PARTITIONS);
  await hasText(parts.nth(0).locator("td").nth(5), String(PER_PARTITION));
  await containsText(page.locator("table").nth(1), "retention.ms");
  await screenshot("topic");
}, 60_000);

test("consumer group: lag per partition and the lag trend chart", async () => {
  await open("#/groups");
  const row = page.locator("tr").filter({ hasText: GROUP });
  const total = COMMITTED.reduce((a, c) => a + (PER_PARTITION - Number(c)), 0);
  await hasText(row.locator("td").nth(4), String(total));
  await screenshot("groups");
  await row.locator("a").click();
  await hasText(page.locator("#group-id"), GROUP);
  await hasCount(page.locator("[data-lag]"), PARTITIONS);
  expect(await page.locator("[data-lag]").evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-lag"))))).toEqual(COMMITTED.map((c) => PER_PARTITION - Number(c)));
  // A constant lag draws a flat line (no height, so never "visible"): attached is what counts.
  await page.waitForSelector("svg.chart[aria-label='Total lag'] path.line", { state: "attached" });
  await screenshot("group");
}, 60_000);

test("message browser: key, headers, pretty-printed JSON, binary as hex, markup shown as text", async () => {
  await open(`#/messages?topic=${encodeURIComponent(TOPIC)}&partition=0&offset=0&limit=5`);
  const msgs = page.locator(".msg");
  await hasCount(msgs, 5);
  await hasText(msgs.nth(0).locator("pre").first(), HOSTILE_KEY);
  expect(await page.evaluate(() => (globalThis as unknown as { __xss?: number }).__xss)).toBeUndefined();
  expect(await page.locator("#messages img").count()).toBe(0);
  await containsText(msgs.nth(0), "t-0-0");
  await hasText(msgs.nth(1).locator("pre.value-hex"), "00 01 02 ff fe");
  const json = await msgs.nth(3).locator("pre.value-json").textContent();
  expect(json).toBe(JSON.stringify({ order: 3, partition: 0, items: [{ sku: "A-1", qty: 3 }] }, null, 2));
  await screenshot("messages");
  // The form: start at a time typed as a date (records are a minute apart from 2026-01-01T00:00Z).
  await page.selectOption("#browse select[name=mode]", "timestamp");
  await page.fill("#browse input[name=value]", "2026-01-01T00:05:00Z");
  await page.fill("#browse input[name=limit]", "2");
  await page.click("#browse button[type=submit]");
  await hasCount(page.locator(".msg[data-offset='5']"), 1);
  await hasCount(page.locator(".msg"), 2);
}, 60_000);

test("create topic and delete topic through the page's confirmation take effect", async () => {
  await open("#/topics");
  await page.fill("#create-topic input[name=name]", "made-in-browser");
  await page.fill("#create-topic input[name=partitions]", "2");
  await page.click("#create-topic button[type=submit]");
  await containsText(page.locator("#confirm-text"), "made-in-browser");
  await page.click("#confirm-ok");
  await containsText(page.locator("#create-result"), "Created made-in-browser");
  expect(await topicPartitions(client, "made-in-browser")).toBe(2);

  await open("#/topics/made-in-browser");
  await page.click("#delete-topic");
  await page.click("#confirm-cancel");
  expect(await topicPartitions(client, "made-in-browser")).toBe(2);
  await page.click("#delete-topic");
  await containsText(page.locator("#confirm-text"), "Delete topic \"made-in-browser\"");
  await page.click("#confirm-ok");
  await until("the topic gone through Metadata", async () => (await topicPartitions(client, "made-in-browser")) === null, 10_000, 100);
}, 60_000);

test("reset offsets through the page's confirmation takes effect", async () => {
  await open("#/groups/browser-reset");
  await page.selectOption("#reset-offsets select[name=to]", "latest");
  await page.click("#reset-offsets button[type=submit]");
  await page.click("#confirm-ok");
  await containsText(page.locator("#reset-result"), "Reset 3 partition(s)");
  expect(await fetchCommitted(client, "browser-reset", TOPIC, PARTITIONS)).toEqual([BigInt(PER_PARTITION), BigInt(PER_PARTITION), BigInt(PER_PARTITION)]);
}, 60_000);

test("no page raised a script error or a console error (a Content-Security-Policy refusal among them)", () => {
  expect(pageErrors).toEqual([]);
});
