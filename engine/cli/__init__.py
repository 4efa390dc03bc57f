"""``tenace-cli``: the engine from the command line, every result available as JSON."""
