"""The Python benchmark: grundy against pycgt and against plain Python.

    python bench/python/bench.py            # run by bench/python/run.sh, in its venv

Every measurement is one process (`cases.py SIDE ARG`); the sides of one case run
interleaved, RUNS rounds, the order rotated each round so that no side always goes
first. Each child is bounded by TIMEOUT seconds (killed past it, counted as a
timeout). Reported per side: medians of the computation's CPU seconds
(time.process_time around the call in the child), of the whole child's CPU seconds
(interpreter start and imports included, from RUSAGE_CHILDREN) and of its peak
resident set (ru_maxrss), and the peak's growth during the computation. Every run's
answer is checked: both sides of a case must give the same canonical form (compared
as game trees, see cases.digest_game) or the same Grundy values, or the script
exits 1.

Environment: RUNS (default 5), TIMEOUT (seconds per child, default 120),
ONLY (a comma-separated list of case names, e.g. "1:4x5,3:kayles").
"""

from __future__ import annotations

import json
import os
import platform
import resource
import statistics
import subprocess
import sys
import time
from datetime import date
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
CASES_PY = HERE / "cases.py"
RUNS = int(os.environ.get("RUNS", "5"))
TIMEOUT = float(os.environ.get("TIMEOUT", "120"))
ONLY = [x for x in os.environ.get("ONLY", "").split(",") if x]

# (name, title, sides, rows): each row compares grundy's side with the other side.
DOMINEERING = ["3x4", "4x3", "4x4", "4x5", "5x4"]
CASES = [
    (
        f"1:{board}",
        f"1. Domineering {board}, built-in: `grundy.analyze` vs pycgt",
        [("grundy-builtin", board), ("pycgt", board)],
        [(("grundy-builtin", board), ("pycgt", board), "20x on 4x5" if board == "4x5" else "")],
    )
    for board in DOMINEERING
] + [
    (
        "2:4x5",
        "2. Domineering 4x5 written as a `grundy.PartizanGame` vs pycgt",
        [("grundy-user", "4x5"), ("grundy-user-components", "4x5"), ("pycgt", "4x5")],
        [
            (("grundy-user", "4x5"), ("pycgt", "4x5"), "2x"),
            (("grundy-user-components", "4x5"), ("pycgt", "4x5"), "2x"),
        ],
    ),
    (
        "3:kayles",
        "3. Kayles G(0..1000): `grundy.HeapGame` vs a memoised mex in plain Python",
        [("grundy-heap", "1000"), ("python-mex", "1000"), ("python-mex-moves", "1000")],
        [
            (("grundy-heap", "1000"), ("python-mex", "1000"), ""),
            (("grundy-heap", "1000"), ("python-mex-moves", "1000"), ""),
        ],
    ),
]

LABELS = {
    "grundy-builtin": "grundy.analyze",
    "pycgt": "pycgt",
    "grundy-user": "PartizanGame, plain",
    "grundy-user-components": "PartizanGame + components",
    "grundy-heap": "HeapGame",
    "python-mex": "plain mex",
    "python-mex-moves": "plain mex over the same moves()",
}


def command(side: str, arg: str) -> str:
    return f"target/bench-python-env/bin/python bench/python/cases.py {side} {arg}"


def pycgt_version() -> str:
    try:
        from importlib.metadata import version

        return version("pycgt")
    except Exception:
        return "?"


def children_cpu() -> float:
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ru.ru_utime + ru.ru_stime


def run_one(side: str, arg: str) -> dict:
    """One child: its JSON answer plus its whole CPU time, or {'timeout': True}."""
    before = children_cpu()
    try:
        done = subprocess.run(
            [sys.executable, str(CASES_PY), side, arg],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
        )
    except subprocess.TimeoutExpired:
        return {"timeout": True, "process_cpu": children_cpu() - before}
    if done.returncode != 0:
        sys.exit(f"{command(side, arg)} failed ({done.returncode}):\n{done.stderr}")
    result = json.loads(done.stdout.strip().splitlines()[-1])
    result["process_cpu"] = children_cpu() - before
    return result


def median(xs):
    return statistics.median(xs) if xs else None


def fmt_s(x) -> str:
    if x is None:
        return "-"
    if x < 0.1:
        return f"{x * 1000:.1f} ms"
    return f"{x:.3f} s"


def summarise(runs: list[dict]) -> dict:
    ok = [r for r in runs if not r.get("timeout")]
    return {
        "runs": len(runs),
        "timeouts": len(runs) - len(ok),
        "cpu": median([r["cpu"] for r in ok]),
        "process_cpu": median([r["process_cpu"] for r in ok]),
        "rss_mb": median([r["rss"] / 1024 for r in ok]),
        "growth_mb": median([(r["rss"] - r["rss_before"]) / 1024 for r in ok]),
        "answer": ok[0]["answer"] if ok else None,
        "digests": {r["digest"] for r in ok},
        "positions": median([r["positions"] for r in ok if "positions" in r]),
    }


def main() -> None:
    cases = [c for c in CASES if not ONLY or c[0] in ONLY]
    print(f"# Python benchmark, {date.today()}: {platform.python_implementation()} "
          f"{platform.python_version()}, {os.cpu_count()} cores (shared), "
          f"RUNS={RUNS}, TIMEOUT={TIMEOUT:g} s")
    try:
        head = subprocess.run(["git", "describe", "--always", "--dirty"], cwd=ROOT,
                              capture_output=True, text=True).stdout.strip()
    except OSError:
        head = "?"
    print(f"tree: {head or '?'}; grundy from crates/grundy-py, pycgt {pycgt_version()}")
    print(f"load average at the start: {os.getloadavg()[0]:.2f}")
    results: dict = {}
    failures = []
    for name, title, sides, _ in cases:
        print(f"\n## {title}", flush=True)
        runs: dict = {s: [] for s in sides}
        for i in range(RUNS):
            order = sides[i % len(sides):] + sides[: i % len(sides)]
            for side in order:
                r = run_one(*side)
                runs[side].append(r)
                shown = "timeout" if r.get("timeout") else f"{fmt_s(r['cpu'])}, {r['rss'] / 1024:.0f} MB"
                print(f"  run {i + 1}: {LABELS[side[0]]:32} {shown}", flush=True)
        for side in sides:
            s = summarise(runs[side])
            results[name, side] = s
            held = f", {s['positions']:.0f} positions held" if s["positions"] is not None else ""
            print(f"  {LABELS[side[0]]}: {s['answer']}  (digest {', '.join(sorted(s['digests']))}{held})")
        digests = set()
        for side in sides:
            digests |= results[name, side]["digests"]
        unfinished = [LABELS[s[0]] for s in sides if not results[name, s]["digests"]]
        if unfinished:
            print(f"  NOT COMPARED: no run of {', '.join(unfinished)} finished within {TIMEOUT:g} s")
        if len(digests) > 1:
            failures.append(f"{title}: the answers differ: "
                            + "; ".join(f"{LABELS[s[0]]} = {results[name, s]['answer']}" for s in sides))
            print(f"  MISMATCH: {failures[-1]}")
        elif digests and not unfinished:
            print("  same answer on every side and every run")

    print(f"\nload average at the end: {os.getloadavg()[0]:.2f}")
    print("\nMedians; ratio = the other side's CPU / grundy's (above 1: grundy is faster);"
          " memory = peak RSS of the child (its growth during the computation).\n")
    print("| case | grundy side | CPU | process CPU | peak MB (growth) "
          "| other side | CPU | process CPU | peak MB (growth) | ratio | target |")
    print("|---|---|---:|---:|---:|---|---:|---:|---:|---:|---|")
    for name, title, _, rows in cases:
        for g, o, target in rows:
            a, b = results[name, g], results[name, o]

            def cell(s):
                if s["cpu"] is None:
                    return f"> {TIMEOUT:g} s", "-", "-"
                extra = f" ({s['timeouts']} of {s['runs']} timed out)" if s["timeouts"] else ""
                return (fmt_s(s["cpu"]) + extra, fmt_s(s["process_cpu"]),
                        f"{s['rss_mb']:.1f} ({s['growth_mb']:.1f})")

            ratio = "-"
            if a["cpu"] and b["cpu"]:
                ratio = f"{b['cpu'] / a['cpu']:.1f}" if b["cpu"] >= a["cpu"] else f"{b['cpu'] / a['cpu']:.2f}"
            print(f"| {name} | {LABELS[g[0]]} | " + " | ".join(cell(a)) + f" | {LABELS[o[0]]} | "
                  + " | ".join(cell(b)) + f" | {ratio} | {target} |")

    kayles = [c for c in cases if c[0] == "3:kayles"]
    if kayles:
        n = 1001
        moves = sum(2 * k - 1 for k in range(1, 1001))  # 1 + 2 ... moves of heaps 1..1000
        g = results["3:kayles", ("grundy-heap", "1000")]["cpu"]
        for other in ("python-mex", "python-mex-moves"):
            p = results["3:kayles", (other, "1000")]["cpu"]
            if g is not None and p is not None:
                print(f"\nKayles, HeapGame over {LABELS[other]}: {(g - p) / n * 1e6:+.0f} µs per position, "
                      f"{(g - p) / moves * 1e9:+.0f} ns per move ({n} positions, {moves} moves)")

    print("\nCommands (one measurement each; run from the repository's root):")
    for name, _, sides, _ in cases:
        for side in sides:
            print(f"  {name:9} {command(*side)}")
    if failures:
        print("\nFAILED:\n" + "\n".join(failures))
        sys.exit(1)


if __name__ == "__main__":
    main()
