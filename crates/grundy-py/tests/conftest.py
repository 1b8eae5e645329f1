"""Shared fixtures of the grundy package's tests.

The answers of the `grundy` command line are a contract of the package: many tests
compare the Python functions with the binary. The fixture ``cli`` finds it
(``$GRUNDY_BIN`` first, else the newest of ``target/debug/grundy`` and
``target/release/grundy``); without it the tests that need it are skipped, except
under CI (``CI=true``), where a missing binary is a failure.
"""

from __future__ import annotations

import _thread
import contextlib
import json
import os
import signal
import subprocess
import threading
from pathlib import Path
from typing import Iterator, List, Optional

import pytest

#: The repository's root (this file is crates/grundy-py/tests/conftest.py).
REPO = Path(__file__).resolve().parents[3]

#: The judge inputs shipped with the repository.
EXAMPLES = REPO / "examples"


def _find_binary() -> Optional[Path]:
    given = os.environ.get("GRUNDY_BIN")
    if given:
        return Path(given)
    target = Path(os.environ.get("CARGO_TARGET_DIR", REPO / "target"))
    if not target.is_absolute():
        target = REPO / target
    exe = "grundy.exe" if os.name == "nt" else "grundy"
    found = [target / profile / exe for profile in ("debug", "release")]
    found = [p for p in found if p.is_file()]
    if not found:
        return None
    return max(found, key=lambda p: p.stat().st_mtime)


class Cli:
    """The `grundy` binary: ``run(...)`` gives the finished process, ``json(...)``
    the object it printed with ``--json``."""

    def __init__(self, path: Path):
        self.path = path

    def run(self, *args: str, input: Optional[str] = None) -> subprocess.CompletedProcess:
        return subprocess.run(
            [str(self.path), *args],
            input=input,
            capture_output=True,
            text=True,
            encoding="utf-8",
            timeout=60,
        )

    def ok(self, *args: str, input: Optional[str] = None) -> str:
        """Standard output of a run that must succeed (exit 0)."""
        done = self.run(*args, input=input)
        assert done.returncode == 0, (
            f"grundy {' '.join(args)} exited {done.returncode}: {done.stderr}"
        )
        return done.stdout

    def json(self, *args: str) -> object:
        return json.loads(self.ok(*args, "--json"))


@pytest.fixture(scope="session")
def cli() -> Cli:
    path = _find_binary()
    if path is None or not path.is_file():
        where = path or "target/debug/grundy or target/release/grundy"
        message = (
            f"the grundy command line binary is missing ({where}): build it with "
            "`cargo build` (or `cargo test --workspace`), or set GRUNDY_BIN"
        )
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message, pytrace=False)
        pytest.skip(message)
    return Cli(path)


def cli_options(params: dict) -> List[str]:
    """Keyword arguments of the Python functions as the CLI's options:
    ``to_move="B"`` is ``--to-move B``, ``moves=True`` is ``--moves``,
    ``set=[2, 4, 5]`` is ``--set 2,4,5``."""
    out: List[str] = []
    for key, value in params.items():
        flag = "--" + key.replace("_", "-")
        if value is True:
            out.append(flag)
        elif isinstance(value, (list, tuple)):
            out += [flag, ",".join(str(v) for v in value)]
        else:
            out += [flag, str(value)]
    return out


@contextlib.contextmanager
def interrupt_after(seconds: float, how: str = "thread") -> Iterator[None]:
    """Simulates Ctrl-C after ``seconds``: a ``threading.Timer`` calls
    ``_thread.interrupt_main()`` (``how="thread"``), or another process sends
    this one a real SIGINT (``how="signal"``, POSIX only).

    While the block runs, SIGINT raises KeyboardInterrupt as usual; once it ends,
    a late interrupt (sent only after the block, or lost by the code under test) is
    absorbed, so that it cannot stop the test session itself.
    """
    armed = [True]

    def on_sigint(signum, frame):
        if armed[0]:
            raise KeyboardInterrupt

    previous = signal.signal(signal.SIGINT, on_sigint)
    if how == "thread":
        timer = threading.Timer(seconds, _thread.interrupt_main)
        timer.start()
        stop = lambda: (timer.cancel(), timer.join())  # noqa: E731
    else:
        killer = subprocess.Popen(["sh", "-c", f"sleep {seconds}; kill -INT {os.getpid()}"])
        stop = killer.wait
    try:
        yield
    finally:
        armed[0] = False
        stop()
        # signal.signal runs the pending handlers first: a late interrupt is
        # absorbed by on_sigint, disarmed, before the previous handler is back.
        signal.signal(signal.SIGINT, previous)
