"""The hand page's tricks are drawn in Python (``build.tricks_html``) for speed: they must be the
same bytes as the template markup they replace (kept here as the reference), with every piece
of record text escaped."""
from __future__ import annotations

import dataclasses
from pathlib import Path

from jinja2 import DictLoader, Environment, StrictUndefined
from markupsafe import Markup

from tractor_analysis.reports import build
from tractor_analysis.reports.build import build_report

ROOT = Path(__file__).resolve().parent.parent

REFERENCE = """{% import "_macros.html" as m %}
{% for t in hand.tricks %}
<section class="trick{% if t.violations %} has-violation{% endif %}" id="trick-{{ t.number }}" data-trick="{{ t.number }}">
<h3>Trick {{ t.number }} / 第{{ t.number }}轮{% if t.last %} (last / 末轮){% endif %}</h3>
<div class="table4">
{% for s in hand.seats %}{% set p = t.plays_by_seat[loop.index0] %}
<div class="seat {{ s.seat }} {{ s.side }}">
<div class="who"><span class="pos">{{ s.seat }}</span>{{ s.name }}
{%- if p and p.derived %}<span class="tag derived" title="{{ p.derived[1] }} / {{ p.derived[0] }}">derived / 推出</span>{% endif %}
{%- if p and p.leader %}<span class="tag">leads / 首出</span>{% endif %}
{%- if p and p.winner %}<span class="tag win">wins / 赢</span>{% endif %}
{%- if p and p.faulty %}<span class="tag bad">violation / 违规</span>{% endif %}</div>
<div class="played{% if p and p.winner %} winner{% endif %}{% if p and p.faulty %} faulty{% endif %}">
{%- if p %}{% if p.derived %}<div class="small muted">not in the record / 记录未写</div>{% endif %}{% if p.attempted is not none %}<div class="small">attempted throw / 甩牌: {{ m.cards(p.attempted) }}</div><div class="small">forced play / 强制出牌:</div>{% endif %}{{ m.cards(p.cards) }}{{ m.notes(p.notes) }}
{%- elif t.left_out[loop.index0] %}<span class="none">not in the record: not known / 记录未写，未知</span>
{%- else %}<span class="none">no play / 未出</span>{% endif -%}
</div>
<div class="held small"><span class="muted">held / 手牌 ({{ t.hands_before[loop.index0]|length }}):</span> {% if t.hands_before[loop.index0] %}{{ t.hands_before[loop.index0]|held(t.played_marks[loop.index0], hand.groups) }}{% else %}<span class="none">no cards / 无</span>{% endif %}</div>
</div>
{% endfor %}
<div class="centre">
<div>leader / 首家 <strong>{{ t.leader }}</strong> · {{ t.lead_kind }}{% if t.lead_kind_zh %} / {{ t.lead_kind_zh }}{% endif %}{% if t.throw_failed %} (failed throw / 甩牌失败){% endif %}</div>
<div>winner / 赢家 <strong>{{ t.winner }} {{ t.winner_name }}</strong>{% if t.trumped %} (trumped / 毙){% endif %}</div>
<div>points / 分 <strong>{{ t.points }}</strong> → {{ "attackers / 闲家" if t.winner_side == "attackers" else "defenders / 庄家" }}</div>
<div>attackers' points / 闲家得分 <strong class="running">{{ t.attackers_after }}</strong>{% if t.attackers_after != t.attackers_before %} <span class="muted">(was {{ t.attackers_before }})</span>{% endif %}</div>
</div>
</div>
{% for v in t.violations %}{{ m.violation(v) }}{% endfor %}
{% for d in t.plays|selectattr("derived")|map(attribute="derived")|unique %}<div class="note derived">derived / 推出: {{ d[1] }} / {{ d[0] }}</div>{% endfor %}{{ m.notes(t.notes) }}
</section>
{% else %}
<p class="none">no tricks recorded / 无出牌记录</p>
{% endfor %}
"""
EVIL = '<script>alert("x")</script> & \'co\''


def reference_env() -> Environment:
    macros = (ROOT / "reports" / "templates" / "_macros.html").read_text("utf-8")
    env = Environment(loader=DictLoader({"_macros.html": macros, "tricks.html": REFERENCE}),
                      autoescape=True, undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True)
    env.filters.update(build.environment().filters)
    return env


def sample_hands():
    model = build_report([str(ROOT / "sample_logs")], charts_on=False)
    return [h for m in model.matches for h in m.hands]


def odd_hand(hand):
    """The hand with record text that must be escaped, a seat that did not play, a seat
    holding nothing, a play with notes, a throw forced to a smaller play and a play derived (left out
    of the record), whose reason is record text too (it names the cards and seats)."""
    seats = tuple(dataclasses.replace(s, name=EVIL + s.seat) for s in hand.seats)
    t = hand.tricks[0]
    p = next(p for p in t.plays_by_seat if p is not None)
    p = dataclasses.replace(p, notes=(EVIL, "<b>bold</b>"), attempted=p.cards + p.cards)
    derived = next(q for q in t.plays_by_seat[2:] if q is not None)
    derived = dataclasses.replace(derived, derived=(EVIL + " 推出", EVIL + " derived"))
    by_seat = (p, None, *(derived if q is not None and q.seat == derived.seat else q for q in t.plays_by_seat[2:]))
    t = dataclasses.replace(t, plays_by_seat=by_seat, plays=(derived, derived),   # twice: one footnote hands_before=((), *t.hands_before[1:]),
                            played_marks=((), *t.played_marks[1:]), notes=(EVIL,), lead_kind=EVIL,
                            winner_name=EVIL, last=True, throw_failed=True, trumped=True)
    return dataclasses.replace(hand, seats=seats, tricks=(t, *hand.tricks[1:]))


def test_tricks_drawn_in_python_are_the_template_bytes():
    env = reference_env()
    hands = sample_hands()
    assert any(t.violations for h in hands for t in h.tricks)
    assert any(p is not None and p.attempted is not None for h in hands for t in h.tricks for p in t.plays_by_seat)
    for hand in [*hands, odd_hand(hands[0]), dataclasses.replace(hands[0], tricks=())]:
        want = env.get_template("tricks.html").render(hand=hand)
        got = build.tricks_html(hand)
        assert isinstance(got, Markup)
        assert str(got) == want


def test_record_text_in_the_tricks_is_escaped():
    got = str(build.tricks_html(odd_hand(sample_hands()[0])))
    assert "<script>" not in got and "<b>bold" not in got
    assert "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt; &amp; &#39;co&#39;" in got
    assert "&lt;b&gt;bold&lt;/b&gt;" in got


def test_cards_and_notes_helpers_match_the_macros():
    env = reference_env()
    macro = env.get_template("_macros.html").module
    for kinds in (None, (), (0, 1, 53, 52), (5,)):
        assert build.cards_html(kinds) == str(macro.cards(kinds))
    assert build.cards_html((), empty="<none>") == str(macro.cards((), empty="<none>"))
    assert build.notes_html([EVIL, "plain"]) == str(macro.notes([EVIL, "plain"]))
    assert build.notes_html([]) == str(macro.notes([]))
