"""The croupier server: accounts, money, storage, the HTTP and WebSocket app (issue 11)."""
