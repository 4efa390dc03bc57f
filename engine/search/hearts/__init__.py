"""Imperfect-information searches for Hearts: Perkins' MC-Max_n and II-Max_n, and Monte Carlo tree search.

``mcmaxn``: sample worlds uniformly from the Y/M/N table and average the
perfect-information Max_n values (Perkins' Sweetpea); ``iimaxn``: one tree over
the cards the other seats might hold, children combined with availability
probabilities (Perkins' Bluto); ``mcts``: PIMC + UCT (Sturtevant's xinxin) and
information-set MCTS with rule-based playouts (kernels in ``kernel_mcts``,
world weighing in ``kernel_inference``); ``passing``: every pass ranked by
playouts (``kernel_passing``).
"""
