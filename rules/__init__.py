"""Ringmaster rules layer: pure, synchronous, deterministic game logic for every hosted game."""
