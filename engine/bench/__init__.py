"""Benchmarks behind ``tenace-cli bench``; may lazily use test-only extras such as endplay."""
