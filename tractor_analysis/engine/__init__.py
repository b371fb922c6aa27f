"""The rule engine: a record in, verdicts out — pure functions returning typed records.

Owns the trump order of a hand (``order``), units (singles, pairs, tractors, throws:
``units``), the legal-play generator (``legal``), one trick judged (``tricks``),
declarations (``declarations``), scoring and levels (``scoring``), every bilingual
message the engine gives (``explain`` for a trick; ``explain_hand`` for the declarations,
dealer, level, deal, bury, claim, score items and outcome of a hand), where each violation's
rule is written (``rule_refs``: docs/rules.md sections, 中文 + English), the replay of a
hand and a match (``replay``) and the verdict types (``verdicts``).  The ``RuleSet`` and presets it applies are the
words a record names, defined in :mod:`tractor_analysis.records.rulesets` and
re-exported here.

May import: :mod:`tractor_analysis.records` and the standard library.
"""
from ..records.rulesets import PRESETS, RuleSet, build_ruleset
from .explain import Message
from .legal import legal_follows, legal_leads
from .order import TRUMP, Order, order
from .rule_refs import RULE_REFS, RuleRef, rule_ref
from .replay import record_pairs, replay_match, ruleset_of
from .hand_replay import describe_outcome, replay_hand
from .tricks import HandContext, hand_context, judge_trick
from .verdicts import VIOLATION_CODES, HandResult, MatchResult, Outcome, ScoreItem, TrickResult, Violation

__all__ = [
    "PRESETS", "RuleSet", "build_ruleset", "Message", "legal_follows", "legal_leads",
    "TRUMP", "Order", "order",
    "RULE_REFS", "RuleRef", "rule_ref",
    "describe_outcome", "record_pairs", "replay_hand", "replay_match", "ruleset_of",
    "HandContext", "hand_context", "judge_trick",
    "VIOLATION_CODES", "HandResult", "MatchResult", "Outcome", "ScoreItem", "TrickResult", "Violation",
]
