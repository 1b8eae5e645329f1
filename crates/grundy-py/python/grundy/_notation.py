"""How a script's positions are written as text and read back, for the web
playground and terminal play: Python literals (numbers, strings, tuples,
frozensets written ``frozenset({...})`` or as a set ``{...}``), written in a
stable order so that the same position is always the same text.

A game may define its own ``show(self, position) -> str`` and
``parse(self, text) -> position`` instead; they must read back what they write.
Nothing here evaluates code: only literals are read.
"""

from __future__ import annotations

import ast
from typing import Any, List


def parse(text: str) -> Any:
    """The position written ``text``: a Python literal; sets become frozensets."""
    try:
        tree = ast.parse(text.strip(), mode="eval")
    except SyntaxError as e:
        raise ValueError(f"column {e.offset or 1}: expected a Python literal: {e.msg}") from None
    except (RecursionError, MemoryError):
        raise ValueError("the position is nested too deeply") from None
    try:
        return _value(tree.body)
    except RecursionError:
        raise ValueError("the position is nested too deeply") from None


_CONSTANTS = (int, float, str, bytes, bool, type(None))


def _value(node: ast.AST) -> Any:
    if isinstance(node, ast.Constant) and isinstance(node.value, _CONSTANTS):
        return node.value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        inner = _value(node.operand)
        if isinstance(inner, (int, float)) and not isinstance(inner, bool):
            return -inner if isinstance(node.op, ast.USub) else inner
    if isinstance(node, ast.Tuple):
        return tuple(_value(e) for e in node.elts)
    if isinstance(node, ast.List):
        return [_value(e) for e in node.elts]
    if isinstance(node, ast.Set):
        return frozenset(_value(e) for e in node.elts)
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in ("frozenset", "tuple")
        and not node.keywords
        and len(node.args) <= 1
    ):
        items = _value(node.args[0]) if node.args else ()
        if not isinstance(items, (tuple, list, frozenset)):
            raise ValueError(f"column {node.col_offset + 1}: {node.func.id}() takes a collection")
        return frozenset(items) if node.func.id == "frozenset" else tuple(items)
    raise ValueError(
        f"column {getattr(node, 'col_offset', 0) + 1}: expected a Python literal "
        "(numbers, strings, tuples, frozensets)"
    )


def show(position: Any) -> str:
    """``position`` as text that :func:`parse` reads back, frozensets in sorted order."""
    if isinstance(position, frozenset):
        if not position:
            return "frozenset()"
        return "frozenset({" + ", ".join(_sorted_shown(position)) + "})"
    if isinstance(position, tuple) and type(position) is tuple:
        inner = ", ".join(show(x) for x in position)
        return "(" + inner + ("," if len(position) == 1 else "") + ")"
    return repr(position)


def _sorted_shown(items: Any) -> List[str]:
    try:
        return [show(x) for x in sorted(items)]
    except TypeError:
        return sorted(show(x) for x in items)
