// Strand console: the page's script (plain browser JavaScript, no framework, served from the binary).
// Every piece of broker data (topic names, group ids, keys, headers, values) reaches the page through
// textContent or attribute setters of elements built here: nothing is parsed as HTML. Hash routes:
// #/overview, #/topics, #/topics/NAME, #/groups, #/groups/ID, #/messages?topic=&partition=&...
"use strict";

const API = "/console/api";
const REFRESH_MS = 3000;
let refreshTimer = null;
let renderSeq = 0;

function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") el.className = v;
    else if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

function link(href, text) {
  return h("a", { href }, text);
}

function enc(s) {
  return encodeURIComponent(s);
}

// Thrown when a newer render started while this one waited: the older one must not touch the page.
const STALE = new Error("stale render");

async function getJson(path) {
  const seq = renderSeq;
  const r = await fetch(API + path, { headers: { accept: "application/json" } });
  const body = await r.json();
  if (seq !== renderSeq) throw STALE;
  if (!r.ok) throw new Error(body.error || `HTTP ${r.status}`);
  return body;
}

async function postJson(path, body) {
  const r = await fetch(API + path, {
    method: "POST",
    headers: { "content-type": "application/json", "x-strand-console": "1" },
    body: JSON.stringify(body || {}),
  });
  const out = await r.json();
  if (!r.ok) throw new Error(out.error || `HTTP ${r.status}`);
  return out;
}

function fmtBytes(n) {
  if (n === null || n === undefined) return "–";
  const units = ["B", "KiB", "MiB", "GiB", "TiB"];
  let i = 0;
  let v = Number(n);
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${i === 0 ? v : v.toFixed(1)} ${units[i]}`;
}

function fmtNum(n) {
  if (n === null || n === undefined) return "–";
  return Number(n).toLocaleString("en-US", { maximumFractionDigits: 1 });
}

function fmtTime(ms) {
  const d = new Date(Number(ms));
  return Number.isNaN(d.getTime()) ? String(ms) : d.toISOString().replace("T", " ").replace("Z", " UTC");
}

// A timestamp typed as epoch milliseconds or as a date ("2026-01-01T00:05:00Z"); left as typed when neither, for the API to refuse.
function epochMs(typed) {
  const t = typed.trim();
  if (/^\d+$/.test(t)) return t;
  const parsed = Date.parse(t);
  return Number.isNaN(parsed) ? t : String(parsed);
}

function card(label, value) {
  return h("div", { class: "card" }, h("div", { class: "label" }, label), h("div", { class: "value" }, value));
}

function table(headers, rows, numeric) {
  const num = new Set(numeric || []);
  return h(
    "table",
    {},
    h("thead", {}, h("tr", {}, headers.map((x, i) => h("th", { class: num.has(i) ? "num" : null }, x)))),
    h("tbody", {}, rows.map((r) => h("tr", {}, r.map((c, i) => h("td", { class: num.has(i) ? "num" : null }, c))))),
  );
}

// A line chart drawn as SVG: one or more series of {t, v}; axes with the max value and the time span.
function chart(title, series, fmt) {
  const W = 460;
  const H = 170;
  const L = 56;
  const B = 22;
  const T = 22;
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("class", "chart");
  svg.setAttribute("width", W);
  svg.setAttribute("height", H);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", title);
  const add = (tag, attrs, text) => {
    const el = document.createElementNS(ns, tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
    if (text !== undefined) el.textContent = text;
    svg.append(el);
    return el;
  };
  add("text", { x: 8, y: 14, class: "title" }, title);
  const points = series.flatMap((s) => s.points);
  add("line", { class: "axis", x1: L, y1: H - B, x2: W - 8, y2: H - B });
  add("line", { class: "axis", x1: L, y1: T, x2: L, y2: H - B });
  if (points.length === 0) {
    add("text", { x: L + 10, y: H / 2 }, "collecting samples…");
    return svg;
  }
  const t0 = Math.min(...points.map((p) => p.t));
  const t1 = Math.max(...points.map((p) => p.t));
  const vmax = Math.max(1, ...points.map((p) => p.v));
  const x = (t) => L + (t1 === t0 ? (W - 8 - L) / 2 : ((t - t0) / (t1 - t0)) * (W - 8 - L));
  const y = (v) => H - B - (v / vmax) * (H - B - T);
  add("text", { x: 4, y: T + 4 }, fmt(vmax));
  add("text", { x: 4, y: H - B }, fmt(0));
  add("text", { x: L, y: H - 6 }, new Date(t0).toISOString().slice(11, 19));
  add("text", { x: W - 56, y: H - 6 }, new Date(t1).toISOString().slice(11, 19));
  series.forEach((s, i) => {
    if (s.points.length === 0) return;
    const d = s.points.map((p, j) => `${j === 0 ? "M" : "L"}${x(p.t).toFixed(1)},${y(p.v).toFixed(1)}`).join(" ");
    add("path", { class: "line", d, stroke: s.color });
    if (s.points.length === 1) add("circle", { cx: x(s.points[0].t), cy: y(s.points[0].v), r: 3, fill: s.color });
    add("text", { x: W - 150, y: 14 + i * 12, class: "legend", fill: s.color }, s.name);
  });
  return svg;
}

function rateCharts(rates) {
  return h(
    "div",
    { class: "charts" },
    chart("Bytes in / s", [{ name: "bytes/s", color: "#2457d6", points: rates.map((r) => ({ t: r.timeMs, v: r.bytesPerSec })) }], fmtBytes),
    chart("Messages in / s", [{ name: "msgs/s", color: "#1b7f3b", points: rates.map((r) => ({ t: r.timeMs, v: r.messagesPerSec })) }], fmtNum),
  );
}

// The confirmation every action passes through: a modal naming what will happen.
function confirmAction(text) {
  const dlg = document.getElementById("confirm");
  document.getElementById("confirm-text").textContent = text;
  return new Promise((resolve) => {
    dlg.addEventListener("close", () => resolve(dlg.returnValue === "ok"), { once: true });
    dlg.returnValue = "";
    dlg.showModal();
  });
}

function setStatus(text) {
  document.getElementById("status").textContent = text;
}

function errorBox(e) {
  return h("p", { class: "error", "data-error": "" }, String(e && e.message ? e.message : e));
}

function stateBadge(state) {
  const s = String(state).toLowerCase();
  const cls = s === "stable" ? "ok" : s === "empty" ? "" : s === "dead" ? "bad" : "warn";
  return h("span", { class: `badge ${cls}` }, state);
}

// ---- pages -------------------------------------------------------------------------------------

async function pageOverview(main) {
  const [ov, tp] = await Promise.all([getJson("/overview"), getJson("/throughput")]);
  main.replaceChildren(
    h("h1", {}, "Cluster overview"),
    h(
      "div",
      { class: "cards" },
      card("Cluster id", ov.clusterId),
      card("Active controller", String(ov.controllerId)),
      card("Brokers", String(ov.brokers.length)),
      card("Topics", String(ov.topicCount)),
      card("Partitions", String(ov.partitionCount)),
      card("Under-replicated", String(ov.underReplicatedPartitionCount)),
      card("Offline", String(ov.offlinePartitionCount)),
    ),
    h("h2", {}, "Brokers"),
    table(
      ["Node", "Endpoints", "Rack", "State", "Role"],
      ov.brokers.map((b) => [
        String(b.nodeId) + (b.nodeId === ov.nodeId ? " (this console)" : ""),
        b.endpoints.map((e) => `${e.name} ${e.host}:${e.port}`).join(", "),
        b.rack || "–",
        b.fenced ? h("span", { class: "badge bad" }, "fenced") : b.inControlledShutdown ? h("span", { class: "badge warn" }, "shutting down") : h("span", { class: "badge ok" }, "running"),
        b.isController ? "active controller" : "",
      ]),
    ),
    ov.controllers.length > 0 ? h("p", { class: "muted" }, `Controller quorum nodes: ${ov.controllers.join(", ")} · metadata offset ${ov.metadataOffset}`) : null,
    h("h2", {}, "Throughput (topics led by this broker)"),
    rateCharts(tp.rates),
  );
}

let topicFilter = "";

async function pageTopics(main, first) {
  const listing = await getJson(`/topics?filter=${enc(topicFilter)}`);
  const list = listing.topics;
  if (first || !main.querySelector("#topic-table")) {
    const msg = h("p", { id: "create-result" });
    const name = h("input", { name: "name", placeholder: "topic name", required: true, maxlength: 249 });
    const parts = h("input", { name: "partitions", type: "number", min: 1, value: 3, class: "narrow" });
    const rf = h("input", { name: "replicationFactor", type: "number", min: 1, placeholder: "default", class: "narrow" });
    const form = h(
      "form",
      {
        class: "inline",
        id: "create-topic",
        onsubmit: async (ev) => {
          ev.preventDefault();
          const body = { name: name.value.trim(), partitions: Number(parts.value) || -1, replicationFactor: Number(rf.value) || -1 };
          if (!(await confirmAction(`Create topic "${body.name}" with ${body.partitions} partition(s)?`))) return;
          try {
            const r = await postJson("/topics", body);
            msg.replaceChildren(h("span", { class: "notice" }, `Created ${r.name} (${r.partitions} partitions, replication factor ${r.replicationFactor}).`));
            name.value = "";
            refresh();
          } catch (e) {
            msg.replaceChildren(errorBox(e));
          }
        },
      },
      h("label", {}, "Name", name),
      h("label", {}, "Partitions", parts),
      h("label", {}, "Replication factor", rf),
      h("button", { class: "primary", type: "submit" }, "Create topic"),
    );
    const filter = h("input", { name: "filter", placeholder: "filter by name", value: topicFilter, class: "wide", oninput: () => ((topicFilter = filter.value), refresh()) });
    main.replaceChildren(h("h1", {}, "Topics"), form, msg, h("p", {}, filter), h("div", { id: "topic-table" }));
  }
  const holder = main.querySelector("#topic-table");
  holder.replaceChildren(
    listing.truncated ? h("p", { class: "muted" }, `Showing ${list.length} of ${listing.matching} topics: narrow the filter.`) : "",
    table(
      ["Topic", "Partitions", "RF", "Under-replicated", "Messages", "Size here"],
      list.map((t) => [
        h("span", {}, link(`#/topics/${enc(t.name)}`, t.name), t.internal ? h("span", { class: "badge tag" }, "internal") : null),
        String(t.partitions),
        String(t.replicationFactor),
        t.underReplicated > 0 ? h("span", { class: "badge warn" }, String(t.underReplicated)) : "0",
        fmtNum(t.messages),
        fmtBytes(t.sizeBytes),
      ]),
      [1, 2, 3, 4, 5],
    ),
  );
}

async function pageTopic(main, name) {
  const t = await getJson(`/topics/${enc(name)}`);
  const msg = h("p", { id: "delete-result" });
  const del = h(
    "button",
    {
      class: "danger",
      id: "delete-topic",
      onclick: async () => {
        if (!(await confirmAction(`Delete topic "${t.name}" and all its data? This cannot be undone.`))) return;
        try {
          await postJson(`/topics/${enc(t.name)}/delete`, {});
          location.hash = "#/topics";
        } catch (e) {
          msg.replaceChildren(errorBox(e));
        }
      },
    },
    "Delete topic",
  );
  main.replaceChildren(
    h("h1", {}, "Topic ", h("span", { id: "topic-name" }, t.name)),
    h(
      "div",
      { class: "cards" },
      card("Partitions", String(t.partitions)),
      card("Replication factor", String(t.replicationFactor)),
      card("Messages", fmtNum(t.messages)),
      card("Size here", fmtBytes(t.sizeBytes)),
      card("Topic id", t.topicId),
    ),
    h("p", {}, link(`#/messages?topic=${enc(t.name)}&partition=0`, "Browse messages"), " · ", del),
    msg,
    h("h2", {}, "Partitions"),
    table(
      ["Partition", "Leader", "Replicas", "ISR", "Log start", "High watermark", "Log end", "Size"],
      t.partitionList.map((p) => [
        link(`#/messages?topic=${enc(t.name)}&partition=${p.partition}`, String(p.partition)),
        p.leader < 0 ? h("span", { class: "badge bad" }, "none") : String(p.leader),
        p.replicas.join(", "),
        p.isr.length < p.replicas.length ? h("span", { class: "badge warn" }, p.isr.join(", ")) : p.isr.join(", "),
        p.local ? fmtNum(p.logStartOffset) : "–",
        p.local ? fmtNum(p.highWatermark) : "–",
        p.local ? fmtNum(p.logEndOffset) : "–",
        p.local ? fmtBytes(p.sizeBytes) : "–",
      ]),
      [0, 1, 4, 5, 6, 7],
    ),
    h("h2", {}, "Throughput"),
    rateCharts(t.rates),
    h("h2", {}, "Configs"),
    table(
      ["Name", "Value", "Source"],
      t.configs.map((c) => [c.name, c.value === null ? "null" : c.value, c.source === "DYNAMIC_TOPIC_CONFIG" ? h("span", { class: "badge ok" }, "topic override") : h("span", { class: "muted" }, c.source)]),
    ),
  );
}

async function pageGroups(main) {
  const list = await getJson("/groups");
  main.replaceChildren(
    h("h1", {}, "Consumer groups"),
    list.length === 0 ? h("p", { class: "muted" }, "No consumer group is coordinated by this broker.") : null,
    table(
      ["Group", "State", "Type", "Members", "Total lag"],
      list.map((g) => [link(`#/groups/${enc(g.groupId)}`, g.groupId), stateBadge(g.state), g.type, String(g.memberCount), fmtNum(g.totalLag)]),
      [3, 4],
    ),
  );
}

async function pageGroup(main, groupId, first) {
  const g = await getJson(`/groups/${enc(groupId)}`);
  if (first || !main.querySelector("#group-data")) {
    const topicsOf = [...new Set(g.offsets.map((o) => o.topic))];
    const msg = h("p", { id: "reset-result" });
    const topic = h("select", { name: "topic" }, topicsOf.map((n) => h("option", { value: n }, n)));
    const to = h("select", { name: "to" }, ["earliest", "latest", "offset", "timestamp"].map((v) => h("option", { value: v }, v)));
    const value = h("input", { name: "value", placeholder: "offset, epoch ms or ISO date", class: "wide" });
    const form = h(
      "form",
      {
        class: "inline",
        id: "reset-offsets",
        onsubmit: async (ev) => {
          ev.preventDefault();
          const body = { topic: topic.value, to: to.value };
          if (to.value === "offset") body.offset = value.value.trim();
          if (to.value === "timestamp") body.timestamp = epochMs(value.value);
          const where = to.value === "offset" || to.value === "timestamp" ? `${to.value} ${value.value.trim()}` : to.value;
          if (!(await confirmAction(`Reset the offsets of group "${groupId}" on topic "${body.topic}" to ${where}?`))) return;
          try {
            const r = await postJson(`/groups/${enc(groupId)}/reset-offsets`, body);
            msg.replaceChildren(h("span", { class: "notice" }, `Reset ${r.partitions.length} partition(s): ${r.partitions.map((p) => `${p.partition}→${p.offset}${p.error ? ` (${p.error})` : ""}`).join(", ")}`));
            refresh();
          } catch (e) {
            msg.replaceChildren(errorBox(e));
          }
        },
      },
      h("label", {}, "Topic", topic),
      h("label", {}, "Reset to", to),
      h("label", {}, "Value", value),
      h("button", { class: "danger", type: "submit" }, "Reset offsets"),
    );
    main.replaceChildren(
      h("h1", {}, "Group ", h("span", { id: "group-id" }, groupId)),
      h("div", { id: "group-data" }),
      h("h2", {}, "Reset offsets"),
      h("p", { class: "muted" }, "Only a group without members can be reset (as kafka-consumer-groups.sh --reset-offsets)."),
      form,
      msg,
    );
  }
  main.querySelector("#group-data").replaceChildren(
    h("div", { class: "cards" }, card("State", g.state), card("Type", g.type), card("Members", String(g.memberCount)), card("Total lag", fmtNum(g.totalLag)), card("Coordinator", String(g.coordinator))),
    h("h2", {}, "Lag per partition"),
    table(
      ["Topic", "Partition", "Committed", "High watermark", "Lag"],
      g.offsets.map((o) => [link(`#/topics/${enc(o.topic)}`, o.topic), String(o.partition), fmtNum(o.committed), fmtNum(o.highWatermark), o.lag === null ? "–" : h("span", { class: o.lag > 0 ? "badge warn" : "badge ok", "data-lag": o.lag }, fmtNum(o.lag))]),
      [1, 2, 3, 4],
    ),
    h("h2", {}, "Lag trend"),
    chart("Total lag", [{ name: "lag", color: "#c62828", points: g.lagTrend.map((p) => ({ t: p.timeMs, v: p.lag })) }], fmtNum),
    h("h2", {}, "Members"),
    g.members.length === 0
      ? h("p", { class: "muted" }, "No members.")
      : table(
          ["Member", "Client id", "Host", "Assignment"],
          g.members.map((m) => [m.memberId, m.clientId, m.clientHost, m.assignment.map((a) => `${a.topic}: ${a.partitions.join(",")}`).join("; ")]),
        ),
  );
}

function shownBytes(label, b) {
  if (b === null) return [h("div", { class: "field" }, label), h("pre", {}, "null")];
  let text = b.data;
  let kind = b.encoding === "hex" ? "hex" : "text";
  if (b.encoding === "utf8" && !b.truncated) {
    try {
      const parsed = JSON.parse(text);
      if (parsed !== null && typeof parsed === "object") {
        text = JSON.stringify(parsed, null, 2);
        kind = "JSON";
      }
    } catch {
      // not JSON: shown as text
    }
  }
  if (b.encoding === "hex") text = text.replace(/(..)/g, "$1 ").trim();
  const note = `${label} · ${kind} · ${fmtBytes(b.size)}${b.truncated ? " (truncated)" : ""}`;
  return [h("div", { class: "field" }, note), h("pre", { class: `value-${kind.toLowerCase()}` }, text)];
}

async function pageMessages(main, params) {
  const q = new URLSearchParams(params);
  const names = (await getJson("/topics")).topics.map((t) => t.name);
  // The listing is bounded: a topic named in the link is offered even when it is past the bound.
  if (q.get("topic") && !names.includes(q.get("topic"))) names.unshift(q.get("topic"));
  const topic = h("select", { name: "topic" }, names.map((n) => h("option", { value: n, selected: n === q.get("topic") }, n)));
  const partition = h("input", { name: "partition", type: "number", min: 0, value: q.get("partition") || "0", class: "narrow" });
  const mode = h("select", { name: "mode" }, ["offset", "timestamp", "latest"].map((v) => h("option", { value: v, selected: (q.get("timestamp") ? "timestamp" : q.get("from") === "latest" ? "latest" : "offset") === v }, v)));
  const value = h("input", { name: "value", value: q.get("offset") || q.get("timestamp") || "0", class: "wide" });
  const limit = h("input", { name: "limit", type: "number", min: 1, max: 500, value: q.get("limit") || "20", class: "narrow" });
  const results = h("div", { id: "messages" });
  const form = h(
    "form",
    {
      class: "inline",
      id: "browse",
      onsubmit: (ev) => {
        ev.preventDefault();
        const p = new URLSearchParams({ topic: topic.value, partition: partition.value, limit: limit.value });
        if (mode.value === "offset") p.set("offset", value.value.trim() || "0");
        else if (mode.value === "timestamp") p.set("timestamp", epochMs(value.value));
        else p.set("from", "latest");
        location.hash = `#/messages?${p}`;
      },
    },
    h("label", {}, "Topic", topic),
    h("label", {}, "Partition", partition),
    h("label", {}, "Start at", mode),
    h("label", {}, "Offset, or time (epoch ms or ISO date)", value),
    h("label", {}, "Max messages", limit),
    h("button", { class: "primary", type: "submit" }, "Browse"),
  );
  main.replaceChildren(h("h1", {}, "Message browser"), form, results);
  if (!q.get("topic")) {
    results.append(h("p", { class: "muted" }, "Choose a topic and a start."));
    return;
  }
  const r = await getJson(`/messages?${q}`);
  results.append(
    h("p", { class: "muted" }, `${r.topic}-${r.partition}: log start ${r.logStartOffset}, high watermark ${r.highWatermark}; showing ${r.messages.length} from offset ${r.startOffset}.`),
    ...r.messages.map((m) =>
      h(
        "div",
        { class: "msg", "data-offset": m.offset },
        h("div", { class: "meta" }, `offset ${m.offset} · ${m.timestampType} ${fmtTime(m.timestamp)} · ${m.compression}${m.transactional ? " · transactional" : ""}`),
        shownBytes("key", m.key),
        m.headers.length > 0 ? [h("div", { class: "field" }, "headers"), table(["Header", "Value"], m.headers.map((x) => [x.key, x.value === null ? "null" : x.value.encoding === "hex" ? `hex ${x.value.data}` : x.value.data]))] : null,
        shownBytes("value", m.value),
      ),
    ),
    BigInt(r.nextOffset) < BigInt(r.highWatermark)
      ? h("p", {}, link(`#/messages?${new URLSearchParams({ topic: r.topic, partition: String(r.partition), offset: String(r.nextOffset), limit: q.get("limit") || "20" })}`, "Next page →"))
      : h("p", { class: "muted" }, "End of the partition (high watermark)."),
  );
}

// ---- routing -----------------------------------------------------------------------------------

function parseHash() {
  const raw = location.hash.replace(/^#/, "") || "/overview";
  const [path, query] = raw.split("?");
  const parts = path.split("/").filter(Boolean).map((s) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return s;
    }
  });
  return { parts, query: query || "" };
}

async function render(first) {
  const seq = ++renderSeq;
  const main = document.getElementById("main");
  const { parts, query } = parseHash();
  const page = parts[0] || "overview";
  for (const a of document.querySelectorAll("header nav a")) a.classList.toggle("active", a.dataset.nav === page);
  document.body.dataset.page = parts.length > 1 ? `${page}-detail` : page;
  try {
    if (page === "overview") await pageOverview(main);
    else if (page === "topics" && parts[1] !== undefined) await pageTopic(main, parts[1]);
    else if (page === "topics") await pageTopics(main, first);
    else if (page === "groups" && parts[1] !== undefined) await pageGroup(main, parts[1], first);
    else if (page === "groups") await pageGroups(main);
    else if (page === "messages") await pageMessages(main, query);
    else main.replaceChildren(h("h1", {}, "Not found"), h("p", {}, link("#/overview", "Overview")));
    if (seq === renderSeq) {
      setStatus(`updated ${new Date().toISOString().slice(11, 19)} UTC`);
      document.body.dataset.ready = String(seq);
    }
  } catch (e) {
    if (e !== STALE && seq === renderSeq) main.replaceChildren(errorBox(e));
  }
}

function refresh() {
  void render(false);
}

function schedule() {
  clearInterval(refreshTimer);
  refreshTimer = setInterval(() => {
    // Forms stay as typed: pages with a form re-render only their data part (first = false).
    // The message browser is read on demand only (a refresh would lose the reader's place).
    if (!document.getElementById("confirm").open && parseHash().parts[0] !== "messages") refresh();
  }, REFRESH_MS);
}

window.addEventListener("hashchange", () => {
  void render(true);
  schedule();
});
window.addEventListener("DOMContentLoaded", () => {
  void render(true);
  schedule();
});
