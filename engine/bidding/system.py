"""A bidding system as data: rules read from a system card (a plain text file).

One rule per line, columns separated by ``|``::

    pattern        | call  | conditions                        | flags    | text
    1{M} P ?       | 2NT   | hcp 13+; {M} 4+                   | gf, art  | Jacoby 2NT: {range}, game forcing

* *pattern* — the auction so far (:mod:`engine.bidding.patterns`); several
  patterns separated by commas share the rest of the line;
* *call* — what the rule bids (a call template);
* *conditions* — ``;``-separated clauses on the hand and the auction
  (:mod:`engine.bidding.conditions`); ``@name`` inserts a ``define``;
* *flags* — ``forcing`` (one round), ``gf`` (game forcing), ``nf`` (ends a game
  force), ``art`` (artificial: says nothing about the strain named), ``up``
  (try free suits from clubs up instead of from spades down), ``default`` (marks
  a catch-all, for readers; it means what its conditions say like any rule), ``tag:NAME``
  (a convention later rules can ask about), ``key:{a}`` (the suit a key-card
  ask or answer is about);
* *text* — the explanation; ``{range}`` is replaced by the meaning in numbers
  and ``{a}`` by the suit's name.  Without a text the range is the explanation.

Rules are tried in file order: the first rule whose pattern fits the auction,
whose call is legal and whose conditions hold makes the call.  A rule that asks
nothing of the hand closes the auction point it fits: the rules below it are
never reached there (and so never explain a call there either).  ``[Section]``
lines name the part of the card (shown in explanations' sources), ``#`` starts a
comment, and ``define name = clauses`` names a group of conditions.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Iterator

from .conditions import Condition, ConditionError, parse_conditions
from .context import BidContext
from .patterns import VAR_KINDS, CallTemplate, Env, Pattern, PatternError, SuitRef, parse_pattern, parse_suit_ref, parse_template

__all__ = ["Rule", "System", "SystemCardError", "load_system", "parse_system", "default_system", "SYSTEM_NAMES"]

SYSTEM_NAMES = ("sayc",)


class SystemCardError(ValueError):
    """A system card that cannot be read; the message gives the file, the line and what is wrong."""


@dataclass(frozen=True, slots=True)
class Rule:
    """One line of a system card (see the module docstring)."""

    pattern: Pattern
    template: CallTemplate
    conditions: tuple[Condition, ...]
    forcing: bool
    game_forcing: bool
    non_forcing: bool
    artificial: bool
    upward: bool
    default: bool  # a catch-all (documentation only: it means what its conditions say)
    tag: str | None
    key_suit: SuitRef | None
    text: str
    section: str
    source: str  # "sayc.txt:42"
    index: int

    @property
    def variables(self) -> tuple[str, ...]:
        names: list[str] = []
        for v in self.template.variables:
            if v not in names:
                names.append(v)
        for c in self.conditions:
            for v in c.variables:
                if v not in names:
                    names.append(v)
        if self.key_suit is not None:
            for v in self.key_suit.variables:
                if v not in names:
                    names.append(v)
        return tuple(names)

    def expansions(self, env: Env) -> Iterator[Env]:
        """``env`` completed with every binding of the variables the pattern left free."""
        free = [v for v in self.variables if v not in env]
        if not free:
            yield env
            return
        yield from _bindings(env, free, self.upward)


def _bindings(env: Env, free: list[str], upward: bool) -> Iterator[Env]:
    if not free:
        yield env
        return
    var, rest = free[0], free[1:]
    suits = VAR_KINDS[var]
    for suit in reversed(suits) if upward else suits:
        if suit in env.values():
            continue
        out = dict(env)
        out[var] = suit
        yield from _bindings(out, rest, upward)


class System:
    """An ordered list of rules with a fast lookup by auction length."""

    def __init__(self, name: str, rules: tuple[Rule, ...]) -> None:
        self.name = name
        self.rules = rules
        self._by_length: dict[int, tuple[Rule, ...]] = {}

    def _rules_for(self, length: int) -> tuple[Rule, ...]:
        cached = self._by_length.get(length)
        if cached is None:
            cached = tuple(r for r in self.rules if r.pattern.length in (None, length))
            self._by_length[length] = cached
        return cached

    def candidates(self, ctx: BidContext) -> Iterator[tuple[Rule, Env]]:
        """The rules whose pattern fits the auction at ``ctx``, in priority order, with their bindings."""
        calls = ctx.stripped
        for rule in self._rules_for(len(calls)):
            env = rule.pattern.match(calls)
            if env is not None:
                yield rule, env

    def __len__(self) -> int:
        return len(self.rules)

    def __repr__(self) -> str:
        return f"System({self.name!r}, {len(self.rules)} rules)"


_DEFINE_RE = re.compile(r"^define\s+([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$")
_MACRO_RE = re.compile(r"@([A-Za-z_][A-Za-z0-9_]*)")
_SECTION_RE = re.compile(r"^\[(.+)\]$")


def parse_system(text: str, name: str = "system", filename: str = "<card>") -> System:
    """Read a system card; a :class:`SystemCardError` names the first bad line."""
    defines: dict[str, str] = {}
    rules: list[Rule] = []
    section = ""
    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        where = f"{filename}:{lineno}"
        try:
            m = _SECTION_RE.match(line)
            if m:
                section = m.group(1).strip()
                continue
            m = _DEFINE_RE.match(line)
            if m:
                defines[m.group(1)] = _expand(m.group(2), defines)
                continue
            rules.extend(_parse_rules(line, defines, section, where, len(rules)))
        except (PatternError, ConditionError, SystemCardError) as e:
            raise SystemCardError(f"{where}: {e}") from None
    if not rules:
        raise SystemCardError(f"{filename}: the card has no rules")
    return System(name, tuple(rules))


MAX_EXPANDED_CHARS = 4000
"""The longest a define or a rule's conditions may grow once every ``@name`` is replaced (SAYC's longest is
under 100): defines that double each other (``define b = @a; @a``, ``define c = @b; @b``...) would
otherwise grow the text exponentially and never finish reading a 40-line card."""


def _expand(text: str, defines: dict[str, str]) -> str:
    size = len(text)

    def sub(m: re.Match) -> str:
        nonlocal size
        if m.group(1) not in defines:
            raise SystemCardError(f"@{m.group(1)} is not defined (define it above its first use)")
        value = defines[m.group(1)]
        size += len(value) - len(m.group(0))
        if size > MAX_EXPANDED_CHARS:
            raise SystemCardError(f"@{m.group(1)} makes the text longer than {MAX_EXPANDED_CHARS} characters "
                                  "once its defines are replaced (do the defines repeat each other?)")
        return value

    return _MACRO_RE.sub(sub, text)


def _parse_rules(line: str, defines: dict[str, str], section: str, where: str, index: int) -> list[Rule]:
    """One rule per pattern of the line (``1{a} X P ?, 1{a} P P X P ?`` gives two)."""
    cols = line.split("|")
    patterns = [p.strip() for p in cols[0].split(",")]
    rest = "|".join(cols[1:])
    return [_parse_rule(f"{p} |{rest}", defines, section, where, index + i) for i, p in enumerate(patterns)]


def _parse_rule(line: str, defines: dict[str, str], section: str, where: str, index: int) -> Rule:
    cols = [c.strip() for c in line.split("|")]
    if len(cols) < 2 or len(cols) > 5:
        raise SystemCardError(f"a rule has 2 to 5 columns separated by '|' (pattern | call | conditions | flags | text), got {len(cols)}")
    cols += [""] * (5 - len(cols))
    pattern_text, call_text, cond_text, flag_text, rule_text = cols
    pattern = parse_pattern(pattern_text)
    template = parse_template(call_text)
    conditions = parse_conditions(_expand(cond_text, defines))
    flags = {"forcing": False, "gf": False, "nf": False, "art": False, "up": False, "default": False}
    tag = None
    key_suit = None
    for word in flag_text.replace(",", " ").split():
        if word in flags:
            flags[word] = True
        elif word.startswith("tag:") and len(word) > 4:
            tag = word[4:]
        elif word.startswith("key:"):
            key_suit = parse_suit_ref(word[4:], allow_nt=False)
        else:
            raise SystemCardError(f"unknown flag {word!r}: expected forcing, gf, nf, art, up, default, tag:NAME or key:{{a}}")
    return Rule(
        pattern, template, conditions, flags["forcing"] or flags["gf"], flags["gf"], flags["nf"], flags["art"],
        flags["up"], flags["default"], tag, key_suit, rule_text, section, where, index,
    )


def load_system(path: str | Path) -> System:
    """Read a system card from a file (``SystemCardError`` for a bad line, ``OSError`` for a missing file)."""
    p = Path(path)
    return parse_system(p.read_text(encoding="utf-8"), p.stem, p.name)


_DEFAULT: dict[str, System] = {}


def default_system(name: str = "sayc") -> System:
    """A card shipped with Tenace (read once per process): ``sayc``, Standard American Yellow Card."""
    if name not in SYSTEM_NAMES:
        raise SystemCardError(f"unknown system {name!r}: expected one of {', '.join(SYSTEM_NAMES)} or a card file")
    if name not in _DEFAULT:
        text = resources.files("engine.bidding.systems").joinpath(f"{name}.txt").read_text(encoding="utf-8")
        _DEFAULT[name] = parse_system(text, name, f"{name}.txt")
    return _DEFAULT[name]

