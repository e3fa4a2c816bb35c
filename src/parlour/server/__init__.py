"""The web parlour: an HTTP + websocket server for every registered game (docs/protocol.md)."""
