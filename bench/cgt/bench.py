"""grundy against cgt-py and pycgt: rulesets, CGSuite's instances, cooling and reduced forms.

    python bench/cgt/bench.py            # run by bench/cgt/run.sh, in its venv

The structure of bench/python/bench.py: every measurement is one process, the sides
of a case run interleaved, RUNS rounds, the order rotated each round; each child is
killed past TIMEOUT seconds. Two kinds of child:

- Python children, `bench/cgt/cases.py SIDE ARG` (grundy's Python package, cgt-py,
  pycgt): "CPU" is the computation alone (time.process_time around the call, after
  the imports, every thread counted); "peak" is the child's ru_maxrss at the end of
  the computation (interpreter and imports included), with its growth during the
  computation in brackets.
- grundy's release binary, `target/release/grundy ...`: "CPU" is the whole process
  (user + system, process start and JSON printing included); "peak" its ru_maxrss.

Every child is started by bench/cgt/launch.c (a small C program that forks it and
reports its rusage), so that its peak RSS is its own and not this process's (Linux
carries a parent's peak into a child's ru_maxrss).

Every child's process CPU (interpreter start and imports included) is printed too.
Answers are checked: canonical forms compared as game trees (bench/python's
digest_game), Kayles' values against a plain mex and the period it proves, and the
cooled and reduced forms of case 3 game by game. The script exits 1 if grundy and a
peer differ in a way not explained below (pycgt's two known deviations, each
confirmed game by game with grundy and by cgt-py's agreement), or if a side's runs
differ among themselves.

A side that times out is not run again; a side whose first run takes more than SLOW
CPU seconds runs at most SLOW_RUNS times.

Environment: RUNS (default 5), TIMEOUT (seconds per child, default 300), SLOW (60),
SLOW_RUNS (3), ONLY (comma-separated case names, e.g. "1:amazons-2x6,3:cool-reduced"),
GAMES (case 3's "N:SEED", default 1000:2026).
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import platform
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Callable, Optional

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
CASES_PY = HERE / "cases.py"
GRUNDY = ROOT / "target" / "release" / "grundy"
LAUNCH = ROOT / "target" / "bench-cgt-env" / "bin" / "bench-launch"  # bench/cgt/launch.c, built by run.sh
RUNS = int(os.environ.get("RUNS", "5"))
TIMEOUT = float(os.environ.get("TIMEOUT", "300"))
SLOW = float(os.environ.get("SLOW", "60"))
SLOW_RUNS = int(os.environ.get("SLOW_RUNS", "3"))
ONLY = [x for x in os.environ.get("ONLY", "").split(",") if x]
GAMES = os.environ.get("GAMES", "1000:2026")


def _load(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# Shared helpers from the Python benchmark (bench/python/): the game-tree digest
# and the duration format.
_py_cases = _load("bench_python_cases", HERE.parent / "python" / "cases.py")
_py_bench = _load("bench_python_bench", HERE.parent / "python" / "bench.py")
digest_game = _py_cases.digest_game
fmt_s = _py_bench.fmt_s


def median(xs):
    return statistics.median(xs) if xs else None


# ---------------------------------------------------------------------------
# Sides


@dataclass
class Side:
    key: str
    label: str
    argv: list[str]
    python: bool
    # For the binary: stdout -> (answer, digest).
    read: Optional[Callable[[str], tuple[str, str]]] = None

    @property
    def command(self) -> str:
        def quote(a: str) -> str:
            return f"'{a}'" if any(c in a for c in " |*(),{}") else a

        shown = [str(Path(a).relative_to(ROOT)) if a.startswith(str(ROOT)) else a for a in self.argv]
        if self.python:
            shown[0] = "target/bench-cgt-env/bin/python"
        return " ".join(quote(a) for a in shown)


def grundy_value_digest(form: str) -> str:
    import grundy

    return digest_game(grundy.value(form), lambda g: g.left_options, lambda g: g.right_options)


def read_form(stdout: str) -> tuple[str, str]:
    form = json.loads(stdout)["canonical_form"]
    return (form if len(form) <= 300 else form[:300] + f"... ({len(form)} characters)",
            grundy_value_digest(form))


def read_star14(stdout: str) -> tuple[str, str]:
    """cool(heat(*14, 1), 1) must be *14: each heated option 1 + heat(*k, 1) cools back to *k."""
    answer, digest = read_form(stdout)
    return answer, digest if answer == "*14" else "mismatch:" + digest


def kayles_reference(n: int) -> list[int]:
    """Kayles by a plain memoised mex up to 200, then periodic: G(n + 12) = G(n) for
    71 <= n < 2*71 + 12 + 2 = 156 proves period 12 from 71 on (the periodicity
    theorem for octal games taking at most 2), checked here before it is used."""
    g: list[int] = []
    for m in range(200):
        seen = {g[a] ^ g[m - take - a] for take in (1, 2) for a in range(m - take + 1)}
        v = 0
        while v in seen:
            v += 1
        g.append(v)
    assert all(g[k + 12] == g[k] for k in range(71, 156)), "Kayles: period 12 not proven"
    assert g[70] != g[82], "Kayles: the preperiod is not 71"
    return [g[k] if k < 71 else g[71 + (k - 71) % 12] for k in range(n + 1)]


def read_sequence(stdout: str) -> tuple[str, str]:
    d = json.loads(stdout)
    values = d["values"]
    ok = values == kayles_reference(len(values) - 1)
    answer = (f"{len(values)} values, preperiod {d.get('preperiod')}, period {d.get('period')}"
              + ("; equal to the plain mex and its proven period" if ok else "; DIFFERENT from the plain mex"))
    digest = hashlib.sha256(",".join(map(str, values)).encode()).hexdigest()[:32]
    return answer, digest if ok else "mismatch:" + digest


def py(key: str, label: str, side: str, arg: str) -> Side:
    return Side(key, label, [sys.executable, str(CASES_PY), side, arg], True)


def cli(key: str, args: list[str], read) -> Side:
    return Side(key, "grundy CLI", [str(GRUNDY), *args], False, read)


# ---------------------------------------------------------------------------
# Cases: (name, title, sides, rows); a row is (grundy side, other side or None, target)

@dataclass
class Case:
    name: str
    title: str
    sides: list[Side]
    rows: list[tuple[str, Optional[str], str]]
    per_game: bool = False
    note: str = ""


RULESETS = [
    ("amazons-2x6", "amazons", "x.....|.....o", "Amazons 2x6"),
    ("amazons-2x7", "amazons", "x......|......o", "Amazons 2x7"),
    ("konane-4x4", "konane", ".oxo|oxox|xoxo|oxox", "Konane 4x4 less a corner"),
    ("konane-4x5", "konane", ".oxox|oxoxo|xoxox|oxoxo", "Konane 4x5 less a corner"),
    ("snort-3x4", "snort", "....|....|....", "Snort 3x4"),
    ("col-3x4", "col", "....|....|....", "Col 3x4"),
]


def ruleset_sides(game: str, position: str) -> dict[str, Side]:
    arg = f"{game}:{position}"
    sides = {
        "value": py(f"grundy-value {arg}", "grundy.game_value", "grundy-value", arg),
        "py": py(f"grundy-analyze {arg}", "grundy.analyze", "grundy-analyze", arg),
        "cli": cli(f"cli analyze {arg}", ["analyze", game, position, "--json"], read_form),
    }
    if game in ("amazons", "konane", "snort", "col"):
        sides["cgt-py"] = py(f"cgt-py {arg}", "cgt-py", "cgt-py", arg)
    if game in ("clobber", "snort", "col"):
        sides["pycgt"] = py(f"pycgt {arg}", "pycgt", "pycgt", arg)
    return sides


def make_cases() -> list[Case]:
    cases = []
    for name, game, position, title in RULESETS:
        s = ruleset_sides(game, position)
        # The target's row: the value alone, what cgt-py computes; the analysis
        # (who wins with each player to move, the winning moves, the remoteness,
        # the report) and the CLI are shown beside it.
        rows = [(s["value"].key, s["cgt-py"].key, "3x, no more memory"),
                (s["py"].key, s["cgt-py"].key, ""),
                (s["cli"].key, s["cgt-py"].key, "")]
        if "pycgt" in s:
            rows.append((s["value"].key, s["pycgt"].key, ""))
        cases.append(Case(f"1:{name}", f"1. {title} `{position}`", list(s.values()), rows))

    clob = ruleset_sides("clobber", "xoxo|oxox|xoxo|oxox")
    cases.append(Case("2:clobber-4x4", "2. Clobber 4x4 `xoxo|oxox|xoxo|oxox` (cgt-py has no Clobber)",
                      list(clob.values()),
                      [(clob["value"].key, clob["pycgt"].key, ""), (clob["py"].key, clob["pycgt"].key, ""),
                       (clob["cli"].key, clob["pycgt"].key, "")]))
    am = ruleset_sides("amazons", "x......|......o")
    cases.append(Case("2:amazons-2x7", "2. Amazons 2x7 `x......|......o` (the runs of case 1)",
                      [am["value"], am["py"], am["cli"], am["cgt-py"]],
                      [(am["value"].key, am["cgt-py"].key, ""), (am["py"].key, am["cgt-py"].key, ""),
                       (am["cli"].key, am["cgt-py"].key, "")]))
    heat_py = py("grundy-heat 14", "grundy.value", "grundy-heat", "14")
    heat_cli = cli("cli value cool(heat(*14, 1), 1)", ["value", "cool(heat(*14, 1), 1)", "--json"], read_star14)
    heat_pycgt = py("pycgt-heat 14", "pycgt", "pycgt-heat", "14")
    cases.append(Case("2:heat", "2. heat(*14, 1) (cgt-py has no heating)",
                      [heat_py, heat_cli, heat_pycgt],
                      [(heat_py.key, heat_pycgt.key, ""), (heat_cli.key, None, "")],
                      note="The binary cannot print heat(*14, 1) itself (its canonical form is longer "
                           "than the 1 MB it prints: exit 2); its row is `cool(heat(*14, 1), 1)`, "
                           "which is *14."))
    heat12_py = py("grundy-heat 12", "grundy.value", "grundy-heat", "12")
    heat12_pycgt = py("pycgt-heat 12", "pycgt", "pycgt-heat", "12")
    cases.append(Case("2:heat-12", "2. heat(*12, 1): the largest nimber pycgt heats within minutes, to compare",
                      [heat12_py, heat12_pycgt], [(heat12_py.key, heat12_pycgt.key, "")]))
    kayles = cli("cli sequence octal 0.77 --to 40000", ["sequence", "octal", "0.77", "--to", "40000", "--json"],
                 read_sequence)
    cases.append(Case("2:kayles", "2. Kayles to 40,000 (neither peer has octal games)", [kayles],
                      [(kayles.key, None, "")]))
    g = py(f"grundy-cool-reduced {GAMES}", "grundy.value", "grundy-cool-reduced", GAMES)
    c = py(f"cgt-py-cool-reduced {GAMES}", "cgt-py", "cgt-py-cool-reduced", GAMES)
    p = py(f"pycgt-cool-reduced {GAMES}", "pycgt", "pycgt-cool-reduced", GAMES)
    cases.append(Case("3:cool-reduced", f"3. cool(G, 1) and reduced(G) of random games born by day 4 ({GAMES})",
                      [g, c, p], [(g.key, p.key, "100x"), (g.key, c.key, "")], per_game=True))
    return cases


# ---------------------------------------------------------------------------
# Running


def run_child(side: Side) -> dict:
    """One child, started by bench/cgt/launch.c (see there: so that its peak RSS is its
    own, not this process's), in a session of its own so that a timeout kills both."""
    with tempfile.TemporaryDirectory() as tmp:
        usage = Path(tmp) / "rusage"
        out_path, err_path = Path(tmp) / "out", Path(tmp) / "err"
        with open(out_path, "wb") as out, open(err_path, "wb") as err:
            w0 = time.perf_counter()
            proc = subprocess.Popen([str(LAUNCH), str(usage), *side.argv], cwd=ROOT, stdout=out,
                                    stderr=err, start_new_session=True)
            try:
                proc.wait(timeout=TIMEOUT)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
                return {"timeout": True, "wall": time.perf_counter() - w0}
            wall = time.perf_counter() - w0
        stdout, stderr = out_path.read_text(), err_path.read_text()
        if proc.returncode != 0 or not usage.exists():
            sys.exit(f"{side.command} failed ({proc.returncode}):\n{stderr[-2000:]}")
        user_us, system_us, maxrss, _ = map(int, usage.read_text().split())
    process_cpu = (user_us + system_us) / 1e6
    if side.python:
        result = json.loads(stdout.strip().splitlines()[-1])
    else:
        answer, digest = side.read(stdout)
        result = {"cpu": process_cpu, "wall": wall, "rss_before": None, "rss": maxrss,
                  "answer": answer, "digest": digest}
    result["process_cpu"] = process_cpu
    result["process_rss"] = maxrss
    return result


def summarise(runs: list[dict]) -> dict:
    ok = [r for r in runs if not r.get("timeout")]
    growth = [(r["rss"] - r["rss_before"]) / 1024 for r in ok if r.get("rss_before") is not None]
    return {
        "runs": len(runs),
        "timeouts": len(runs) - len(ok),
        "cpu": median([r["cpu"] for r in ok]),
        "parse_cpu": median([r["parse_cpu"] for r in ok if "parse_cpu" in r]),
        "wall": median([r["wall"] for r in ok]),
        "process_cpu": median([r["process_cpu"] for r in ok]),
        "rss_mb": median([r["rss"] / 1024 for r in ok]),
        "growth_mb": median(growth),
        "answer": ok[0]["answer"] if ok else None,
        "digests": {r["digest"] for r in ok},
        "first": ok[0] if ok else None,
    }


# ---------------------------------------------------------------------------
# Case 3: game-by-game comparison


def compare_games(a: dict, b: dict, b_label: str) -> dict:
    """Compares the cooled and reduced forms game by game; explains pycgt's
    differences with grundy's own algebra (parent side, not timed)."""
    import grundy

    sys.path.insert(0, str(HERE))
    texts = _load("bench_cgt_cases", CASES_PY).random_games(GAMES)
    out = {"games": len(texts), "cool_agree": 0, "reduced_agree": 0,
           "cool_at_temperature": 0, "reduced_not_reduced": 0, "unexplained": []}
    for i, text in enumerate(texts):
        g = grundy.value(text)
        if a["cool"][i] == b["cool"][i]:
            out["cool_agree"] += 1
        else:
            ours = grundy.value(a["cool_explicit"][i])
            theirs = grundy.value(b["cool_explicit"][i])
            mean = grundy.value(str(g.mean))
            close = ours.left_stop == ours.right_stop == g.mean
            if g.temperature == 1 and theirs == mean and close and ours != mean:
                out["cool_at_temperature"] += 1
            else:
                out["unexplained"].append(f"cool game {i} {text}: grundy {ours}, {b_label} {theirs}")
        if a["reduced"][i] == b["reduced"][i]:
            out["reduced_agree"] += 1
        else:
            ours = grundy.value(a["reduced_explicit"][i])
            theirs = grundy.value(b["reduced_explicit"][i])
            diff = theirs - ours
            if diff.left_stop == 0 and diff.right_stop == 0 and theirs.reduced() == ours \
                    and (g - theirs).left_stop == 0 and (g - theirs).right_stop == 0:
                out["reduced_not_reduced"] += 1
                out.setdefault("reduced_example", f"{g} -> grundy {ours}, {b_label} {theirs}")
            else:
                out["unexplained"].append(f"reduced game {i} {text}: grundy {ours}, {b_label} {theirs}")
    return out


# ---------------------------------------------------------------------------


def versions() -> str:
    from importlib.metadata import version

    out = []
    for name in ("cgt-py", "pycgt"):
        try:
            out.append(f"{name} {version(name)}")
        except Exception:
            out.append(f"{name} not installed")
    return ", ".join(out)


def main() -> None:
    cases = [c for c in make_cases() if not ONLY or c.name in ONLY]
    print(f"# grundy against cgt-py and pycgt, {date.today()}: {platform.python_implementation()} "
          f"{platform.python_version()}, {os.cpu_count()} cores (shared), RUNS={RUNS}, "
          f"TIMEOUT={TIMEOUT:g} s, SLOW={SLOW:g} s -> at most {SLOW_RUNS} runs")
    head = subprocess.run(["git", "describe", "--always", "--dirty"], cwd=ROOT,
                          capture_output=True, text=True).stdout.strip()
    print(f"tree: {head or '?'}; grundy: target/release/grundy and crates/grundy-py; {versions()}")
    print(f"load average at the start: {os.getloadavg()[0]:.2f}")
    runs: dict[str, list[dict]] = {}
    sides: dict[str, Side] = {}
    failures: list[str] = []
    notes: list[str] = []
    for case in cases:
        print(f"\n## {case.title}", flush=True)
        todo = [s for s in case.sides if s.key not in runs]
        for s in case.sides:
            sides[s.key] = s
            if s not in todo:
                print(f"  {s.label}: measured above")
        for s in todo:
            runs[s.key] = []
        for i in range(RUNS):
            order = todo[i % len(todo):] + todo[: i % len(todo)] if todo else []
            for s in order:
                done = runs[s.key]
                if any(r.get("timeout") for r in done):
                    continue
                if done and done[0].get("process_cpu", 0) > SLOW and len(done) >= SLOW_RUNS:
                    continue
                r = run_child(s)
                done.append(r)
                shown = (f"timeout after {r['wall']:.0f} s" if r.get("timeout")
                         else f"{fmt_s(r['cpu'])} (process {fmt_s(r['process_cpu'])}, wall {fmt_s(r['wall'])}), "
                              f"{r['rss'] / 1024:.1f} MB")
                print(f"  run {i + 1}: {s.label:15} {shown}", flush=True)
        for s in todo:
            st = summarise(runs[s.key])
            if len(st["digests"]) > 1:
                failures.append(f"{case.title}: {s.label}'s runs differ among themselves")
            if any(d.startswith("mismatch") for d in st["digests"]):
                failures.append(f"{case.title}: {s.label}: {st['answer']}")
            print(f"  {s.label}: {st['answer']}")
        for g, o, _ in case.rows:
            if o is None:
                continue
            a, b = summarise(runs[g]), summarise(runs[o])
            if not a["digests"] or not b["digests"]:
                who = sides[g].label if not a["digests"] else sides[o].label
                print(f"  NOT COMPARED with {sides[o].label}: no run of {who} finished within {TIMEOUT:g} s")
                continue
            if case.per_game:
                cmp = compare_games(a["first"], b["first"], sides[o].label)
                case.__dict__.setdefault("compared", {})[o] = cmp
                print(f"  {sides[g].label} and {sides[o].label}, game by game: cool agrees on "
                      f"{cmp['cool_agree']} of {cmp['games']}, reduced on {cmp['reduced_agree']}")
                if cmp["cool_at_temperature"]:
                    print(f"    cool: {cmp['cool_at_temperature']} games of temperature exactly 1, where "
                          f"{sides[o].label} gives the mean and grundy the mean plus an infinitesimal")
                if cmp["reduced_not_reduced"]:
                    print(f"    reduced: {cmp['reduced_not_reduced']} games where {sides[o].label}'s form is "
                          f"infinitesimally close to G but not reduced (its own reduced form is grundy's); "
                          f"e.g. {cmp['reduced_example']}")
                bad = cmp["unexplained"]
                if bad:
                    failures.append(f"{case.title}: {len(bad)} unexplained differences with "
                                    f"{sides[o].label}, e.g. {bad[0]}")
                    print("    UNEXPLAINED: " + "; ".join(bad[:3]))
                if sides[o].label == "cgt-py" and (cmp["cool_agree"] != cmp["games"]
                                                   or cmp["reduced_agree"] != cmp["games"]):
                    failures.append(f"{case.title}: grundy and cgt-py differ")
            elif a["digests"] != b["digests"]:
                failures.append(f"{case.title}: {sides[g].label} = {a['answer']}; "
                                f"{sides[o].label} = {b['answer']}")
                print(f"  MISMATCH: {failures[-1]}")
            else:
                print(f"  {sides[g].label} and {sides[o].label}: the same game on every run")
        if case.note:
            notes.append(f"{case.name}: {case.note}")

    print(f"\nload average at the end: {os.getloadavg()[0]:.2f}")
    print("\nMedians; ratio = the other side's CPU / grundy's (above 1: grundy is faster); peak = "
          "peak RSS of the child, MB (in brackets its growth during the computation, Python "
          "children only). The grundy CLI's CPU is its whole process.\n")
    print("| case | grundy side | CPU | peak MB | other side | CPU | peak MB | ratio | target | answers |")
    print("|---|---|---:|---:|---|---:|---:|---:|---|---|")

    def cell(s: dict) -> tuple[str, str]:
        if s["cpu"] is None:
            return f"> {TIMEOUT:g} s (timeout)", "-"
        extra = f" ({s['timeouts']} of {s['runs']} timed out)" if s["timeouts"] else ""
        extra += f", wall {fmt_s(s['wall'])}" if s["wall"] < 0.8 * s["cpu"] and s["cpu"] > 0.05 else ""
        parse = f" (parse {fmt_s(s['parse_cpu'])})" if s["parse_cpu"] is not None else ""
        mem = f"{s['rss_mb']:.1f}" + (f" ({s['growth_mb']:.1f})" if s["growth_mb"] is not None else "")
        return fmt_s(s["cpu"]) + parse + extra + f" [{s['runs'] - s['timeouts']} runs]", mem

    for case in cases:
        for g, o, target in case.rows:
            a = summarise(runs[g])
            ga, gm = cell(a)
            if o is None:
                print(f"| {case.name} | {sides[g].label} | {ga} | {gm} | - | - | - | - | | {a['answer']} |")
                continue
            b = summarise(runs[o])
            oa, om = cell(b)
            ratio = "-"
            if a["cpu"] and b["cpu"]:
                r = b["cpu"] / a["cpu"]
                ratio = f"{r:.1f}" if r >= 1 else f"{r:.2f}"
            elif a["cpu"] and b["cpu"] is None:
                ratio = f"> {TIMEOUT / a['cpu']:.0f}"
            met = ""
            if target and a["cpu"] and b["cpu"]:
                need = float(target.split("x")[0])
                met = f"{target.split(',')[0]}: {'met' if b['cpu'] / a['cpu'] >= need else 'NOT met'}"
                if "memory" in target:
                    met += (f"; peak {'met' if a['rss_mb'] <= b['rss_mb'] else 'NOT met'}"
                            f", growth {'met' if a['growth_mb'] <= b['growth_mb'] else 'NOT met'}")
            if case.per_game:
                cmp = case.__dict__.get("compared", {}).get(o)
                agreed = (f"cool {cmp['cool_agree']}/{cmp['games']}, reduced {cmp['reduced_agree']}/{cmp['games']}"
                          if cmp else "not compared")
            elif not a["digests"] or not b["digests"]:
                agreed = "not compared"
            else:
                agreed = "same" if a["digests"] == b["digests"] else "DIFFERENT"
            print(f"| {case.name} | {sides[g].label} | {ga} | {gm} | {sides[o].label} | {oa} | {om} | "
                  f"{ratio} | {met} | {agreed} |")

    print("\nAnswers (grundy's side):")
    for case in cases:
        print(f"  {case.name}: {summarise(runs[case.rows[0][0]])['answer']}")
    for n in notes:
        print(f"\nNote {n}")
    print("\nCommands (one measurement each; run from the repository's root):")
    for case in cases:
        for s in case.sides:
            print(f"  {case.name:16} {s.command}")
    if failures:
        print("\nFAILED:\n" + "\n".join(failures))
        sys.exit(1)


if __name__ == "__main__":
    main()
