"""The table every game shares: loading and saving games, serialising actions, posting boards, and
the persistent buttons. Game cogs (cogs/circus_train.py, ...) drive their games through it."""
