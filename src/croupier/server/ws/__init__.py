"""The WebSocket endpoint ``/ws`` and its connections (docs/protocol.md)."""
