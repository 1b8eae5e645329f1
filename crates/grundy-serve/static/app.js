// The playground: choose a game, edit a position, analyze it, play it against the
// engine, draw a Grundy sequence. Everything comes from the JSON API; the boards are
// in boards.js.
"use strict";

const $ = (id) => document.getElementById(id);
const el = Boards.el;

const state = {
  games: [],
  game: null, // the selected game's description from /api/games
  view: "analyze",
  play: null, // { start, you, toMove, params, moves, cursor, last }
  busy: false,
};

async function api(path, body) {
  const init = body === undefined ? {} : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
  const response = await fetch(path, init);
  const text = await response.text();
  let data;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new Error(`${response.status}: ${text.slice(0, 200)}`);
  }
  if (!response.ok) {
    const err = new Error(data.error || `HTTP ${response.status}`);
    err.column = data.column;
    throw err;
  }
  return data;
}

function showError(target, err) {
  const where = err.column ? ` (column ${err.column})` : "";
  target.replaceChildren(el("p", { class: "error", role: "alert", text: err.message + where }));
}

// ---- game, parameters, position

function params() {
  const out = {};
  for (const input of $("params").querySelectorAll("input")) {
    if (input.value.trim() !== "") out[input.dataset.param] = input.value.trim();
  }
  return out;
}

function toMove() {
  return state.game && state.game.kind === "partizan" ? $("to-move").value : undefined;
}

function position() {
  return $("position").value.trim();
}

function selectGame(name, given) {
  given = given || {};
  state.game = state.games.find((g) => g.name === name) || state.games[0];
  const game = state.game;
  $("game").value = game.name;
  $("about").textContent = game.about + " Moves: " + game.move_help;
  const box = $("params");
  box.replaceChildren();
  for (const p of game.params) {
    const input = el("input", { "data-param": p.name, size: "8", placeholder: p.default || p.example, title: p.help });
    input.value = given[p.name] || (p.required ? p.example : "");
    input.addEventListener("change", changed);
    box.append(el("label", { title: p.help }, [`${p.name} ${p.value_name}`, input]));
  }
  const players = game.players || [];
  $("to-move-label").hidden = players.length === 0;
  $("to-move").replaceChildren(...players.map((p) => el("option", { value: p, text: p })));
  if (given.to_move && players.includes(given.to_move)) $("to-move").value = given.to_move;
  $("position").value = given.position || game.example;
  $("board-help").textContent = Boards[game.name] ? Boards[game.name].help : "No drawing for this game: edit the position as text.";
  state.play = null;
  changed();
}

function drawBoard(pos, editable, extraClass) {
  const board = $("board");
  board.className = "board" + (extraClass ? " " + extraClass : "");
  const drawer = state.game && Boards[state.game.name];
  const edit = editable ? (p) => { $("position").value = p; changed(); } : null;
  if (!drawer || !drawer.render(pos, board, edit)) {
    board.replaceChildren(el("pre", { class: "drawing", text: pos }));
  }
  if (extraClass === "preview") board.prepend(el("p", { class: "caption", text: `After this move: ${pos}` }));
}

function changed() {
  updateLink();
  if (state.view === "play" && state.play) return;
  drawBoard(position(), true);
  if (state.view === "analyze") analyze();
}

function updateLink() {
  if (!state.game) return;
  const q = new URLSearchParams({ game: state.game.name, position: position(), ...params() });
  if (toMove()) q.set("to_move", toMove());
  $("api-link").href = "/api/analyze?" + q + "&moves=true";
  $("api-link").textContent = "/api/analyze?" + q + "&moves=true";
}

// ---- analyze

const verdict = (wins) => (wins ? "wins" : "loses");

function shade(remoteness) {
  if (remoteness === null || remoteness === undefined) return 1;
  return Math.max(0.35, 1 - remoteness / 24);
}

function moveButton(m, onClick, preview) {
  const wins = m.wins;
  const left = m.moves_left !== undefined ? m.moves_left : m.remoteness;
  const detail = [
    m.value_after !== undefined && m.value_after !== null ? `→ ${m.value_after}` : "",
    left !== null && left !== undefined ? `${verdict(wins)} in ${left}` : verdict(wins),
  ].filter(Boolean).join(", ");
  const s = shade(left);
  const b = el("button", {
    type: "button",
    class: `move ${wins ? "wins" : "loses"}${s < 0.6 ? " light" : ""}`,
    style: `--shade:${s.toFixed(2)}`,
    "data-move": m.move,
    "data-wins": String(wins),
    "aria-label": `${m.move}: ${detail}`,
  }, [m.move, el("small", { text: detail })]);
  b.addEventListener("click", onClick);
  if (preview && m.after) {
    b.addEventListener("mouseenter", () => drawBoard(m.after, false, "preview"));
    b.addEventListener("focus", () => drawBoard(m.after, false, "preview"));
    b.addEventListener("mouseleave", preview);
    b.addEventListener("blur", preview);
  }
  return b;
}

let analyzeSeq = 0;
async function analyze() {
  const out = $("analysis");
  if (!state.game) return;
  if (position() === "") {
    analyzeSeq++;
    out.replaceChildren(el("p", { class: "help", text: `Type a position, e.g. ${state.game.example}.` }));
    return;
  }
  const q = new URLSearchParams({ game: state.game.name, position: position(), moves: "true", limit: "200", ...params() });
  if (toMove()) q.set("to_move", toMove());
  const seq = ++analyzeSeq;
  let a;
  try {
    a = await api("/api/analyze?" + q);
  } catch (err) {
    if (seq === analyzeSeq) showError(out, err);
    return;
  }
  if (seq !== analyzeSeq) return;
  const parts = [
    el("p", { class: "verdict " + (a.to_move_wins ? "win" : "lose"), id: "verdict", text: `${a.to_move} to move ${verdict(a.to_move_wins)}` }),
  ];
  if (a.other_to_move_wins !== undefined) parts.push(el("p", { text: `The other player to move: ${verdict(a.other_to_move_wins)}` }));
  parts.push(el("p", {}, ["outcome ", el("strong", { text: a.outcome }), "   value ", el("strong", { id: "value", text: a.value })]));
  const ex = el("div", { class: "explanation" });
  let pre = null;
  for (const line of a.explanation) {
    if (line.startsWith(" ")) {
      if (!pre) { pre = el("pre"); ex.append(pre); }
      pre.textContent += (pre.textContent ? "\n" : "") + line;
    } else {
      pre = null;
      ex.append(el("p", { text: line }));
    }
  }
  parts.push(ex);
  const count = a.winning_move_count === null ? `at least ${a.winning_moves.length}` : a.winning_move_count;
  parts.push(el("h3", { text: a.winning_moves.length ? `Winning moves (${count})` : "No winning move: every move loses" }));
  if (a.winning_moves.length) {
    parts.push(el("ul", { class: "winning", id: "winning-moves" }, a.winning_moves.map((m) => el("li", { text: `${m.move}  → ${m.after}` }))));
  }
  if (a.moves) {
    const list = el("div", { class: "moves", id: "analysis-moves" });
    for (const m of a.moves) {
      list.append(moveButton(m, () => { $("position").value = m.after; changed(); }, () => drawBoard(position(), true)));
    }
    parts.push(el("h3", { text: "Legal moves (click to play one)" }), list);
  }
  out.replaceChildren(...parts);
}

// ---- play

function seatAt(ply) {
  return ply % 2 === 0 ? "first" : "second";
}

async function startGame() {
  state.play = { start: position(), you: $("you").value, toMove: toMove(), params: params(), moves: [], cursor: 0, last: null };
  await request([], true);
}

function setBusy(busy) {
  state.busy = busy;
  document.body.dataset.busy = busy ? "true" : "false";
  for (const b of $("hints").querySelectorAll("button")) b.disabled = busy;
}

async function request(moves, reply) {
  const play = state.play;
  setBusy(true);
  let r;
  try {
    r = await api("/api/play", {
      game: state.game.name, params: play.params, position: play.start, to_move: play.toMove,
      you: play.you, moves, reply,
    });
  } catch (err) {
    setBusy(false);
    showError($("hints"), err);
    return;
  }
  const engine = r.engine_moves || [];
  if (engine.length) {
    // Show the position before the engine's reply, then animate the reply.
    const before = r.history.length >= 2 ? r.history[r.history.length - 2].after : r.start;
    if (moves.length) {
      drawBoard(before, false);
      $("status").textContent = "The engine is thinking…";
      document.body.dataset.state = "engine";
      await new Promise((resolve) => setTimeout(resolve, 450));
    }
  }
  play.moves = moves.concat(engine);
  play.cursor = play.moves.length;
  play.last = r;
  renderPlay(r, engine.length > 0);
  setBusy(false);
}

function renderPlay(r, animate) {
  const play = state.play;
  drawBoard(r.position, false, animate ? "moved" : "");
  const you = r.seats[r.you];
  const status = $("status");
  status.className = "status";
  if (r.winner) {
    status.className = "status over";
    status.textContent = (r.you_won ? "You win! " : "The engine wins. ") + r.ending;
    document.body.dataset.state = "over";
  } else {
    const last = r.engine_moves && r.engine_moves.length ? `The engine played ${r.engine_moves[0]}. ` : "";
    status.textContent = last + (r.your_turn ? `Your move (you are ${you}).` : "The engine's move.");
    document.body.dataset.state = r.your_turn ? "your-turn" : "engine";
  }
  document.body.dataset.ply = String(play.cursor);
  document.body.dataset.position = r.position;
  const hints = $("hints");
  hints.replaceChildren();
  if (!r.winner && r.your_turn) {
    for (const h of r.hints.moves) {
      hints.append(moveButton(h, () => playMove(h.move), () => drawBoard(state.play.last.position, false)));
    }
  }
  const more = [];
  if (r.hints.more_winning > 0) more.push(`${r.hints.more_winning} more winning moves`);
  if (r.hints.more_losing > 0) more.push(`${r.hints.more_losing} more losing moves`);
  $("more").textContent = more.length ? `Not listed: ${more.join(" and ")}.` : "";
  const strip = $("strip");
  strip.replaceChildren(...r.values.map((v, i) => {
    const cls = v.to_move_wins === null ? "unknown" : v.to_move_wins ? "wins" : "loses";
    const mover = r.seats[v.to_move];
    const title = `after ${i} moves: ${v.position}; ${mover} to move ${v.to_move_wins === null ? "" : verdict(v.to_move_wins)}`;
    return el("span", { class: `cell ${cls}${i === r.values.length - 1 ? " now" : ""}`, title, "aria-label": title, text: v.value === null ? "?" : v.value });
  }));
  $("undo").disabled = previousTurn() === null;
  $("redo").disabled = nextTurn() === null;
}

function playMove(mv) {
  if (state.busy || !state.play) return;
  const moves = state.play.moves.slice(0, state.play.cursor).concat([mv]);
  request(moves, true);
}

// The ply of the person's previous turn before the cursor, or null.
function previousTurn() {
  const play = state.play;
  if (!play) return null;
  for (let k = play.cursor - 1; k >= 0; k--) if (seatAt(k) === play.you) return k;
  return null;
}

// The ply of the person's next turn after the cursor (or the end), or null.
function nextTurn() {
  const play = state.play;
  if (!play || play.cursor >= play.moves.length) return null;
  for (let k = play.cursor + 1; k < play.moves.length; k++) if (seatAt(k) === play.you) return k;
  return play.moves.length;
}

async function travel(ply) {
  if (ply === null || state.busy) return;
  const play = state.play;
  const all = play.moves;
  await request(all.slice(0, ply), false);
  play.moves = all; // keep the moves after the cursor for redo
  play.cursor = ply;
  renderPlay(play.last, false);
}

// ---- sequences

const SEQ = {
  subtraction: { label: "Set", value: "2,4,5", help: "A move takes s stones from one heap, s in the set." },
  octal: { label: "Code", value: "0.77", help: "An octal or hexadecimal code: 0.77 is Kayles, 0.07 Dawson's Kayles, 0.137 Dawson's chess; 0.8 (or 0.{3}) splits a heap in three." },
  table: { label: "Boundary", value: "10110/0110", help: "TOP/LEFT: the table game's boundary strings. Each cell shows who wins with the stone there: W, the player to move; L, the other." },
};

function seqGameChanged() {
  const g = SEQ[$("seq-game").value];
  $("seq-text-name").textContent = g.label;
  $("seq-text").value = g.value;
  $("seq-help").textContent = g.help;
  $("seq-to-label").hidden = $("seq-game").value === "table";
}

// Each drawing is numbered; an answer that arrives after a newer drawing began is dropped.
let seqRun = 0;

async function drawSequence() {
  const run = ++seqRun;
  const out = $("seq-out");
  const game = $("seq-game").value;
  const text = $("seq-text").value.trim();
  try {
    if (game === "table") {
      await drawTableGrid(out, text, run);
      return;
    }
    const q = new URLSearchParams({ game, [game === "octal" ? "code" : "set"]: text, to: $("seq-to").value || "100" });
    const s = await api("/api/sequence?" + q);
    if (run !== seqRun) return;
    const period = s.period === null ? "no period proven" : `preperiod ${s.preperiod}, period ${s.period}`;
    out.replaceChildren(
      el("p", { class: "seq-summary", id: "seq-summary", text: `G(0), …, G(${s.computed - 1}): ${period}` }),
      el("img", { class: "sequence", id: "seq-svg", alt: `G(n) of ${game} ${text}: ${period}`, src: "/api/sequence.svg?" + q }),
      el("p", { class: "help", text: "G(n) = " + s.values.slice(0, 80).join(" ") + (s.values.length > 80 ? " …" : "") }),
    );
  } catch (err) {
    if (run === seqRun) showError(out, err);
  }
}

async function drawTableGrid(out, boundary, run) {
  const t = Boards.table.parse(boundary + "@0,1");
  if (!t || t.top.length > 30 || t.left.length > 30) throw new Error("expected TOP/LEFT: two strings of 0 and 1, each at most 30 long, e.g. 10110/0110");
  const positions = [];
  for (let x = 0; x <= t.left.length; x++) {
    for (let y = 0; y <= t.top.length; y++) if (x || y) positions.push(Boards.table.show({ top: t.top, left: t.left, x, y }));
  }
  const r = await api("/api/outcomes", { game: "table", positions });
  if (run !== seqRun) return;
  const by = new Map(r.outcomes.map((o) => [o.position, o]));
  const cell = (x, y) => {
    if (!x && !y) return el("span", { class: "cell corner" });
    const o = by.get(Boards.table.show({ top: t.top, left: t.left, x, y }));
    if (!o || o.error) return el("span", { class: "cell", title: o ? o.error : "", text: "?" });
    const wl = o.to_move_wins ? "W" : "L";
    return el("span", { class: `cell ${wl}`, title: `(${x}, ${y}): ${wl}, value ${o.value}`, text: wl });
  };
  out.replaceChildren(Boards.table.grid(t, cell));
}

// ---- views and start

function setView(view) {
  state.view = view;
  for (const v of ["analyze", "play", "sequence"]) {
    $("view-" + v).hidden = v !== view;
    $("tab-" + v).setAttribute("aria-selected", String(v === view));
  }
  $("setup").hidden = view === "sequence";
  if (view === "analyze") { state.play = null; changed(); }
  if (view === "play" && !state.play) drawBoard(position(), true);
  if (view === "sequence" && !$("seq-out").childElementCount) drawSequence();
}

async function main() {
  for (const b of document.querySelectorAll("nav button")) {
    b.addEventListener("click", () => { location.hash = b.dataset.view; });
  }
  $("game").addEventListener("change", () => selectGame($("game").value));
  $("to-move").addEventListener("change", changed);
  $("position").addEventListener("change", changed);
  $("position").addEventListener("keydown", (e) => { if (e.key === "Enter") changed(); });
  $("example").addEventListener("click", () => { $("position").value = state.game.example; changed(); });
  $("analyze").addEventListener("click", analyze);
  $("start").addEventListener("click", startGame);
  $("undo").addEventListener("click", () => travel(previousTurn()));
  $("redo").addEventListener("click", () => travel(nextTurn()));
  $("seq-game").addEventListener("change", seqGameChanged);
  $("seq-go").addEventListener("click", drawSequence);
  seqGameChanged();
  try {
    state.games = (await api("/api/games")).games;
  } catch (err) {
    showError($("analysis"), err);
    return;
  }
  $("game").replaceChildren(...state.games.map((g) => el("option", { value: g.name, text: g.name })));
  // #VIEW?game=G&position=P&PARAM=V&you=second
  const [view, query] = (location.hash.slice(1) || "analyze").split("?");
  const given = Object.fromEntries(new URLSearchParams(query || ""));
  if (given.you) $("you").value = given.you;
  selectGame(given.game || state.games[0].name, given);
  window.addEventListener("hashchange", () => setView(location.hash.slice(1).split("?")[0] || "analyze"));
  setView(["analyze", "play", "sequence"].includes(view) ? view : "analyze");
  document.body.dataset.ready = "true";
}

main();
