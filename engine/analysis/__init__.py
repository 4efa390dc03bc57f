"""Card analyses for the hints and the app: every legal card valued per algorithm (bridge, Hearts)."""
