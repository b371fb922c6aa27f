"""click's own usage errors ("No such option", "Invalid value for '--last'" …) said in Chinese too, saying
the same as the English: :class:`BilingualGroup`, the ``tractor`` group's base."""
from __future__ import annotations

import re

import click


_USAGE_ZH = (
    (re.compile(r"No such option:? '?([^'\s.]+)'?"), "没有这个选项：{0}"),
    (re.compile(r"No such command '([^']*)'"), "没有这个命令：{0}"),
    (re.compile(r"Missing argument '([^']*)'"), "缺少参数 {0}"),
    (re.compile(r"Missing option '([^']*)'"), "缺少选项 {0}"),
    (re.compile(r"Option '([^']*)' requires an argument"), "选项 {0} 需要一个值"),
    (re.compile(r"Option '([^']*)' requires (\d+) arguments"), "选项 {0} 需要 {1} 个值"),
    (re.compile(r"Got unexpected extra arguments? \((.*)\)"), "多余的参数：{0}"),
    (re.compile(r"Invalid value for '([^']*)'"), "{0} 的取值无效"),
    (re.compile(r"Option '([^']*)' does not take a value"), "选项 {0} 不带值"),
)


_MEANT = re.compile(r"Did you mean one of: (.*?)\?\)|Did you mean (.*?)\?")
"""click's suggestion after "No such option" ("Did you mean '--json'?"), said in Chinese too."""
_PATH_ZH = {"File": "文件", "Directory": "目录", "Path": "路径"}
_INVALID = re.compile(r"Invalid value for '([^']*)': (.*?)\.?\s*$", re.S)
_INVALID_ZH = (
    # click's own words for why a value is refused (click.types), said the same in Chinese
    (re.compile(r"(.*) is not in the range (\S+)$", re.S), "{0} 不在允许的范围 {1} 内"),
    (re.compile(r"(.*) is not a valid (?:integer|integer range)$", re.S), "{0} 不是有效的整数"),
    (re.compile(r"(.*) is not a valid (?:float|float range)$", re.S), "{0} 不是有效的数"),
    (re.compile(r"(.*) is not a valid boolean\. Recognized values: (.*)$", re.S), "{0} 不是有效的布尔值，可用取值：{1}"),
    (re.compile(r"(.*) is not one of (.*)$", re.S), "{0} 不是可用取值之一：{1}"),
    (re.compile(r"(.*) does not match the formats? (.*)$", re.S), "{0} 不符合格式 {1}"),
    (re.compile(r"(File|Directory|Path) (.*) does not exist$", re.S), "{0} {1} 不存在"),
    (re.compile(r"(File|Directory|Path) (.*) is a file$", re.S), "{0} {1} 是文件"),
    (re.compile(r"(File|Directory|Path) (.*) is a directory$", re.S), "{0} {1} 是目录"),
    (re.compile(r"(File|Directory|Path) (.*) is not readable$", re.S), "{0} {1} 不可读"),
    (re.compile(r"(File|Directory|Path) (.*) is not writable$", re.S), "{0} {1} 不可写"),
    (re.compile(r"(File|Directory|Path) (.*) is not executable$", re.S), "{0} {1} 不可执行"),
    (re.compile(r"(.*) is not (.*)$", re.S), "{0} 不是 {1}"),          # a Choice of one
)


def _invalid_zh(message: str) -> str | None:
    """The Chinese of click's "Invalid value for 'X': why." — the option and why, as the English
    says (the range, the choices, the path), or ``None`` when click's words for why are not known."""
    m = _INVALID.search(message)
    if m is None:
        return None
    name, why = m.groups()
    for pattern, zh in _INVALID_ZH:
        w = pattern.fullmatch(why)
        if w:
            parts = [_PATH_ZH.get(g, g) for g in w.groups()]
            return f"{name} 的取值无效：{zh.format(*parts)}（用法见 -h / --help）"
    return None


def usage_zh(message: str) -> str:
    """``message`` (one of click's own usage errors) with a Chinese line added, unless it has one."""
    if any("\u4e00" <= ch <= "\u9fff" for ch in message):
        return message
    invalid = _invalid_zh(message)
    if invalid is not None:
        return f"{message}\n{invalid}"
    for pattern, zh in _USAGE_ZH:
        m = pattern.search(message)
        if m:
            hint = _MEANT.search(message)
            meant = ("" if hint is None else f"（是否想用其中之一：{hint.group(1)}？）" if hint.group(1)
                     else f"（是否想用 {hint.group(2)}？）")
            return f"{message}\n{zh.format(*m.groups())}{meant}（用法见 -h / --help）"
    return f"{message}\n命令行用法错误（用法见 -h / --help）"


def _bilingual(exc: click.UsageError) -> click.UsageError:
    """The same usage error, its whole message (click composes some, e.g. "Invalid value for
    '--by': …") followed by the Chinese line."""
    out = click.UsageError(usage_zh(exc.format_message()), exc.ctx)
    out.exit_code = exc.exit_code
    return out


class BilingualGroup(click.Group):
    """The ``tractor`` group: click's own usage errors ("No such option", "Missing argument" …)
    get a Chinese line, like every other message of the tool."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, args)
        except click.UsageError as exc:
            raise _bilingual(exc) from None

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except click.UsageError as exc:
            raise _bilingual(exc) from None
