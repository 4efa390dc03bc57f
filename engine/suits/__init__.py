"""Single-suit problems: the suit-combination model, its exact best-defence solver, lines as plans
in words, the evaluator of any line, comparisons, and the expert library.

Modules, in dependency order: ``model`` (holdings, layouts, probabilities), ``equivalence``
(merged cards and worlds), ``position`` (the play as a compact game), ``evaluate`` (exact worth
of a given line; double-dummy values), ``exact`` (Pareto-front optimum), ``script`` (expert
lines as scripts), ``game`` (instantiation of :mod:`engine.search`), ``plan`` and ``narrate``
(plan trees and bridge words), ``analysis`` and ``compare`` (what the CLI and trainer call),
``library`` (the expert library in ``assets/``).
"""
