"""Which printed page each heading, table row and figure of a page lands on, read from the
structure tree of a tagged PDF (Chromium's ``page.pdf(tagged=True)``): every structure element
(``/Type /StructElem``) names its kind (``/S /H2``, ``/TR``, ``/Figure``…), its parent and, where it
holds content, the page (``/Pg``).  Only what the report tests need; no PDF library."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

_OBJ = re.compile(rb"(\d+) 0 obj\s*<<(.*?)>>\s*endobj", re.S)
_REF = re.compile(rb"(\d+) 0 R")


@dataclass
class Element:
    num: int
    kind: str
    page: int | None                     # 0-based page of its own content, if any
    kids: list[int] = field(default_factory=list)


def elements(pdf: bytes) -> tuple[list[Element], int]:
    """The structure elements in document order (depth first from the root) and the page count."""
    kids_m = re.search(rb"/Type /Pages\s*/Count (\d+)\s*/Kids \[([^\]]*)\]", pdf)
    assert kids_m, "no page tree"
    pages = {int(n): i for i, n in enumerate(_REF.findall(kids_m.group(2)))}
    found: dict[int, Element] = {}
    for num, body in _OBJ.findall(pdf):
        if b"/Type /StructElem" not in body:
            continue
        kind = re.search(rb"/S /(\w+)", body).group(1).decode()
        pg = re.search(rb"/Pg (\d+) 0 R", body)
        k = re.search(rb"/K (\[[^\]]*\]|\d+ 0 R|\d+)", body)
        kids = [int(r) for r in _REF.findall(k.group(1))] if k else []
        found[int(num)] = Element(int(num), kind, pages.get(int(pg.group(1))) if pg else None, kids)
    children = {n for e in found.values() for n in e.kids}
    roots = [e for n, e in found.items() if n not in children]
    order: list[Element] = []

    def walk(e: Element) -> None:
        order.append(e)
        for n in e.kids:
            if n in found:
                walk(found[n])

    for r in roots:
        walk(r)
    return order, len(pages)


def first_page(e: Element, index: dict[int, Element]) -> int | None:
    """The first page anything of ``e`` (or under it) is printed on."""
    best = e.page
    for n in e.kids:
        if n in index:
            p = first_page(index[n], index)
            if p is not None and (best is None or p < best):
                best = p
    return best


def headings_and_what_follows(pdf: bytes) -> list[tuple[int, int | None, str]]:
    """For each H2: (its page, the page of the first table row with data cells or the first
    figure after it, before the next heading; ``None`` when neither follows), and that kind."""
    order, _ = elements(pdf)
    index = {e.num: e for e in order}
    out = []
    for i, e in enumerate(order):
        if e.kind != "H2":
            continue
        follow = None
        for f in order[i + 1:]:
            if f.kind in ("H1", "H2"):
                break
            if f.kind == "Figure" or (f.kind == "TR" and any(index[k].kind == "TD" for k in f.kids if k in index)):
                follow = f
                break
        out.append((first_page(e, index), None if follow is None else first_page(follow, index),
                    "" if follow is None else follow.kind))
    return out
