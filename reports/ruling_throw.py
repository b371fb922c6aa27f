"""The ruling's failed throw, as played and as the rules require: the forced unit, then what
each follower's duties fix and what they leave open, in 中文 and English saying the same.

The derivation is the engine's (:func:`tractor_analysis.engine.required_trick.required_trick`);
this module picks the hands it may rest on (:mod:`.hands_known`) and words the result.  What
a hand not known would decide is withheld and said to be.  Whether the throw stands and which
play it forced are the replay's one decision, as the violation records it
(:func:`~tractor_analysis.engine.required_trick.throw_decision`: the play the violation names,
what ``throw_penalty`` charges from), which the required trick takes as given: the section shows
that play and what the follows owe to it, and says the forced play is not derived only where the
replay withheld it (docs/rules.md §14.1) — never a second judgement.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from tractor_analysis.engine.declarations import bottom_takers
from tractor_analysis.engine.explain import cards_text
from tractor_analysis.engine.order import GROUP_NAMES_EN, GROUP_NAMES_ZH
from tractor_analysis.engine.required_trick import (MAX_FOLLOWS, THROW_VERDICTS, FollowerChoice, RequiredTrick,
                                                    required_trick, throw_decision)
from tractor_analysis.engine.legal import analyse_lead
from tractor_analysis.engine.tricks import forced_choices, hand_context
from tractor_analysis.engine.verdicts import HandResult, TrickResult, Violation
from tractor_analysis.records.cards import POINTS, Card, SEAT_NAMES_EN, SEAT_NAMES_ZH, SEAT_TOKENS, team_of
from tractor_analysis.records.model import Hand
from tractor_analysis.records.rulesets import ThrowForced

from .hands_known import DEAL, PLAYS, hand_sources

THROW_CODES = THROW_VERDICTS
"""The findings whose page shows the trick as the rules require (the replay's verdicts of a throw)."""

_FORCED = {ThrowForced.LARGEST_SHAPE: ("被管住的最大牌型中最小的一组", "the smallest unit of the largest shape that "
                                                                  "could be beaten"),
           ThrowForced.LOWEST_UNIT: ("整手甩牌中最小的一组", "the unit with the lowest top card of the whole throw"),
           ThrowForced.LOWEST_CARD: ("被管住的各组中顶张最小的一组里最小的一张", "one card: the lowest card of the "
                                                                       "beaten unit whose top is lowest")}
_SOURCE = {DEAL: ("手牌按记录的发牌行", "hands from the deal lines"),
           PLAYS: ("手牌由各家在记录中打出的牌推出", "hands derived from each seat's plays in the record")}


@dataclass(frozen=True, slots=True)
class RequiredRow:
    """One seat of the trick as the rules require: the cards as cards (shown once), the words
    in both languages."""

    seat: str
    name: str
    must: tuple[Card, ...]
    """Cards the seat must play (the forced unit for the leader)."""
    choose: int
    """Cards it chooses beyond those (0: none)."""
    pool: tuple[Card, ...]
    """The cards it chooses from."""
    note_zh: str
    note_en: str
    """What binds or frees the choice (void, may trump, a pair owed, not known …); may be empty."""
    wins_with: tuple[tuple[Card, ...], ...]
    wins_more: int
    """Plays with which the seat can win (some shown, how many more)."""
    points: str
    """The points its play carries: ``20``, ``0–10``, or ``?`` when not derived."""
    wins: bool
    """The seat wins the trick whatever is chosen."""
    leads: bool = False
    any_card: bool = False
    """The choice is free among all the seat's cards (a void follower's discards)."""


@dataclass(frozen=True, slots=True)
class RequiredView:
    """What the ruling page shows of the trick as the rules require."""

    rows: tuple[RequiredRow, ...]
    """In play order, the leader first (empty when the forced unit is not derived)."""
    lines: tuple[tuple[str, str], ...]
    """(中文, English): the forced unit, the winner, the points, what is left open, as played."""
    basis: tuple[str, str] = ("", "")
    """(中文, English): where the known hands come from (:mod:`.hands_known`); empty when none is known."""
    holder: int | None = None
    """The seat whose unit beats the throw (the throw check's proof, as the violation names it), and
    that unit (``beater``); ``None`` when the throw stands."""
    beater: tuple[Card, ...] = ()


def _zh(seat: int) -> str:
    return SEAT_NAMES_ZH[seat]


def _en(seat: int) -> str:
    return SEAT_NAMES_EN[seat]


def _seats(seats: Sequence[int], zh_sep: str = "、", en_sep: str = ", ") -> tuple[str, str]:
    return zh_sep.join(map(_zh, seats)), en_sep.join(map(_en, seats))


def _whose(seats: Sequence[int]) -> tuple[str, str]:
    """"南家的手牌" / "S's hand", "北家、东家的手牌" / "the hands of N, E"."""
    zh, en = _seats(seats)
    return f"{zh}的手牌", (f"{en}'s hand" if len(seats) == 1 else f"the hands of {en}")


def _range(lo_hi: tuple[int, int] | None) -> str:
    if lo_hi is None:
        return "?"
    lo, hi = lo_hi
    return str(lo) if lo == hi else f"{lo}–{hi}"


class _Sides:
    """A seat's side in words: 南北方（庄家方）/ N–S (defenders); friend mode names the role only."""

    def __init__(self, result: HandResult) -> None:
        self.defenders = result.defenders
        self.friend = result.rules.friend

    def defends(self, seat: int) -> bool:
        return seat in self.defenders

    def of(self, seat: int) -> tuple[str, str]:
        role_zh, role_en = ("庄家方", "defenders") if self.defends(seat) else ("闲家", "attackers")
        if self.friend:
            return role_zh, role_en
        team = team_of(seat)
        return f"{('南北方', '东西方')[team]}（{role_zh}）", f"{('N–S', 'E–W')[team]} ({role_en})"


_UNITS = {2: ("对", "pair"), 3: ("三同张", "triple")}
_CHAINS = {2: ("拖拉机", "tractor"), 3: ("泰坦尼克", "titanic")}


def _owed(f: FollowerChoice) -> tuple[str, str]:
    """The units every legal follow holds, when the choice is bound by them: "须含 1 对" / "holding 1 pair"."""
    zh, en = [], []
    for c, chains in enumerate(f.owed_chains):
        for length in chains:
            zh.append(f"{length} 连{_CHAINS[c][0]}")
            en.append(f"a {length}-long {_CHAINS[c][1]}")
    for c, n in enumerate(f.owed):
        if n and c in _UNITS:
            zh.append(f"{n} {_UNITS[c][0]}")
            en.append(f"{n} {_UNITS[c][1]}{'s' * (n != 1)}")
    return ("须含 " + "、".join(zh), "holding " + " and ".join(en)) if zh else ("", "")


def _follower_row(f: FollowerChoice, group: int, derived: bool, name: str, winner: int | None) -> RequiredRow:
    """What the duties leave one follower."""
    seat = SEAT_TOKENS[f.seat]
    if not f.known:
        return RequiredRow(seat, name, (), 0, (), "手牌不详（记录没有其完整手牌）：应出的牌无法推出",
                           "hand not known (the record does not give it whole): what it must play is not derived",
                           (), 0, "?", False)
    if f.choices == 0:
        return RequiredRow(seat, name, (), 0, (), f"手中不足 {f.count} 张牌，无法跟出",
                           f"holds fewer than {f.count} cards: cannot follow", (), 0, "?", False)
    gz, ge = GROUP_NAMES_ZH[group], GROUP_NAMES_EN[group]
    zh: list[str] = []
    en: list[str] = []
    if f.led_held == 0:
        zh.append(f"没有{gz}，" + ("可垫牌或用主牌毙" if f.may_trump else "只能垫牌"))
        en.append(f"no {ge} left, so " + ("may discard or trump" if f.may_trump else "discards"))
    if f.choices is None:
        zh.append(f"可出的牌超过 {MAX_FOLLOWS:,} 种，未逐一列出")
        en.append(f"more than {MAX_FOLLOWS:,} possible follows, not listed")
        return RequiredRow(seat, name, (), 0, (), "；".join(zh), "; ".join(en), (), 0, "?", False)
    if f.choices > 1:
        oz, oe = _owed(f)
        if oz:
            zh.append(f"自选的牌{oz}")
            en.append(f"the cards chosen {oe}")
    if derived and f.may_trump and not f.winning_count:
        zh.append("无论出什么都赢不了本轮（§6.2）")
        en.append("no play of its can win the trick (§6.2)")
    more = f.winning_count - len(f.winning) if f.choices and f.choices > 1 else 0
    return RequiredRow(seat, name, f.fixed, f.free if f.choices > 1 else 0, () if f.whole_hand else f.pool,
                       "；".join(zh), "; ".join(en), f.winning if f.choices > 1 else (), max(more, 0),
                       _range(f.points), winner == f.seat, any_card=f.whole_hand and f.choices > 1)


def _rows(req: RequiredTrick, names: Sequence[str], group: int, later: bool,
          equal: Sequence[Sequence[Card]] = ()) -> tuple[RequiredRow, ...]:
    winner = req.winner
    zh, en = _rest_note(req, later, equal)
    rows = [RequiredRow(SEAT_TOKENS[req.leader], names[req.leader], req.lead, 0, (), zh, en, (), 0,
                        str(sum(POINTS[k] for k in req.lead)), winner == req.leader, True)]
    for f in req.followers:
        rows.append(_follower_row(f, group, bool(req.winners), names[f.seat], winner))
    return tuple(rows)


def _forced_line(req: RequiredTrick, equal: Sequence[Sequence[Card]] = ()) -> tuple[str, str]:
    lz, le = _zh(req.leader), _en(req.leader)
    att = cards_text(req.attempted)
    if req.stands is None:      # (the replay decides whether a throw stands: ``None`` is a lead of two groups)
        return (f"首出的 {att} 不是同一门花色（§4.2）：按规则本轮应如何未推出",
                f"the lead {att} is not of one suit group (§4.2): the trick the rules require is not derived")
    if req.stands:
        return (f"按本轮开始时的手牌，甩牌 {att} 本可成立：应照甩，各家跟这手甩牌",
                f"against the hands at the start of the trick the throw {att} stands: it is the lead, and "
                f"each follower follows it")
    why_zh = f"（{_zh(req.holder)}持有 {cards_text(req.beater)}）" if req.holder is not None else ""
    why_en = f" ({_en(req.holder)} holds {cards_text(req.beater)})" if req.holder is not None else ""
    if not req.lead and not req.unknown:     # withheld by the engine on cards the record places nowhere
        return (f"甩牌失败{why_zh}，但应改出哪一手取决于记录未写明的持牌（见违规说明）：强制出的牌无法推出，"
                f"按规则本轮应如何未推出",
                f"the throw fails{why_en}, but which play it forced rests on cards the record does not place "
                f"(see the violation): the forced unit is not derived, nor the trick the rules require")
    if not req.lead:
        uz, ue = _whose(req.unknown)
        # what a hand not known might beat that names another forced play: a larger shape; under
        # lowest_card (every unit on its own) a unit with a lower top (docs/rules.md §4.5)
        mz, me = (("可能管住顶张更小的一组", "might beat a unit with a lower top")
                  if req.forced_rule is ThrowForced.LOWEST_CARD else ("可能管住更大的牌型", "might beat a larger shape"))
        return (f"甩牌失败{why_zh}，但{uz}不详，{mz}：强制出的牌无法推出，"
                f"按规则本轮应如何未推出",
                f"the throw fails{why_en}, but {ue} {'is' if len(req.unknown) == 1 else 'are'} not known and "
                f"{me}: the forced unit is not derived, nor the trick the rules require")
    rz, re_ = _FORCED[req.forced_rule]
    if equal:       # units of the throw equal to the forced one: the rule leaves the choice open (§4.5)
        cz = " 或 ".join(cards_text(c) for c in (req.lead, *equal))
        ce = " or ".join(cards_text(c) for c in (req.lead, *equal))
        return (f"{lz}须改出 {cz} 中的一手（throw_forced = {req.forced_rule.value}：{rz}，§4.5；这几手同等大小，"
                f"§2.5，规则未定出哪一手），各家跟这手牌；下表按 {cards_text(req.lead)} 列出，另一手同等大小，结果相同",
                f"{le} must play {ce} (throw_forced = {req.forced_rule.value}: {re_}, §4.5; they are equal, §2.5, "
                f"and the rules leave open which), each follower following it; the table shows "
                f"{cards_text(req.lead)}: the other, equal, gives the same")
    return (f"{lz}须改出 {cards_text(req.lead)}（throw_forced = {req.forced_rule.value}：{rz}，§4.5），"
            f"各家跟这手牌",
            f"{le} must play {cards_text(req.lead)} (throw_forced = {req.forced_rule.value}: {re_}, §4.5), "
            f"each follower following it")


def _points_clause(req: RequiredTrick) -> tuple[str, str]:
    lo, hi = req.points
    if lo == hi:
        return f"本轮分数确定：{lo} 分", f"the trick's points are certain: {lo}"
    pts = [f.seat for f in req.followers if f.points is not None and f.points[0] < f.points[1]]
    pz = _seats(pts)[0]
    return (f"本轮 {lo}–{hi} 分，确定的是至少 {lo} 分，确切分数取决于{pz}的替换牌",
            f"the trick holds {lo} to {hi} points, {lo} certain: the exact points depend on {_owners(pts)} "
            f"replacement cards")


def _winner_lines(req: RequiredTrick, sides: _Sides) -> list[tuple[str, str]]:
    if not req.winners:
        if req.unknown:
            uz, ue = _whose(req.unknown)
            return [(f"赢家无法推出：{uz}不详；本轮至少 {req.points_floor} 分，归谁未定",
                     f"the winner is not derived: {ue} {'is' if len(req.unknown) == 1 else 'are'} not known; the trick holds at least "
                     f"{req.points_floor} points, whose is not known")]
        why = {"short": ("有一家牌数不足，无法跟出", "a follower holds too few cards to follow"),
               "follows": (f"有一家可出的牌超过 {MAX_FOLLOWS:,} 种", f"a follower has more than {MAX_FOLLOWS:,} "
                                                                  f"possible follows"),
               "combinations": ("各家选择的组合太多", "too many combinations of the followers' choices"),
               "mixed": ("首出跨两门花色，跟牌义务不作判定", "the lead is of two suit groups: the follows to it "
                                                       "are not judged")}
        zh, en = why.get(req.limit, ("", ""))
        return [(f"赢家未推出：{zh}；本轮至少 {req.points_floor} 分",
                 f"the winner is not worked out: {en}; the trick holds at least {req.points_floor} points")]
    pz, pe = _points_clause(req)
    w = req.winner
    if w is not None:
        sz, se = sides.of(w)
        return [(f"赢家确定：{_zh(w)}，{sz}得本轮的分；{pz}",
                 f"the winner is certain: {_en(w)}, so {se} take the trick; {pe}")]
    wz, we = _seats(req.winners, "或", " or ")
    choosers = [f.seat for f in req.followers if f.winning_count and f.choices and f.choices > 1]
    cz = _seats(choosers)[0]
    parts_zh, parts_en = [], []
    for defends in (True, False):
        seats = [s for s in req.winners if sides.defends(s) == defends]
        if seats:
            ranges = [req.winner_points[s] for s in seats if req.winner_points[s] is not None]
            lo_hi = (min(r[0] for r in ranges), max(r[1] for r in ranges)) if ranges else None
            sz, se = sides.of(seats[0])
            parts_zh.append(f"{sz}赢则得 {_range(lo_hi)} 分")
            parts_en.append(f"{se} take {_range(lo_hi)} if they win it")
    if len(parts_zh) == 1:
        sz, se = sides.of(req.winners[0])
        return [(f"赢家未定：{wz}，取决于{cz}的选择；赢方确定：{sz}；{pz}",
                 f"the winner is open: {we}, depending on {_choice(choosers)}; the winning side is certain: "
                 f"{se}; {pe}")]
    lo = req.points[0]
    return [(f"赢家未定：{wz}，取决于{cz}的选择；{'，'.join(parts_zh)}（确定的至少 {lo} 分）",
             f"the winner is open: {we}, depending on {_choice(choosers)}; {', '.join(parts_en)} "
             f"({lo} certain)")]


def _owners(seats: Sequence[int]) -> str:
    """"E's", "N's and E's", "N's, E's and S's"."""
    names = [f"{_en(s)}'s" for s in seats]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _choice(seats: Sequence[int]) -> str:
    """"E's choice", "N's and E's choices"."""
    return f"{_owners(seats)} choice{'s' * (len(seats) != 1)}"


def _played_line(req: RequiredTrick, sides: _Sides, played: TrickResult) -> tuple[str, str]:
    """The trick as played, and the attackers' points from it both ways (when derived)."""
    if played.winner is None or played.points is None:     # a play left out, filled in ways that differ
        return ("按实际出牌：本轮赢家或分数未知（记录漏写的出牌有多种补法）",
                "as played: this trick's winner or points are not known (a play the record leaves out "
                "can be filled in more than one way)")
    pz, pe = sides.of(played.winner)
    zh = f"按实际出牌{_zh(played.winner)}赢，{pz}得 {played.points} 分"
    en = f"as played {_en(played.winner)} won: {pe} took {played.points}"
    if req.winners:
        as_played = 0 if sides.defends(played.winner) else played.points
        attack = [req.winner_points[s] for s in req.winners if not sides.defends(s)]
        ruled_zh = ruled_en = "0"
        if attack:
            lo_hi = (min(r[0] for r in attack), max(r[1] for r in attack))
            ruled_zh = ruled_en = _range(lo_hi)
            if len(attack) < len(req.winners):          # the defenders may win it too
                ruled_zh, ruled_en = f"0 或 {ruled_zh}", f"0 or {ruled_en}"
        zh += f"；闲家本轮得分按实际出牌 {as_played} 分，按规则 {ruled_zh} 分"
        en += f"; the attackers' points from this trick: {as_played} as played, {ruled_en} under the rules"
    return zh + "（得分表按实际出牌）", en + " (the score table counts it as played)"


def _rest_note(req: RequiredTrick, later: bool, equal: Sequence[Sequence[Card]] = ()) -> tuple[str, str]:
    """The leader's row: the rest of the throw stays in its hand (``equal``: the forced play is one of several
    equal units, so which cards stay is open too); what follows is not derived."""
    if equal:
        keep_zh = "甩牌中未出的其余牌留在手中（出哪一手未定，见上）；"
        keep_en = "the rest of the throw, all but the unit played, stays in its hand (which unit is open, see above); "
        if later:
            return (keep_zh + "记录中此后各轮按实际出牌后的手牌打：按规则的后续未推出",
                    keep_en + "the record's later tricks follow the hands as played: what follows under the "
                              "rules is not derived")
        return keep_zh + "此后未推出", keep_en + "what follows is not derived"
    rest = list(req.attempted)
    for k in req.lead:
        if k in rest:
            rest.remove(k)
    keep_zh = f"其余 {cards_text(rest)} 留在手中；" if rest else ""
    keep_en = f"the rest ({cards_text(rest)}) stays in its hand; " if rest else ""
    if later:
        return (keep_zh + "记录中此后各轮按实际出牌后的手牌打：按规则的后续未推出",
                keep_en + "the record's later tricks follow the hands as played: what follows under the "
                          "rules is not derived")
    return keep_zh + "此后未推出", keep_en + "what follows is not derived"


def _basis(record: Hand, result: HandResult, sources: Sequence[str], leader: int) -> tuple[str, str]:
    """(中文, English): what the followers' known hands rest on (:func:`.hands_known.hand_sources`) — the deal
    lines (a bottom-taker's with the bottom, less the bury), each seat's plays — in that order, each naming its
    seats where they do not all rest on one, then the seats whose hands are not known (only their plays are)."""
    known = sorted({s for i, s in enumerate(sources) if s and i != leader})
    unknown = [i for i, s in enumerate(sources) if not s and i != leader]
    takers = () if record.setup and result.setup else bottom_takers(result.dealer, record.declarations)
    took = [s for s in dict.fromkeys(takers) if s is not None and s != leader and sources[s] == DEAL]
    # each source names its seats where the followers' hands do not all come from one (a seat given no deal line)
    named = len(known) > 1 or bool(unknown)
    zh, en = [], []
    for source in known:
        notes_zh, notes_en = [], []
        if named:
            sz, se = _seats([i for i, s in enumerate(sources) if s == source and i != leader])
            notes_zh.append(sz)
            notes_en.append(se)
        if took and source == DEAL:
            tz, te = _seats(took, "、", " and ")
            notes_zh.append(f"{tz}的是其发牌行加底牌、减去所扣的牌")
            notes_en.append(f"{te}: {'its' if len(took) == 1 else 'each'} line with the bottom, less the bury")
        zh.append(_SOURCE[source][0] + (f"（{'；'.join(notes_zh)}）" if notes_zh else ""))
        en.append(_SOURCE[source][1] + (f" ({'; '.join(notes_en)})" if notes_en else ""))
    if unknown and known:
        uz, ue = _whose(unknown)
        one = len(unknown) == 1
        zh.append(f"{uz}未知（记录未给出其完整手牌）：只知{'其' if one else '各家'}打出的牌")
        en.append(f"{ue[0].upper() + ue[1:]} not known (the record does not give {'it' if one else 'them'} whole): "
                  f"only the cards {'it' if one else 'each'} played")
    return "；".join(zh), "; ".join(en)


def required_view(record: Hand, result: HandResult, v: Violation, names: Sequence[str]) -> RequiredView | None:
    """The page's "as the rules require" block for a failed throw (``None`` for any other finding)."""
    if v.code not in THROW_CODES or v.trick is None:
        return None
    index = result.trick_index(v)       # by its place: two tricks may have one number (trick_sequence)
    if index is None or not result.tricks[index].plays:
        return None
    played = result.tricks[index]
    first = played.plays[0]
    attempted = first.attempted if first.attempted is not None else first.cards
    sources = hand_sources(record, result)
    ctx = hand_context(result.rules, result.level, result.trump)
    known_hands = [bool(s) for s in sources]
    # whether it stands and what it forced: the replay's decision, as the violation records it (never a second one)
    req = required_trick(ctx, played.leader, attempted, played.hands_before, known_hands,
                         throw_decision(v, attempted))
    sides = _Sides(result)
    known = sorted({s for i, s in enumerate(sources) if s and i != played.leader})
    basis = _basis(record, result, sources, played.leader)
    equal = (forced_choices(ctx, analyse_lead(ctx, tuple(attempted)), req.lead)[1:]
             if req.lead and not req.stands else ())
    lines = [_forced_line(req, equal)]
    rows: tuple[RequiredRow, ...] = ()
    if req.lead:
        rows = _rows(req, names, ctx.order.group[req.lead[0]], later=index + 1 < len(result.tricks), equal=equal)
        lines.extend(_winner_lines(req, sides))
    lines.append(_played_line(req, sides, played))
    return RequiredView(rows, tuple(lines), basis if known else ("", ""),
                        holder=None if req.stands else req.holder, beater=() if req.stands else tuple(req.beater))


__all__ = ["RequiredRow", "RequiredView", "required_view", "THROW_CODES"]
