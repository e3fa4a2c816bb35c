"""What a table does for every state message it sends: only the work that changes with
the play. Each action at a busy server is one message per watcher, so anything constant
redone there (the package's weights looked up on disk to name a bot's level) is paid
hundreds of times a second (benchmarks/server_load.py, docs/capacity.md)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from parlour.bots.levels import display_name, level_of
from parlour.server.settings import Settings
from parlour.server.storage import Storage
from parlour.server.tables import Listener, TableManager


def test_state_messages_name_the_bots_without_looking_for_weights_each_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    lookups: list[str] = []
    real = Path.glob

    def counted(self: Path, pattern: str) -> Any:
        lookups.append(pattern)
        return real(self, pattern)

    monkeypatch.setattr(Path, "glob", counted)

    async def play() -> tuple[list[dict[str, Any]], int]:
        manager = TableManager(Storage(f"sqlite:///{tmp_path}/db.sqlite3"), Settings(bot_delay=1000.0))
        try:
            seats = [{}, {"level": "normal"}, {"level": "easy"}, {"bot": "random"}]
            table, seat, _token = await manager.create(
                {"game": "ribs", "players": 4, "seats": seats, "sit": 0, "start": True})
            sent: list[dict[str, Any]] = []
            table.listeners.append(Listener(seat, sent.append))
            table.listeners.append(Listener(None, sent.append))
            table.broadcast()  # the first message may find each bot's name and level once
            before = len(lookups)
            for _ in range(20):
                table.broadcast()
            if table.bot_task is not None:
                table.bot_task.cancel()
            return sent, len(lookups) - before
        finally:
            manager.close()

    sent, lookups_after_first = asyncio.run(play())
    assert len(sent) == 42
    assert lookups_after_first == 0
    for message in sent:
        bots = [info for info in message["seats"] if info["kind"] == "bot"]
        assert [info["name"] for info in bots] == [display_name("ribs", info["bot"]) for info in bots]
        assert [info["level"] for info in bots] == [level_of("ribs", info["bot"]) for info in bots]
        assert [info["level"] for info in bots] == ["normal", "easy", None]
