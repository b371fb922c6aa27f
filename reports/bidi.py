"""Record text kept to itself in right-to-left surroundings: a name with a right-to-left override
(U+202E) or in Arabic or Hebrew must not reorder the words and numbers the page puts after it.

:func:`isolate` wraps such a value in FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE (U+2068 …
U+2069, Unicode bidi rule X5c/X6a: a PDI ends every embedding and override opened inside its
isolate), balanced so that a stray PDI or an unclosed isolate in the value cannot reach out of it.
The report's template environment applies it to every value it prints (``finalize``), and the
Python that builds sentences around a name applies it to the name; the ruling also puts names
in ``<bdi>`` elements (CSS ``unicode-bidi: isolate``).  A value with no right-to-left character
and no bidi control is left as it is.
"""
from __future__ import annotations

import unicodedata

FSI, PDI = "\u2068", "\u2069"
_INITIATORS = frozenset("\u2066\u2067\u2068")        # LRI RLI FSI
_CONTROLS = frozenset("\u200e\u200f\u061c\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
_RTL = frozenset({"R", "AL"})


def needs_isolation(text: str) -> bool:
    """``text`` holds a bidi control or a right-to-left letter (it could reorder its neighbours)."""
    return any(ch in _CONTROLS or (ch > "\u058f" and unicodedata.bidirectional(ch) in _RTL) for ch in text)


def isolate(text: str) -> str:
    """``text`` between FSI and PDI when :func:`needs_isolation`, else ``text`` itself.  A PDI in
    ``text`` that closes nothing of its own would close the wrapper: one more FSI is put first for
    each; an isolate ``text`` leaves open gets its PDI at the end."""
    if not needs_isolation(text):
        return text
    depth = stray = 0
    for ch in text:
        if ch in _INITIATORS:
            depth += 1
        elif ch == PDI:
            if depth:
                depth -= 1
            else:
                stray += 1
    return FSI * (stray + 1) + text + PDI * (depth + 1)


def finalize(value):
    """The template environment's ``finalize``: plain strings (record text, escaped after this) are
    isolated; markup the reports build (cards, SVG, JSON) and other values pass unchanged."""
    from markupsafe import Markup

    if isinstance(value, str) and not isinstance(value, Markup):
        return isolate(value)
    return value


__all__ = ["FSI", "PDI", "finalize", "isolate", "needs_isolation"]
