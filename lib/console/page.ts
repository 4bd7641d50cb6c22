// The simulator console's page: plain HTML, CSS and JavaScript in one document, served by
// server.ts. Nothing is fetched from anywhere else (no CDN, fonts or scripts): it works offline.
// Every text from the world is set with textContent, never parsed as HTML.
export const PAGE_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Simulator console</title>
<link rel="icon" href="data:,">
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font:14px/1.4 system-ui,sans-serif;margin:0;background:#f4f5f7;color:#1d2330}
header{background:#2b3445;color:#fff;padding:8px 16px;display:flex;gap:16px;align-items:center;flex-wrap:wrap}
header h1{font-size:16px;margin:0}
main{display:grid;grid-template-columns:repeat(auto-fill,minmax(380px,1fr));gap:12px;padding:12px}
section{background:#fff;border-radius:6px;padding:10px 12px;box-shadow:0 1px 2px #0002}
h2{font-size:14px;margin:0 0 6px;color:#3a4a6b}
table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:2px 4px;border-bottom:1px solid #eee;vertical-align:top}
.badge{display:inline-block;padding:0 5px;border-radius:8px;font-size:11px;background:#dde3ee;margin-left:3px}
.online,.ready{background:#c7f0d2}.offline,.disconnected{background:#eee}.banned{background:#f6c6c6}.idle{background:#fbe7b5}.dnd{background:#f6c6c6}
.messages{max-height:180px;overflow:auto;border:1px solid #eee;padding:4px;margin:4px 0;font-size:13px}
.message b{color:#3a4a6b}
.meter{display:inline-block;width:80px;height:8px;background:#eee;border-radius:4px;vertical-align:middle}
.meter i{display:block;height:100%;background:#36b37e;border-radius:4px}
form{display:flex;gap:4px;flex-wrap:wrap;margin:4px 0}input,select,button{font:inherit}
input{min-width:0}#log{max-height:220px;overflow:auto;font:12px monospace}
.error{color:#b00020}
.wide{grid-column:span 2}.presence{word-break:break-all;font-size:12px}
</style></head>
<body>
<header><h1>Simulator console</h1><span id="clock"></span><span id="net"></span><span id="conn">connecting…</span>
<a id="save" download="world.json">Save world</a>
<label>Load world <input id="load" type="file" accept="application/json,.json"></label><span id="status" class="error"></span></header>
<main>
<section class="wide"><h2>Users</h2><table id="users"></table>
<form data-action="createUser"><input name="username" placeholder="username" required><input name="displayName" placeholder="display name"><button>Create user</button></form>
<form data-action="setStatus"><select name="userId" data-list="users"></select><select name="status"><option>online</option><option>idle</option><option>dnd</option><option>invisible</option><option>offline</option></select><button>Set status</button></form>
<form data-action="setPresence"><select name="userId" data-list="users"></select><select name="applicationId" data-list="applications"></select><input name="state" placeholder="state"><input name="details" placeholder="details"><button>Set presence</button></form>
</section>
<section><h2>Friends</h2><div id="friends"></div>
<form data-action="sendFriendRequest"><select name="fromId" data-list="users"></select>→<select name="toId" data-list="users"></select><button>Send friend request</button></form></section>
<section><h2>Applications</h2><table id="applications"></table></section>
<section><h2>Sessions</h2><table id="clients"></table></section>
<section class="wide"><h2>Processes</h2><div id="host"></div><table id="peers"></table></section>
<section><h2>Pending authorizations</h2><div id="auth"></div></section>
<section><h2>Lobbies</h2><div id="lobbies"></div>
<form data-action="sendLobbyMessage" id="lobby-message"><select name="userId" data-list="users" id="lobby-message-user"></select><select name="lobbyId" data-list="lobbies" id="lobby-message-lobby"></select><input name="content" id="lobby-message-text" placeholder="message" required><button id="lobby-message-send">Send as user</button></form></section>
<section><h2>Direct messages</h2><div id="dms"></div>
<form data-action="sendDirectMessage"><select name="fromId" data-list="users"></select>→<select name="toId" data-list="users"></select><input name="content" placeholder="message" required><button>Send DM</button></form></section>
<section><h2>Calls</h2><div id="calls"></div>
<form data-action="speak"><select name="userId" data-list="users"></select><select name="lobbyId" data-list="lobbies"></select><button>Speak 2 s</button></form></section>
<section><h2>Network and clock</h2><div id="network"></div>
<form data-action="network"><button name="online" value="false">Network down</button><button name="online" value="true">Network up</button></form>
<form data-action="latency"><input name="ms" type="number" min="0" placeholder="latency ms" required><button>Set latency</button></form>
<form data-action="failNext"><input name="operation" placeholder="operation, e.g. getToken or *" required><input name="status" type="number" min="400" max="599" value="503"><button>Fail next</button></form>
<form data-action="advanceClock"><input name="ms" type="number" min="0" value="60000"><button>Advance clock (ms)</button></form></section>
<section><h2>Log</h2><div id="log"></div></section>
</main>
<script>
"use strict";
const token = new URLSearchParams(location.search).get("token") || "";
const q = (s) => document.getElementById(s);
let view = null;
q("save").href = "/api/save?token=" + encodeURIComponent(token);
function h(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) { if (k === "class") e.className = v; else if (k.startsWith("on")) e.addEventListener(k.slice(2), v); else e.setAttribute(k, v); }
  for (const k of kids.flat()) if (k !== null && k !== undefined && k !== false) e.append(k instanceof Node ? k : String(k));
  return e;
}
const badge = (text, cls) => h("span", { class: "badge " + (cls || text) }, text);
const userName = (id) => { const u = view && view.users.find((x) => x.id === id); return u ? (u.displayName || u.username) : id; };
const appName = (id) => { const a = view && view.applications.find((x) => x.id === id); return a ? a.name : id; };
const time = (ms) => new Date(ms).toISOString().replace("T", " ").slice(0, 19);
async function post(path, body) {
  q("status").textContent = "";
  const r = await fetch(path + "?token=" + encodeURIComponent(token), { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  if (!r.ok) { const e = await r.json().catch(() => ({ error: r.statusText })); q("status").textContent = e.error || "failed"; }
}
const act = (body) => post("/api/action", body);
for (const f of document.querySelectorAll("form[data-action]")) {
  f.addEventListener("submit", (ev) => {
    ev.preventDefault();
    const body = { action: f.dataset.action };
    for (const el of f.elements) if (el.name && el.tagName !== "BUTTON" && el.value !== "") body[el.name] = el.type === "number" ? Number(el.value) : el.value;
    if (ev.submitter && ev.submitter.name) body[ev.submitter.name] = ev.submitter.value === "true";
    act(body);
    for (const el of f.elements) if (el.name === "content") el.value = "";
  });
}
q("load").addEventListener("change", async () => {
  const file = q("load").files[0]; if (!file) return;
  let doc; try { doc = JSON.parse(await file.text()); } catch { q("status").textContent = "not a JSON file"; return; }
  await post("/api/load", doc); q("load").value = "";
});
function fillSelects() {
  const lists = { users: view.users.map((u) => [u.id, u.displayName || u.username]), applications: view.applications.map((a) => [a.id, a.name]), lobbies: view.lobbies.map((l) => [l.id, "lobby " + l.id + " (" + appName(l.applicationId) + ")"]) };
  for (const sel of document.querySelectorAll("select[data-list]")) {
    const keep = sel.value; sel.replaceChildren(...lists[sel.dataset.list].map(([v, t]) => h("option", { value: v }, t)));
    if ([...sel.options].some((o) => o.value === keep)) sel.value = keep;
  }
}
function messages(list) { return h("div", { class: "messages" }, list.map((m) => h("div", { class: "message" }, h("b", {}, userName(m.authorId) + ": "), m.content))); }
// A section is rebuilt only when what it shows changed, so that a select or a button the user
// is about to use is not replaced under the pointer.
const shown = new Map();
function section(id, deps, build) {
  const key = JSON.stringify(deps);
  if (shown.get(id) === key) return;
  shown.set(id, key);
  build();
}
function render() {
  q("clock").textContent = "clock " + time(view.clock.now);
  q("net").textContent = "network " + (view.network.online ? "up" : "down") + ", " + view.network.latencyMs + " ms";
  const presence = new Map(view.presence.map((p) => [p.userId, p]));
  section("users", [view.users, view.presence, view.applications], () => q("users").replaceChildren(h("tr", {}, h("th", {}, "user"), h("th", {}, "status"), h("th", {}, "rich presence"), h("th", {}, "")),
    ...view.users.map((u) => h("tr", { "data-user": u.id }, h("td", {}, u.displayName || u.username, h("br"), h("small", {}, "@" + u.username + " " + u.id)),
      h("td", {}, badge(u.status), u.provisional && badge("provisional"), u.banned && badge("banned")),
      h("td", {}, ...((presence.get(u.id) || { activities: [] }).activities.map((a) => h("div", { class: "presence" }, appName(a.applicationId) + ": " +
        Object.entries(a.activity).filter(([k]) => k !== "supportedPlatforms").map(([k, v]) => k + "=" + (typeof v === "object" ? JSON.stringify(v) : v)).join(", "))))),
      h("td", {}, h("button", { onclick: () => act({ action: u.banned ? "unban" : "ban", userId: u.id }) }, u.banned ? "Unban" : "Ban"),
        h("button", { onclick: () => act({ action: "deauthorize", userId: u.id }) }, "Deauthorize"))))));
  section("friends", [view.users, view.relationships, view.applications], () => {
  const friends = view.users.filter((u) => view.relationships.some((r) => r.userId === u.id));
  q("friends").replaceChildren(...(friends.length === 0 ? ["none"] : friends.map((u) => {
    const rel = view.relationships.filter((r) => r.userId === u.id);
    return h("div", {}, h("b", {}, userName(u.id) + ": "), ...rel.map((r) => h("span", {}, badge(r.type, "rel"), " " + userName(r.otherId) + (r.applicationId ? " (" + appName(r.applicationId) + ")" : "") + " ",
      r.type === "pendingIncoming" ? h("button", { onclick: () => act({ action: "acceptFriendRequest", userId: u.id, otherId: r.otherId }) }, "Accept") : null)));
  })));
  });
  q("applications").replaceChildren(...view.applications.map((a) => h("tr", {}, h("td", {}, a.name), h("td", {}, h("small", {}, a.id + (a.parentApplicationId ? " child of " + a.parentApplicationId : ""))))));
  // Which process holds each session: a joined process (world host), or this one.
  const owner = new Map(); for (const p of host.peers) for (const k of p.clients) owner.set(k, p);
  const peerName = (p) => "#" + p.id + " " + (p.program || "unnamed");
  q("clients").replaceChildren(h("tr", {}, h("th", {}, "session"), h("th", {}, "status"), h("th", {}, "user"), h("th", {}, "application"), h("th", {}, "process")),
    ...view.clients.map((c) => h("tr", { "data-client": c.key }, h("td", {}, "#" + c.key), h("td", {}, badge(c.status)), h("td", {}, c.userId ? userName(c.userId) : "—"), h("td", {}, c.applicationId ? appName(c.applicationId) : "—"),
      h("td", {}, owner.has(c.key) ? peerName(owner.get(c.key)) : (host.serving ? "host" : "this process")))));
  const traffic = new Map(trafficFigures.map((t) => [t.id, t]));
  const sessionOf = (k) => { const c = view.clients.find((x) => x.key === k); return h("div", {}, "#" + k + " ", c && c.userId ? userName(c.userId) : "—", " ", badge(c ? c.status : "closed")); };
  q("host").textContent = host.serving ? (host.peers.length === 0 ? "serving this world; no process has joined" : "serving this world to " + host.peers.length + " process" + (host.peers.length === 1 ? "" : "es"))
    : "not serving: only this process's sessions (Simulator.serve() or npx platform-social-sdk simulator serve share the world)";
  q("peers").replaceChildren(...(host.peers.length === 0 ? [] : [h("tr", {}, h("th", {}, "process"), h("th", {}, "pid"), h("th", {}, "from"), h("th", {}, "since"), h("th", {}, "sessions"), h("th", {}, "queued"), h("th", {}, "dropped"))]),
    ...host.peers.map((p) => { const t = traffic.get(p.id) || { queuedBytes: 0, droppedFrames: 0, framesIn: 0, framesOut: 0, queuedCallbacks: 0, droppedEvents: 0 };
      return h("tr", { "data-peer": p.id }, h("td", {}, peerName(p)), h("td", {}, String(p.pid)), h("td", {}, p.remote), h("td", {}, time(p.connectedAt)),
        h("td", {}, ...(p.clients.length === 0 ? ["none"] : p.clients.map(sessionOf))), h("td", {}, t.queuedBytes + " B"),
        h("td", { title: "frames in " + t.framesIn + ", out " + t.framesOut + "; callbacks waiting " + t.queuedCallbacks + ", events dropped " + t.droppedEvents }, String(t.droppedFrames + t.droppedEvents))); }));
  section("auth", [view.pendingAuthorizations, view.users, view.applications], () => q("auth").replaceChildren(...(view.pendingAuthorizations.length === 0 ? ["none"] : view.pendingAuthorizations.map((p) => {
    const sel = h("select", {}, view.users.map((u) => h("option", { value: u.id }, u.displayName || u.username)));
    return h("div", {}, "session #" + p.clientKey + " asks to authorize " + (p.applicationId ? appName(p.applicationId) : "") + " ", sel,
      h("button", { onclick: () => act({ action: "consent", decision: sel.value }) }, "Approve as"), h("button", { onclick: () => act({ action: "consent", decision: "deny" }) }, "Deny"));
  }))));
  q("lobbies").replaceChildren(...(view.lobbies.length === 0 ? ["none"] : []), ...view.lobbies.map((l) => h("div", { class: "lobby", "data-lobby": l.id }, h("b", {}, "Lobby " + l.id), " " + appName(l.applicationId), l.backendCreated && badge("backend"),
    h("div", {}, "metadata: " + JSON.stringify(l.metadata)),
    h("div", {}, "members: ", ...l.members.map((m) => h("span", {}, userName(m.userId), m.connected ? badge("online") : badge("offline"), Object.keys(m.metadata).length ? " " + JSON.stringify(m.metadata) : "", " "))),
    messages(l.messages))));
  q("dms").replaceChildren(...(view.directMessages.length === 0 ? ["none"] : []), ...view.directMessages.map((d) => h("div", {}, h("b", {}, d.users.map(userName).join(" ↔ ")), messages(d.messages))));
  q("calls").replaceChildren(...(view.calls.length === 0 ? ["no call"] : view.calls.map((c) => h("div", { class: "call" }, h("b", {}, "Call of lobby " + c.lobbyId),
    ...c.participants.map((p) => h("div", { class: "participant" }, userName(p.userId) + " ", h("span", { class: "meter" }, h("i", { style: "width:" + Math.round(Math.min(1, p.level / 0.5) * 100) + "%" })),
      p.speaking ? badge("speaking", "online") : "", p.selfMute ? badge("muted") : "", p.selfDeaf ? badge("deafened") : ""))))));
  q("network").replaceChildren(h("div", {}, "online: " + view.network.online + ", latency " + view.network.latencyMs + " ms"),
    h("div", {}, "queued faults: " + (view.network.queuedFaults.map((f) => f.operation + " → " + f.status).join(", ") || "none")));
  q("log").replaceChildren(...logLines.slice().reverse().map((l) => h("div", {}, time(l.at) + "  " + l.text)));
  fillSelects();
}
let logLines = [];
let host = { serving: false, peers: [] };
let trafficFigures = [];
function connect() {
  const ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws?token=" + encodeURIComponent(token));
  ws.onopen = () => { q("conn").textContent = "live"; };
  ws.onmessage = (ev) => { const m = JSON.parse(ev.data); if (m.type === "view") { view = m.view; logLines = m.log; host = m.host; trafficFigures = m.traffic; render(); } };
  // The server says why it dropped a page (it fell behind, it did not answer a ping).
  ws.onclose = (ev) => { q("conn").textContent = "disconnected" + (ev.reason ? " (" + ev.reason + ")" : "") + " — retrying"; setTimeout(connect, 1000); };
}
connect();
</script></body></html>
`;
