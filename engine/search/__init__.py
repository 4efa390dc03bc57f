"""Imperfect-information search on multi-world games (Frank & Basin 2001; Cazenave & Ventos αμ).

A *multi-world game* is a public state plus weighted worlds: MAX (declarer) must
play the same move in every world he cannot tell apart, MIN (the defence) knows
the world (best-defence model).  Every algorithm here is written once against
:class:`~engine.search.multiworld.MultiWorldGame`; explicit trees, single-suit
problems and depth-limited bridge deals are its instantiations.
"""
