"""``tractor replay``: a record trick by trick, as a referee reads it.

For each trick: the four hands before it (grouped by suit group, trumps first,
strongest first), the plays, the winner and the attackers' running points, and
any violation inline with the better play.  The engine does the judging
(:func:`tractor_analysis.engine.replay.replay_match`); this module only lays it out.
"""
from __future__ import annotations

import click

from tractor_analysis.records.cards import JOKER, RANK_OF, RANK_TOKENS, SUIT_OF, SUIT_SYMBOLS, cards_of
from tractor_analysis.records.hand_numbers import hand_names
from tractor_analysis.engine.order import TRUMP, order
from tractor_analysis.records.model import Hand, Match, Play
from tractor_analysis.engine.replay import record_pairs
from tractor_analysis.engine.verdicts import HandResult, MatchResult, TrickResult
from tractor_analysis.engine.unfinished import ends_record_text, taken_by_attackers
from tractor_analysis.engine.explain_readings import leader_open

from .check import check_file
from .verdict_text import legal_text, outcome_text, penalty_lines, points_text, setting_lines, violation_lines
from .common import (
    CONTEXT, EXIT_NOT_JUDGED, EXIT_OK, EXIT_UNREADABLE, EXIT_VIOLATION, RuleChoice, bad, cards_pretty, dim,
    echo_err, expand_noted, level_label, located, max_bytes_option, record_text, rules_options, seat_label,
    strong, say_encoding, trump_label,
)
from .outputs import refuse_inputs
from .tables import pad, width


def hand_groups(counts, level: int | None, trump: int | None, constant_twos: bool = False,
                trump_known: bool = True) -> str:
    """A player's cards as text, one block per suit group: trumps first, then ♠ ♥ ♦ ♣, strongest first.

    Trumps keep their suit symbol (``主 大王 ♥2 ♠2 ♥A``); plain suits show the
    symbol once (``♠ A K 10 5``).  An empty hand is ``—``.  When the level or the trump is not
    known (``level`` ``None``, ``trump_known`` false), which cards are trump is not known either:
    the cards are shown by printed suit, the jokers apart, with no trump block.
    """
    cards = cards_of(counts)
    if level is None or not trump_known:
        jokers = [k for k in cards if SUIT_OF[k] == JOKER]
        blocks = [cards_pretty(sorted(jokers, reverse=True))] if jokers else []
        for suit in range(4):
            mine = sorted((k for k in cards if SUIT_OF[k] == suit), key=lambda k: (-RANK_OF[k], k))
            if mine:
                blocks.append(SUIT_SYMBOLS[suit] + " " + " ".join(RANK_TOKENS[RANK_OF[k]] for k in mine))
        return " │ ".join(blocks) if blocks else "—"
    o = order(level, trump, constant_twos)
    blocks = []
    for g in (TRUMP, 0, 1, 2, 3):
        mine = sorted((k for k in cards if o.group[k] == g), key=lambda k: (-o.strength[k], k))
        if not mine:
            continue
        if g == TRUMP:
            blocks.append("主 " + cards_pretty(mine))
        else:
            blocks.append(SUIT_SYMBOLS[g] + " " + " ".join(RANK_TOKENS[RANK_OF[k]] for k in mine))
    return " │ ".join(blocks) if blocks else "—"


def play_text(p: Play, match: Match) -> str:
    text = f"{seat_label(p.seat, match)}: "
    if p.attempted is not None:
        text += f"{cards_pretty(p.attempted)} → {cards_pretty(p.cards)} " + bad("(throw failed 甩牌失败)")
    else:
        text += cards_pretty(p.cards)
    return text


def trick_lines(t: TrickResult, h: HandResult, match: Match, running: int | None,
                notes_by_play: list[tuple[str, ...]], trick_notes: tuple[str, ...], *,
                path: str | None = None, record: Hand | None = None,
                known: tuple[bool, ...] = (True, True, True, True)) -> list[str]:
    """One trick; ``known[seat]`` false: the record does not give that seat's cards (only its plays),
    so its hand is shown as not known rather than as the cards it is seen to play.  Record text (the
    names, the notes, what a derived fact quotes) is shown through :func:`~.common.record_text`."""
    leads = h.leads_of(t.number)        # who led it is open (the readings of the record differ): no leader named
    lines = [strong(f"trick {t.number} 第{t.number}轮")
             + ("   leader 首家 ? not known 未知" if leads else f"   leader 首家 {seat_label(t.leader, match)}")]
    if leads:
        zh, en = leader_open(t.plays[0].seat if t.plays else None, leads)
        lines.append(dim(f"   {en} / {zh}"))
    labels = [seat_label(s, match) for s in range(4)]
    cols = max(width(x) for x in labels)
    for seat in range(4):
        mark = "*" if seat in h.defenders else " "
        held = (hand_groups(t.hands_before[seat], h.level, h.trump, h.rules.constant_twos, h.trump_known)
                if known[seat]
                else dim("? not known 未知 (the record does not give its cards 记录未给出其手牌)"))
        if known[seat] and h.cards_open(t.number)[seat]:     # held, not known which (a play left out)
            held += dim(f" +{h.cards_open(t.number)[seat]} ? (not known which 未知哪张)")
        lines.append(f"  {mark}{pad(labels[seat], cols)}  {held}")
    # a play the record leaves out that the engine derived is shown in its place, marked derived, and
    # what it follows from below (the trick's points count it)
    from tractor_analysis.reports.hand_page import derived_plays_in, with_derived     # (lazy: a heavy import)
    plays = with_derived(t.plays, t.leader, derived_plays_in(h, t.number))
    lines.append("   plays 出牌  " + "   ".join(play_text(p, match) + (dim(" (derived 推出)") if why else "")
                                            for p, why in plays))
    for p, notes in zip(t.plays, notes_by_play):
        for note in notes:
            lines.append(dim(f"     {{{record_text(note)}}}  — {seat_label(p.seat, match)}"))
    for zh, en in dict.fromkeys(why for _, why in plays if why):
        lines.append(dim("     derived 推出  " + record_text(f"{en} / {zh}")))
    for note in trick_notes:
        lines.append(dim(f"     {{{record_text(note)}}}"))
    taken = taken_by_attackers(h, t)
    if not h.defenders:          # the sides are not known: who won for whom is withheld
        side = "side unknown 庄闲未知"
    elif taken is None:
        side = "side not known 哪方未知"
    else:
        side = "attackers 闲家" if taken else "defenders 庄家方"
    so_far = "?" if running is None else str(running)
    u = h.unfinished if t is h.tricks[-1] else None
    winner = seat_label(t.winner, match) if t.winner is not None else "? not known 未知"
    # the trick the record ends in: its points known only as a floor, the recorded plays' (as on the hand page)
    floor = u.recorded_points if t.points is None and u is not None and u.points is None else t.points
    points = ("? points 分 (not known 未知)" if floor is None else f"{floor} points 分"
              if u is None or u.points is not None else f"≥ {floor} points 分")
    lines.append(f"   winner 赢家 {winner} ({side}) · {points} · attackers so far 闲家累计 {strong(so_far)}")
    if u is not None:
        zh, en = ends_record_text(u)
        lines.append(dim("   " + record_text(f"{en} / {zh}")))
    for v in t.violations:
        lines.extend(violation_lines(v, match, indent="   ", path=path, record=record, result=h))
    return lines


def points_before(h: HandResult, taken: list[bool | None], record: Hand | None) -> int | None:
    """The attackers' points before the hand's first trick, from which the running total counts (``taken``: per
    trick, whether the attackers took it): what the hand's points less those of their tricks leave, where all are
    known; else 0 for a hand played from its deal (nobody holds points before its first trick), a position's
    ``[Points]`` where it states them, else ``None`` (not known: the running total is not shown)."""
    if h.attackers_points is not None and not any(m is None or m and _points_open(h, t) for t, m in zip(h.tricks, taken)):
        return h.attackers_points - sum(t.points for t, mine in zip(h.tricks, taken) if mine)
    if not h.setup:
        return 0
    return record.points if record is not None and record.points_known else None


def _points_open(h: HandResult, t: TrickResult) -> bool:
    """Trick ``t``'s points are not known: withheld, or those of the plays recorded in the trick the record ends
    in, the plays left out not counted (shown ``≥``)."""
    u = h.unfinished if t is h.tricks[-1] else None
    return t.points is None or (u is not None and u.points is None)


def hand_text(match: Match, h: HandResult, path: str | None = None, record: Hand | None = None) -> list[str]:
    """The whole replay of one hand (violations located in ``path`` when given); ``record``
    is the hand's record (default: the first with its number)."""
    if record is None:
        record = next((x for x in match.hands if x.number == h.number), None)
    head = " ".join(hand_names(match.hands, record, h.number)) + (" (position 残局)" if h.setup else "")
    defenders = " ".join(seat_label(s, match) for s in sorted(h.defenders)) or "? (unknown 未知)"
    lines = [strong(head) + f"  dealer 庄 {seat_label(h.dealer, match)}  level 级 {level_label(h.level)}"
             f"  trump 主 {trump_label(h.trump) if h.trump_known else '?'}  rules 规则 {record_text(h.rules.name)}",
             dim(f"  * defenders 庄家方: {defenders}")]
    if record is not None:
        for note in record.notes:
            lines.append(dim(f"  {{{record_text(note)}}}"))
        if record.bottom:
            lines.append(f"  bottom 底牌  {cards_pretty(record.bottom)}")
        for i, cards in enumerate(record.earlier_buries):     # 炒地皮: each bury before the last
            lines.append(f"  buried 扣底  {cards_pretty(cards)}" + dim(f"  (then taken back by a rebid 被炒 {i + 1})"))
        if record.buried:
            lines.append(f"  buried 扣底  {cards_pretty(record.buried)}"
                         + (dim("  (after the rebid 炒地皮后)") if record.earlier_buries else ""))
    trick_records = {t.number: t for t in record.tricks} if record is not None else {}
    known = (True,) * 4
    if record is not None:
        from tractor_analysis.reports.hands_known import hand_sources
        known = tuple(bool(x) for x in hand_sources(record, h))
    taken = [taken_by_attackers(h, t) for t in h.tricks]
    running = points_before(h, taken, record)
    for t, mine in zip(h.tricks, taken):
        if running is not None and (mine is None or mine and _points_open(h, t)):
            running = None          # (from here on: who took the trick, or its points, not known)
        elif running is not None and mine:
            running += t.points
        rec = trick_records.get(t.number)
        notes = [p.notes for p in rec.plays] if rec is not None else [()] * len(t.plays)
        lines.append("")
        lines.extend(trick_lines(t, h, match, running, notes, rec.notes if rec is not None else (),
                                 path=path, record=record, known=known))
    trick_numbers = {t.number for t in h.tricks}
    hand_level = [v for v in h.violations if v.trick is None or v.trick not in trick_numbers]
    lines.append("")
    if hand_level:
        lines.append(strong("hand checks 整局检查"))
        for v in hand_level:
            lines.extend(violation_lines(v, match, indent="  ", path=path, record=record, result=h))
    lines.append(f"{strong('result 结果')}  {legal_text(h)}")
    lines.extend(setting_lines(h, "  "))
    lines.append(f"  points  得分  {points_text(h)}")
    lines.extend(penalty_lines(h, match, "    "))
    lines.append(f"  outcome 结果  {outcome_text(h, match, record)}")
    return lines


def further_pages(html_out: str, pages: int) -> list[str]:
    """The names of the hand pages after the first that ``--html OUT.html`` writes for ``pages`` hands:
    ``OUT-2.html`` … beside it (as :func:`~tractor_analysis.reports.build.write_hand_pages` names them)."""
    from pathlib import Path

    out = Path(html_out)
    return [str(out.parent / f"{out.stem}-{k}{out.suffix or '.html'}") for k in range(2, pages + 1)]


@click.command("replay", context_settings=CONTEXT)
@click.argument("path", metavar="FILE")
@click.option("--hand", "hands", type=int, multiple=True, metavar="N",
              help="Only hand number N (repeatable; default every hand).")
@click.option("--html", "html_out", metavar="OUT.html", type=click.Path(dir_okay=False),
              help="Also write the hand page(s) as self-contained HTML (OUT.html, OUT-2.html, …; missing "
                   "folders are made); all pages or none: when one cannot be written, or one is FILE "
                   "itself, none is (exit 2).")
@rules_options
@max_bytes_option
def replay(path: str, hands: tuple[int, ...], html_out: str | None, preset: str | None,
           rule_pairs: tuple[tuple[str, str], ...], max_bytes: int) -> None:
    """Replay a record trick by trick: hands, plays, winner, running points.

    Before each trick the four players' cards are shown grouped by suit
    (trumps first, 主), the defenders (庄家方) marked with *.  Violations are
    shown inline with the better play the player held; each hand ends with
    its points breakdown and outcome.  Exit status as for 'tractor check'
    (0 legal, 1 a violation, 2 the file could not be read or parsed, 3 no violation found but a
    hand not fully judged).

    \b
    Examples:
      tractor replay sample_logs/disputed-trick.tgn
      tractor replay sample_logs/spring-cup-r2t5.tgn --hand 2
      tractor replay game.tgn --rules tournament | less -R
      tractor replay sample_logs/disputed-trick.tgn --html disputed.html
    """
    paths = expand_noted([path])
    if len(paths) != 1:
        raise click.UsageError(f"{path!r} names {len(paths)} files; replay takes one record file")
    path = paths[0]
    refuse_inputs("--html", [html_out], [path])       # before the record is read
    verdict = check_file(path, RuleChoice(preset.lower() if preset else None, rule_pairs), max_bytes=max_bytes)
    say_encoding(path, verdict.encoding_note)
    for d in verdict.errors:
        echo_err(located(d, path))         # (escaped: a terminal line; the pages take the record's text)
    results: list[tuple[Match, MatchResult]] = [
        (m, r) for m, r in zip(verdict.matches, verdict.results) if r is not None]
    # The text below and the HTML hand pages are two consumers of the same results.
    if html_out is not None and results:
        from tractor_analysis.reports.build import ReportError, write_hand_pages
        pages = sum(1 for m, r in results for _, h in record_pairs(m, r) if not hands or h.number in hands)
        refuse_inputs("--html", further_pages(html_out, pages), [path])    # OUT-2.html … too
        try:
            written = write_hand_pages(html_out, results, hands=hands,
                                       record_problems=[d.located(path) for d in verdict.errors])
        except ReportError as exc:            # nothing was written (all pages or none); 1 means a violation
            echo_err(f"tractor replay: --html {html_out}: no page written / 未写入任何网页: {exc}")
            click.get_current_context().exit(EXIT_UNREADABLE)
        for page in written:
            echo_err(f"wrote {page}")
    shown = 0
    found = open_hand = False
    for index, (match, result) in enumerate(results):
        if len(results) > 1:
            click.echo(strong(f"== match #{index + 1} 比赛 #{index + 1}"))    # (as check and stats number them)
        for record, h in record_pairs(match, result):
            if hands and h.number not in hands:
                continue
            if shown:
                click.echo("\n" + "─" * 60 + "\n")
            for line in hand_text(match, h, path, record):
                click.echo(line)
            shown += 1
            found = found or bool(h.violations)      # a finding about the record too, as check's exit 1
            open_hand = open_hand or h.legal is None
    if hands and not shown and verdict.readable:
        numbers = sorted({h.number for _, r in results for h in r.hands})
        asked = ", ".join(map(str, hands))
        have = ", ".join(map(str, numbers)) or "none / 无"
        shown_path = record_text(path)
        raise click.UsageError(f"no hand {asked} in {shown_path} (its hands: {have}) / "
                               f"{shown_path} 中没有第 {asked} 局（记录中的牌局：{have}）")
    click.get_current_context().exit(
        EXIT_UNREADABLE if verdict.errors or not verdict.readable else EXIT_VIOLATION if found
        else EXIT_NOT_JUDGED if open_hand else EXIT_OK)
