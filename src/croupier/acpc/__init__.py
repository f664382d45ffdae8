"""The ACPC dealer protocol, version 2.0: ``.game`` files, match states, a dealer, a player."""
