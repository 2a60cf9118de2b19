// Strand console: the pages and the hash routing (plain browser JavaScript, no framework, served from
// the binary after console-ui.js, whose helpers build every element: broker data reaches the page only
// as text). Hash routes: #/overview, #/topics, #/topics/NAME, #/groups, #/groups/ID,
// #/messages?topic=&partition=&offset=|timestamp=|from=latest&limit=
"use strict";

const REFRESH_MS = 3000;
let refreshTimer = null;

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
    h("h2", {}, "Throughput (partitions on this broker)"),
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
