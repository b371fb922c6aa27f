"""``tractor ruling``: the printed ruling a referee signs, one A4 page per violation.

The pages are built by :mod:`tractor_analysis.reports.ruling`; this module reads the
command line, the record and its replay, and says what was written.
"""
from __future__ import annotations

import os

import click

from tractor_analysis.records.cards import SEAT_NAMES_ZH, SEAT_TOKENS

from .common import (CONTEXT, EXIT_NOT_JUDGED, EXIT_OK, EXIT_UNREADABLE, EXIT_VIOLATION, RuleChoice, bad, echo_err,
                     expand_noted, located, record_text, rules_options, say_encoding)
from .outputs import refuse_inputs, write_output

EXIT_NO_VIOLATION = EXIT_VIOLATION
"""``tractor ruling`` exits 1 when the record (or the hand / trick / seat asked for) has no violation and
its play was judged in full; :data:`~.common.EXIT_NOT_JUDGED` (3, as ``tractor check``) when no violation
was found but the play of a hand asked for was not fully judged (:func:`_not_judged_lines`)."""

_JUDGEMENT = frozenset({"verdicts", "legality", "first_leader", "throw_check"})
"""What an unknown withholds that leaves a hand's play not fully judged (``verdicts.WITHHELD`` words)."""


def _not_judged_lines(matches, hand: int | None, errors=(), path: str = "") -> list[str]:
    """When no violation was found: the hands asked for (``hand``, else all) whose play was not fully
    judged — so finding none is no finding that the play was legal — and why, each unknown that
    withheld the judgement as ``tractor check`` words it (a score sheet's hand: nothing was played; else
    the record's errors inside the hand, ``errors`` of ``path``, printed above); empty when every hand
    asked for was judged in full."""
    from .check_json import score_sheet_hand
    from .verdict_text import match_name

    many = len(matches) > 1
    found: list[tuple[str, str, list[str]]] = []
    for index, (_, result) in enumerate(matches):
        for h in result.hands:
            if h.legality_known or (hand is not None and h.number != hand):
                continue
            en = f"{match_name(index)} hand {h.number}" if many else f"hand {h.number}"
            zh = f"比赛 #{index + 1} 第 {h.number} 局" if many else f"第 {h.number} 局"
            head = f"  {en} {zh}  "
            why = [f"{head}{bad('?')} unknown 未知  [{u.tag}]  " + record_text(f"{u.message_en} / {u.message_zh}")
                   for u in h.unknowns if _JUDGEMENT & set(u.withheld)]
            if not why and score_sheet_hand(h):
                why = [f"{head}score sheet 记分表  the record gives the hand's result, not its play / "
                       f"只记结果，未记出牌"]
            if not why:     # (a record error inside the hand: named, as check prints it — not "see tractor check")
                why = [f"{head}not fully judged because of the record error above / 因上方的记录错误未能完整判定：  "
                       + located(d, path) for d in errors if d.hand == h.number]
            if not why:
                why = [f"{head}its unknowns do not say why: see tractor check / 未知项中未说明原因：见 tractor check"]
            found.append((en, zh, why))
    if not found:
        return []
    ens = ", ".join(en for en, _, _ in found)
    zhs = "、".join(zh for _, zh, _ in found)
    if len(found) > 1 and not many:
        ens = "hands " + ", ".join(en.removeprefix("hand ") for en, _, _ in found)
    lead = (f"but the play of {ens} was not fully judged, so this is no finding that it was legal (a referee "
            f"must judge it): / 但{zhs}的出牌未能完整判定，这并不表示出牌合规（须由裁判判定）：")
    return [lead] + [line for _, _, why in found for line in why]


def _record_lines(found, many: bool) -> list[str]:
    """What the record alone gets wrong, or a platform's referee judged otherwise (``(match, hand number or None for
    the match's own, finding)``: :func:`~tractor_analysis.reports.ruling.record_findings`), said when no page is
    written: none of it is a player's violation, none gets a ruling; each with its note (a referee's verdict is no
    proof the record is wrong: :func:`~.verdict_text.record_words`).  ``many``: the file holds several matches,
    each line names its match as ``tractor check`` does."""
    from .verdict_text import RECORD_MARK, match_name, record_words

    if not found:
        return []
    n = len(found)
    lines = [f"{n} record finding{'s' if n != 1 else ''} (not a player's act): no ruling against a seat (see tractor "
             f"check) / {n} 处记录问题（不是任何一家的行为）：不对任何一家作裁决（见 tractor check）："]
    for index, number, v in found:
        if number is None:
            where = f"{match_name(index)} 比赛" if many else "match 比赛"
        else:
            where = f"{f'{match_name(index)} · ' if many else ''}hand {number} 第{number}局"
        lines += [f"  {where}  {RECORD_MARK}  {v.code}  " + record_text(f"{v.message_en} / {v.message_zh}"),
                  f"      {record_words(v)}"]
    return lines


def _not_in_record(matches, hand: int | None, trick: int | None) -> tuple[str, str] | None:
    """What ``--hand`` / ``--trick`` ask for that the record does not hold (English, Chinese) — a hand number no
    match has, or a trick number none of the hands asked for has —, else ``None``: finding no violation there
    would be no finding at all (a referee who mistyped the number must not read it as a clean one)."""
    hands = [h for _, result in matches for h in result.hands if hand is None or h.number == hand]
    if hand is not None and not hands:
        return f"hand {hand}", f"第 {hand} 局"
    if trick is not None and not any(t.number == trick for h in hands for t in h.tricks):
        where_en = f" in hand {hand}" if hand is not None else ""
        where_zh = f"第 {hand} 局的" if hand is not None else ""
        return f"trick {trick}{where_en}", f"{where_zh}第 {trick} 轮"
    return None


def _picked(hand: int | None, trick: int | None, seat: int | None) -> tuple[str, str]:
    """What the options asked for, in Chinese and English (empty: the whole file)."""
    zh, en = [], []
    if hand is not None:
        zh.append(f"第 {hand} 局")
        en.append(f"hand {hand}")
    if trick is not None:
        zh.append(f"第 {trick} 轮")
        en.append(f"trick {trick}")
    if seat is not None:
        zh.append(SEAT_NAMES_ZH[seat])
        en.append(f"seat {SEAT_TOKENS[seat]}")
    return "、".join(zh), ", ".join(en)


@click.command("ruling", context_settings=CONTEXT)
@click.argument("path", metavar="FILE")
@click.option("--hand", type=int, metavar="N", help="Only violations of hand number N.")
@click.option("--trick", type=int, metavar="T", help="Only violations at trick T.")
@click.option("--seat", type=click.Choice(list(SEAT_TOKENS), case_sensitive=False), metavar="S",
              help="Only violations by seat S (N, E, S or W).")
@click.option("-o", "--out", "out", required=True, metavar="OUT.html", type=click.Path(dir_okay=False),
              help="The HTML file to write (replaced atomically; missing folders are made; FILE itself is refused, "
                   "exit 2).  Print it from a browser: one A4 page "
                   "per violation.")
@rules_options
def ruling(path: str, hand: int | None, trick: int | None, seat: str | None, out: str,
           preset: str | None, rule_pairs: tuple[tuple[str, str], ...]) -> None:
    """Write the referee's ruling: one printable A4 page per violation of FILE.

    Each page gives the event, round, table, date and players; the hand's
    dealer, level and trump; the trick with the four hands before it and the
    cards played; the violation, the rule quoted in Chinese and English from
    docs/rules.md (with its section), the better play the player held; what the
    record's ruleset makes of it (penalty points or levels, the corrected
    score); and a decision block (upheld / not upheld 成立/不成立, referee,
    time, signatures).  By default every violation of the file gets a page;
    --hand, --trick and --seat keep only the ones that match all of them.
    A finding about the record alone (check's "✎ record 记录", --json
    "about": "record": the scorer's copy proven wrong, or a platform
    referee's verdict other than the engine's) gets no page: it is no
    player's violation; it is listed (a match's own too) — but a [Claim]
    the cards prove wrong (claim_mismatch) gets a page of the whole hand
    headed "the recorded score", against no seat: the score decides the
    levels, and the referee rules it.

    \b
    Exit status:
      0  the ruling was written
      1  no violation found (nothing written), and the play asked about was
         judged in full (findings about the record alone are listed)
      2  FILE could not be read (or had problems and no violation was found in
         what could be read), the record has no hand --hand or no trick
         --trick, or OUT.html could not be written or is FILE
      3  no violation found (nothing written), but the play of a hand asked
         for was not fully judged: the message says which and why; that is
         no finding that the play was legal (as tractor check's 3)

    \b
    Examples:
      tractor ruling sample_logs/disputed-trick.tgn -o out/ruling.html
      tractor ruling match.tgn --hand 3 --trick 7 --seat E -o out/ruling.html
      tractor ruling match.tgn --rules tournament -o out/tournament-ruling.html
    """
    from .check import check_file
    from tractor_analysis.reports.ruling import (problem_line, record_findings, render_rulings, ruling_pages,
                                                 write_ruling)

    ctx = click.get_current_context()
    paths = expand_noted([path])
    if len(paths) != 1:
        raise click.UsageError(f"{path!r} names {len(paths)} files; ruling takes one record file / "
                               f"ruling 只接受一个记录文件")
    path = paths[0]
    refuse_inputs("-o", [out], [path])       # before the record is read
    verdict = check_file(path, RuleChoice(preset.lower() if preset else None, rule_pairs))
    say_encoding(path, verdict.encoding_note)
    for d in verdict.errors:
        echo_err(located(d, path))          # the terminal's line (escaped); the page gets the record's text
    shown_path = record_text(path)
    matches = [(m, r) for m, r in zip(verdict.matches, verdict.results) if r is not None]
    if not verdict.readable or not matches:
        echo_err(f"tractor ruling: nothing could be read from {shown_path}: no ruling written / "
                 f"无法从 {shown_path} 读出牌局，未写裁决书")
        ctx.exit(EXIT_UNREADABLE)
    seat_index = None if seat is None else SEAT_TOKENS.index(seat.upper())
    missing = _not_in_record(matches, hand, trick)
    if missing:
        echo_err(f"tractor ruling: {shown_path} has no {missing[0]}: nothing was judged there, no ruling written / "
                 f"{shown_path} 中没有{missing[1]}：该处未作任何判定，未写裁决书")
        ctx.exit(EXIT_UNREADABLE)
    pages = ruling_pages(matches, source=path, hand=hand, trick=trick, seat=seat_index,
                         record_problems=[problem_line(d, path) for d in verdict.errors])   # 中文 first
    if not pages:
        zh, en = _picked(hand, trick, seat_index)
        echo_err(f"no violation found in {shown_path}{' at ' + en if en else ''}: no ruling written / "
                 f"{shown_path}{'的' + zh if zh else ''}中没有发现违规，未写裁决书")
        for line in _record_lines(record_findings(matches, hand=hand, trick=trick, seat=seat_index),
                                  len(matches) > 1):
            echo_err(line)          # the record's findings: never ruled against a player
        not_judged = _not_judged_lines(matches, hand, verdict.errors, path)
        for line in not_judged:         # none found is then no finding that the play was legal
            echo_err(line)
        if verdict.errors:    # found nothing in a damaged record: not the same as a clean one
            echo_err("(only what could be read was checked: the record has the problems above / "
                     "只检查了可读的部分：记录有上述问题)")
            ctx.exit(EXIT_UNREADABLE)
        ctx.exit(EXIT_NOT_JUDGED if not_judged else EXIT_NO_VIOLATION)
    html = render_rulings(pages)
    write_output("ruling", out, lambda: write_ruling(html, out))       # (exit 2 when it cannot)
    echo_err(f"ruling: {len(pages)} page(s) / {len(pages)} 页 → {out}")
    click.echo(os.fspath(out))
    ctx.exit(EXIT_OK)
