"""Der Wanderzirkus: a deck-building game of travelling circuses and their shows."""
