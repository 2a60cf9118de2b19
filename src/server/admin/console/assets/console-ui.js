// Strand console: the helpers the pages are built with (served before console-app.js, as plain
// browser scripts sharing one global scope): elements built with textContent and attribute setters
// only (nothing is ever parsed as HTML, so topic names, keys and values stay text), the API calls,
// number and time formats, tables, the SVG line chart and the confirmation dialog.
"use strict";

const API = "/console/api";
/** Bumped by each render (console-app.js): an answer that arrives for an older render is dropped. */
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
    chart(
      "Bytes in / out per s",
      [
        { name: "in", color: "#2457d6", points: rates.map((r) => ({ t: r.timeMs, v: r.bytesPerSec })) },
        { name: "out", color: "#b26a00", points: rates.map((r) => ({ t: r.timeMs, v: r.bytesOutPerSec })) },
      ],
      fmtBytes,
    ),
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
