// Board drawings for the games the pages know, keyed by the game's name. Each
// `render(position, element, edit)` draws the position into `element` and returns
// true, or returns false when it cannot draw it (the page then shows the text alone).
// These hand-drawn boards edit positions; every game's board, for play and editing,
// is drawn by `Boards.generic` from the description the server gives (GET /api/board).
// With `edit` (a function taking the new position text) the drawing is editable by
// clicking. Games without a drawing here are played from the text field and the list
// of legal moves.
"use strict";

const Boards = (() => {
  const MAX_CELLS = 400;

  function el(tag, attrs, children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === "class") e.className = v;
      else if (k === "text") e.textContent = v;
      else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
      else e.setAttribute(k, v);
    }
    for (const c of children || []) e.append(c);
    return e;
  }

  function svgEl(tag, attrs, children) {
    const e = document.createElementNS("http://www.w3.org/2000/svg", tag);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    for (const c of children || []) e.append(c);
    return e;
  }

  function button(attrs, children, onClick, enabled) {
    const b = el("button", Object.assign({ type: "button" }, attrs), children);
    if (enabled) b.addEventListener("click", onClick);
    else b.tabIndex = -1;
    return b;
  }

  // A row of cells ('.', 'P', 'A', 'B') with square numbers under them.
  function strip(position, element, edit, alphabet, cycle, name) {
    if (!new RegExp("^[" + alphabet + "]*$").test(position) || position.length > MAX_CELLS) return false;
    const row = el("div", { class: "strip-board", role: "group", "aria-label": name });
    [...position].forEach((c, i) => {
      const cls = c === "P" ? "pawn" : c === "A" ? "a" : c === "B" ? "b" : "empty";
      const label = `square ${i + 1}: ${c === "." ? "empty" : c}`;
      row.append(button({ class: "square " + cls, "aria-label": label, "data-square": i + 1 },
        [c === "." ? "" : c, el("small", { text: String(i + 1) })],
        () => edit(position.slice(0, i) + cycle(c) + position.slice(i + 1)), !!edit));
    });
    if (edit) {
      row.append(button({ class: "add", "aria-label": "add a square", title: "add a square" }, ["+"],
        () => edit(position + "."), true));
      if (position.length > 0) {
        row.append(button({ class: "add", "aria-label": "remove the last square", title: "remove the last square" }, ["−"],
          () => edit(position.slice(0, -1)), true));
      }
    }
    element.replaceChildren(row);
    return true;
  }

  const nim = {
    help: "Click a token to take it and every token right of it; + adds a token or a heap.",
    render(position, element, edit) {
      if (!/^\d+(,\d+)*$/.test(position)) return false;
      const heaps = position.split(",").map(Number);
      if (heaps.some((h) => !Number.isSafeInteger(h))) return false;
      const box = el("div", { class: "heaps", role: "group", "aria-label": "heaps" });
      const set = (i, n) => edit(heaps.map((h, j) => (j === i ? n : h)).join(","));
      heaps.forEach((h, i) => {
        const row = el("div", { class: "heap" }, [el("span", { class: "label", text: `heap ${i + 1}: ${h}` })]);
        for (let t = 0; t < Math.min(h, 30); t++) {
          row.append(button({ class: "token", "aria-label": `heap ${i + 1}: leave ${t}` }, [], () => set(i, t), !!edit));
        }
        if (h > 30) row.append(el("span", { text: "…" }));
        if (edit) row.append(button({ class: "add", "aria-label": `heap ${i + 1}: add a token` }, ["+"], () => set(i, h + 1), true));
        box.append(row);
      });
      if (edit) box.append(button({ class: "add", "aria-label": "add a heap" }, ["+ heap"], () => edit(position + ",1"), true));
      element.replaceChildren(box);
      return true;
    },
  };

  const pawns = {
    help: "Click a square to put a pawn on it or take it away.",
    render: (p, e, edit) => strip(p, e, edit, ".P", (c) => (c === "P" ? "." : "P"), "squares"),
  };

  const ab = {
    help: "Click a cell to cycle it: empty, A, B.",
    render: (p, e, edit) => strip(p, e, edit, ".AB", (c) => (c === "." ? "A" : c === "A" ? "B" : "."), "cells"),
  };

  // Towers: buildings h:n, each n towers of heights h, h+1, ..., h+n-1.
  const towers = {
    help: "Each building is n towers of heights h to h+n−1: its buttons change h and n.",
    render(position, element, edit) {
      if (!/^\d+:\d+(,\d+:\d+)*$/.test(position)) return false;
      const buildings = position.split(",").map((b) => b.split(":").map(Number));
      if (buildings.some(([h, n]) => !Number.isSafeInteger(h) || !Number.isSafeInteger(n))) return false;
      const city = el("div", { class: "city", role: "group", "aria-label": "buildings" });
      const set = (i, h, n) => edit(buildings.map((b, j) => (j === i ? [h, n] : b)).map((b) => b.join(":")).join(","));
      const tallest = Math.max(1, ...buildings.map(([h, n]) => h + n - 1));
      const unit = Math.max(2, Math.min(14, 160 / tallest));
      buildings.forEach(([h, n], i) => {
        const row = el("div", { class: "towers" });
        for (let k = 0; k < Math.min(n, 24); k++) {
          const height = h + k;
          row.append(el("div", { class: "tower", style: `height:${Math.max(2, height * unit)}px`, title: `height ${height}`, text: height <= 99 && unit >= 8 ? String(height) : "" }));
        }
        if (n > 24) row.append(el("span", { text: "…" }));
        const parts = [row, el("span", { class: "help", text: `${i + 1}: ${h}:${n}` })];
        if (edit) {
          const c = (label, aria, f) => button({ "aria-label": `building ${i + 1}: ${aria}` }, [label], f, true);
          parts.push(el("div", { class: "controls" }, [
            c("h−", "lower the base height", () => set(i, Math.max(1, h - 1), n)),
            c("h+", "raise the base height", () => set(i, h + 1, n)),
            c("n−", "one tower fewer", () => set(i, h, Math.max(1, n - 1))),
            c("n+", "one tower more", () => set(i, h, n + 1)),
          ]));
        }
        city.append(el("div", { class: "building" }, parts));
      });
      if (edit) city.append(button({ class: "add", "aria-label": "add a building" }, ["+ building"], () => edit(position + ",1:1"), true));
      element.replaceChildren(city);
      return true;
    },
  };

  // The table game: TOP/LEFT@X,Y.
  function parseTable(position) {
    const m = /^([01]+)\/([01]+)@(\d+),(\d+)$/.exec(position);
    if (!m) return null;
    const t = { top: m[1], left: m[2], x: Number(m[3]), y: Number(m[4]) };
    if (t.top.length > 40 || t.left.length > 40 || t.x > t.left.length || t.y > t.top.length) return null;
    return t;
  }
  const showTable = (t) => `${t.top}/${t.left}@${t.x},${t.y}`;

  // A (N+1) x (M+1) grid; `cell(x, y)` gives each cell's element.
  function grid(t, cell) {
    const table = el("table", { class: "grid", role: "grid" });
    const head = el("tr", {}, [el("th", { text: "x\\y" })]);
    for (let y = 0; y <= t.top.length; y++) head.append(el("th", { text: String(y) }));
    table.append(head);
    for (let x = 0; x <= t.left.length; x++) {
      const tr = el("tr", {}, [el("th", { text: String(x) })]);
      for (let y = 0; y <= t.top.length; y++) tr.append(el("td", {}, [cell(x, y)]));
      table.append(tr);
    }
    return table;
  }

  const table = {
    help: "Click a boundary digit to flip it, any other cell to put the stone there; the buttons add or remove a row or a column.",
    parse: parseTable,
    show: showTable,
    grid,
    render(position, element, edit) {
      const t = parseTable(position);
      if (!t) return false;
      const cell = (x, y) => {
        if (x === 0 && y === 0) return el("span", { class: "cell corner" });
        const here = x === t.x && y === t.y;
        const boundary = x === 0 || y === 0;
        const digit = x === 0 ? t.top[y - 1] : y === 0 ? t.left[x - 1] : "";
        const flip = (s, i) => s.slice(0, i) + (s[i] === "1" ? "0" : "1") + s.slice(i + 1);
        const click = () => {
          if (boundary && !here) {
            edit(showTable(Object.assign({}, t, x === 0 ? { top: flip(t.top, y - 1) } : { left: flip(t.left, x - 1) })));
          } else {
            edit(showTable(Object.assign({}, t, { x, y })));
          }
        };
        return button({ class: (boundary ? "boundary" : "") + (here ? " stone" : ""), "aria-label": `cell ${x},${y}${here ? " (the stone)" : ""}${digit ? " digit " + digit : ""}` },
          [here ? "●" : digit], click, !!edit);
      };
      const parts = [grid(t, cell)];
      if (edit) {
        const resize = (top, left) => {
          const n = Object.assign({}, t, { top, left });
          n.x = Math.min(n.x, left.length);
          n.y = Math.min(n.y, top.length);
          edit(showTable(n));
        };
        parts.push(el("div", { class: "row" }, [
          button({}, ["+ row"], () => resize(t.top, t.left + "0"), true),
          button({}, ["− row"], () => t.left.length > 1 && resize(t.top, t.left.slice(0, -1)), true),
          button({}, ["+ column"], () => resize(t.top + "0", t.left), true),
          button({}, ["− column"], () => t.top.length > 1 && resize(t.top.slice(0, -1), t.left), true),
        ]));
      }
      element.replaceChildren(...parts);
      return true;
    },
  };

  // ---- the generic board: every game's drawing from its description.
  //
  // `view` is what GET /api/board answers under "board": { board: { shape, lines },
  // moves: [{ move, touches }], edits: [{ at, position }] }. `opts.mode` is "move"
  // (a click picks a legal move: the moves through the spot clicked; one left is
  // played, several are highlighted until the next click tells them apart; a board
  // with `steps` takes each move's spots in order, saying at each step what it
  // expects and refusing other clicks), "edit" (a click edits the position) or
  // "none". `opts.onMove(move)`, `opts.onEdit(position)`. The board's `columns` and
  // `rows` (the names the move notation gives them) are drawn along it, its
  // `legend` under it.
  function generic(view, element, opts) {
    const board = view.board;
    const steps = board.steps || [];
    const note = el("p", { class: "board-note", id: "board-note", role: "status", "aria-live": "polite" });
    const say = (text) => { note.textContent = text; };
    const key = (at) => at[0] + "," + at[1];
    const edits = new Map((view.edits || []).map((e) => [key(e.at), e.position]));
    const moves = view.moves || [];
    const touched = new Set();
    for (const m of moves) for (const at of m.touches) touched.add(key(at));
    const mode = opts.mode || "none";
    let clicks = [];
    const buttons = new Map();

    const candidates = () => steps.length
      ? moves.filter((m) => m.touches.length >= clicks.length && clicks.every((c, i) => key(m.touches[i]) === c))
      : moves.filter((m) => clicks.every((c) => m.touches.some((t) => key(t) === c)));
    const same = (m, list) => m.touches.length === list.length && m.touches.every((t, i) => key(t) === list[i]);
    function mark() {
      const cands = clicks.length ? candidates() : [];
      const choice = new Set();
      for (const m of cands) {
        if (steps.length) { if (m.touches[clicks.length]) choice.add(key(m.touches[clicks.length])); }
        else for (const t of m.touches) choice.add(key(t));
      }
      for (const [k, b] of buttons) {
        b.classList.toggle("picked", clicks.includes(k));
        b.classList.toggle("choice", clicks.length > 0 && choice.has(k) && !clicks.includes(k));
        b.setAttribute("aria-pressed", String(clicks.includes(k)));
      }
      element.dataset.choices = String(cands.length);
    }
    const stepText = (i) => steps[Math.min(i, steps.length - 1)];
    const name = (k) => (buttons.get(k) && buttons.get(k).dataset.name) || "that spot";
    // A board whose moves are clicked in steps: the click must be the next spot of a
    // move that starts with the spots clicked so far.
    function stepClick(k) {
      const step = clicks.length;
      const cands = candidates().filter((m) => m.touches.length > step && key(m.touches[step]) === k);
      if (!cands.length) {
        if (step > 0 && clicks[step - 1] === k) {
          clicks.pop();
          mark();
          say(`Taken back. Click ${stepText(clicks.length)}.`);
          return;
        }
        say(`${name(k)} cannot be ${stepText(step)} here: click ${stepText(step)}.`);
        return;
      }
      clicks.push(k);
      const done = cands.filter((m) => m.touches.length === clicks.length);
      if (done.length && (cands.length === 1 || cands.every((m) => m.touches.length === clicks.length))) {
        clicks = [];
        mark();
        say("");
        opts.onMove(done[0].move);
        return;
      }
      mark();
      say(`Now click ${stepText(clicks.length)} (or ${name(k)} again to take it back).`);
    }
    function click(k) {
      if (mode === "edit") {
        if (edits.has(k)) opts.onEdit(edits.get(k));
        return;
      }
      if (mode !== "move") return;
      if (steps.length) { stepClick(k); return; }
      if (!touched.has(k)) {
        say(`No legal move uses ${name(k)}.`);
        return;
      }
      say("");
      if (clicks.length && clicks[clicks.length - 1] === k) {
        // The same spot again: the move that touches exactly the spots clicked.
        const exact = candidates().find((m) => same(m, clicks));
        clicks = [];
        mark();
        if (exact) opts.onMove(exact.move);
        return;
      }
      clicks.push(k);
      let cands = candidates();
      if (!cands.length) {
        clicks = [k];
        cands = candidates();
      }
      if (!cands.length) clicks = [];
      const exact = cands.find((m) => same(m, clicks));
      if (cands.length > 1) say(`${cands.length} moves use the places clicked: click one of the places outlined, or the same place again for the move that uses it alone.`);
      if (cands.length === 1 || (exact && cands.every((m) => m.touches.length <= clicks.length))) {
        const m = cands.length === 1 ? cands[0] : exact;
        clicks = [];
        mark();
        opts.onMove(m.move);
        return;
      }
      mark();
    }
    // Hovering a spot marks what a click there would play, when one move is left
    // (a Connect Four column shows where the mark lands).
    function aim(k) {
      for (const b of buttons.values()) b.classList.remove("aim", "aim-first");
      if (k === null || clicks.length) return;
      const through = steps.length
        ? moves.filter((m) => key(m.touches[0]) === k)
        : moves.filter((m) => m.touches.some((t) => key(t) === k));
      if (through.length !== 1) return;
      through[0].touches.forEach((t, i) => {
        const b = buttons.get(key(t));
        if (b) b.classList.add(i === 0 ? "aim-first" : "aim");
      });
    }
    function spotButton(spot, at, extra) {
      const k = key(at);
      const live = mode === "move" ? touched.has(k) : mode === "edit" ? edits.has(k) : false;
      const b = el("button", {
        type: "button",
        class: `spot tint-${spot.tint}${extra ? " " + extra : ""}${live ? " live" : ""}${spot.dark ? " dark" : ""}`,
        "data-at": k,
        "data-name": spot.label.split(":")[0],
        "aria-label": spot.label,
        title: spot.label,
      }, spot.glyph ? [el("span", { class: "glyph", text: spot.glyph })] : []);
      if (live) {
        b.addEventListener("click", () => click(k));
        if (mode === "move") {
          b.addEventListener("mouseenter", () => aim(k));
          b.addEventListener("mouseleave", () => aim(null));
        }
      } else {
        b.tabIndex = -1;
        b.setAttribute("aria-disabled", "true");
        // A click on a spot no move uses says so, rather than nothing.
        if (mode === "move") b.addEventListener("click", () => click(k));
      }
      buttons.set(k, b);
      return b;
    }
    const hideAdd = (spot) => spot.tint === "add" && mode !== "edit";
    let laidOut = null;
    // Arcs from spot i to spot j of a row (each [i, j]), over the row `row`: forward
    // ones low, backward ones high, an arrowhead at the end, a loop for i = j.
    function drawArcs(svg, edges) {
      const box = svg.nextElementSibling ? svg.nextElementSibling.getBoundingClientRect() : null;
      if (!box) return;
      const x = (i) => { const b = buttons.get(key([0, i])); if (!b) return null; const r = b.getBoundingClientRect(); return r.left + r.width / 2 - box.left; };
      const spans = edges.map(([i, j]) => Math.abs((x(i) || 0) - (x(j) || 0)));
      const H = Math.min(90, 20 + Math.max(0, ...spans) * 0.3);
      svg.setAttribute("width", String(Math.ceil(box.width)));
      svg.setAttribute("height", String(Math.ceil(H)));
      svg.setAttribute("viewBox", `0 0 ${Math.ceil(box.width)} ${Math.ceil(H)}`);
      const defs = svgEl("defs", {}, [svgEl("marker", { id: "arc-head", viewBox: "0 0 10 10", refX: "9", refY: "5", markerWidth: "7", markerHeight: "7", orient: "auto-start-reverse" },
        [svgEl("path", { d: "M0,0 L10,5 L0,10 z", class: "arc-head" })])]);
      svg.replaceChildren(defs);
      for (const [i, j] of edges) {
        const x1 = x(i), x2 = x(j);
        if (x1 === null || x2 === null) continue;
        // The apex of a quadratic arc is halfway to its control point.
        const lift = Math.min(H - 4, (10 + Math.abs(x2 - x1) * 0.3) * (i < j ? 1 : 1.6));
        const d = i === j
          ? `M${x1 - 5},${H} C${x1 - 14},${H - 22} ${x1 + 14},${H - 22} ${x1 + 5},${H}`
          : `M${x1 + (i < j ? 4 : -4)},${H} Q${(x1 + x2) / 2},${H - 2 * lift} ${x2 + (i < j ? -4 : 4)},${H}`;
        svg.append(svgEl("path", { d, class: "arc " + (i < j ? "forward" : "backward"), "marker-end": "url(#arc-head)", "data-from": String(i), "data-to": String(j) }));
      }
    }
    const parts = [];
    const lines = board.lines;
    if (board.shape === "grid" || board.shape === "strip") {
      const width = Math.max(1, ...lines.map((l) => l.spots.length));
      const columns = board.columns || [];
      const rows = board.shape === "grid" ? board.rows || [] : [];
      const lead = rows.length ? 1 : 0;
      const axis = (text, cls) => el("span", { class: "axis " + cls, "aria-hidden": "true", text });
      const g = el("div", { class: `cells ${board.shape}`, role: "group", "aria-label": board.shape === "grid" ? "board" : "squares", style: `grid-template-columns: ${lead ? "auto " : ""}repeat(${width}, var(--cell))` });
      // A grid's column names over it; a strip's square numbers under it.
      const columnRow = () => {
        if (lead) g.append(axis("", "axis-corner"));
        for (let c = 0; c < width; c++) g.append(axis(columns[c] || "", "column"));
      };
      if (columns.length && board.shape === "grid") columnRow();
      lines.forEach((line, r) => {
        if (lead) g.append(axis(rows[r] || "", "row"));
        line.spots.forEach((spot, c) => g.append(spotButton(spot, [r, c])));
        for (let c = line.spots.length; c < width; c++) g.append(el("span", { class: "spot void" }));
      });
      if (columns.length && board.shape === "strip") columnRow();
      parts.push(g);
      const arrows = lines.flatMap((line) => line.spots.flatMap((s, i) => (s.arrows || []).map((j) => [line, i, j])));
      if (arrows.length && lines.length === 1) {
        // A graph drawn as a row of vertices: its edges as arcs over the row, drawn
        // once the row is laid out.
        const arcs = svgEl("svg", { class: "arcs", "aria-hidden": "true" });
        parts.splice(parts.length - 1, 0, arcs);
        laidOut = () => drawArcs(arcs, arrows.map(([, i, j]) => [i, j]));
      }
      if (arrows.length) {
        // A graph drawn as a row of vertices: its edges listed under it.
        const who = (line, i) => line.spots[i].label.split(":")[0];
        parts.push(el("p", { class: "edges", id: "board-edges", text: "Edges: " + arrows.map(([line, i, j]) => `${who(line, i)} → ${who(line, j)}`).join(", ") }));
      }
    } else if (board.shape === "heaps") {
      const box = el("div", { class: "heaps", role: "group", "aria-label": "heaps" });
      lines.forEach((line, h) => {
        const visible = line.spots.filter((s) => !hideAdd(s));
        if (!visible.length && line.spots.length) return;
        const row = el("div", { class: "heap" }, [el("span", { class: "label", text: line.label })]);
        line.spots.forEach((spot, i) => { if (!hideAdd(spot)) row.append(spotButton(spot, [h, i], spot.tint === "piece" ? "token" : "add")); });
        box.append(row);
      });
      parts.push(box);
    } else if (board.shape === "trees") {
      const forest = el("div", { class: "forest", role: "group", "aria-label": "trees" });
      lines.forEach((line, t) => {
        const kids = new Map();
        line.spots.forEach((s, i) => {
          const p = s.parent === undefined || s.parent === null ? -1 : s.parent;
          if (!kids.has(p)) kids.set(p, []);
          kids.get(p).push(i);
        });
        const grow = (i) => el("div", { class: "stem" }, [
          el("div", { class: "branches" }, (kids.get(i) || []).map(grow)),
          spotButton(line.spots[i], [t, i], "edge"),
        ]);
        forest.append(el("div", { class: "tree", "aria-label": line.label }, [
          el("div", { class: "branches" }, (kids.get(-1) || []).map(grow)),
          el("span", { class: "ground", text: line.label }),
        ]));
      });
      parts.push(forest);
    } else if (board.shape === "cakes") {
      const box = el("div", { class: "cakes", role: "group", "aria-label": "cakes" });
      lines.forEach((line, c) => {
        const [w, h] = line.size;
        const cuts = line.spots.map((s, i) => [s, i]);
        const cake = el("div", { class: "cake" }, [el("span", { class: "label", text: line.label })]);
        const top = el("div", { class: "cuts v" }, cuts.filter(([s]) => s.tint === "left").map(([s, i]) => spotButton(s, [c, i], "cut")));
        const side = el("div", { class: "cuts h" }, cuts.filter(([s]) => s.tint === "right").map(([s, i]) => spotButton(s, [c, i], "cut")));
        const body = el("div", { class: "sponge", style: `width:${Math.min(w, 12) * 1.6}rem;height:${Math.min(h, 12) * 1.6}rem`, "aria-hidden": "true" });
        cake.append(top, el("div", { class: "row" }, [side, body]));
        box.append(cake);
      });
      parts.push(box);
    }
    if (board.partial) parts.push(el("p", { class: "help", text: "Part of the position is not drawn: its text says it all." }));
    for (const line of board.legend || []) parts.push(el("p", { class: "help legend", text: line }));
    if (mode === "move") {
      parts.push(note);
      if (steps.length) say(`Click ${steps[0]}.`);
    }
    element.replaceChildren(...parts);
    element.dataset.shape = board.shape;
    if (laidOut) laidOut();
    mark();
    return {
      // What clicking the board does when playing, in words.
      help() {
        if (steps.length) return "Click the board to move: " + steps.join(", then ") + ".";
        if (board.clicks) return board.clicks;
        return "Click the board to move: the places a move uses; where several moves remain, the places still possible are outlined.";
      },
      // Outlines the spots `move` touches (a preview that moves nothing).
      show(move) {
        for (const b of buttons.values()) b.classList.remove("hint");
        const m = moves.find((x) => x.move === move);
        if (m) for (const t of m.touches) { const b = buttons.get(key(t)); if (b) b.classList.add("hint"); }
      },
    };
  }

  return { nim, pawns, ab, towers, table, el, generic };
})();
