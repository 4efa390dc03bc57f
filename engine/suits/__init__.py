"""Single-suit problems: the suit-combination model, its exact best-defence solver, lines as
branching plans in a player's words, the evaluator of any line, the line table, comparisons, and
the expert library.

Modules, in dependency order: ``model`` (holdings, layouts, probabilities), ``equivalence``
(merged cards and worlds), ``position`` (the play as a compact game), ``continuation`` (the
obvious continuation where a line says nothing more; double-dummy values), ``evaluate`` (lines
as walked by everything: the exact worth of any line), ``line_tree`` (a line unfolded), ``plan``
(branching plans: the printed line and the expert's), ``exact`` (Pareto-front optimum, every
target at once), ``game`` (instantiation of :mod:`engine.search`), ``plan_compile`` (any line as a
plan that plays the same), ``narrate`` (plans in short steps), ``analysis`` and ``compare`` (what
the CLI and trainer call), ``line_table`` (every sensible line, every target), ``library`` (the
expert library in ``assets/``), ``generated`` (the generated family for sweeps and benches).
"""
