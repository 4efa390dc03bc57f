"""Imperfect-information searches for Hearts (Perkins 1998): MC-Max_n and II-Max_n.

``mcmaxn``: sample worlds uniformly from the Y/M/N table and average the
perfect-information Max_n values (Perkins' Sweetpea); ``iimaxn``: one tree over
the cards the other seats might hold, children combined with availability
probabilities (Perkins' Bluto).
"""
