"""Small text helpers shared by the type parser and the pass-pipeline parser."""
from __future__ import annotations


def split_top_level(text: str, opens: str = "([{<", closes: str = ")]}>") -> list[str]:
    """Splits `text` at the commas that are not inside brackets; raises ValueError when brackets do not balance."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch in opens:
            depth += 1
        elif ch in closes:
            depth -= 1
            if depth < 0:
                raise ValueError(f"unbalanced brackets in {text!r}")
        elif ch == "," and depth == 0:
            parts.append(text[start:i].strip())
            start = i + 1
    if depth != 0:
        raise ValueError(f"unbalanced brackets in {text!r}")
    if text[start:].strip():
        parts.append(text[start:].strip())
    return parts
