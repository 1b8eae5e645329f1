"""The package's types: the stubs of the native module match it (mypy's stubtest),
and the Python code type-checks strictly against them (mypy --strict)."""

import pathlib
import subprocess
import sys

import pytest

PACKAGE = pathlib.Path(__file__).resolve().parents[1] / "python" / "grundy"

mypy = pytest.importorskip("mypy", reason="scripts/python-env installs mypy")


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", *args], capture_output=True, text=True, timeout=300
    )


def test_the_stubs_match_the_native_module():
    done = run("mypy.stubtest", "grundy._grundy")
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_package_type_checks_strictly():
    done = run("mypy", "--strict", "--no-incremental", str(PACKAGE))
    assert done.returncode == 0, done.stdout + done.stderr
