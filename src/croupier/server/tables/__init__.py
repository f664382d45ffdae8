"""The cash tables online: one actor per table, their frames, time, recovery, the demo tables.

See ``docs/server.md`` ("The tables online") and ``docs/protocol.md``.
"""
