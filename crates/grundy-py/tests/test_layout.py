"""The extension's opt-in code layout: built with GRUNDY_HOT_TEXT=1 on Linux, the
functions that importing the package and a typical computation run sit together in
`.text.hot` (crates/grundy-py/build.rs links with hot-text.ld); and the patterns of
hot-text.ld are made without the hashes that change between builds."""

import importlib.util
import os
import pathlib
import struct
import sys

import pytest

import grundy

HOT_TEXT = pathlib.Path(__file__).resolve().parents[1] / "hot-text"


def elf_sections(path: str) -> dict[str, int]:
    """The sizes of a 64-bit little-endian ELF file's sections, by name."""
    data = pathlib.Path(path).read_bytes()
    assert data[:4] == b"\x7fELF" and data[4] == 2 and data[5] == 1, path
    shoff = struct.unpack_from("<Q", data, 0x28)[0]
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
    headers = [struct.unpack_from("<IIQQQQ", data, shoff + i * shentsize) for i in range(shnum)]
    names_at = headers[shstrndx][4]
    sections = {}
    for name, _type, _flags, _addr, _offset, size in headers:
        start = names_at + name
        sections[data[start:data.index(b"\0", start)].decode()] = size
    return sections


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the script is linked on Linux")
@pytest.mark.skipif(
    os.environ.get("GRUNDY_HOT_TEXT") != "1",
    reason="the layout is opt-in: the extension was built without GRUNDY_HOT_TEXT=1",
)
def test_the_hot_functions_are_linked_together():
    sections = elf_sections(grundy._grundy.__file__)
    assert ".text.hot" in sections, sorted(sections)
    # Hundreds of functions match whatever the profile's hashes (637 KB in the
    # test build, 1.4 MB in the wheel's): a handful would mean the patterns went stale.
    assert sections[".text.hot"] > 256 * 1024, sections[".text.hot"]


def load(name: str):
    """crates/grundy-py/hot-text/NAME.py, a script rather than a package module."""
    spec = importlib.util.spec_from_file_location(f"hot_text_{name}", HOT_TEXT / f"{name}.py")
    assert spec is not None and spec.loader is not None, name
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_pattern_drops_the_hashes_of_a_build():
    hash_free = load("generate").hash_free
    assert (
        hash_free("_ZN12grundy_games5rules6konane5jumps17h890e8e3db20f26a0E")
        == "_ZN12grundy_games5rules6konane5jumps17h*E"
    )
    assert (
        hash_free("_RNvMs0_NtNtNtNtCsjrHSEGnQ3l9_3std3sys4sync4once5futexNtB5_4Once4call")
        == "_RNvMs0_NtNtNtNtCs*_3std3sys4sync4once5futexNtB5_4Once4call"
    )
    assert hash_free("_ZN4core3fmt5write17h0123456789abcdefE.llvm.1234") == (
        "_ZN4core3fmt5write17h*E.llvm.*"
    )
    assert hash_free("PyInit__grundy") == "PyInit__grundy"


def test_the_workload_reads_every_case_file():
    workload = load("workload")
    games = [s for s in workload.sections() if s not in ("import", "values", "user", "sequence")]
    assert set(games) == set(grundy.games())
    for game in games:
        cases = workload.read_cases(game)
        assert cases, game
        assert all(" @" not in position and " | " not in position for position, _ in cases)
