"""Bridge rules: contracts, auctions (legal calls), play of the cards, scoring."""
