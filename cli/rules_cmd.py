"""``tractor rules``: the ruleset presets and their options (docs/rules.md §12)."""
from __future__ import annotations

import json

import click

from tractor_analysis.records.rulesets import OPTION_DOCS, PRESET_DOCS, PRESETS, RuleSet, build_ruleset

from .common import CONTEXT, parse_rule_pairs, strong
from .tables import table, terminal_width, wrap


def ruleset_json(rules: RuleSet) -> dict:
    """A ruleset as JSON: ``name`` and every option as its text value."""
    return {"name": rules.name, **rules.options()}


@click.command("rules", context_settings=CONTEXT)
@click.argument("preset", required=False, type=click.Choice(sorted(PRESETS), case_sensitive=False))
@click.option("--rule", "rule_pairs", multiple=True, metavar="NAME=VALUE", callback=parse_rule_pairs,
              help="Show PRESET with this option changed; repeatable.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
def rules(preset: str | None, rule_pairs: tuple[tuple[str, str], ...], as_json: bool) -> None:
    """List the ruleset presets and options, or show one PRESET.

    Every difference between the rule sources is an option; a preset fixes
    them all.  A record picks one with [Ruleset "…"] and changes options with
    [Rule:name "value"]; 'tractor check' and 'replay' take --rules PRESET and
    --rule name=value to judge with other rules.  docs/rules.md gives every
    rule with its seed source and the option that changes it (§12: presets).

    \b
    Examples:
      tractor rules                      # every preset side by side
      tractor rules tournament           # one preset, with what each option means
      tractor rules standard --rule bottom_multiplier=flat --json
    """
    if preset is None and rule_pairs:
        raise click.UsageError("--rule needs a PRESET to change, e.g. 'tractor rules standard --rule decks=3'")
    if preset is None:
        names = list(PRESETS)
        if as_json:
            click.echo(json.dumps({"presets": [ruleset_json(PRESETS[n]) for n in names],
                                   "options": OPTION_DOCS, "preset_docs": PRESET_DOCS},
                                  ensure_ascii=False, indent=1))
            return
        values = {n: PRESETS[n].options() for n in names}
        rows = [[name] + [values[n][name] for n in names] + [OPTION_DOCS.get(name, "")] for name in values[names[0]]]
        click.echo(table(rows, header=["option"] + names + ["meaning"]))
        click.echo("")
        click.echo(table([[strong(n), PRESET_DOCS.get(n, "")] for n in names]))
        return
    ruleset, _ = build_ruleset(preset.lower(), rule_pairs)
    if as_json:
        click.echo(json.dumps(ruleset_json(ruleset), ensure_ascii=False, indent=1))
        return
    limit = terminal_width()
    line = f"{ruleset.name}  {PRESET_DOCS.get(preset.lower(), '')}"
    for i, part in enumerate(wrap(line, limit) if limit else [line]):
        click.echo(part.replace(ruleset.name, strong(ruleset.name), 1) if i == 0 else part)
    opts = ruleset.options()
    click.echo(table([[name, value, OPTION_DOCS.get(name, "")] for name, value in opts.items()],
                     header=["option", "value", "meaning"]))
