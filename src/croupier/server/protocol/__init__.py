"""The WebSocket protocol, version 1: what clients send (:mod:`.client`), what the server sends
(:mod:`.server`), the error codes (:mod:`.codes`). ``docs/protocol.md`` shows every message."""
