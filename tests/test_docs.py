"""The README is a front page and the docs/ pages hold the rest: the README
at most 250 lines, every relative link resolving, each page saying first
what it is for, and the figures and facts the pages quote that a test can
compute checked against the game."""

import re
import zipfile
from pathlib import Path

import pytest

from game.ui.device.display import Screen, window_scale
from game.ui.scenes import pause, title_menu

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = sorted((ROOT / "docs").glob("*.md"))
PAGES = [README, *DOCS]
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")


def text(name: str) -> str:
    return (ROOT / name).read_text(encoding="utf-8")


def slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it."""
    heading = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return heading.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    outside_code = re.sub(r"```.*?```", "", path.read_text(encoding="utf-8"), flags=re.S)
    return {slug(line.lstrip("#")) for line in outside_code.splitlines() if line.startswith("#")}


def links(path: Path) -> list[str]:
    outside_code = re.sub(r"```.*?```", "", path.read_text(encoding="utf-8"), flags=re.S)
    return [target for target in LINK.findall(outside_code) if not re.match(r"[a-z]+:", target)]


def test_the_readme_is_a_front_page_of_at_most_250_lines():
    lines = README.read_text(encoding="utf-8").count("\n")
    assert lines <= 250, f"README.md has {lines} lines: move the details into a page of docs/"


@pytest.mark.parametrize("page", PAGES, ids=lambda path: path.name)
def test_every_relative_link_resolves(page):
    broken = []
    for target in links(page):
        path, _, anchor = target.partition("#")
        file = (page.parent / path).resolve() if path else page
        if not file.exists() or (anchor and file.suffix == ".md" and anchor not in anchors(file)):
            broken.append(target)
    assert broken == [], f"{page.name}: broken links {broken}"


def test_the_readme_links_every_page_of_docs():
    linked = {Path(target.partition("#")[0]).name for target in links(README)}
    assert {path.name for path in DOCS} <= linked


@pytest.mark.parametrize("page", DOCS, ids=lambda path: path.name)
def test_each_page_opens_with_what_it_is_for(page):
    lines = page.read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("# ") and lines[1] == ""
    first = lines[2]
    opening = first and not first.startswith(("#", "|", "`", "!", "-", "*"))
    assert opening, f"{page.name} opens without saying what it is for"


def test_the_pages_named_in_the_issue_exist():
    for name in (
        "playing",
        "rules",
        "records",
        "engine",
        "computer-players",
        "raspberry-pi",
        "browser",
        "benchmarks",
        "contributing",
    ):
        assert (ROOT / "docs" / f"{name}.md").exists()


# ----- facts that follow the code ---------------------------------------------------------


def test_the_sizes_of_the_resource_file_are_as_quoted():
    """resources.pyxres is a zip holding the TOML that pyxel.load parses whole."""
    path = ROOT / "resources.pyxres"
    with zipfile.ZipFile(path) as archive:
        toml = sum(info.file_size for info in archive.infolist())
    quoted = " ".join(text("docs/raspberry-pi.md").split())
    assert f"a zip of {path.stat().st_size:,} bytes holding {toml:,} bytes of TOML" in quoted


def test_the_window_scales_are_as_quoted():
    assert window_scale(Screen("x11", 800, 600)) == 2
    assert window_scale(Screen("x11", 1366, 768)) == 3
    assert window_scale(Screen("x11", 1920, 1080)) == 5  # no desktop panel
    assert window_scale(Screen("x11", 1920, 1080 - 17)) == 4  # a panel over 16 pixels high
    for page in ("docs/playing.md", "docs/first-five-minutes.md"):
        quoted = " ".join(text(page).split())
        assert "2x on an 800 x 600" in quoted or "2x on 800 x 600" in quoted
        assert "5x" in quoted and "1920 x 1080" in quoted and "4x when a panel" in quoted


def test_the_title_menu_table_names_every_item():
    """docs/playing.md's table of the title menu has a row for every item the
    menu shows (CONTINUE and QUIT included)."""
    menu = title_menu.TitleMenu(can_quit=True, title_art=False)
    menu.can_continue = True
    rows = [line.split("|")[1].strip() for line in text("docs/playing.md").splitlines() if line.startswith("| ")]
    labels = {
        "continue": "CONTINUE",
        "play": "PLAY",
        "rules": "RULES:",
        "opponents": "OPPONENTS:",
        "scoring": "SCORING:",
        "house": "HOUSE RULES:",
        "level": "LEVEL:",
        "sound": "SOUND:",
        "howto": "HOW TO PLAY",
        "stats": "STATISTICS",
        "people": "PEOPLE:",
        "join": "JOIN ONLINE",
        "host": "HOST ON THE LAN",
        "keys": "KEYS",
        "replays": "REPLAYS",
        "quit": "QUIT",
    }
    assert set(menu.items.keys) <= set(labels), f"a new title menu item: {set(menu.items.keys) - set(labels)}"
    for key in menu.items.keys:
        assert any(row.startswith(labels[key]) for row in rows), f"docs/playing.md's menu table has no {labels[key]}"


@pytest.mark.parametrize("page", ["README.md", "docs/playing.md"])
def test_the_in_match_menu_s_items_and_what_lifted_cards_mean_are_told(page):
    """Every item of the in-match menu is named where ESCAPE is, and the page says what a lifted card means."""
    menu = pause.PauseMenu()
    labels = {
        "resume": "play on",
        "sound": "sound",
        "leave": "leave the match",
        "hints": "HINTS",
        "signs": "COLOUR SIGNS",
    }
    assert set(menu.items.keys) <= set(labels), f"a new in-match menu item: {set(menu.items.keys) - set(labels)}"
    escape = next(line for line in text(page).splitlines() if line.startswith("| ESCAPE |"))
    for key in menu.items.keys:
        assert labels[key] in escape, f"{page}: the ESCAPE row does not name {labels[key]}"
    told = " ".join(text(page).split())
    assert "HINTS on" in told and "you may play now stand" in told and "just picked up stands" in told


@pytest.mark.parametrize("page", ["README.md", "docs/playing.md"])
def test_the_key_tables_have_the_house_rules_keys(page):
    keys = [line.split("|")[1].strip() for line in text(page).splitlines() if line.startswith("| ")]
    for key in ("J", "S", "U (gamepad Y)", "C / A", "P", "M", "ESCAPE"):
        assert key in keys, f"{page}: no row for {key}"


def test_the_protocol_tables_name_every_message_type():
    """docs/online.md's two tables of messages, from the client and from the
    server, name every type of the protocol's own table, and no other."""
    from game.online.protocol import CLIENT_MESSAGES, SERVER_MESSAGES

    section = text("docs/online.md").split("## The protocol", 1)[1].split("\n## ", 1)[0]
    client, server = section.split("From the server:")
    assert set(re.findall(r'\{"type": "(\w+)"', client)) == set(CLIENT_MESSAGES)
    assert set(re.findall(r"^\| `(\w+)` \|", server, flags=re.M)) == set(SERVER_MESSAGES)


@pytest.mark.slow
def test_one_place_says_how_many_tests_there_are_and_it_is_true():
    """docs/contributing.md says how many tests the command runs; the README
    points there and says no figure of its own (two figures disagreed)."""
    import re
    import subprocess
    import sys

    readme = " ".join(text("README.md").split())
    assert not re.search(r"\d[\d,]* (tests|passed)", readme), "the README states a test count"
    stated = [
        int(n.replace(",", ""))
        for n in re.findall(r"(\d[\d,]*) tests\b", " ".join(text("docs/contributing.md").split()))
    ]
    assert stated, "docs/contributing.md says how many tests there are"
    listed = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-n", "0", "-p", "no:cacheprovider"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    collected = sum(int(count) for count in re.findall(r"^\S+: (\d+)$", listed.stdout, re.M))  # (per file)
    whole = max(stated)
    assert abs(whole - collected) <= collected // 20, (
        f"docs/contributing.md says {whole} tests; {collected} are collected"
    )


def _flags(main, capsys) -> set[str]:
    """The flags a command's --help lists (--help itself aside)."""
    with pytest.raises(SystemExit):
        main(["--help"])
    return set(re.findall(r"--[a-z][a-z-]+", capsys.readouterr().out)) - {"--help"}


def _names(page: str, flag: str) -> bool:
    """The page names the flag itself (``--name``, not only ``--names``)."""
    return re.search(re.escape(flag) + r"(?![a-z-])", page) is not None


def test_every_flag_of_the_game_and_the_simulator_is_documented(capsys):
    """(issue 53) --people and --names were missing from docs/playing.md's
    flags, and game.sim --teams was documented nowhere."""
    from game.__main__ import parse_args
    from game.sim import main as sim_main

    game_flags = _flags(parse_args, capsys)
    assert {"--people", "--names", "--teams", "--house"} <= game_flags
    playing = text("docs/playing.md")
    assert [flag for flag in sorted(game_flags) if not _names(playing, flag)] == []
    documented = " ".join(path.read_text() for path in DOCS)
    sim_flags = _flags(sim_main, capsys)
    assert "--teams" in sim_flags
    assert [flag for flag in sorted(sim_flags) if not _names(documented, flag)] == []


@pytest.mark.parametrize("page", ["README.md", "docs/playing.md"])
def test_the_key_table_says_a_card_picked_up_that_cannot_be_played_passes_by_itself(page):
    """(issue 53) The engine passes the turn for you then (``game.rules``: the
    pass's reason "the drawn card cannot be played"); the key table did not say so."""
    row = next(line for line in text(page).splitlines() if line.startswith("| P |"))
    assert "cannot be played passes it by itself" in row
