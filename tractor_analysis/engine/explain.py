"""Bilingual (中文 / English) explanations of violations, one function per code.

Each function returns ``(message_zh, message_en)``; :class:`tractor_analysis.engine.verdicts.Violation`
joins them as ``中文 / English``.  Seats are 北家/东家/南家/西家 and N/E/S/W; cards are shown
with suit symbols (``cards.PRETTY``: ♥Q, 大王), e.g.
"东家持有 ♥Q ♥Q 却未跟对 / E held ♥Q ♥Q but did not follow the pair".
"""
from __future__ import annotations

from typing import Sequence

from ..records.cards import PRETTY, RANK_TOKENS as _RANKS, SEAT_NAMES_EN, SEAT_NAMES_ZH, TEAMS as _TEAM_EN
from .order import GROUP_NAMES_EN, GROUP_NAMES_ZH

Message = tuple[str, str]

_TEAM_ZH = ("南北方", "东西方")

_UNIT_ZH = {"single": "单张", "pair": "对", "triple": "三同张", "tractor": "拖拉机", "titanic": "泰坦尼克",
            "throw": "甩牌", "mixed": "不同花色的牌"}
_UNIT_EN = {"single": "single", "pair": "pair", "triple": "triple", "tractor": "tractor",
            "titanic": "titanic", "throw": "throw", "mixed": "cards of two suit groups"}


def lead_kind_words(kind: str | None) -> Message:
    """A lead's shape (``TrickResult.lead_kind``) in both languages; ``None`` (the trump decides it) not known."""
    if kind is None or kind not in _UNIT_ZH:
        return "未知", "not known"
    return _UNIT_ZH[kind], _UNIT_EN[kind]


def cards_text(cards: Sequence[int]) -> str:
    """Cards with suit symbols, space separated (``—`` for none)."""
    return " ".join(PRETTY[k] for k in cards) if cards else "—"


def _zh(seat: int) -> str:
    return SEAT_NAMES_ZH[seat]


def _en(seat: int) -> str:
    return SEAT_NAMES_EN[seat]


def not_in_hand(seat: int, missing: Sequence[int], played: Sequence[int] | None = None) -> Message:
    """``seat`` played ``missing``, cards it did not hold; ``played`` given: ``missing`` are the cards it showed in a
    failed throw and did not hold, ``played`` those of them it played too (its forced play's; often none) — a card
    only shown is said shown, never played."""
    if played is None:
        return (f"{_zh(seat)}打出了手中没有的牌 {cards_text(missing)}",
                f"{_en(seat)} played {cards_text(missing)}, not held at that point")
    if not played:
        return (f"{_zh(seat)}甩牌时亮出了手中没有的牌 {cards_text(missing)}",
                f"{_en(seat)} showed {cards_text(missing)} in a failed throw, not held at that point")
    return (f"{_zh(seat)}甩牌时亮出了手中没有的牌 {cards_text(missing)}，并打出了其中的 {cards_text(played)}",
            f"{_en(seat)} showed {cards_text(missing)} in a failed throw and played {cards_text(played)} of them, "
            "not held at that point")


def wrong_count(seat: int, played: int, led: int, better: Sequence[int]) -> Message:
    zh = f"{_zh(seat)}出了 {played} 张牌，首家出了 {led} 张"
    en = f"{_en(seat)} played {played} card{'s' * (played != 1)} to a lead of {led}"
    if better:
        zh += f"，应出 {cards_text(better)}"
        en += f"; could play {cards_text(better)}"
    return zh, en


def out_of_turn(seat: int, expected: int | None, missing: bool = False) -> Message:
    if missing:
        return (f"{_zh(seat)}在本轮没有出牌", f"{_en(seat)} did not play in this trick")
    if expected is None:
        return (f"{_zh(seat)}在本轮出牌两次或顺序不对", f"{_en(seat)} played twice or out of order in this trick")
    return (f"{_zh(seat)}未按顺序出牌，此时应由{_zh(expected)}出牌",
            f"{_en(seat)} played out of turn; {_en(expected)} was to play")


def _either(seats: Sequence[int]) -> tuple[str, str]:
    """``seats`` joined as alternatives: 西家或东家 / W or E."""
    zh, en = [_zh(s) for s in seats], [_en(s) for s in seats]
    if len(seats) < 2:
        return "".join(zh), "".join(en)
    return "、".join(zh[:-1]) + "或" + zh[-1], ", ".join(en[:-1]) + " or " + en[-1]


def lead_after_replaced(seat: int, trick: int, before: int, written: int, due: Sequence[int],
                        unsure: bool = False) -> Message:
    """``seat`` led ``trick`` out of turn after ``before``, a trick whose recorded play the rules replace
    (``unsure``: may replace — the verdict of its throw rests on a seat read from its plays), ``written`` its
    winner as written, ``due`` the seats that may win it as the rules require it (or as written, where they may
    keep it; ``()``: not derived), ``seat`` none of them (docs/rules.md §4.1).  One seat: that seat was to lead;
    more, or none derived: who was due is not known, and the words name no seat as due."""
    if len(due) == 1:
        d = due[0]
        return (f"{_zh(seat)}未按顺序首出第 {trick} 轮：按规则应有的第 {before} 轮由{_zh(d)}赢得（按记录所写由"
                f"{_zh(written)}赢得），故应由{_zh(d)}首出",
                f"{_en(seat)} led trick {trick} out of turn: {_en(d)} won trick {before} as the rules require it "
                f"({_en(written)} as written), so {_en(d)} was to lead")
    alt_zh, alt_en = _either(due) if due else ("", "")
    rules_zh = "若甩牌不成立，按规则应有的出牌" if unsure else "按规则应有的出牌"
    rules_en = "as the rules require it if the throw failed" if unsure else "as the rules require it"
    who_zh = f"由{alt_zh}赢得（不知是哪家）" if due else "的赢家未能推出"
    who_en = f"won by {alt_en} — not known which" if due else "its winner not derived"
    return (f"{_zh(seat)}未按顺序首出第 {trick} 轮：第 {before} 轮按记录所写由{_zh(written)}赢得，{rules_zh}"
            f"{who_zh}，两者都不由{_zh(seat)}赢得",
            f"{_en(seat)} led trick {trick} out of turn: it wins trick {before} neither as written (won by "
            f"{_en(written)}) nor {rules_en} ({who_en})")


def lead_decided(trick: int, nxt: int, winner: int, winning: Sequence[int],
                 equal: Sequence[tuple[int, Sequence[int]]]) -> Message:
    """Why ``winner`` was due to lead trick ``nxt`` (an ``out_of_turn`` lead's page): it won ``trick`` with
    ``winning`` — and where later plays of it were ``equal`` ((seat, cards)), that they do not beat it, the first
    played keeping the lead (docs/rules.md §2.5)."""
    w_zh, w_en = _zh(winner), _en(winner)
    if not equal:
        return (f"{w_zh}以 {cards_text(winning)} 赢得第 {trick} 轮，故第 {nxt} 轮应由{w_zh}首出（docs/rules.md §4.1）",
                f"{w_en} won trick {trick} with {cards_text(winning)}, so {w_en} was to lead trick {nxt} "
                f"(docs/rules.md §4.1)")
    eq_zh = "、".join(f"{_zh(s)}的 {cards_text(c)}" for s, c in equal)
    eq_en = " and ".join(f"{_en(s)}'s {cards_text(c)}" for s, c in equal)
    return (f"第 {trick} 轮{eq_zh}与{w_zh}的 {cards_text(winning)} 同等大小，管不上它：同等大小的牌以先出者为大"
            f"（docs/rules.md §2.5）。{w_zh}先出，赢得第 {trick} 轮，故第 {nxt} 轮应由{w_zh}首出（§4.1）",
            f"in trick {trick}, {eq_en} {'is' if len(equal) == 1 else 'are'} equal to {w_en}'s "
            f"{cards_text(winning)} and {'does' if len(equal) == 1 else 'do'} not beat it: when two plays tie, the "
            f"one made first keeps the lead of the trick (docs/rules.md §2.5). {w_en} played first and won trick "
            f"{trick}, so {w_en} was to lead trick {nxt} (§4.1)")


def lead_decided_by_rules(trick: int, nxt: int, winner: int, leader: int, shown: Sequence[int],
                          forced: Sequence[Sequence[int]], written: str) -> Message:
    """Why ``winner`` was due to lead trick ``nxt`` where the rules replace ``trick`` as written (an ``out_of_turn``
    lead's page): ``leader``'s throw ``shown`` — written as shown (``written`` ``"shown"``: it failed), with a forced
    play the rules do not require (``"wrong_forced"``), or as failed where it would have stood (``"stood"``) — is
    replaced by the trick the rules require, the lead ``forced`` (one play, or the equal plays the rules leave open,
    docs/rules.md §2.5, §4.5), each follower following it; ``winner`` wins that trick."""
    lz, le = _zh(leader), _en(leader)
    w_zh, w_en = _zh(winner), _en(winner)
    fz = " 或 ".join(cards_text(c) for c in forced) + ("（同等大小，规则未定出哪一手，§2.5）" if len(forced) > 1 else "")
    fe = " or ".join(cards_text(c) for c in forced) + (" (equal: the rules leave open which, §2.5)"
                                                       if len(forced) > 1 else "")
    if not forced:      # the forced play withheld (it rests on cards the record does not place)
        fz, fe = "一手（未能推出）", "(not derived)"
    if written == "stood":
        head_zh = (f"第 {trick} 轮记录写{lz}甩牌 {cards_text(shown)} 不成立，但按规则本可成立（docs/rules.md §4.5）："
                   f"按规则本轮是这手甩牌本身，各家跟这手甩牌")
        head_en = (f"trick {trick} is written with {le}'s throw {cards_text(shown)} as failed, but it would have stood "
                   f"(docs/rules.md §4.5): the trick the rules require is the throw itself, each follower following it")
    else:
        how_zh, how_en = (("，其后强制出的牌不是规则要求的", "with a forced play the rules do not require")
                          if written == "wrong_forced" else (" 的原样，甩牌不成立", "as shown, and the throw failed"))
        head_zh = (f"第 {trick} 轮记录所写的是{lz}甩牌 {cards_text(shown)}{how_zh}（docs/rules.md §4.5）：按规则本轮由"
                   f"{lz}强制出的 {fz} 代替，各家跟这手牌")
        head_en = (f"trick {trick} is written with {le}'s throw {cards_text(shown)} {how_en} (docs/rules.md §4.5): "
                   f"the rules replace it with {le}'s forced play {fe}, each follower following it")
    return (f"{head_zh}；{w_zh}赢得按规则应有的第 {trick} 轮，故第 {nxt} 轮应由{w_zh}首出（§4.1）",
            f"{head_en}; {w_en} wins trick {trick} as the rules require it, so {w_en} was to lead trick {nxt} (§4.1)")


def mixed_lead(seat: int, cards: Sequence[int]) -> Message:
    return (f"{_zh(seat)}首出的牌 {cards_text(cards)} 不是同一门花色（主牌算一门）",
            f"{_en(seat)} led {cards_text(cards)}, which is not all of one suit group (trumps count as one)")


def owed_text(better: Sequence[int], choices: Sequence[Sequence[int]] = (), example: bool = False) -> Message:
    """The play a wrong follow owed, said as the rules leave it: ``better`` alone; ``choices`` (``better`` first,
    more than one): the equal plays the seat held, every one named and none picked (docs/rules.md §2.5); ``example``:
    other plays, not equal, meet the duty too, so the one named is an example, not the only play owed (§5.5)."""
    notes_zh, notes_en = [], []
    if len(choices) > 1:
        zh = " 或 ".join(cards_text(c) for c in choices) + " 中的一手"
        en = " or ".join(cards_text(c) for c in choices)
        notes_zh.append("同等大小，规则未定出哪一手，docs/rules.md §2.5")
        notes_en.append("equal: the rules leave open which, docs/rules.md §2.5")
    else:
        zh = en = cards_text(better)
    if example:
        zh, en = f"例如 {zh}", f"for example {en}"
        notes_zh.append("满足跟牌要求的出法不止这一种，docs/rules.md §5.5")
        notes_en.append("other plays meet the duty as well, docs/rules.md §5.5")
    if notes_zh:
        zh += "（" + "；".join(notes_zh) + "）"
        en += " (" + "; ".join(notes_en) + ")"
    return zh, en


def follow_suit(seat: int, group: int, better: Sequence[int], choices: Sequence[Sequence[int]] = (),
                example: bool = False, single: bool = False) -> Message:
    """``single``: the lead is one card — the seat did not follow the suit at all ("enough" is for a lead of
    several cards, followed with too few of its group)."""
    gz, ge = GROUP_NAMES_ZH[group], GROUP_NAMES_EN[group]
    oz, oe = owed_text(better, choices, example)
    if single:
        return (f"{_zh(seat)}还有{gz}却未跟出{gz}，应出 {oz}",
                f"{_en(seat)} still held {ge} but did not follow suit; should play {oe}")
    return (f"{_zh(seat)}还有{gz}却未跟出足够的{gz}，应出 {oz}",
            f"{_en(seat)} still held {ge} but did not follow with enough {ge}; should play {oe}")


def follow_pair(seat: int, held: Sequence[int], better: Sequence[int], choices: Sequence[Sequence[int]] = (),
                example: bool = False) -> Message:
    oz, oe = owed_text(better, choices, example)
    return (f"{_zh(seat)}持有 {cards_text(held)} 却未跟对，应出 {oz}",
            f"{_en(seat)} held {cards_text(held)} but did not follow the pair; should play {oe}")


def follow_tractor(seat: int, held: Sequence[int], better: Sequence[int], choices: Sequence[Sequence[int]] = (),
                   example: bool = False) -> Message:
    oz, oe = owed_text(better, choices, example)
    return (f"{_zh(seat)}持有拖拉机 {cards_text(held)} 却未跟出，应出 {oz}",
            f"{_en(seat)} held the tractor {cards_text(held)} but did not follow with it; "
            f"should play {oe}")


def follow_triple(seat: int, held: Sequence[int], better: Sequence[int], lead_kind: str = "triple",
                  choices: Sequence[Sequence[int]] = (), example: bool = False) -> Message:
    """3 decks: a triple (三同张) or titanic (泰坦尼克) the follower held but did not play as seed ``000_…`` orders."""
    oz, oe = owed_text(better, choices, example)
    if lead_kind == "titanic":
        return (f"{_zh(seat)}持有 {cards_text(held)}，未按首家出泰坦尼克时的跟牌顺序出牌"
                f"（泰坦尼克 / 两副三同张 / 拖拉机 / 三同张…），应出 {oz}",
                f"{_en(seat)} held {cards_text(held)} but did not follow the titanic in the order seed 000 gives "
                f"(titanic / two triples / tractor / triple …); should play {oe}")
    return (f"{_zh(seat)}持有三同张 {cards_text(held)} 却未跟出，应出 {oz}",
            f"{_en(seat)} held the triple {cards_text(held)} but did not follow with it; should play {oe}")


def throw_failed(seat: int, unit: Sequence[int], unit_kind: str, holder: int, beater: Sequence[int],
                 forced: Sequence[int], equal: Sequence[Sequence[int]] = ()) -> Message:
    """``equal``: the throw's other units equal to the forced one (docs/rules.md §2.5): the rule leaves the choice
    between them open (§4.5), and the words say so, naming none."""
    head_zh = (f"{_zh(seat)}甩牌不成立：{_zh(holder)}持有 {cards_text(beater)}，大于{_UNIT_ZH[unit_kind]} "
               f"{cards_text(unit)}")
    head_en = (f"{_en(seat)}'s throw could be beaten: {_en(holder)} held {cards_text(beater)}, above the "
               f"{_UNIT_EN[unit_kind]} {cards_text(unit)}")
    if equal:
        choices = [forced, *equal]
        zh = " 或 ".join(cards_text(c) for c in choices)
        en = " or ".join(cards_text(c) for c in choices)
        return (f"{head_zh}；应只出 {zh} 中的一手（同等大小，规则未定出哪一手，docs/rules.md §4.5）",
                f"{head_en}; {_en(seat)} had to play {en} only (equal: the rules leave open which, "
                f"docs/rules.md §4.5)")
    return (f"{head_zh}；应只出 {cards_text(forced)}", f"{head_en}; {_en(seat)} had to play {cards_text(forced)} only")


def throw_failed_forced_unknown(seat: int, unit: Sequence[int], unit_kind: str, holder: int,
                                beater: Sequence[int], unknown: Sequence[int]) -> Message:
    """``throw_failed`` proven by ``holder``'s cards, the forced play not known: ``unknown`` (seats
    whose cards are read from their plays) may have held a unit beating a larger shape or a lower unit."""
    zh = "、".join(_zh(s) for s in unknown)
    en = ", ".join(_en(s) for s in unknown)
    return (f"{_zh(seat)}甩牌不成立：{_zh(holder)}持有 {cards_text(beater)}，大于{_UNIT_ZH[unit_kind]} "
            f"{cards_text(unit)}；但{zh}持牌未知，应改出哪一手不予判定",
            f"{_en(seat)}'s throw could be beaten: {_en(holder)} held {cards_text(beater)}, above the "
            f"{_UNIT_EN[unit_kind]} {cards_text(unit)}; what {en} held is not known, so the forced play is "
            f"not judged")


def throw_would_stand(seat: int, attempted: Sequence[int]) -> Message:
    """``wrong_forced_play`` when the recorded failed throw could not have been beaten."""
    return (f"{_zh(seat)}的甩牌 {cards_text(attempted)} 本可成立（无人能管上其中任何一手），不应被迫改出",
            f"{_en(seat)}'s throw {cards_text(attempted)} would have stood (no one could beat any of its "
            f"units); no forced play was due")


_FORCED_WORDS = {
    "largest_shape": ("被管住的最大牌型中最小的一手", "the lowest unit of the largest shape beaten"),
    "lowest_unit": ("整手甩牌中最小的一手（无论哪一手被管住）", "the lowest unit of the whole throw, whichever unit was beaten"),
    "lowest_card": ("被管住的各手中最小那手的最小一张", "the lowest card of the beaten unit whose top is lowest"),
}
"""What the forced play is under each ``throw_forced`` (docs/rules.md §4.5), in both languages."""


def wrong_forced_play(seat: int, recorded: Sequence[int], right: Sequence[int], holder: int | None,
                      beater: Sequence[int], forced: str = "largest_shape",
                      equal: Sequence[Sequence[int]] = ()) -> Message:
    """``wrong_forced_play``: the play the rule ``forced`` (``throw_forced``'s value) owed, said as that rule says
    it; ``holder`` and ``beater``: why the throw failed (the unit the throw check found beaten first — under
    ``lowest_unit`` not always the unit forced); ``equal``: the throw's other units equal to ``right`` (docs/rules.md
    §2.5) — the rule leaves the choice between them open (§4.5), and the words name every one, picking none."""
    what_zh, what_en = _FORCED_WORDS.get(forced, _FORCED_WORDS["largest_shape"])
    why_zh = f"（{_zh(holder)}持有 {cards_text(beater)}）" if holder is not None else ""
    why_en = f" ({_en(holder)} held {cards_text(beater)})" if holder is not None else ""
    right_zh = right_en = cards_text(right)
    if equal:
        right_zh = " 或 ".join(cards_text(c) for c in (right, *equal)) + "（同等大小，规则未定出哪一手，docs/rules.md §4.5）"
        right_en = (" or ".join(cards_text(c) for c in (right, *equal))
                    + " (equal: the rules leave open which, docs/rules.md §4.5)")
    return (f"{_zh(seat)}甩牌失败{why_zh}，应出{what_zh}：{right_zh}，记录却是 {cards_text(recorded)}",
            f"{_en(seat)}'s throw failed{why_en}: {_en(seat)} had to play {what_en} — {right_en}, "
            f"not {cards_text(recorded)}")


# --- declarations that do not stand (bad_declaration): the cards shown alike in both languages ---

def declaration_too_weak(seat: int, cards: Sequence[int], standing_seat: int,
                         standing_cards: Sequence[int]) -> Message:
    """A declaration that does not overcall the standing one (rules.md §9.1), e.g.
    "北家亮 ♠2 ♠2 压不过东家已亮的 ♣2 ♣2 / N declared ♠2 ♠2, which does not overcall E's ♣2 ♣2"."""
    return (f"{_zh(seat)}亮 {cards_text(cards)} 压不过{_zh(standing_seat)}已亮的 {cards_text(standing_cards)}",
            f"{_en(seat)} declared {cards_text(cards)}, which does not overcall {_en(standing_seat)}'s "
            f"{cards_text(standing_cards)}")


def overcall_own(seat: int, cards: Sequence[int], standing_cards: Sequence[int]) -> Message:
    """``overcall_own = off``: a seat overcalled its own standing declaration (rules.md §9.1)."""
    return (f"{_zh(seat)}亮 {cards_text(cards)}，不能反自己已亮的 {cards_text(standing_cards)}（只能把单张加固成对）",
            f"{_en(seat)} declared {cards_text(cards)} over {_en(seat)}'s own {cards_text(standing_cards)}: a seat "
            f"never overcalls itself except by turning its single into the pair (overcall_own = off)")


# --- an outcome's gain capped by a rank that cannot be skipped (rules.md §8.4) ---------------

def gain_capped(seats: Sequence[int], team: int | None, got: int, gain: int, rank: int, must_play: bool,
                win_level: bool) -> Message:
    """What follows the levels an outcome gains (``gain``, the score table's) when a rank the side may
    not skip stops it at ``rank`` (``got`` levels gained, 0 when the side sits there): ``must_play``
    (逢 X 必打) and/or the winning level (``win_level``).  ``team`` the side (0 N–S, 1 E–W), ``None`` in
    friend mode (the ``seats`` then named), e.g. " (capped: EW may not skip 10 (must_play, win_level),
    so they go up 2 levels, not 3)"."""
    who_zh = _TEAM_ZH[team] if team is not None else "、".join(_zh(s) for s in seats)
    who_en = _TEAM_EN[team] if team is not None else " and ".join(_en(s) for s in seats)
    named = [r for r, on in (("must_play", must_play), ("win_level", win_level)) if on]
    rules, rules_zh = ", ".join(named), "、".join(named)
    r = _RANKS.get(rank, str(rank))
    if got > 0:
        return (f"（升级受限：{who_zh}不能越过 {r}（{rules_zh}），只升 {got} 级，而非 {gain} 级）",
                f" (capped: {who_en} may not skip {r} ({rules}), so they go up {got} level{'s' * (got != 1)}, "
                f"not {gain})")
    if win_level:
        what_zh, what_en = "这是胜利级，须作为庄家方在此级赢一局才能打过", "the winning level, passed only by winning a hand at it as the dealer's side"
    else:
        what_zh, what_en = "此级必打，须作为庄家方打过此级才能再升", "a rank that must be played: they go on only after a hand at it as the dealer's side"
    return (f"（升级受限：{who_zh}停在 {r}（{rules_zh}），{what_zh}，本局升 0 级，而非 {gain} 级）",
            f" (capped: {who_en} stand at {r} ({rules}), {what_en}, so they go up 0 levels, not {gain})")



def gain_open(seats: Sequence[int], team: int | None, gain: int, ranks: Sequence[int], figure: bool) -> Message:
    """What follows the levels an outcome gains (``gain``, the score table's) when the winning side's level
    before the hand is not known (a record begun mid-match) and a rank it may not skip (``ranks``: those that
    would stop it from one level or another it may be at, rules.md §8.4) may stop it short: the gain is the
    most it went up, not a fact.  ``team`` the side (0 N–S, 1 E–W), ``None`` in friend mode (the ``seats``
    then named); ``figure``: say the gain (the levels words before it do not already say "at most"), e.g.
    " (NS's level before the hand is not known: a cap at A may apply, a rank they may not skip)"."""
    who_zh = _TEAM_ZH[team] if team is not None else "、".join(_zh(s) for s in seats)
    who_en = _TEAM_EN[team] if team is not None else " and ".join(_en(s) for s in seats)
    named = [_RANKS.get(r, str(r)) for r in ranks]
    at_en = named[0] if len(named) == 1 else ", ".join(named[:-1]) + " or " + named[-1]
    at_zh = named[0] if len(named) == 1 else "、".join(named[:-1]) + " 或 " + named[-1]
    if figure:
        return (f"（{who_zh}最多升 {gain} 级：其本局之前的级别未知，可能受 {at_zh} 的限制（不可越过的级别））",
                f" ({who_en}: up to {gain} level{'s' * (gain != 1)} — the level before is not known, a cap at "
                f"{at_en} may apply: a rank they may not skip)")
    return (f"（{who_zh}本局之前的级别未知：可能受 {at_zh} 的限制（不可越过的级别））",
            f" ({who_en}'s level before the hand is not known: a cap at {at_en} may apply, a rank they may not skip)")


def gain_at_most(words: Message, gain: int) -> Message | None:
    """``words`` (the levels an outcome gains: :func:`.explain_hand.describe_levels`, or a page's own) with their
    figure said as the most the side went up ("up at most 2 levels / 最多升 2 级": :func:`gain_open`); ``None``
    where the words do not say the figure that way (the caller then says it after them)."""
    zh, en = words
    said_en, said_zh = f"up {gain} level", next((w for w in (f"升 {gain} 级", f"升{gain}级") if w in zh), None)
    if said_en not in en or said_zh is None:
        return None
    return zh.replace(said_zh, "最多" + said_zh, 1), en.replace(said_en, f"up at most {gain} level", 1)


FOLLOW_MESSAGES = {"follow_pair": follow_pair, "follow_tractor": follow_tractor, "follow_triple": follow_triple}

TRICK_CORE = ("trick judge core", "判轮核心")
"""The compiled trick judge's name (English, Chinese) in the notice printed when it is not built."""

__all__ = ["TRICK_CORE", "cards_text", "owed_text", "not_in_hand", "wrong_count", "out_of_turn", "lead_after_replaced",
           "lead_decided", "lead_decided_by_rules", "lead_kind_words", "mixed_lead",
           "follow_suit", "follow_pair", "follow_tractor", "follow_triple", "throw_failed", "throw_would_stand",
           "wrong_forced_play", "declaration_too_weak", "overcall_own", "gain_capped", "gain_open", "gain_at_most",
           "FOLLOW_MESSAGES"]
