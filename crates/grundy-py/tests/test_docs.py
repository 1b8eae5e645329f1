"""The examples of docs/python.md and of the package's docstrings print what they
say."""

import code
import doctest
import pathlib
import re
import sys

import grundy

ROOT = pathlib.Path(__file__).resolve().parents[3]


def test_the_python_guide_examples_hold():
    path = ROOT / "docs" / "python.md"
    # A code fence ends an example's expected output, as a blank line does.
    text = path.read_text().replace("\n```", "\n\n```")
    test = doctest.DocTestParser().get_doctest(
        text, {"grundy": grundy}, "python.md", str(path), 0
    )
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.attempted >= 20, f"only {result.attempted} examples in docs/python.md"
    assert result.failed == 0


def test_the_package_docstring_examples_hold():
    failures, tried = doctest.testmod(grundy, optionflags=doctest.ELLIPSIS)
    assert tried >= 3
    assert failures == 0


class _PasteConsole(code.InteractiveConsole):
    """An interactive console that compiles what is pasted into it, line by line as a
    REPL reads it, and records each syntax error instead of running anything."""

    def __init__(self) -> None:
        super().__init__()
        self.errors: list[str] = []

    def runcode(self, code_object) -> None:  # noqa: ARG002 - compiled, never run
        pass

    def showsyntaxerror(self, filename=None, **kwargs) -> None:
        self.errors.append(repr(sys.exc_info()[1]))


def _pasted_lines(block: str) -> list[str]:
    """The lines a reader pastes from a code block: an example's source without its
    prompts (its expected output dropped), or a plain block as it stands."""
    lines = block.splitlines()
    if not any(line.startswith(">>>") for line in lines):
        return lines
    pasted = []
    for line in lines:
        if line.startswith((">>> ", "... ")):
            pasted.append(line[4:])
        elif line in (">>>", "..."):
            pasted.append("")
    return pasted


def _python_blocks() -> list[tuple[str, int, str]]:
    blocks = []
    readmes = [ROOT / "README.md", ROOT / "crates" / "grundy-py" / "README.md"]
    for path in [*readmes, *sorted((ROOT / "docs").glob("*.md"))]:
        text = path.read_text()
        for match in re.finditer(r"^```python\n(.*?)^```", text, re.S | re.M):
            line = text.count("\n", 0, match.start()) + 1
            blocks.append((path.name, line, match.group(1)))
    return blocks


def test_every_python_example_can_be_pasted_into_a_repl():
    # A REPL ends a compound statement at a blank line: a blank line inside a class
    # body turns the next method into an IndentationError when the example is pasted.
    blocks = _python_blocks()
    assert len(blocks) >= 10, f"only {len(blocks)} Python blocks in the docs"
    failures = []
    for name, line, block in blocks:
        console = _PasteConsole()
        for source_line in _pasted_lines(block):
            console.push(source_line)
        console.push("")
        failures += [f"{name}:{line}: {error}" for error in console.errors]
    assert not failures, "\n".join(failures)


def test_the_paste_check_can_fail():
    console = _PasteConsole()
    block = ">>> class A:\n...     def f(self):\n...         pass\n...\n...     def g(self):\n...         pass\n"
    for source_line in _pasted_lines(block):
        console.push(source_line)
    console.push("")
    assert console.errors and "IndentationError" in console.errors[0]
