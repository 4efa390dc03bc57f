"""Players for both games behind one protocol (see :mod:`engine.players.base`)."""
