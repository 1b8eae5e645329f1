// The playground: choose a game, edit a position, analyze it, play it against the
// engine, draw a Grundy sequence. Everything comes from the JSON API; every game's
// board is drawn by Boards.generic from the description GET /api/board gives.
//
// The page's state lives in one object, `state`, and in the address
// (#VIEW?game=G&position=P&PARAM=V&misere=true&to_move=A&you=second&match=1&move=M&move=M...):
// every change of it goes through `commit`, which writes the address (a new history
// entry per move), and `restore` rebuilds the page from an address (on load, reload,
// Back and Forward).
"use strict";

const $ = (id) => document.getElementById(id);
const el = Boards.el;
const VIEWS = ["analyze", "play", "sequence", "value"];

const state = {
  games: [],
  game: null, // the selected game's description from /api/games
  view: "analyze",
  // A match: { start, you, toMove, params, line: [moves], cursor, last, rem: [] }.
  // The moves played are line[0..cursor]; the rest are kept for Redo.
  match: null,
  busy: false,
};

// ---- requests: each can be cancelled; a visible "working…" notice after 150 ms.

const pending = new Set();
let workingTimer = null;

function working() {
  clearTimeout(workingTimer);
  if (pending.size) {
    workingTimer = setTimeout(() => { if (pending.size) $("working").hidden = false; }, 150);
  } else {
    $("working").hidden = true;
  }
  document.body.dataset.working = pending.size ? "true" : "false";
}

function cancelAll() {
  for (const c of pending) c.abort();
}

async function api(path, body, controller) {
  const ctl = controller || new AbortController();
  const init = body === undefined ? { signal: ctl.signal } : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body), signal: ctl.signal };
  pending.add(ctl);
  working();
  try {
    const response = await fetch(path, init);
    const text = await response.text();
    let data;
    try {
      data = JSON.parse(text);
    } catch (e) {
      throw new Error(`${response.status}: ${text.slice(0, 200)}`);
    }
    if (!response.ok) throw new Error(data.error || `HTTP ${response.status}`);
    return data;
  } finally {
    pending.delete(ctl);
    working();
  }
}

const aborted = (err) => err && err.name === "AbortError";

function showError(target, err) {
  if (aborted(err)) {
    target.replaceChildren(el("p", { class: "help", text: "Cancelled." }));
    return;
  }
  // The server's message as it is: it names the place of a misread text itself
  // (a character of the text, or a board's row and column).
  target.replaceChildren(el("p", { class: "error", role: "alert", text: err.message }));
}

// ---- game, parameters, position

function params() {
  const out = {};
  for (const input of $("params").querySelectorAll("input")) {
    if (input.type === "checkbox") {
      // A switch (e.g. backsliding): given only when on.
      if (input.checked) out[input.dataset.param] = "true";
    } else if (input.value.trim() !== "") out[input.dataset.param] = input.value.trim();
  }
  // Misère play is the parameter misere=true, which every impartial game takes.
  if (misere()) out.misere = "true";
  return out;
}

// Whether the game is played misère (the checkbox, for a game that can be).
function misere() {
  return !!(state.game && state.game.misere && $("misere").checked);
}

function toMove() {
  return state.game && state.game.kind === "partizan" ? $("to-move").value : undefined;
}

function position() {
  return $("position").value.trim();
}

// Sets the game's controls (parameters, who moves first, misère play, the position)
// from `given` (an address's fields); without it, misère play is kept where it applies.
function selectGame(name, given) {
  const keep = given === undefined;
  given = given || {};
  state.game = state.games.find((g) => g.name === name) || state.games[0];
  const game = state.game;
  $("game").value = game.name;
  $("about").textContent = game.about + " Moves: " + game.move_help;
  const box = $("params");
  box.replaceChildren();
  for (const p of game.params) {
    if (p.flag) {
      const box1 = el("input", { "data-param": p.name, type: "checkbox", title: p.help, id: "param-" + p.name });
      box1.checked = ["true", "1", ""].includes(given[p.name]);
      box1.addEventListener("change", () => { endMatch(); changed(); });
      box.append(el("label", { for: "param-" + p.name, title: p.help }, [p.name]), box1);
      continue;
    }
    const input = el("input", { "data-param": p.name, size: "8", placeholder: p.default || p.example, title: p.help, id: "param-" + p.name });
    input.value = given[p.name] || (p.required ? p.example : "");
    input.addEventListener("change", () => { endMatch(); changed(); });
    box.append(el("label", { for: "param-" + p.name, title: p.help }, [`${p.name} ${p.value_name}`]), input);
  }
  const players = game.players || [];
  $("to-move-label").hidden = players.length === 0;
  $("to-move").replaceChildren(...players.map((p) => el("option", { value: p, text: p })));
  if (given.to_move && players.includes(given.to_move)) $("to-move").value = given.to_move;
  // Misère play: shown and enabled for the games that take it, cleared for the others.
  const misereBox = $("misere");
  const wanted = keep ? misereBox.checked : ["true", "1"].includes(given.misere);
  misereBox.checked = !!game.misere && wanted;
  misereBox.disabled = !game.misere;
  $("misere-label").hidden = !game.misere;
  $("misere-help").hidden = !misereBox.checked;
  $("position").value = given.position || game.example;
}

// ---- the address: one state, one link

function address() {
  if (state.view === "sequence") return "#sequence?" + seqAddress();
  if (state.view === "value") return "#value?" + new URLSearchParams({ expr: $("value-expr").value });
  const q = new URLSearchParams();
  if (state.game) {
    q.set("game", state.game.name);
    const m = state.match;
    q.set("position", m ? m.start : position());
    for (const [k, v] of Object.entries(m ? m.params : params())) q.set(k, v);
    const tm = m ? m.toMove : toMove();
    if (tm) q.set("to_move", tm);
    if (state.view === "play") q.set("you", m ? m.you : $("you").value);
    if (m && state.view === "play") {
      q.set("match", "1");
      for (const mv of m.line.slice(0, m.cursor)) q.append("move", mv);
    }
  }
  return "#" + state.view + "?" + q;
}

// Writes the state to the address: a new history entry (`push`) or in place.
function commit(push) {
  const url = address();
  const api = state.view === "sequence"
    ? "/api/sequence?" + new URLSearchParams(seqQuery())
    : state.view === "value" ? "/api/value?" + new URLSearchParams({ expr: $("value-expr").value })
    : "/api/analyze?" + url.split("?")[1].replace(/&(you|match|move)=[^&]*/g, "") + "&moves=true";
  $("api-link").href = api;
  $("api-link").textContent = api;
  if (url === location.hash) return;
  if (push) history.pushState(null, "", url);
  else history.replaceState(null, "", url);
}

function parseAddress() {
  const [view, query] = (location.hash.slice(1) || "analyze").split("?");
  const q = new URLSearchParams(query || "");
  const given = {};
  for (const [k, v] of q) if (k !== "move") given[k] = v;
  return { view: VIEWS.includes(view) ? view : "analyze", given, moves: q.getAll("move") };
}

// Rebuilds the page from the address.
async function restore() {
  const { view, given, moves } = parseAddress();
  if (view === "value") {
    endMatch();
    if (!state.game) selectGame(state.games[0].name);
    if (given.expr !== undefined) $("value-expr").value = given.expr;
    setView(view, false);
    computeValue();
    commit(false);
    return;
  }
  if (view === "sequence") {
    endMatch();
    if (!state.game) selectGame(state.games[0].name);
    seqRestore(given);
    setView(view, false);
    commit(false);
    return;
  }
  const name = given.game || (state.game ? state.game.name : state.games[0].name);
  const m = state.match;
  // The same match at another ply (Back, Forward): keep its line for Redo.
  const sameMatch = m && view === "play" && given.match === "1" && state.game && state.game.name === name &&
    given.position === m.start && (given.you || "first") === m.you && moves.every((mv, i) => m.line[i] === mv) &&
    ["true", "1"].includes(given.misere) === (m.params.misere === "true");
  if (sameMatch) {
    m.cursor = moves.length;
    setView(view, false);
    await request(m.line.slice(0, m.cursor), false, false);
    return;
  }
  endMatch();
  selectGame(name, given);
  if (given.you) $("you").value = given.you;
  setView(view, false);
  if (view === "play" && given.match === "1") {
    startMatch(moves, false);
  } else {
    changed(false);
  }
}

// ---- views and tabs (the ARIA tabs pattern: arrows, Home and End move between tabs)

function setView(view, push) {
  state.view = view;
  for (const v of VIEWS) {
    $("view-" + v).hidden = v !== view;
    const tab = $("tab-" + v);
    tab.setAttribute("aria-selected", String(v === view));
    tab.tabIndex = v === view ? 0 : -1;
  }
  $("setup").hidden = view === "sequence" || view === "value";
  $("position").readOnly = !!state.match;
  if (view === "sequence" && !$("seq-out").childElementCount && state.games.length) drawSequence();
  if (view === "value" && !$("value-out").childElementCount && state.games.length) computeValue();
  if (push !== false) commit(true);
}

function switchView(view) {
  if (view === state.view) return;
  if (!confirmEnd()) return;
  endMatch();
  setView(view, true);
  if (view !== "sequence" && view !== "value") changed(false);
}

// Whether a match under way may end (asks the person).
function confirmEnd() {
  const m = state.match;
  if (!m || m.cursor === 0 || (m.last && m.last.winner)) return true;
  return window.confirm("End the match under way?");
}

function endMatch() {
  state.match = null;
  $("position").readOnly = false;
  $("move-list").replaceChildren();
  $("chart").replaceChildren();
  $("strip").replaceChildren();
  $("hints").replaceChildren();
  $("more").textContent = "";
  $("status").textContent = "";
  $("status").className = "status";
  $("remoteness").textContent = "";
  $("undo").disabled = true;
  $("redo").disabled = true;
  document.body.dataset.state = "setup";
  document.body.dataset.ply = "0";
}

// ---- the board

let boardSeq = 0;
let drawn = null; // what Boards.generic returned for the board on the page

// Draws `view` (the board of /api/board) on the page, or the position's text.
function showBoard(view, pos, mode) {
  const board = $("board");
  board.className = "board";
  const hand = state.game && Boards[state.game.name];
  // Editing, a game's hand-drawn board (boards.js) comes first: it also resizes.
  if (view && (mode !== "edit" || !hand)) {
    drawn = Boards.generic(view, board, {
      mode,
      onMove: (mv) => playMove(mv),
      onEdit: (p) => { $("position").value = p; changed(true); },
    });
    $("board-help").textContent = mode === "move"
      ? drawn.help()
      : mode === "edit" ? "Click the board to edit the position." : "";
  } else if (hand && mode === "edit" && hand.render(pos, board, (p) => { $("position").value = p; changed(true); })) {
    drawn = null;
    $("board-help").textContent = hand.help;
  } else {
    drawn = null;
    board.replaceChildren(el("pre", { class: "drawing", text: pos }));
    $("board-help").textContent = "No drawing for this position: edit it as text.";
  }
}

async function drawEditable() {
  const seq = ++boardSeq;
  const pos = position();
  if (!state.game || pos === "") {
    $("board").replaceChildren();
    return;
  }
  const q = new URLSearchParams({ game: state.game.name, position: pos, ...params() });
  if (toMove()) q.set("to_move", toMove());
  let r = null;
  try {
    r = await api("/api/board?" + q);
  } catch (err) {
    r = null;
  }
  if (seq !== boardSeq || state.match) return;
  showBoard(r && r.board, pos, "edit");
}

// The position, parameters or game changed (outside a match).
function changed(push) {
  if (state.match) return;
  commit(push !== false);
  if (state.view === "sequence") return;
  drawEditable();
  if (state.view === "analyze") analyze();
  else endMatch();
}

// ---- analyze

const verdict = (wins) => (wins ? "wins" : "loses");
// A result (win, lose, tie, draw) as a verb, a class and a mark: Gamesman's colours
// (win green, lose red, tie yellow, draw blue), never the colour alone.
// A tie and a draw have their meaning too, as docs/draws.md defines them.
const RESULTS = {
  win: { verb: "wins", cls: "wins", mark: "✓", word: "win" },
  lose: { verb: "loses", cls: "loses", mark: "✗", word: "lose" },
  tie: { verb: "ties", cls: "ties", mark: "=", word: "tie",
    means: "A tie: the board fills with no winner (neither player can win, and the game ends)." },
  draw: { verb: "draws", cls: "draws", mark: "∞", word: "draw",
    means: "A draw: play can go on forever (neither player can force the game to end without losing it)." },
};
const resultOf = (m) => RESULTS[m.result] || (m.wins ? RESULTS.win : RESULTS.lose);
// The result of a position of a match for its player to move, or null when unknown.
const positionResult = (v) => v.result || (v.to_move_wins === null || v.to_move_wins === undefined ? null : v.to_move_wins ? "win" : "lose");

function moveButton(m, onClick) {
  const wins = m.wins;
  const r = resultOf(m);
  const left = m.moves_left;
  const detail = [
    // Under misère play a position has no value to show after the move.
    m.value_after !== undefined && m.value_after !== null && !misere() ? `→ ${m.value_after}` : "",
    left !== null && left !== undefined ? `${r.verb} in ${left}` : r.verb,
  ].filter(Boolean).join(", ");
  const b = el("button", {
    type: "button",
    class: `move ${r.cls}`,
    "data-move": m.move,
    "data-wins": String(wins),
    "data-result": m.result || (wins ? "win" : "lose"),
    "aria-label": `${m.move}: ${detail}`,
  }, [el("span", { class: "mark", "aria-hidden": "true", text: r.mark }), m.move, el("small", { text: detail })]);
  b.addEventListener("click", onClick);
  // The preview outlines the spots the move touches: nothing moves.
  const show = () => drawn && drawn.show(m.move);
  const hide = () => drawn && drawn.show(null);
  b.addEventListener("mouseenter", show);
  b.addEventListener("focus", show);
  b.addEventListener("mouseleave", hide);
  b.addEventListener("blur", hide);
  return b;
}

let analyzeCtl = null;
async function analyze() {
  const out = $("analysis");
  if (!state.game) return;
  if (analyzeCtl) analyzeCtl.abort();
  if (position() === "") {
    out.replaceChildren(el("p", { class: "help", text: `Type a position, e.g. ${state.game.example}.` }));
    return;
  }
  const q = new URLSearchParams({ game: state.game.name, position: position(), moves: "true", limit: "200", ...params() });
  if (toMove()) q.set("to_move", toMove());
  const ctl = (analyzeCtl = new AbortController());
  out.setAttribute("aria-busy", "true");
  out.classList.add("stale");
  let a;
  try {
    a = await api("/api/analyze?" + q, undefined, ctl);
  } catch (err) {
    if (ctl === analyzeCtl) { out.classList.remove("stale"); out.removeAttribute("aria-busy"); showError(out, err); }
    return;
  }
  if (ctl !== analyzeCtl) return;
  out.classList.remove("stale");
  out.removeAttribute("aria-busy");
  if (a.proven === false) {
    // Not solved in the time the server gives: the best move its search found.
    const f = a.best_found;
    out.replaceChildren(
      el("p", { class: "verdict", id: "verdict", text: `Not proven in time (${a.unsolved.reason}).` }),
      el("p", { id: "best-found", text: `Best found, not proven: ${f.move}, by a search ${f.depth} moves deep.` }));
    return;
  }
  const res = RESULTS[a.result] || (a.to_move_wins ? RESULTS.win : RESULTS.lose);
  const parts = [
    el("p", { class: "verdict " + (a.result || (a.to_move_wins ? "win" : "lose")), id: "verdict", text: `${a.to_move} to move ${res.verb}` }),
  ];
  if (res.means) parts.push(el("p", { class: "help", id: "result-meaning", text: res.means }));
  if (a.other_to_move_wins !== undefined) {
    const other = RESULTS[a.other_to_move_result];
    parts.push(el("p", { text: `The other player to move: ${other ? other.verb : verdict(a.other_to_move_wins)}` }));
  }
  if (a.solved_by) {
    // A game with ties or cycles: no value; the result and how it was found.
    parts.push(el("p", { id: "value-line" }, ["result ", el("strong", { id: "value", text: a.result }), `   solved by ${a.solved_by}`]));
    if (a.reduction && a.reduction.sum) parts.push(el("p", { text: `Smith value of the sum: ${a.reduction.sum}` }));
  } else if (a.convention === "misere") {
    // A position has no value under misère play: its misère Grundy value says who wins.
    parts.push(el("p", { id: "value-line" }, ["outcome ", el("strong", { text: a.outcome }), " (misère play)   misère Grundy value ",
      el("strong", { id: "value", text: String(a.misere_grundy) })]));
  } else {
    parts.push(el("p", { id: "value-line" }, ["outcome ", el("strong", { text: a.outcome }), "   value ", el("strong", { id: "value", text: a.value })]));
  }
  if (a.remoteness !== null && a.remoteness !== undefined) {
    parts.push(el("p", { id: "analysis-remoteness", text: `Remoteness ${a.remoteness}: with best play the game lasts ${a.remoteness} more moves.` }));
  }
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
  const keeps = a.result === "tie" || a.result === "draw";
  parts.push(el("h2", { text: a.winning_moves.length ? `Winning moves (${count})` : keeps ? `No winning move; the moves that keep the ${a.result} (${a.best_moves.length})` : "No winning move: every move loses" }));
  if (keeps && a.best_moves.length) {
    parts.push(el("ul", { class: "winning", id: "best-moves" }, a.best_moves.map((m) => el("li", { text: `${m.move}  → ${m.after}` }))));
  }
  if (a.winning_moves.length) {
    parts.push(el("ul", { class: "winning", id: "winning-moves" }, a.winning_moves.map((m) => el("li", { text: `${m.move}  → ${m.after}` }))));
  }
  if (a.moves) {
    const list = el("div", { class: "moves", id: "analysis-moves", role: "group", "aria-label": "Legal moves" });
    for (const m of a.moves) {
      list.append(moveButton(m, () => { $("position").value = m.after; changed(true); }));
    }
    parts.push(el("h2", { text: "Legal moves (click to play one)" }), list);
  }
  out.replaceChildren(...parts);
}

// ---- play

function seatAt(ply) {
  return ply % 2 === 0 ? "first" : "second";
}

function startMatch(moves, push) {
  state.match = {
    start: position(), you: $("you").value, toMove: toMove(), params: params(),
    line: moves.slice(), cursor: moves.length, last: null, rem: [],
  };
  $("position").readOnly = true;
  if (push) commit(true);
  // A match opened from a link shows its position; a new one lets the engine move first.
  return request(moves, moves.length === 0, push);
}

function setBusy(busy) {
  state.busy = busy;
  document.body.dataset.busy = busy ? "true" : "false";
  for (const b of $("hints").querySelectorAll("button")) b.disabled = busy;
}

// Replays the match's first `moves`; with `reply`, the engine answers. `push`: each
// move added gets a history entry.
async function request(moves, reply, push) {
  const m = state.match;
  if (!m) return;
  const focusInside = $("view-play").contains(document.activeElement) || $("board").contains(document.activeElement);
  setBusy(true);
  if (reply && moves.length > m.cursor) {
    $("status").textContent = `You played ${moves[moves.length - 1]}. The engine is thinking…`;
    document.body.dataset.state = "engine";
  }
  let r;
  try {
    r = await api("/api/play", {
      game: state.game.name, params: m.params, position: m.start, to_move: m.toMove,
      you: m.you, moves, reply,
    });
  } catch (err) {
    setBusy(false);
    if (state.match === m) showError($("hints"), err);
    return;
  }
  if (state.match !== m) return;
  const engine = r.engine_moves || [];
  const played = moves.concat(engine);
  const kept = m.line.slice(0, played.length).every((mv, i) => mv === played[i]) ? m.line : [];
  m.line = played.length < kept.length ? kept : played;
  if (push) {
    // One history entry per move: the person's, then the engine's.
    for (let k = m.cursor + 1; k <= played.length; k++) {
      m.cursor = k;
      commit(true);
    }
  }
  m.cursor = played.length;
  commit(false);
  m.last = r;
  m.rem[m.cursor] = r.remoteness;
  renderPlay(r, engine.length > 0);
  setBusy(false);
  if (focusInside) {
    const first = $("hints").querySelector("button") || $("move-list");
    first.focus();
  }
}

function renderPlay(r, animate) {
  const m = state.match;
  $("position").value = r.position;
  showBoard(r.board, r.position, !r.winner && !r.over && r.your_turn ? "move" : "none");
  if (animate) $("board").classList.add("moved");
  const you = r.seats[r.you];
  const status = $("status");
  status.className = "status";
  const history = r.history;
  const last = history.length ? history[history.length - 1] : null;
  const lastText = last ? `Last move: ${last.move} by ${last.by === "you" ? "you" : "the engine"}. ` : "";
  if (r.winner) {
    status.className = "status over";
    status.textContent = (r.you_won ? "You win! " : "The engine wins. ") + lastText + r.ending;
    document.body.dataset.state = "over";
  } else if (r.tie) {
    status.className = "status over tie";
    status.textContent = "A tie: nobody wins. " + lastText + r.ending;
    document.body.dataset.state = "over";
  } else {
    const unproven = r.from_book ? " (from the opening book)"
      : r.proven === false ? " (best found, not proven)" : "";
    const engineMoved = r.engine_moves && r.engine_moves.length ? `The engine played ${r.engine_moves[0]}${unproven}. ` : "";
    status.textContent = engineMoved + (r.your_turn ? `Your move (you are ${you}).` : "The engine's move.");
    document.body.dataset.state = r.your_turn ? "your-turn" : "engine-turn";
  }
  $("engine-move").hidden = !!r.winner || !!r.over || r.your_turn;
  $("remoteness").textContent = r.remoteness === null || r.remoteness === undefined
    ? "" : `Remoteness of this position: ${r.remoteness} (moves left with best play).`;
  document.body.dataset.ply = String(m.cursor);
  document.body.dataset.position = r.position;
  const hints = $("hints");
  hints.replaceChildren();
  if (!r.winner && !r.over && r.your_turn) {
    for (const h of r.hints.moves) hints.append(moveButton(h, () => playMove(h.move)));
  }
  const more = [];
  if (r.hints.more_winning > 0) more.push(`${r.hints.more_winning} more winning moves`);
  if (r.hints.more_losing > 0) more.push(`${r.hints.more_losing} more losing moves`);
  $("more").textContent = more.length ? `Not listed: ${more.join(" and ")}.` : "";
  // The moves of the match so far.
  $("move-list").replaceChildren(...history.map((h, i) => el("li", { "data-ply": String(i + 1) }, [
    el("span", { class: "who", text: h.by === "you" ? "you" : "engine" }), " ", el("code", { text: h.move }), ` → ${h.after}`,
  ])));
  const strip = $("strip");
  strip.replaceChildren(...r.values.map((v, i) => {
    // The result for the player to move: win, lose, tie or draw (null: not known).
    const res = positionResult(v);
    const cls = res ? RESULTS[res].cls : "unknown";
    const mover = r.seats[v.to_move];
    const far = typeof v.remoteness === "number" ? ` in ${v.remoteness}` : "";
    const title = `after ${i} moves: ${v.position}; ${mover} to move ${res ? RESULTS[res].verb + far : "(not known)"}`;
    const shown = v.misere_grundy !== undefined ? `G⁻${v.misere_grundy} ` : v.value === null || v.value === undefined ? "" : v.value + " ";
    return el("span", { class: `cell ${cls}${i === r.values.length - 1 ? " now" : ""}`, "data-result": res || "unknown", title, "aria-label": title, text: shown + (res ? RESULTS[res].word : "?") });
  }));
  // Remoteness of the positions after the person's moves: the move's count less one.
  history.forEach((h, i) => {
    if (h.by === "you" && m.rem[i + 1] === undefined && m.hintsAt && m.hintsAt[i]) {
      const hint = m.hintsAt[i].find((x) => x.move === h.move);
      if (hint && hint.moves_left !== null && hint.moves_left !== undefined) m.rem[i + 1] = hint.moves_left - 1;
    }
  });
  m.hintsAt = m.hintsAt || [];
  m.hintsAt[m.cursor] = r.hints.moves;
  drawChart(r, m);
  $("undo").disabled = previousTurn() === null;
  $("redo").disabled = nextTurn() === null;
}

// The value history as a chart: one row per position, to the left when the person
// (to move or not) is winning, to the right when losing, as far out as the
// remoteness (when known).
function drawChart(r, m) {
  const NS = "http://www.w3.org/2000/svg";
  const svg = (tag, attrs, text) => {
    const e = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    return e;
  };
  const rows = r.values.length;
  const rem = r.values.map((v, i) => (typeof v.remoteness === "number" ? v.remoteness : typeof m.rem[i] === "number" ? m.rem[i] : null));
  const most = Math.max(4, ...rem.filter((x) => x !== null));
  const W = 320, mid = W / 2, rowH = 18, H = rows * rowH + 24;
  const chart = svg("svg", { viewBox: `0 0 ${W} ${H}`, width: "100%", role: "img", "aria-labelledby": "chart-title", class: "chart" });
  chart.append(svg("title", { id: "chart-title" }, "Value history: who is winning after each move, and how far from the end"));
  chart.append(svg("text", { x: 4, y: 12, class: "axis" }, "you win"), svg("text", { x: W - 4, y: 12, "text-anchor": "end", class: "axis" }, "you lose"));
  // Ties and draws, which neither player wins, on the middle line.
  const even = r.values.some((v) => v.result === "tie" || v.result === "draw");
  if (even) chart.append(svg("text", { x: mid, y: 12, "text-anchor": "middle", class: "axis" }, "tie / draw"));
  chart.append(svg("line", { x1: mid, y1: 16, x2: mid, y2: H, class: "mid" }));
  let prev = null;
  r.values.forEach((v, i) => {
    const res = positionResult(v);
    if (res === null) return;
    // The result for the person: a win and a loss swap when the engine is to move.
    const youToMove = v.to_move === r.you;
    const yours = res === "tie" || res === "draw" || youToMove ? res : res === "win" ? "lose" : "win";
    const d = rem[i] === null ? most : rem[i];
    const side = yours === "win" ? -1 : yours === "lose" ? 1 : 0;
    const x = side === 0 ? mid : mid + side * (8 + (d / most) * (mid - 40));
    const y = 24 + i * rowH;
    if (prev) chart.append(svg("line", { x1: prev[0], y1: prev[1], x2: x, y2: y, class: "path" }));
    const dot = svg("circle", { cx: x, cy: y, r: 5, class: "dot " + yours, "data-result": yours });
    const words = { win: "you win", lose: "you lose", tie: "a tie", draw: "a draw" }[yours];
    dot.append(svg("title", {}, `after ${i} moves: ${words}${rem[i] === null ? "" : ", remoteness " + rem[i]}`));
    const letter = { win: "W", lose: "L", tie: "T", draw: "D" }[yours];
    const text = rem[i] === null ? letter : side === 0 ? `${letter} ${rem[i]}` : String(rem[i]);
    chart.append(dot, svg("text", { x: side < 0 ? x - 9 : x + 9, y: y + 4, "text-anchor": side < 0 ? "end" : "start", class: "label" }, text));
    prev = [x, y];
  });
  $("chart").replaceChildren(chart);
}

function playMove(mv) {
  const m = state.match;
  if (state.busy || !m) return;
  request(m.line.slice(0, m.cursor).concat([mv]), true, true);
}

// The ply of the person's previous turn before the cursor, or null.
function previousTurn() {
  const m = state.match;
  if (!m) return null;
  for (let k = m.cursor - 1; k >= 0; k--) if (seatAt(k) === m.you) return k;
  return null;
}

// The ply of the person's next turn after the cursor (or the end), or null.
function nextTurn() {
  const m = state.match;
  if (!m || m.cursor >= m.line.length) return null;
  for (let k = m.cursor + 1; k < m.line.length; k++) if (seatAt(k) === m.you) return k;
  return m.line.length;
}

async function travel(ply) {
  const m = state.match;
  if (ply === null || state.busy || !m) return;
  m.cursor = ply;
  commit(true);
  await request(m.line.slice(0, ply), false, false);
}

// ---- sequences

// The games of the sequence page: every game with a single-heap Grundy sequence
// (`sequence` in /api/games), with its first parameter typed in a field, then the
// table game's W/L grid.
const TABLE_GRID = { label: "Boundary", value: "10110/0110", help: "TOP/LEFT: the table game's boundary strings. Each cell shows who wins with the stone there: W, the player to move; L, the other." };
let seqQuotientShown = false;

const seqIsTable = () => $("seq-game").value === "table";
const seqGame = () => state.games.find((g) => g.name === $("seq-game").value);
// The parameter typed on the sequence page: the game's first required one (else its
// first with a value), or none.
const seqParam = (g) => g && (g.params.find((p) => p.required) || g.params.find((p) => !p.flag));

function fillSeqGames() {
  const games = state.games.filter((g) => g.sequence);
  $("seq-game").replaceChildren(...games.map((g) => el("option", { value: g.name, text: g.name })),
    el("option", { value: "table", text: "table game: W/L grid" }));
  if (games.some((g) => g.name === "subtraction")) $("seq-game").value = "subtraction";
}

// Sets the sequence page's fields for the game chosen, from `given` (an address's
// fields) or the game's example.
function seqGameChanged(given) {
  given = given || {};
  if (seqIsTable()) {
    $("seq-text-name").textContent = TABLE_GRID.label;
    $("seq-text").value = given.boundary || TABLE_GRID.value;
    $("seq-text-label").hidden = false;
    $("seq-help").textContent = TABLE_GRID.help;
  } else {
    const g = seqGame();
    const p = seqParam(g);
    $("seq-text-label").hidden = !p;
    if (p) {
      $("seq-text-name").textContent = p.name;
      $("seq-text").value = given[p.name] || p.example || p.default || "";
    }
    $("seq-help").textContent = g ? g.about : "";
  }
  $("seq-misere").checked = ["true", "1"].includes(given.misere);
  if (given.to) $("seq-to").value = given.to;
  if (given.heaps) $("seq-heaps").value = given.heaps;
  if (given.quotient) $("seq-bound").value = given.quotient;
  seqQuotientShown = !!given.quotient;
  seqMisereChanged();
}

// Misère play on the sequence page (heap games that take it): the genus instead of
// G(n), and the quotient.
function seqMisere() {
  const g = seqGame();
  return !seqIsTable() && !!g && !!g.misere && $("seq-misere").checked;
}

function seqMisereChanged() {
  const table = seqIsTable();
  const g = seqGame();
  const on = seqMisere();
  $("seq-misere-row").hidden = table || !g || !g.misere;
  $("seq-to-label").hidden = table || on;
  $("seq-heaps-label").hidden = !on;
  $("seq-bound-label").hidden = !on;
  $("seq-quotient").hidden = !on;
  $("seq-misere-help").hidden = !on;
  if (!on) {
    $("seq-quotient-out").replaceChildren();
    seqQuotientShown = false;
  }
}

// The query of the heap game on the sequence page: its name and parameter.
function seqQuery() {
  const g = seqGame();
  const p = seqParam(g);
  const q = { game: $("seq-game").value };
  if (p) q[p.name] = $("seq-text").value.trim();
  return q;
}

// The sequence page as an address's fields: the game, its parameter, how far, misère
// play, the heaps of the genus and the bound of the quotient shown.
function seqAddress() {
  if (seqIsTable()) return new URLSearchParams({ game: "table", boundary: $("seq-text").value.trim() });
  const q = new URLSearchParams(seqQuery());
  if (seqMisere()) {
    q.set("misere", "true");
    q.set("heaps", $("seq-heaps").value || "30");
    if (seqQuotientShown) q.set("quotient", $("seq-bound").value || "8");
  } else {
    q.set("to", $("seq-to").value || "100");
  }
  return q;
}

// The sequence page from an address's fields, drawn.
function seqRestore(given) {
  if ([...$("seq-game").options].some((o) => o.value === given.game)) $("seq-game").value = given.game;
  seqGameChanged(given);
  drawSequence();
  if (seqQuotientShown && seqMisere()) drawQuotient();
}

// Each drawing is numbered; an answer that arrives after a newer drawing began is dropped.
let seqRun = 0;

async function drawSequence() {
  const run = ++seqRun;
  const out = $("seq-out");
  const game = $("seq-game").value;
  const text = $("seq-text").value.trim();
  try {
    if (seqIsTable()) {
      await drawTableGrid(out, text, run);
      return;
    }
    if (seqMisere()) {
      await drawGenus(out, text, run);
      return;
    }
    const q = new URLSearchParams({ ...seqQuery(), to: $("seq-to").value || "100" });
    const s = await api("/api/sequence?" + q);
    if (run !== seqRun) return;
    const period = s.period === null ? "no period proven" : `preperiod ${s.preperiod}, period ${s.period}`;
    out.replaceChildren(
      el("p", { class: "seq-summary", id: "seq-summary", text: `G(0), …, G(${s.computed - 1}): ${period}` }),
      el("div", { class: "seq-plot" }, [el("img", { class: "sequence", id: "seq-svg", alt: `G(n) of ${game} ${text}: ${period}`, src: "/api/sequence.svg?" + q })]),
      el("p", { class: "help", text: "G(n) = " + s.values.slice(0, 80).join(" ") + (s.values.length > 80 ? " …" : "") }),
    );
  } catch (err) {
    if (run === seqRun) showError(out, err);
  }
}

// The genus of heaps 0..N in Conway's notation, tame or wild.
async function drawGenus(out, text, run) {
  const q = new URLSearchParams({ ...seqQuery(), misere: "true", to: $("seq-heaps").value || "30" });
  const s = await api("/api/sequence?" + q);
  if (run !== seqRun) return;
  const n = s.computed;
  const wild = s.tame.indexOf(false);
  const summary = `Genus of heaps 0 to ${n - 1} (misère play): ${s.tame_heaps} of ${n} tame` +
    (wild < 0 ? "; sums of them are played as misère Nim" : `; heap ${wild} is the first wild one`);
  const rows = s.notation.map((g, i) => el("tr", { "data-heap": String(i) }, [
    el("th", { scope: "row", text: String(i) }),
    el("td", { class: "genus", text: g }),
    el("td", { class: s.tame[i] ? "tame" : "wild", text: s.tame[i] ? "tame" : "wild" }),
  ]));
  out.replaceChildren(
    el("p", { class: "seq-summary", id: "seq-summary", text: summary }),
    el("div", { class: "table-scroll" }, [el("table", { class: "genus-table", id: "seq-genus" }, [
      el("caption", { text: `The genus of each heap of ${s.game} ${text}` }),
      el("thead", {}, [el("tr", {}, [el("th", { scope: "col", text: "heap" }), el("th", { scope: "col", text: "genus" }), el("th", { scope: "col", text: "tame?" })])]),
      el("tbody", {}, rows),
    ])]),
  );
}

// The misère quotient of the sums of heaps up to the bound: order, P-portion,
// pretending function and multiplication table.
let quotientRun = 0;
async function drawQuotient() {
  const run = ++quotientRun;
  const out = $("seq-quotient-out");
  const q = new URLSearchParams({ ...seqQuery(), misere: "true", quotient: "true", to: $("seq-bound").value || "8" });
  try {
    const s = await api("/api/sequence?" + q);
    if (run !== quotientRun) return;
    const c = s.quotient;
    const name = (i) => c.elements[i];
    const inP = new Set(c.p_portion);
    const pretending = c.pretending.slice(1).map((x, i) => `${i + 1}→${name(x)}`).join(", ");
    const head = el("tr", {}, [el("th", { scope: "col", text: "·" }), ...c.elements.map((e) => el("th", { scope: "col", text: e }))]);
    const rows = c.table.map((row, i) => el("tr", {}, [
      el("th", { scope: "row", text: name(i) }),
      ...row.map((x) => el("td", { class: inP.has(x) ? "p" : "", text: name(x) })),
    ]));
    out.replaceChildren(
      el("h2", { text: `Misère quotient of ${c.game}, heaps up to ${c.heap_bound}` }),
      el("p", { class: "seq-summary", id: "quotient-summary", text: `order ${c.order}; P-portion {${c.p_portion.map(name).join(", ")}} (proven by its check)` }),
      el("p", { id: "quotient-pretending", text: `Pretending function: ${pretending}` }),
      el("div", { class: "table-scroll" }, [el("table", { class: "quotient-table", id: "quotient-table" }, [
        el("caption", { text: "Multiplication table (elements of the P-portion in bold)" }),
        el("thead", {}, [head]),
        el("tbody", {}, rows),
      ])]),
    );
  } catch (err) {
    if (run === quotientRun) showError(out, err);
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

// ---- the value calculator: GET /api/value

let valueRun = 0;

async function computeValue() {
  const run = ++valueRun;
  const out = $("value-out");
  const expr = $("value-expr").value.trim();
  if (!expr) {
    out.replaceChildren(el("p", { class: "help", text: "Type an expression, e.g. {2|0} + *." }));
    return;
  }
  const q = new URLSearchParams({ expr });
  try {
    const v = await api("/api/value?" + q);
    if (run !== valueRun) return;
    const parts = [];
    if (v.kind === "comparison") {
      parts.push(el("p", { class: "verdict", id: "value-result", text: `${v.left} ${v.relation} ${v.right}: ${v.holds}` }),
        el("p", { class: "help", text: v.holds ? "The comparison holds." : "The comparison does not hold." }));
    } else if (v.kind === "incentives") {
      const list = (side) => side.length
        ? el("ul", { class: "winning" }, side.map((x) => el("li", { text: `${x.option}: incentive ${x.incentive}` })))
        : el("p", { class: "help", text: "none" });
      parts.push(el("p", { class: "verdict", id: "value-result", text: v.canonical_form }),
        el("h2", { text: "Left's incentives, G^L − G" }), list(v.left_incentives),
        el("h2", { text: "Right's incentives, G − G^R" }), list(v.right_incentives));
    } else {
      const row = (name, value) => el("tr", {}, [el("th", { scope: "row", text: name }), el("td", { text: String(value) })]);
      parts.push(el("p", { class: "verdict", id: "value-result", text: v.canonical_form }),
        el("div", { class: "table-scroll" }, [el("table", { class: "value-table", id: "value-invariants" }, [
          el("caption", { text: "Invariants" }),
          el("tbody", {}, [
            row("outcome", v.outcome), row("left stop", v.left_stop), row("right stop", v.right_stop),
            row("mean", v.mean), row("temperature", v.temperature), row("birthday", v.birthday),
            row("number?", v.is_number ? "yes" : "no"),
            row("explicit form", v.explicit === null ? "too long to show" : v.explicit),
          ]),
        ])]),
        el("h2", { text: "Thermograph" }),
        el("div", { class: "seq-plot" }, [el("img", { class: "sequence", id: "value-svg", alt: `thermograph of ${v.canonical_form}: mean ${v.mean}, temperature ${v.temperature}`, src: "/api/value.svg?" + q })]));
    }
    out.replaceChildren(...parts);
  } catch (err) {
    if (run === valueRun) showError(out, err);
  }
}

function valueChanged() {
  computeValue();
  commit(true);
}

// ---- start

function tabKeys(e) {
  const tabs = VIEWS.map((v) => $("tab-" + v));
  const i = tabs.indexOf(document.activeElement);
  if (i < 0) return;
  let j = null;
  if (e.key === "ArrowRight") j = (i + 1) % tabs.length;
  else if (e.key === "ArrowLeft") j = (i + tabs.length - 1) % tabs.length;
  else if (e.key === "Home") j = 0;
  else if (e.key === "End") j = tabs.length - 1;
  if (j === null) return;
  e.preventDefault();
  tabs[j].focus();
  switchView(VIEWS[j]);
}

async function main() {
  for (const b of document.querySelectorAll("nav [role=tab]")) {
    b.addEventListener("click", () => switchView(b.dataset.view));
  }
  $("tabs").addEventListener("keydown", tabKeys);
  $("game").addEventListener("change", () => {
    if (!confirmEnd()) {
      $("game").value = state.game.name;
      return;
    }
    endMatch();
    selectGame($("game").value);
    changed(true);
  });
  $("to-move").addEventListener("change", () => { endMatch(); changed(true); });
  $("misere").addEventListener("change", () => {
    if (!confirmEnd()) {
      $("misere").checked = !$("misere").checked;
      return;
    }
    $("misere-help").hidden = !$("misere").checked;
    endMatch();
    changed(true);
  });
  $("you").addEventListener("change", () => { if (!state.match) commit(false); });
  $("position").addEventListener("change", () => changed(true));
  $("position").addEventListener("keydown", (e) => { if (e.key === "Enter") changed(true); });
  $("example").addEventListener("click", () => {
    if (!confirmEnd()) return;
    endMatch();
    $("position").value = state.game.example;
    changed(true);
  });
  $("analyze").addEventListener("click", analyze);
  $("start").addEventListener("click", () => {
    if (!confirmEnd()) return;
    endMatch();
    startMatch([], true);
  });
  $("engine-move").addEventListener("click", () => {
    const m = state.match;
    if (m && !state.busy) request(m.line.slice(0, m.cursor), true, true);
  });
  $("undo").addEventListener("click", () => travel(previousTurn()));
  $("redo").addEventListener("click", () => travel(nextTurn()));
  $("cancel").addEventListener("click", cancelAll);
  // Switching the game draws the new one at once (its old drawing is gone).
  $("seq-game").addEventListener("change", () => {
    $("seq-out").replaceChildren();
    $("seq-quotient-out").replaceChildren();
    seqGameChanged();
    drawSequence();
    commit(true);
  });
  $("seq-go").addEventListener("click", () => { drawSequence(); commit(true); });
  $("seq-misere").addEventListener("change", () => { seqMisereChanged(); drawSequence(); commit(true); });
  $("value-go").addEventListener("click", valueChanged);
  $("value-expr").addEventListener("keydown", (e) => { if (e.key === "Enter") valueChanged(); });
  for (const b of $("value-examples").querySelectorAll("button")) {
    b.addEventListener("click", () => { $("value-expr").value = b.dataset.expr; valueChanged(); });
  }
  $("seq-quotient").addEventListener("click", () => { seqQuotientShown = true; drawQuotient(); commit(true); });
  try {
    state.games = (await api("/api/games")).games;
  } catch (err) {
    showError($("analysis"), err);
    return;
  }
  $("game").replaceChildren(...state.games.map((g) => el("option", { value: g.name, text: g.name })));
  fillSeqGames();
  seqGameChanged();
  window.addEventListener("popstate", () => restore());
  await restore();
  document.body.dataset.ready = "true";
}

main();
