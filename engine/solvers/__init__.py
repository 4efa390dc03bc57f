"""Solvers: exact game-tree solvers the searches call on sampled worlds.

``engine.solvers.dd`` is the bridge double-dummy solver (numba kernels behind a
small Python API, :class:`~engine.solvers.dd.DoubleDummySolver`).
"""
