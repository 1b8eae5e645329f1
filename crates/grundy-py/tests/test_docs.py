"""The examples of docs/python.md and of the package's docstrings print what they
say."""

import doctest
import pathlib

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
