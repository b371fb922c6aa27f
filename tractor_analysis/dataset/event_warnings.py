"""What an event's standings count as recorded but an organiser should check (:func:`warnings`):
bilingual notes over the matches :func:`~.standings.select` kept — team names that differ only in
letter case, one pair of players (or one player, whoever the partner) under two team names, a table, a
team or a player twice in a round (over the matches not decided too), event names that differ only in letter case or spacing, more than one event or
ruleset among the counted matches, a match both sides forfeited, teams with no match in a round the others
played (or whose match of it is on record but not counted), a match whose record ends inside a hand decided by the rule for a match cut
short (docs/rules.md §8.5), and a match naming one player in two seats (counted, not rated).  Each
note names the records.  The standings themselves are
:mod:`.standings`; these notes change no rank.
"""
from __future__ import annotations

from collections import defaultdict
from typing import Iterable, Sequence

from ..engine.explain_hand import match_decision_text
from ..engine.explain_stopped import match_line_every_finish
from ..engine.explain_unknown import SIDE_EN, SIDE_ZH
from ..engine.scoring import EVERY_READING
from ..engine.verdicts import BOTH_FORFEIT
from ..records.cards import RANK_TOKENS
from .awards import Award, award_notes
from .event_model import EventMatch, folded_name, match_named, quoted, round_number, same_event

__all__ = ["warnings", "decision_note"]


def warnings(matches: Sequence[EventMatch], read: Sequence[EventMatch] = (), awards: Sequence[Award] = (),
             event: str | None = None, undecided: Sequence[EventMatch] = (), after_round: int | None = None) -> list[str]:
    """Bilingual notes on what the standings count as recorded but an organiser should check
    (``matches`` already :func:`select`-ed): team names that differ only in letter case, one pair
    of players under two team names (each name counts as a team of its own: which is meant is
    not in the records), a table played twice or a team playing twice in one round (each match
    counts), over what the standings count (every event they count: an event name is not a
    round's); event names that differ only in letter case or spacing; a match both sides
    forfeited (it counts: a loss for each, no winner); teams with no match counted in a round the
    others played (:func:`_missing_from_rounds`); a match whose record ends inside a hand, decided by the
    ruleset's rule for a match cut short (:func:`_cut_short`, docs/rules.md §8.5); a match naming one
    player in two seats (:func:`_player_twice`); more than one event among the counted matches
    (:func:`_events_merged`); more than one ruleset among them (:func:`_mixed_rulesets`).  Each names the
    records.  ``read``: every match read (those not counted too), so that a team whose match of a round is
    on record but not counted is not called missing from it: its left-out match is named instead.  ``awards``:
    the byes and walkovers the organiser states (:mod:`.awards`): a team with one in a round is not missing
    from it, and what the matches question of them is noted (:func:`~.awards.award_notes`).  ``event``: the
    ``--event`` NAME the matches were selected by (:func:`~.standings.select`), ``None`` when none was given: a
    match whose ``[Event]`` differs from it only in letter case or spacing is on record, not counted for that.
    ``undecided``: the matches not decided (:func:`~.provisional.pending`: counted for nobody, the ranks they may
    change provisional), which the notes on a table, a team or a player twice in a round look at too
    (:func:`_round_warnings`, :func:`_player_two_tables`): a damaged second record of a counted match is one.
    ``after_round``: ``--after-round``'s round, when given: a round up to it with no match on record is named too
    (:func:`_rounds_without_match`)."""
    return (_rounds_without_match(matches, read, awards, after_round)
            + _event_warnings(matches) + _events_merged(matches) + _name_warnings(matches)
            + _round_warnings(matches, undecided) + _player_two_tables(matches, undecided)
            + _both_forfeit(matches) + _missing_from_rounds(matches, read, awards, event) + award_notes(awards, matches, read)
            + _cut_short(matches) + _passed_on_derived(matches)
            + _player_twice(matches) + _mixed_rulesets(matches))


_SEATS = (("North", "北"), ("East", "东"), ("South", "南"), ("West", "西"))


def _player_twice(matches: Sequence[EventMatch]) -> list[str]:
    """A note per match that names one player in two seats — on both sides (a player cannot play
    against themself) or as both partners — naming the match (its record, ``[Round]`` and ``[Table]``:
    :func:`~.event_model.match_named`), the player and the seats.  The standings count such a match as
    recorded (its two teams are known and differ); the ratings leave it out
    (:func:`~.ratings.unrated_note`: a rating of it would rate one player twice)."""
    notes = []
    for m in sorted(matches, key=lambda m: (m.source or m.match_id, m.match_id)):
        twice = next(((a, b) for a in range(4) for b in range(a + 1, 4)
                      if m.players[a] and m.players[a] == m.players[b]), None)
        if twice is None:
            continue
        where, name = match_named(m), quoted(m.players[twice[0]])
        (a_en, a_zh), (b_en, b_zh) = (_SEATS[s] for s in twice)
        both = (twice[0] - twice[1]) % 2 == 1
        side_en = "on both sides (N–S and E–W): a player cannot play against themself" if both else \
            "as both partners: one player cannot sit in two seats"
        side_zh = "分属南北与东西两方：选手不能与自己对局" if both else "同为一方的两名搭档：同一选手不能坐两个座位"
        notes.append(f"{where}: {name} is named in two seats, [{a_en}] and [{b_en}], {side_en}; counted as recorded, "
                     f"not rated: check the players' tags / {where}：{name} 同时记在 [{a_en}]（{a_zh}）与 [{b_en}]"
                     f"（{b_zh}）两个座位，{side_zh}；按记录计入排名，不计入等级分：请核对选手标签")
    return notes


def _missing_from_rounds(matches: Sequence[EventMatch], read: Sequence[EventMatch] = (),
                         awards: Sequence[Award] = (), event: str | None = None) -> list[str]:
    """A note per round in which some teams the standings count have no match counted (a record
    missing, a bye, a withdrawal: which, the records do not say), naming them and the round's matches
    against the other rounds'.  Over the matches with a round number; teams as the standings name them.
    A team that plays the round under another way of writing its name — a name differing only in
    letter case, or its pair of players under another team name, both counted as two teams with a
    note of their own (:func:`_name_warnings`) — is not called missing from it.  Nor is a team whose match
    of the round is on record but not counted (``read``: every match read; not decided, friend mode, a side
    not known, an ``[Event]`` differing from ``--event`` only in letter case or spacing …: :func:`_left_out_in_round`):
    it played, and the note names that match and why it is not counted.
    Nor is a team the organiser gives a bye or a walkover in the round (``awards``)."""
    by_round: dict[int, list[EventMatch]] = defaultdict(list)
    pairs: dict[str, set[tuple[str, str]]] = defaultdict(set)
    for m in matches:
        r = round_number(m.round)
        if r is not None:
            by_round[r].append(m)
        for side in (0, 1):
            a, b = m.players[side], m.players[side + 2]
            if m.teams[side] is not None and a and b:
                pairs[m.teams[side]].add(tuple(sorted((a, b))))
    if len(by_round) < 2:
        return []
    every = {t for ms in by_round.values() for m in ms for t in m.teams if t is not None}
    notes = []
    for r, ms in sorted(by_round.items()):
        playing = {t for m in ms for t in m.teams if t is not None}
        playing |= {t for a in awards if a.round == r for t in a.teams()}
        folded = {t.casefold() for t in playing}
        pairs_playing = {p for m in ms for side in (0, 1) if m.players[side] and m.players[side + 2]
                         for p in [tuple(sorted((m.players[side], m.players[side + 2])))]}
        missing = sorted(t for t in every - playing if t.casefold() not in folded and not pairs[t] & pairs_playing)
        left_out, played = _left_out_in_round(r, missing, matches, read, event, pairs)
        notes.extend(left_out)
        missing = [t for t in missing if t not in played]
        if not missing:
            continue
        others = ", ".join(f"round {o}: {len(by_round[o])}" for o in sorted(by_round) if o != r)
        others_zh = "，".join(f"第 {o} 轮 {len(by_round[o])} 场" for o in sorted(by_round) if o != r)
        names, names_zh = ", ".join(quoted(t) for t in missing), "、".join(quoted(t) for t in missing)
        notes.append(f"round {r}: no match counted for {names}, who play in other rounds; round {r} has {len(ms)} "
                     f"{'match' if len(ms) == 1 else 'matches'} counted ({others}): a record missing, a bye or a withdrawal? check the round's "
                     f"records / 第 {r} 轮：{names_zh} 在其他轮次有比赛，本轮没有计入的比赛；本轮计入 {len(ms)} 场"
                     f"（{others_zh}）：缺少记录、轮空还是退赛？请核对本轮的记录")
    return notes


def _rounds_without_match(matches: Sequence[EventMatch], read: Sequence[EventMatch] = (),
                          awards: Sequence[Award] = (), after_round: int | None = None) -> list[str]:
    """A note per round, from round 1 to the last one the standings reach — the highest round of a counted match
    or of a bye or walkover stated (``awards``), or ``after_round`` (``--after-round``) when given — in which no
    match of the counted matches' events is on record at all (none counted, none read, no bye or walkover
    stated): a whole round's records not ingested or not copied?  The teams-missing note
    (:func:`_missing_from_rounds`) cannot ask it: no team played that round.  None when no counted match has a
    round number."""
    counted = {r for r in map(round_number, (m.round for m in matches)) if r is not None}
    if not counted:
        return []
    events = {folded_name(m.event) if m.event else None for m in matches}
    on_record = counted | {r for m in read if (folded_name(m.event) if m.event else None) in events
                           for r in [round_number(m.round)] if r is not None} | {a.round for a in awards}
    top = max(counted | {a.round for a in awards}) if after_round is None else after_round
    gaps = [r for r in range(1, top + 1) if r not in on_record]
    if not gaps:
        return []
    have = sorted(r for r in on_record if r <= top)
    shown = ", ".join(map(str, gaps))
    asked_en = f" (--after-round {after_round})" if after_round is not None and max(gaps) > max(counted) else ""
    asked_zh = f"（--after-round {after_round}）" if asked_en else ""
    have_en = (f"round {have[0]} has" if len(have) == 1 else f"rounds {', '.join(map(str, have))} have") \
        + " matches, byes or walkovers"
    have_zh = "、".join(map(str, have))
    many = len(gaps) > 1
    whose = "their" if many else "the round's"
    return [f"round{'s' if many else ''} {shown}{asked_en}: no match on record — no record of {'them' if many else 'it'} "
            f"read, no bye or walkover stated, while {have_en}: {whose} records not "
            f"ingested or not copied? the standings count nothing of {'them' if many else 'it'}; check the records / "
            f"第 {'、'.join(map(str, gaps))} 轮{asked_zh}：没有任何比赛记录——未读到其记录，也未说明轮空或不战而胜，"
            f"而第 {have_zh} 轮有比赛、轮空或不战而胜：其记录未导入或未复制？排名未计入其任何结果；请核对记录"]


def _left_out_in_round(r: int, teams: Sequence[str], counted: Sequence[EventMatch],
                       read: Sequence[EventMatch], event: str | None = None,
                       pairs: dict[str, set[tuple[str, str]]] | None = None) -> tuple[list[str], set[str]]:
    """The matches of round ``r`` on record (``read``) but not counted that one of ``teams`` (no match counted
    in the round) played — of an event the counted matches are of, its name compared letter case and spacing
    aside (:func:`~.event_model.folded_name`: one event, as :func:`_events_merged` counts events; another event's
    match is not this round's) —: a note per match naming it, its teams and why it is not counted (``event``:
    ``--event``'s NAME, which a match whose ``[Event]`` is written otherwise is not counted for), and the teams so
    found.  A team plays such a match under its own name, or under another way of writing it — a name differing only
    in letter case, or its pair of players (``pairs``: each team's pairs in the counted matches) under another team
    name —, which the note then says."""
    pairs = pairs or {}
    counted_ids = {id(m) for m in counted}
    events = {_event_key(m.event) for m in counted}
    wanted, found, notes = set(teams), set(), []
    for m in sorted((m for m in read if id(m) not in counted_ids and _event_key(m.event) in events
                     and round_number(m.round) == r),
                    key=lambda m: (m.source or m.match_id, m.match_id)):
        mine = [t for t in dict.fromkeys(m.teams) if t in wanted]
        under = {t: side for t in sorted(wanted - set(mine)) for side in (0, 1) if m.teams[side] is not None
                 and (t.casefold() == m.teams[side].casefold() or _pair(m, side) in pairs.get(t, ()))}
        if not mine and not under:
            continue
        found.update(mine, under)
        names = ", ".join([*map(quoted, mine), *(f"{quoted(t)} (as {quoted(m.teams[side])})" for t, side in under.items())])
        names_zh = "、".join([*map(quoted, mine), *(f"{quoted(t)}（以 {quoted(m.teams[side])} 之名）"
                                                   for t, side in under.items())])
        if event is not None and not same_event(m.event, event):    # select's first reason: --event takes the name
            why = (f"not counted: its [Event] {quoted(m.event)} differs from --event {quoted(event)} only in letter "
                   "case or spacing (--event takes the name exactly)")
            why_zh = (f"未计入：其 [Event] {quoted(m.event)} 与 --event {quoted(event)} 仅大小写或空格不同（--event "
                      "按名称精确匹配）")
        elif not m.counts:
            en, zh = match_decision_text(None, m.decided_by, m.forfeit_reasons)
            why, why_zh = f"not counted: {en}", f"未计入：{zh}"
        else:
            why, why_zh = "not counted (its note above says why)", "未计入（原因见上方说明）"
        notes.append(f"round {r}: {names} played {match_named(m)}, which is on record but {why}: no match of "
                     f"theirs counts in round {r} / 第 {r} 轮：{names_zh} 的比赛 {match_named(m)} 有记录，但{why_zh}："
                     f"本轮没有计入他们的比赛")
    return notes, found


def _pair(m: EventMatch, side: int) -> tuple[str, str] | None:
    """A side's two players, sorted (as :func:`_missing_from_rounds` keeps a team's pairs), ``None`` when one is not
    named."""
    a, b = m.players[side], m.players[side + 2]
    return tuple(sorted((a, b))) if a and b else None


def _event_key(name: str | None) -> str | None:
    """An ``[Event]`` as :func:`_left_out_in_round` compares it with the counted matches': letter case and spacing
    aside (:func:`~.event_model.folded_name`), ``None`` when the record gives none."""
    return None if name is None else folded_name(name)


def _events_merged(matches: Sequence[EventMatch]) -> list[str]:
    """A note when the counted matches hold more than one event (``[Event]`` names that differ other than in
    letter case or spacing — those have :func:`_event_warnings`' note —, or matches with and without
    ``[Event]``): their standings, rounds and tables are counted together as one event.  Each event is named
    with its number of matches; ``--event`` counts one."""
    of_event: dict[str | None, list[EventMatch]] = defaultdict(list)
    for m in matches:
        of_event[None if m.event is None else folded_name(m.event)].append(m)
    if len(of_event) < 2:
        return []
    parts, parts_zh = [], []
    for key in sorted(of_event, key=lambda k: (k is None, k or "")):
        ms = of_event[key]
        if key is None:
            parts.append(f"{len(ms)} match(es) without [Event]")
            parts_zh.append(f"{len(ms)} 场没有 [Event] 的比赛")
            continue
        written = " = ".join(quoted(n) for n in sorted({m.event for m in ms}))
        parts.append(f"{written}: {len(ms)} match(es)")
        parts_zh.append(f"{written}：{len(ms)} 场")
    return [f"the matches counted are of {len(of_event)} events, counted together as one (one table, its rounds "
            f"and tables together): {'; '.join(parts)}; to count one event, give --event NAME / 计入的比赛属于 "
            f"{len(of_event)} 个赛事，合并为一个赛事计算（同一张排名表，轮次与桌次合并）：{'；'.join(parts_zh)}；"
            "如只计一个赛事，请用 --event 名称"]


def _mixed_rulesets(matches: Sequence[EventMatch]) -> list[str]:
    """A note when the counted matches are played under more than one ruleset
    (:attr:`EventMatch.ruleset`, with the options changed from its preset: :attr:`EventMatch.rule_changes`),
    naming each with the options that differ from its preset (:func:`_ruleset_named`) and its matches (and
    those whose ruleset is not known): counted together, as recorded; which was meant is not in the records."""
    of_ruleset: dict[tuple | None, list[EventMatch]] = defaultdict(list)
    for m in matches:
        of_ruleset[None if m.ruleset is None else (m.ruleset, m.rule_changes)].append(m)
    known = sorted((k for k in of_ruleset if k is not None), key=lambda k: (k[0], k[1] is None, k[1] or ()))
    if len(known) < 2:
        return []
    en = "; ".join(f"{_ruleset_named(*k, zh=False)} ({_where(of_ruleset[k])})" for k in known)
    zh = "；".join(f"{_ruleset_named(*k, zh=True)}（{_where(of_ruleset[k])}）" for k in known)
    if None in of_ruleset:
        en += f"; not known ({_where(of_ruleset[None])})"
        zh += f"；未知（{_where(of_ruleset[None])}）"
    tags_en, tags_zh = ((" and the [Rule:…] tags", " 与 [Rule:…] 标签") if any("+" in k[0] for k in known) else
                        ("", ""))
    return [f"the matches counted are played under {len(known)} rulesets: {en}; each is counted as recorded: check "
            f"[Ruleset]{tags_en} / 计入的比赛使用 {len(known)} 种规则：{zh}；均按记录计入：请核对 [Ruleset]{tags_zh}"]


def _ruleset_named(name: str, changes: tuple[tuple[str, str], ...] | None, zh: bool) -> str:
    """A ruleset as the mixed-ruleset note names it: its name quoted, and for a name ending ``+`` (options changed
    from the preset) the preset and each option that differs, as ``[Rule:...]`` spells it (``"tournament+", i.e.
    "tournament" with stopped_hand=void``), or that they are not known."""
    if "+" not in name:
        return quoted(name)
    preset = quoted(name.rstrip("+"))
    if not changes:         # None: not stored; (): none differs (a name a record wrote), said as not known
        return (f"{quoted(name)}，即 {preset} 但改设的选项未知" if zh else
                f"{quoted(name)}, i.e. {preset} with options changed that are not known")
    if zh:
        return f"{quoted(name)}，即 {preset} 改设 " + "、".join(f"{k}={v}" for k, v in changes)
    return f"{quoted(name)}, i.e. {preset} with " + " and ".join(f"{k}={v}" for k, v in changes)


_BY_LEVELS = ("higher level", "holding the deal")
"""``decided_by`` of a match the ruleset's rule for a match cut short decided (``decide_by_levels``,
docs/rules.md §8.5: ``engine.scoring.decide``)."""


def decision_note(m: EventMatch) -> str | None:
    """The note on how ``m`` was decided that an organiser should check — decided by the rule for a match cut
    short inside a hand (:func:`_cut_short`), or won by passing the winning level in a hand whose result is derived
    (:func:`_passed_on_derived`) —, ``None`` for any other match: what the standings' notes say of it, and the team
    pages on its row (``reports/event_report.py``)."""
    return _cut_short_note(m) or _passed_note(m)


def _by_record(matches: Sequence[EventMatch]) -> list[EventMatch]:
    return sorted(matches, key=lambda m: (m.source or m.match_id, m.match_id))


def _winner(m: EventMatch) -> str | None:
    """The winning team as a note names it: quoted, as every note quotes a name (:func:`~.event_model.quoted`: a
    name holding ``" / "``, or a double quote, never read as the note's own words); ``None`` when not known."""
    team = None if m.winner is None else m.teams[m.winner]
    return None if team is None else quoted(team)


def _cut_short(matches: Sequence[EventMatch]) -> list[str]:
    """:func:`_cut_short_note` of each match that has one, by record."""
    return [n for n in map(_cut_short_note, _by_record(matches)) if n is not None]


def _cut_short_note(m: EventMatch) -> str | None:
    """The note on a match the rule for a match cut short decided (docs/rules.md §8.5) whose record is
    known to end inside a hand (:attr:`EventMatch.ends_inside`): the hand was not played out, and the
    match went to the levels when the record ends — a round stopped by the clock, or a record cut off, which
    the records do not say.  What decided it, and the final levels, are named, and which levels they are: the
    levels that hand was played at, or, where its result is derived (:attr:`EventMatch.derived_results`, docs/rules.md
    §7.4), the levels after it, from its ``[Claim]`` or from the cards left.  A match that ended between two hands
    under the same rule is the rule working as written: no note (its result says how it was decided).  The winning
    team's name is quoted (:func:`_winner`).  Where no ``[Claim]`` gives that hand its result and the final levels
    are not known (``stopped_hand = open``: the hand void and played out differ), the readings are named instead
    (:func:`_readings_note`); under ``stopped_hand = void`` a result from the cards left is not among
    :attr:`EventMatch.derived_results` (``dataset.event``): the levels are those the hand was played at."""
    if m.decided_by not in (*_BY_LEVELS, EVERY_READING) or m.winner is None or m.ends_inside is None:
        return None
    where, h = match_named(m), m.ends_inside
    derived = dict(m.derived_results)
    if m.decided_by == EVERY_READING or (None in m.levels and derived.get(h) is None):
        return _readings_note(m)
    en, zh = match_decision_text(_winner(m), m.decided_by, m.forfeit_reasons)
    levels = " : ".join("?" if v is None else RANK_TOKENS.get(v, str(v)) for v in m.levels)
    at_en, at_zh = "at the levels when the record ends", "以记录结束时的级数"
    if h not in derived:
        which_en, which_zh = f"the levels hand {h} was played at", f"即第 {h} 局所打的级数"
        # no result of that hand counts (void) or every reading of it gives these levels: worded as check's match
        # line words it (docs/rules.md §8.5), never "when the record ends" beside the levels it was played at
        en, zh = match_line_every_finish(_winner(m), h, m.decided_by, m.stopped_void)
        if m.stopped_void:
            at_en, at_zh = "at the final levels", "以终局级数"
        else:
            at_en, at_zh = f"at the levels every reading of hand {h} gives", f"以第 {h} 局每种读法给出的级数"
            which_en, which_zh = (f"hand {h} void, the levels it was played at, or played out to each result the cards "
                                  f"left allow"), f"第 {h} 局按中止计（以该局所打的级数）或按打完计（余牌可能给出的每种结果）"
        check_en, check_zh = (f"and any [Claim] of hand {h} (not used: no result of the hand counts)",
                              f"以及第 {h} 局的 [Claim]（如有；未用于判定：该局没有计入的结果）")
    elif derived[h] is not None:
        which_en = (f"the levels after hand {h}, whose result is derived from its [Claim] {derived[h]} "
                    f"(docs/rules.md §7.4)")
        which_zh = f"即第 {h} 局之后的级数，该局结果由其 [Claim] {derived[h]} 推出（docs/rules.md §7.4）"
        check_en, check_zh = f"and hand {h}'s [Claim] {derived[h]}", f"以及第 {h} 局的 [Claim] {derived[h]}"
    else:
        which_en = (f"the levels after hand {h}, whose result is derived from the cards left: every total they "
                    f"allow gives it (docs/rules.md §7.4)")
        which_zh = f"即第 {h} 局之后的级数，该局结果由余下的牌推出：余牌可能给出的每个总分结果相同（docs/rules.md §7.4）"
        check_en, check_zh = f"and that hand {h} was stopped there", f"以及第 {h} 局是否确在此处停止"
    return (f"{where}: the record ends inside hand {h}, before a side passed the winning level; decided by the "
            f"ruleset's rule for a match cut short (docs/rules.md §8.5) {at_en} "
            f"({levels}, N–S : E–W: {which_en}): {en}; counted: check that the match was stopped there, that "
            f"the record is whole, {check_en} / {where}：记录在第 {h} 局中途结束，双方均未打过"
            f"获胜级别；按规则对中途结束比赛的判定（docs/rules.md §8.5）{at_zh}（{levels}，南北 : 东西："
            f"{which_zh}）判定：{zh}；已计入：请核对比赛是否确在此处停止、记录是否完整，{check_zh}")


def _readings_note(m: EventMatch) -> str:
    """:func:`_cut_short_note` of a match whose record ends inside its last hand, no result from a ``[Claim]``, under
    a ruleset that does not say whether that hand counts (``stopped_hand = open``, docs/rules.md §8.5): its final
    levels are not known — the hand void (the levels it was played at) and played out to each result the cards left
    allow (one derived from them among them) differ —, and every reading gives the same winner: the note names the
    readings and the range of final levels they give (:attr:`EventMatch.level_spans`), never the levels the hand was
    played at as the final ones."""
    where, h, team = match_named(m), m.ends_inside, _winner(m)
    levels = m.levels_text
    by_deal = m.decided_by == "holding the deal"
    how_en = "holding the deal at equal levels" if by_deal else "the higher level"
    how_zh = "级数相同而坐庄" if by_deal else "级数较高"
    if m.decided_by == EVERY_READING:       # (the readings win it in different ways: a pass in a finish, the levels)
        how_en, how_zh = "the match (each its own way: the levels, or a pass of the winning level)", "胜（方式各异：以级数，或打过获胜级别）"
    if None in m.levels:
        final_en = f"the final levels are not known (N–S : E–W {levels} under those readings)"
        final_zh = f"终局级数未知（各读法下南北 : 东西 {levels}）"
    else:
        final_en, final_zh = f"the final levels are N–S : E–W {levels} under every reading", f"各读法下终局级数均为南北 : 东西 {levels}"
    if dict(m.derived_results).get(h, 0) is None:        # (a result derived from the cards left: one reading)
        one_en = ", among them the result derived from them (docs/rules.md §7.4)"
        one_zh = "，其中包括由余牌推出的结果（docs/rules.md §7.4）"
    else:
        one_en = one_zh = ""
    played_en = f"played out to each result the cards left allow{one_en}"
    played_zh = f"打完（余下的牌可能给出的每种结果{one_zh}）"
    forfeit = _forfeit_reading(m)
    if forfeit is not None:         # played out, a side forfeits at the hand's end: the readings' ways named
        played_en, played_zh, how_en, how_zh = forfeit
    return (f"{where}: the record ends inside hand {h}, before a side passed the winning level, and no [Claim] gives "
            f"that hand a result; decided by the ruleset's rule for a match cut short (docs/rules.md §8.5) under "
            f"every reading of that hand — whether hand {h} counts or is played out: void (stopped there, the levels "
            f"it was played at) or {played_en}; {final_en}, and every "
            f"reading gives {team} {how_en}: {team} won "
            f"the match; counted: check that the match was stopped there, that the record is whole, and any [Claim] "
            f"of hand {h} (none gives it a result) / {where}：记录在第 {h} 局中途结束，双方均未打过获胜级别，"
            f"该局没有 [Claim] 给出的结果；按规则对中途结束比赛的判定（docs/rules.md §8.5），就该局的每种读法判定——"
            f"第 {h} 局按中止计还是按打完计：中止（不计结果，以该局所打的级数）或{played_zh}；{final_zh}，"
            f"而每种读法下 {team} 方均{how_zh}：{team} "
            f"方获胜；已计入：请核对比赛是否确在此处停止、记录是否完整，以及第 {h} 局的 [Claim]"
            f"（如有；均未给出该局结果）")


def _forfeit_reading(m: EventMatch) -> tuple[str, str, str, str] | None:
    """The played-out reading of the hand the record ends inside the last trick of, where a side reaches the forfeit
    count at its end (:attr:`EventMatch.stop_forfeit`, docs/rules.md §8.5, §10.1): ``(played_en, played_zh, how_en,
    how_zh)`` — that reading, and how every reading gives the winner (void by the levels, played out by that side's
    forfeit) —, for :func:`_readings_note`; ``None`` where no one side forfeits so."""
    side = {"NS": 0, "EW": 1}.get(m.stop_forfeit or "")
    if side is None:
        return None
    team = m.teams[side]
    en = SIDE_EN[side] + ("" if team is None else f" ({quoted(team)})")
    zh = f"{SIDE_ZH[side]}方" + ("" if team is None else f"（{quoted(team)}）")
    return (f"played out (the plays left out forced), at whose end {en} reach the forfeit count and forfeit the match "
            f"(docs/rules.md §10.1)",
            f"打完（未记录的出牌是确定的），该局结束时{zh}达到判负次数而判负（docs/rules.md §10.1）",
            f"the match (each its own way: void, by the levels; played out, by {SIDE_EN[side]}'s forfeit)",
            f"胜（方式各异：按中止计以级数，按打完计因{SIDE_ZH[side]}方判负）")


def _passed_on_derived(matches: Sequence[EventMatch]) -> list[str]:
    """:func:`_passed_note` of each match that has one, by record."""
    return [n for n in map(_passed_note, _by_record(matches)) if n is not None]


def _passed_note(m: EventMatch) -> str | None:
    """The note on a match a side won by passing the winning level in a hand whose record stops before its end and
    whose result is derived (:attr:`EventMatch.passed_in`, :attr:`EventMatch.derived_results`, docs/rules.md
    §7.4): the decision rests on that result — the table's ``[Claim]``, or the cards left —, not on tricks
    played out; the match and the hand are named (the winning team's quoted: :func:`_winner`), and what to check."""
    derived = dict(m.derived_results)
    h = m.passed_in
    if m.winner is None or not m.decided_by.startswith("passed") or h is None or h not in derived:
        return None
    where = match_named(m)
    en, zh = match_decision_text(_winner(m), m.decided_by, m.forfeit_reasons)
    claim = derived[h]
    if claim is not None:
        from_en, from_zh = f"its [Claim] {claim} (docs/rules.md §7.4)", f"其 [Claim] {claim}（docs/rules.md §7.4）"
        check_en, check_zh = f"check hand {h}'s [Claim] {claim}", f"请核对第 {h} 局的 [Claim] {claim}"
    else:
        from_en = "the cards left (every total they allow gives it; docs/rules.md §7.4)"
        from_zh = "余下的牌（余牌可能给出的每个总分结果相同；docs/rules.md §7.4）"
        check_en, check_zh = f"check that hand {h} was stopped there", f"请核对第 {h} 局是否确在此处停止"
    return (f"{where}: {en} in hand {h}, whose record stops before its end: the decision rests on that "
            f"hand's result derived from {from_en}, not on tricks played out; counted: "
            f"{check_en} / {where}：{zh}（第 {h} 局）；该局记录在打完之前结束：胜负取决于由{from_zh}推出的"
            f"该局结果，而非打完的各轮；已计入：{check_zh}")


def _event_warnings(matches: Sequence[EventMatch]) -> list[str]:
    of_event: dict[str, list[EventMatch]] = defaultdict(list)
    for m in matches:
        if m.event is not None:
            of_event[m.event].append(m)
    folded: dict[str, list[str]] = defaultdict(list)
    for name in sorted(of_event):
        folded[folded_name(name)].append(name)
    notes = []
    for names in folded.values():
        if len(names) > 1:
            en, zh = _names(of_event, names), _names(of_event, names, zh=True)
            notes.append(f"event names that differ only in letter case or spacing: {en}: counted together (no "
                         f"--event); write the name the same way in every record (--event takes it exactly) / "
                         f"赛事名称仅大小写或空格不同：{zh}：合并计算（未指定 --event）；请在每份记录中写法一致"
                         "（--event 按名称精确匹配）")
    return notes


def _both_forfeit(matches: Sequence[EventMatch]) -> list[str]:
    notes = []
    for m in sorted(matches, key=lambda m: (m.source or m.match_id, m.match_id)):
        if m.decided_by == BOTH_FORFEIT:
            where = m.source or m.match_id
            en, zh = match_decision_text(None, m.decided_by, m.forfeit_reasons)
            notes.append(f"{where}: {en}; counted: each side gets a loss and the forfeit points (--points forfeit), no "
                         f"team a win / {where}：{zh}；计入：双方各记负一场、得判负积分（--points forfeit），无胜方")
    return notes


def _where(ms: Iterable[EventMatch]) -> str:
    return ", ".join(sorted({m.source or m.match_id for m in ms}))


def _names(of: dict[str, list[EventMatch]], names: Iterable[str], zh: bool = False) -> str:
    """``"A" (its records); "B" (its records)`` (in Chinese ``"A"（…）；"B"（…）``)."""
    return ("；" if zh else "; ").join(f"{quoted(n)}（{_where(of[n])}）" if zh else f"{quoted(n)} ({_where(of[n])})"
                                      for n in names)


def _name_warnings(matches: Sequence[EventMatch]) -> list[str]:
    of_team: dict[str, list[EventMatch]] = defaultdict(list)
    of_pair: dict[tuple[str, str], dict[str, list[EventMatch]]] = defaultdict(lambda: defaultdict(list))
    for m in matches:
        for side in (0, 1):
            team, a, b = m.teams[side], m.players[side], m.players[side + 2]
            if team is None:
                continue
            of_team[team].append(m)
            if a and b:
                x, y = sorted((a, b))
                of_pair[(x, y)][team].append(m)
    notes = []
    folded: dict[str, list[str]] = defaultdict(list)
    for team in sorted(of_team):
        folded[team.casefold()].append(team)
    for names in folded.values():
        if len(names) > 1:
            en, zh = _names(of_team, names), _names(of_team, names, zh=True)
            notes.append(f"team names that differ only in letter case: {en}: counted as {len(names)} teams; if "
                         f"they are one, write its name the same way in every record / 队名仅大小写不同：{zh}："
                         f"按 {len(names)} 支队伍计；如为同一支队伍，请在每份记录中写法一致")
    said = set()
    for (x, y), names in sorted(of_pair.items()):
        if len({n.casefold() for n in names}) > 1:
            said.update({(x, frozenset(names)), (y, frozenset(names))})
            notes.append(_team_names_note(f"{quoted(x)} and {quoted(y)}", f"{quoted(x)} 与 {quoted(y)}", names, pair=True))
    return notes + _player_teams(matches, said)


def _team_names_note(who_en: str, who_zh: str, teams: dict[str, list[EventMatch]], pair: bool = False) -> str:
    """The note on a pair of players, or one player, under more than one team name (``teams``: each name → its
    matches), in one form for both: each name with its rounds and records, counted as that many teams, and the
    advice — one name in every record, unless they play for two of the names in one round (at two tables: not one
    team under two names; :func:`_player_two_tables` names the matches)."""
    def named(zh: bool) -> str:
        parts = []
        for t in sorted(teams):
            rounds = sorted({r for r in (round_number(m.round) for m in teams[t]) if r is not None})
            when = (("第 " + "、".join(map(str, rounds)) + " 轮：") if zh else
                    (f"round{'s' if len(rounds) > 1 else ''} {', '.join(map(str, rounds))}: ")) if rounds else ""
            parts.append(f"{quoted(t)}（{when}{_where(teams[t])}）" if zh else f"{quoted(t)} ({when}{_where(teams[t])})")
        return ("；" if zh else "; ").join(parts)
    n = len(teams)
    both = _rounds_for_two(teams)
    if both:
        rounds_en, rounds_zh = ", ".join(map(str, both)), "、".join(map(str, both))
        advice_en = (f"not one team under {n} names: in round{'s' if len(both) > 1 else ''} {rounds_en} they are "
                     f"named for two of them, at two tables (the note on that names the matches): check the players' "
                     f"tags and [Round]")
        advice_zh = f"并非同一支队伍用了 {n} 个队名：第 {rounds_zh} 轮中同时记在其中两支队伍、两张桌上（相关说明列出了比赛）：请核对选手标签与 [Round]"
    else:
        advice_en, advice_zh = "if they are one, give it one name in every record", "如为同一支队伍，请在每份记录中用同一队名"
    return (f"{who_en} play{'' if pair else 's'} under {n} team names: {named(False)}: counted as "
            f"{n} teams; {advice_en} / {who_zh} 以 {n} 个队名参赛：{named(True)}：按 {n} 支队伍计；{advice_zh}")


def _rounds_for_two(teams: dict[str, list[EventMatch]]) -> list[int]:
    """The rounds in which two of the names of ``teams`` (each name → its matches) play two different matches."""
    of_round: dict[int, set[tuple[str, int]]] = defaultdict(set)
    for t, ms in teams.items():
        for m in ms:
            r = round_number(m.round)
            if r is not None:
                of_round[r].add((t, id(m)))
    return sorted(r for r, seen in of_round.items()
                  if len({t for t, _ in seen}) > 1 and len({i for _, i in seen}) > 1)


def _player_teams(matches: Sequence[EventMatch], said: set) -> list[str]:
    """A note per player who plays under more than one team name (other than in letter case), whoever the
    partner (a substitute, a new pair): which player, which names, in which rounds and records — unless
    the note on one pair of players under those names already says it (``said``: ``(player, names)``)."""
    of_player: dict[str, dict[str, list[EventMatch]]] = defaultdict(lambda: defaultdict(list))
    for m in matches:
        for seat, p in enumerate(m.players):
            team = m.teams[seat % 2]
            if p and team is not None and m not in of_player[p][team]:
                of_player[p][team].append(m)
    notes = []
    for p, teams in sorted(of_player.items()):
        if len({t.casefold() for t in teams}) < 2 or (p, frozenset(teams)) in said:
            continue
        notes.append(_team_names_note(quoted(p), quoted(p), teams))
    return notes


def _round_warnings(matches: Sequence[EventMatch], undecided: Sequence[EventMatch] = ()) -> list[str]:
    """A note per table with more than one match in a round, and per team playing more than one match in a round,
    over the matches counted and those not decided (``undecided``: :func:`~.provisional.pending`, counted for nobody,
    a rank they may change provisional) — a damaged second record of a counted match is one of these: each match is
    named, and one not decided is said to be."""
    counted = {id(m) for m in matches}
    tables: dict[tuple, list[EventMatch]] = defaultdict(list)
    teams: dict[tuple, list[EventMatch]] = defaultdict(list)
    for m in [*matches, *(m for m in undecided if id(m) not in counted)]:
        r = round_number(m.round)
        if r is None:
            continue
        # over what the standings count: their round r holds every counted match of round r,
        # whatever its [Event] is written as (--event already chose the event)
        if m.table is not None and m.table.strip():
            tables[(r, m.table.strip())].append(m)
        for team in set(m.teams) - {None}:
            teams[(r, team)].append(m)
    notes = []
    for lists in (tables, teams):       # one record under two rulesets: its own note names the pair
        for k, ms in lists.items():
            ids = {m.match_id for m in ms}
            lists[k] = [m for m in ms if m.rules_copy_of is None or m.rules_copy_of not in ids]
    for (r, table), ms in sorted(tables.items()):
        if len(ms) < 2:
            continue
        if all(id(m) in counted for m in ms):
            notes.append(f"round {r}: table {table} has {len(ms)} matches ({_where(ms)}); each is counted: check "
                         f"[Round] and [Table] / 第 {r} 轮：{table} 号桌有 {len(ms)} 场比赛（{_where(ms)}）；每场都计入："
                         "请核对 [Round] 与 [Table]")
        else:
            en, zh = _some_not_decided(ms, counted)
            notes.append(f"round {r}: table {table} has {len(ms)} matches ({en}): check [Round] and [Table] — a "
                         f"second record of one match, cut short or damaged? / 第 {r} 轮：{table} 号桌有 {len(ms)} 场"
                         f"比赛（{zh}）：请核对 [Round] 与 [Table]——是否为同一场比赛的第二份记录（不完整或有损）？")
    for (r, team), ms in sorted(teams.items()):
        if len(ms) < 2:
            continue
        if all(id(m) in counted for m in ms):
            notes.append(f"round {r}: {quoted(team)} plays {len(ms)} matches ({_where(ms)}); each is counted: check "
                         f"[Round] and the team tags / 第 {r} 轮：{quoted(team)} 打了 {len(ms)} 场比赛（{_where(ms)}）；每场都计入："
                         "请核对 [Round] 与队名标签")
        else:
            en, zh = _some_not_decided(ms, counted)
            notes.append(f"round {r}: {quoted(team)} plays {len(ms)} matches ({en}): check [Round] and the team tags "
                         f"— a second record of one match, cut short or damaged? / 第 {r} 轮：{quoted(team)} 打了 "
                         f"{len(ms)} 场比赛（{zh}）：请核对 [Round] 与队名标签——是否为同一场比赛的第二份记录（不完整或有损）？")
    return notes


def _some_not_decided(ms: Sequence[EventMatch], counted: set[int]) -> tuple[str, str]:
    """The matches of a round's note on a table or a team twice (:func:`_round_warnings`) when some are not decided:
    each record, said to be counted or not decided (counted for nobody, a rank it may change provisional)."""
    en, zh = [], []
    for m in _by_record(ms):
        where = m.source or m.match_id
        if id(m) in counted:
            en.append(f"{where}: counted")
            zh.append(f"{where}：已计入")
        else:
            en.append(f"{where}: not decided, counted for nobody; a rank it may change is provisional")
            zh.append(f"{where}：未分胜负，未计入；它可能改变的名次为暂定")
    return "; ".join(en), "；".join(zh)


def _player_two_tables(matches: Sequence[EventMatch], undecided: Sequence[EventMatch] = ()) -> list[str]:
    """A note per player named at more than one table (more than one match) of one round, over the matches counted
    and those not decided (:func:`_round_warnings`' matches): which player, which round, each match (its record,
    ``[Round]`` and ``[Table]``: :func:`~.event_model.match_named`) with the seat and the team.  One player cannot
    play two matches of a round; which record is wrong is not in the records: each match is counted (and rated) as
    recorded — never one dropped unsaid —, and the organiser decides.  (One match naming a player in two seats:
    :func:`_player_twice`.)"""
    counted = {id(m) for m in matches}
    at: dict[tuple[int, str], list[tuple[EventMatch, int]]] = defaultdict(list)
    for m in [*matches, *(m for m in undecided if id(m) not in counted)]:
        r = round_number(m.round)
        if r is None:
            continue
        for seat, p in enumerate(m.players):
            if p and all(x is not m for x, _ in at[(r, p)]):
                at[(r, p)].append((m, seat))
    notes = []
    for (r, p), seats in sorted(at.items()):
        # two records at one table are that table's note (:func:`_round_warnings`), not two tables
        if len({m.table.strip() if m.table and m.table.strip() else id(m) for m, _ in seats}) < 2:
            continue
        en, zh = [], []
        for m, seat in sorted(seats, key=lambda ms: (ms[0].source or ms[0].match_id, ms[0].match_id)):
            (seat_en, seat_zh), team = _SEATS[seat], quoted(m.teams[seat % 2])
            out_en, out_zh = ("", "") if id(m) in counted else ("; not decided, counted for nobody", "；未分胜负，未计入")
            en.append(f"{match_named(m)} ({seat_en}, team {team}{out_en})")
            zh.append(f"{match_named(m)}（{seat_zh}，队伍 {team}{out_zh}）")
        n = len(seats)
        every = all(id(m) in counted for m, _ in seats)
        each_en, each_zh = ("each is", "每场都") if every else ("each decided one is", "每场已分胜负的比赛都")
        notes.append(f"{quoted(p)} at {n} tables in round {r}: {'; '.join(en)}: one player cannot play {n} matches of "
                     f"one round; {each_en} counted and rated as recorded: check the players' tags and [Round] / "
                     f"{quoted(p)} 在第 {r} 轮同时出现在 {n} 张桌：{'；'.join(zh)}：同一选手不能在一轮中打 {n} 场比赛；"
                     f"{each_zh}按记录计入排名与等级分：请核对选手标签与 [Round]")
    return notes
