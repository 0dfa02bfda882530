"""Circus Train rules."""
