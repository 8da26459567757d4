"""The browser's side of the online test, run in Pyodide: the browser
client (``game.online.client.BrowserClient``, the page's WebSocket) and a
network bot play a hand (``start``), or the client watches a room
(``watch``). ``step`` is called from a JavaScript timer, as a game loop's
update would be: it never waits."""

import json

import js
from pyodide.ffi import create_proxy

from game.online.bot import Bot
from game.online.client import BrowserClient
from game.online.protocol import event_json

state = {}


def start(url: str, name: str, table: str, hands: int = 1) -> None:
    client = BrowserClient(url, name, table=json.loads(table), storage=js.localStorage).start()
    _run(client, Bot(client.session, "easy", 3, hands=hands), hands)


def watch(url: str, hands: int = 1) -> None:
    """Watch the room at ``url`` (what ``index.html?watch=`` does) until its ``hands``-th hand is over."""
    _run(BrowserClient(url, "", storage=js.localStorage, watch=True).start(), None, hands)


def _run(client: BrowserClient, bot: Bot | None, hands: int) -> None:
    state.update(client=client, bot=bot, hands=hands, steps=0)
    state["proxy"] = create_proxy(step)
    state["timer"] = js.setInterval(state["proxy"], 10)


def step(*_) -> None:
    client, bot = state["client"], state["bot"]
    state["steps"] += 1
    for message in client.poll():
        for reply in bot.respond(message) if bot is not None else ():
            client.send(reply)
    session = client.session
    if session.view is not None and session.view.hand_over and session.hand >= state["hands"]:
        finish()


def finish() -> None:
    js.clearInterval(state["timer"])
    client = state["client"]
    session = client.session
    client.close()
    js.window.onlineResult = json.dumps(
        {
            "seat": session.seat,
            "room": session.room,
            "hand": session.hand,
            "moves": session.moves,
            "events": [event_json(e) for e in session.events],
            "hand_cards": list(session.view.hand),
            "counts": list(session.view.counts),
            "token": session.token,
            "stored_token": js.localStorage.getItem(client.key),
            "status": client.status,
            "steps": state["steps"],
        }
    )
