"""docs/rules.md is the rules reference every message cites: each violation code has a section
there, and the rule lines the engine quotes (中文 + English) are that section's, word for word."""
from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from tractor_analysis.engine.rule_refs import RULE_REFS, rule_ref
from tractor_analysis.engine.verdicts import VIOLATION_CODES

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules.md"
HEADING = re.compile(r"^#{2,3} (§\d+(?:\.\d+)?) (.+)$", re.M)


def sections() -> dict[str, str]:
    """Section number → its text up to the next heading of any level."""
    text = RULES.read_text("utf-8")
    marks = [(m.group(1), m.start(), m.end()) for m in re.finditer(r"^#{2,3} (§\d+(?:\.\d+)?) .+$", text, re.M)]
    out = {}
    for i, (sec, _start, end) in enumerate(marks):
        stop = marks[i + 1][1] if i + 1 < len(marks) else len(text)
        assert sec not in out, f"section {sec} appears twice in docs/rules.md"
        out[sec] = text[end:stop]
    return out


def test_every_violation_code_has_a_rule_ref():
    assert set(RULE_REFS) == set(VIOLATION_CODES)
    for code in VIOLATION_CODES:
        assert rule_ref(code) is not None and rule_ref(code).code == code
    assert rule_ref("no_such_code") is None


@pytest.mark.parametrize("code", sorted(RULE_REFS))
def test_each_code_section_exists_and_quotes_it_word_for_word(code):
    ref = RULE_REFS[code]
    body = sections().get(ref.section)
    assert body is not None, f"{code}: {ref.section} is not a section of docs/rules.md"
    assert ref.zh in body, f"{code}: the Chinese rule is not in {ref.section}"
    assert ref.en in body, f"{code}: the English rule is not in {ref.section}"
    assert VIOLATION_CODES[code].startswith(f"docs/rules.md {ref.section}: ")


def test_code_index_of_the_reference_agrees_with_the_engine():
    index = sections()["§13"]
    rows = dict(re.findall(r"^\| `([a-z_]+)` \| (§[\d.]+) \|", index, re.M))
    assert rows == {code: ref.section for code, ref in RULE_REFS.items()}


def test_sections_are_numbered_in_order_and_each_names_a_source_and_an_option():
    secs = sections()
    numbers = [tuple(int(x) for x in s[1:].split(".")) for s in secs]
    assert numbers == sorted(numbers)
    for sec, body in secs.items():
        if "." in sec and not sec.startswith("§0."):
            assert "Source" in body, f"{sec} names no source"
            assert "Option" in body, f"{sec} names no option"


def test_no_citation_of_files_outside_the_repository():
    """README, docs, the CLI, the reports and the package cite docs/rules.md, never shared/."""
    tracked = subprocess.run(["git", "ls-files", "README.md", "docs", "cli", "reports", "tractor_analysis"],
                             cwd=ROOT, capture_output=True, text=True)
    if tracked.returncode != 0:
        pytest.skip("not a git checkout: " + tracked.stderr.strip())
    offenders = []
    for name in tracked.stdout.split():
        path = ROOT / name
        if path.suffix in {".png", ".gz"} or not path.is_file():
            continue
        for n, line in enumerate(path.read_text("utf-8", errors="replace").splitlines(), 1):
            if "shared/spec" in line or "shared/seeds" in line:
                offenders.append(f"{name}:{n}: {line.strip()}")
    assert not offenders, "\n".join(offenders)


def test_every_rules_md_citation_names_a_section_that_exists():
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True)
    if tracked.returncode != 0:
        pytest.skip("not a git checkout: " + tracked.stderr.strip())
    secs = sections()
    missing = []
    for name in tracked.stdout.split():
        path = ROOT / name
        if path.suffix not in {".py", ".md", ".html", ".txt"} or not path.is_file():
            continue
        text = path.read_text("utf-8", errors="replace")
        for m in re.finditer(r"rules\.md,? ?(§\d+(?:\.\d+)?)", text):
            if m.group(1) not in secs:
                missing.append(f"{name}: {m.group(0)}")
    assert not missing, "\n".join(missing)


def test_the_hand_page_violation_box_quotes_the_rule_and_its_section(tmp_path):
    from tractor_analysis.records.sources import load_file
    from tractor_analysis.engine.replay import replay_match
    from tractor_analysis.reports.build import write_hand_pages

    source = load_file(str(ROOT / "sample_logs" / "disputed-trick.tgn"))
    match = source.matches[0]
    page = write_hand_pages(tmp_path / "hand.html", [(match, replay_match(match))])[0]
    html = page.read_text("utf-8")
    box = html.split('class="violation" role="note" data-code="follow_pair"', 1)[1]
    box = box[:box.index('class="note"') if 'class="note"' in box else len(box)]
    ref = RULE_REFS["follow_pair"]
    assert "docs/rules.md §5.3" in box and ref.zh in box and ref.en in box
