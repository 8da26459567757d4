"""The browser client's network layer in Chromium + Pyodide: it joins a real
table server on 127.0.0.1 through the page's WebSocket (reached from
Pyodide through JavaScript) and plays a hand against a headless desktop
client process. Pyxel's web runtime cannot be fetched here, so, as in
tests/test_web.py, the client layer runs in Pyodide 314.0.4 from npm."""

import io
import json
import zipfile
from urllib.parse import quote

import pytest
from online_server import bot, finish, wait_for
from test_web import BROWSER, ROOT, _offline_page, browser, pyodide, serve  # noqa: F401  (fixtures)

from game.online.protocol import event_json
from game.rules import WATCHER, Game
from game.rules.record import replaying

pytestmark = pytest.mark.slow  # seconds a test: not in the quick tier, pytest -m "not slow"


def _online_zip() -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for package in ("rules", "ai", "online"):
            for path in sorted((ROOT / "game" / package).glob("*.*")):  # its modules and its data (ai/values.json)
                if path.suffix in (".py", ".json"):
                    archive.write(path, path.relative_to(ROOT).as_posix())
        for name in ("__init__.py", "__main__.py", "storage/__init__.py", "storage/safe_files.py"):
            archive.write(ROOT / "game" / name, f"game/{name}")
        archive.write(BROWSER / "online_driver.py", "online_driver.py")
    return buffer.getvalue()


def test_the_browser_client_joins_the_server_and_plays_a_hand_against_a_desktop_client(
    browser,  # noqa: F811
    pyodide,  # noqa: F811
    serve,  # noqa: F811
    table_server,
):
    origin = serve(BROWSER, {"/online.html": (BROWSER / "online.html").read_bytes(), "/online.zip": _online_zip()})
    page, outside = _offline_page(browser, origin, {})
    url = f"{table_server.url}/webroom"
    page.goto(f"{origin}/online.html?join={quote(url, safe='')}&name=Web")  # a link straight into the room
    page.wait_for_function("() => window.onlineReady", timeout=60_000)
    table = json.dumps({"rules": "standard", "players": 2, "people": 2})
    code = (
        "import online_driver; from game.__main__ import page_arguments; arguments = page_arguments(); "
        f"online_driver.start(arguments[1], arguments[3], {table!r}); str(arguments)"
    )
    arguments = page.evaluate("(code) => window.runPython(code)", code)
    assert arguments == str(["--join", url, "--name", "WEB"])  # what the game's main() is given in the page
    wait_for(lambda: table_server.room_file("webroom"), what="the browser's room")
    desktop = bot(url, "Desk", "--hands", "1", "--seed", "8")
    page.wait_for_function("() => window.onlineResult !== undefined", timeout=60_000)
    web = json.loads(page.evaluate("() => window.onlineResult"))
    other = finish(desktop)
    saved = table_server.room_file_when(
        "webroom", lambda saved: Game.replay(saved["record"]).hand_over, what="the hand's end in its file"
    )
    game = Game.replay(saved["record"])
    assert game.hand_over and game.hand_number == 1
    assert (web["seat"], other["seat"]) == (0, 1)
    for result in (web, other):
        assert result["events"] == [event_json(e) for e in game.view(result["seat"]).events]
    assert web["token"] and web["stored_token"] == web["token"]  # kept in localStorage, to rejoin with
    assert [seat["name"] for seat in saved["seats"]] == ["WEB", "DESK"]
    assert outside == []
    page.close()


def test_a_page_link_to_watch_watches_the_room_with_the_browser_client_and_keeps_no_token(
    browser,  # noqa: F811
    pyodide,  # noqa: F811
    serve,  # noqa: F811
    table_server,
):
    origin = serve(BROWSER, {"/online.html": (BROWSER / "online.html").read_bytes(), "/online.zip": _online_zip()})
    page, outside = _offline_page(browser, origin, {})
    url = f"{table_server.url}/webwatch"
    table = json.dumps({"rules": "standard", "players": 3, "people": 1})
    anna = bot(url, "Anna", "--table", table, "--hands", "1", "--seed", "5")
    wait_for(lambda: table_server.room_file("webwatch"), what="ANNA's room")
    page.goto(f"{origin}/online.html?watch={quote(url, safe='')}")  # a link to watch the room
    page.wait_for_function("() => window.onlineReady", timeout=60_000)
    code = (
        "import online_driver; from game.__main__ import page_arguments; arguments = page_arguments(); "
        "online_driver.watch(arguments[1]); str(arguments)"
    )
    assert page.evaluate("(code) => window.runPython(code)", code) == str(["--watch", url])
    page.wait_for_function("() => window.onlineResult !== undefined", timeout=60_000)
    web = json.loads(page.evaluate("() => window.onlineResult"))
    finish(anna)
    record = table_server.room_file("webwatch")["record"]
    seen = next(game for moves, game in enumerate(replaying(Game, record)) if moves == web["moves"])
    assert web["seat"] == WATCHER and web["hand_cards"] == [] and web["token"] is None
    assert web["stored_token"] is None  # nothing kept in localStorage: a watcher holds no seat
    assert web["counts"] == list(seen.view(WATCHER).counts) and sum(web["counts"]) > 0
    assert all(not cards for kind, _, cards, *_ in web["events"] if kind in ("draw", "reveal"))
    assert outside == []
    page.close()
