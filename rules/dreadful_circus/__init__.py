"""Dreadful Circus: secret wagon bids for Circus cards, hidden coins and contracts, end-game scoring."""
