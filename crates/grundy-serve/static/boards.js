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
  // played, several are highlighted until the next click tells them apart), "edit"
  // (a click edits the position) or "none". `opts.onMove(move)`, `opts.onEdit(position)`.
  function generic(view, element, opts) {
    const board = view.board;
    const key = (at) => at[0] + "," + at[1];
    const edits = new Map((view.edits || []).map((e) => [key(e.at), e.position]));
    const moves = view.moves || [];
    const touched = new Set();
    for (const m of moves) for (const at of m.touches) touched.add(key(at));
    const mode = opts.mode || "none";
    let clicks = [];
    const buttons = new Map();

    const candidates = () => moves.filter((m) => clicks.every((c) => m.touches.some((t) => key(t) === c)));
    const same = (m, list) => m.touches.length === list.length && m.touches.every((t, i) => key(t) === list[i]);
    function mark() {
      const cands = clicks.length ? candidates() : [];
      const choice = new Set();
      for (const m of cands) for (const t of m.touches) choice.add(key(t));
      for (const [k, b] of buttons) {
        b.classList.toggle("picked", clicks.includes(k));
        b.classList.toggle("choice", clicks.length > 0 && choice.has(k) && !clicks.includes(k));
        b.setAttribute("aria-pressed", String(clicks.includes(k)));
      }
      element.dataset.choices = String(cands.length);
    }
    function click(k) {
      if (mode === "edit") {
        if (edits.has(k)) opts.onEdit(edits.get(k));
        return;
      }
      if (mode !== "move") return;
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
      if (cands.length === 1 || (exact && cands.every((m) => m.touches.length <= clicks.length))) {
        const m = cands.length === 1 ? cands[0] : exact;
        clicks = [];
        mark();
        opts.onMove(m.move);
        return;
      }
      mark();
    }
    function spotButton(spot, at, extra) {
      const k = key(at);
      const live = mode === "move" ? touched.has(k) : mode === "edit" ? edits.has(k) : false;
      const b = el("button", {
        type: "button",
        class: `spot tint-${spot.tint}${extra ? " " + extra : ""}${live ? " live" : ""}`,
        "data-at": k,
        "aria-label": spot.label,
        title: spot.label,
      }, spot.glyph ? [el("span", { class: "glyph", text: spot.glyph })] : []);
      if (live) b.addEventListener("click", () => click(k));
      else { b.tabIndex = -1; b.setAttribute("aria-disabled", "true"); }
      buttons.set(k, b);
      return b;
    }
    const hideAdd = (spot) => spot.tint === "add" && mode !== "edit";
    const parts = [];
    const lines = board.lines;
    if (board.shape === "grid" || board.shape === "strip") {
      const width = Math.max(1, ...lines.map((l) => l.spots.length));
      const g = el("div", { class: `cells ${board.shape}`, role: "group", "aria-label": board.shape === "grid" ? "board" : "squares", style: `grid-template-columns: repeat(${width}, var(--cell))` });
      lines.forEach((line, r) => {
        line.spots.forEach((spot, c) => g.append(spotButton(spot, [r, c])));
        for (let c = line.spots.length; c < width; c++) g.append(el("span", { class: "spot void" }));
      });
      parts.push(g);
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
    element.replaceChildren(...parts);
    element.dataset.shape = board.shape;
    mark();
    return {
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
