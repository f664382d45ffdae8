"""A bot is a property of its account, never of its name (issue 23): the house marks its bots,
shows them as bots, plays them and funds them; a player whose name looks like a bot's is a
player. In-process on SQLite and PostgreSQL, the room restarted from its database."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from _api import PASSWORD, running
from _online import Clock, online_config, seed

from croupier.errors import CroupierError
from croupier.rules import casino_fr
from croupier.server.accounts import create_user
from croupier.server.config import ServerConfig
from croupier.server.online import start_online
from croupier.server.room_rules import ROOM_RULES_VERSION
from croupier.server.services import start_services
from croupier.server.storage.reads import house_bots, user_by_name
from croupier.server.tables.publish import public_state
from croupier.server.tournaments.service import TOURNAMENT_BOTS

CAS = casino_fr("no-limit", 100, 200)


@pytest.fixture
def room_config(database_url: str, tmp_path: Path) -> ServerConfig:
    return online_config(database_url, tmp_path / "data", demo_tables=False)


def _account(config: ServerConfig, name: str, *, bot: bool) -> None:
    services = start_services(config)
    try:
        create_user(
            services.store,
            services.passwords,
            screen_name=name,
            role="player",
            password=PASSWORD,
            rules_version=ROOM_RULES_VERSION,
            bot=bot,
        )
    finally:
        services.close()


def test_only_an_account_marked_by_the_house_is_played_funded_and_shown_as_a_bot(
    room_config: ServerConfig,
) -> None:
    _account(room_config, "Bot-Anna", bot=True)

    async def scenario() -> None:
        services = start_services(room_config)
        try:
            # "Bot-Quinn" has no bot account (a player, as from a database made before bots
            # were accounts). Only the house's bots are played by its code, and only they get
            # "demo chips for a bot" (both paths read ``bots``: tables and tournaments).
            seed(services, [("t1", CAS, 6, ("Bot-Anna", "Bot-Quinn", "ann"))])
            online = await start_online(services, clock=Clock())
            services.online = online
            try:
                tables = online.tables
                assert "Bot-Anna" in tables.house_bots and "Bot-Quinn" not in tables.house_bots
                assert set(tables.bots) == {"Bot-Anna"}  # the house plays its bot only
                entry = tables.lobby_entry("t1")
                assert entry["bots"] == ["Bot-Anna"]
                seats = {s["player"]: s for s in public_state(tables.actors["t1"])["seats"]}
                assert seats["Bot-Anna"]["bot"] is True
                assert seats["Bot-Quinn"]["bot"] is False and seats["ann"]["bot"] is False
            finally:
                await online.close()
                services.online = None
        finally:
            services.close()

    asyncio.run(scenario())


def test_nobody_logs_in_as_a_bot_and_no_player_takes_a_bots_name(
    room_config: ServerConfig,
) -> None:
    _account(room_config, "Bot-Anna", bot=True)
    with running(room_config) as browser:
        login = browser.login("Bot-Anna", PASSWORD)  # even with the password it was made with
        unknown = browser.login("nobody-here", PASSWORD)
        assert login.status_code == unknown.status_code == 401
        assert login.json() == unknown.json()
        every_bot = [f"Bot-{n}" for n in TOURNAMENT_BOTS]  # the demo's cash and tournaments
        look_alikes = ["bot-anna", "B0t-Ines", "Bot_Quinn", "BOT.Walt", "Bot", "bot-"]
        for name in every_bot + look_alikes:
            answer = browser.register(name)
            assert answer.status_code == 400, (name, answer.text)
            assert "kept for the house's bots" in answer.json()["message"]
        for name in ("Bottle", "Robot-Ann", "Abbot"):  # names that only contain "bot"
            browser.client.cookies.clear()
            browser.csrf = ""
            assert browser.register(name).status_code == 201, name
        store = browser.services.store
        bots = store.read_blocking(house_bots)  # Bot-Anna and the tournaments' bots
        assert "Bot-Anna" in bots and {"Bottle", "Robot-Ann", "Abbot"}.isdisjoint(bots)
        assert bots <= {"Bot-Anna"} | set(every_bot)
        row = store.read_blocking(lambda c: user_by_name(c, "Bottle"))
        assert row is not None and row.is_bot is False


def test_an_administrator_marks_bots_and_only_bots_take_bot_names(
    room_config: ServerConfig,
) -> None:
    services = start_services(room_config)
    try:
        with pytest.raises(CroupierError, match="kept for the house's bots"):
            create_user(
                services.store,
                services.passwords,
                screen_name="Bot-Quinn",
                role="player",
                password=PASSWORD,
                rules_version=ROOM_RULES_VERSION,
            )
        with pytest.raises(CroupierError, match="a bot is a player"):
            create_user(
                services.store,
                services.passwords,
                screen_name="Bot-Quinn",
                role="cashier",
                password=PASSWORD,
                rules_version=ROOM_RULES_VERSION,
                bot=True,
            )
        create_user(
            services.store,
            services.passwords,
            screen_name="Marvin",
            role="player",
            password=PASSWORD,
            rules_version=ROOM_RULES_VERSION,
            bot=True,
        )
        assert services.store.read_blocking(house_bots) == {"Marvin"}
    finally:
        services.close()
