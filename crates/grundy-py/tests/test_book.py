"""Opening books from Python: `grundy.build_book` writes what `grundy book` writes,
`grundy.Book` reads it back checked, and a damaged or foreign file is refused."""

from __future__ import annotations

import json

import pytest

import grundy


def test_a_book_built_is_read_back_and_answers_positions(tmp_path):
    path = tmp_path / "ttt.json"
    built = grundy.build_book("tictactoe", "...|...|...", 2, path)
    assert len(built) == 1 + 9 + 72
    book = grundy.Book(path, "tictactoe")
    assert (len(book), book.title, book.root, book.plies) == (82, "tictactoe", "...|...|...", 2)
    start = book.get("...|...|...")
    assert (start["result"], start["remoteness"]) == ("tie", 9)
    assert len(start["moves"]) == 9 and set(start["best_moves"]) == {m["move"] for m in start["moves"]}
    # The same answers as the analysis.
    after = book.get("x..|.o.|...")
    analysis = grundy.analyze("tictactoe", "x..|.o.|...")
    assert after["result"] == analysis["result"]
    assert after["remoteness"] == analysis["remoteness"]
    # Past the book's plies: not held.
    assert book.get("xx.|.o.|...") is None
    assert "82 positions" in repr(book)


def test_damaged_foreign_and_bad_books_are_refused(tmp_path):
    path = tmp_path / "b.json"
    grundy.build_book("nim", "1,2", 1, path)
    with pytest.raises(ValueError, match="not tictactoe"):
        grundy.Book(path, "tictactoe")
    text = path.read_text()
    path.write_text(text.replace('"win"', '"lose"', 1))
    with pytest.raises(ValueError, match="damaged"):
        grundy.Book(path, "nim")
    path.write_text(json.dumps(6))
    with pytest.raises(ValueError, match="not a JSON object"):
        grundy.Book(path, "nim")
    with pytest.raises(ValueError, match="plies 65"):
        grundy.build_book("nim", "1,2", 65, tmp_path / "c.json")
    with pytest.raises(ValueError, match="over"):
        grundy.build_book("nim", "0", 1, tmp_path / "c.json")
    assert not (tmp_path / "c.json").exists()
