"""Bridge rules: contracts, play of the cards, scoring."""
