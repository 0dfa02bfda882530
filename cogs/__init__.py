"""Discord layer: one cog per game plus the shared table machinery (lobby, threads, boards, deadlines)."""
