"""The soak (tools/soak.py): people in real game processes at a real table
server, killed and started again, and what it measures.

The short soak plays three rooms for two and a half minutes (about four
minutes in all, with the end's quick play and the checks); the other
tests are quick: the soak's checks against a made-up window's notices
(that they find a card shown that the record lacks, one skipped, a hand's
events that differ), a headless run paced at 30 frames a second
(``UNO1991_REAL_TIME``) and a real window writing its notices to a file
(``UNO1991_NOTICES``)."""

from __future__ import annotations

import importlib.util
import re
import shutil
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest
from online_server import ROOT, _env, wait_for

from game import ai
from game.rules import Game

pytestmark = pytest.mark.slow  # seconds a test: not in the quick tier, pytest -m "not slow"

SOAK = ROOT / "tools" / "soak.py"
_spec = importlib.util.spec_from_file_location("soak", SOAK)
soak = importlib.util.module_from_spec(_spec)
sys.modules["soak"] = soak
_spec.loader.exec_module(soak)


# ----- the checks, on a made-up window's notices -----------------------------------------------


def two_hands() -> str:
    """The record of a 1991 match of two computers: a whole hand, and the start of the next."""
    game = Game(rules="1991", players=2, seed=5)
    player = ai.make("easy", 1)
    for hand in range(2):
        if hand:
            game.next_hand()
        moves = 0
        while not game.hand_over and (hand == 0 or moves < 6):
            game.act(player.choose(game.view(game.turn)))
            moves += 1
    return game.record()


def heard_as_played(record: str) -> soak.Hearing:
    """The soak's player (seat 0) heard each event a second after the last."""
    heard = soak.Hearing(names={"soak": 0, "ann": 1})
    clock = 1000.0
    for number, game in enumerate(soak.hands_of(record), start=1):
        events = list(game.view(0).events)
        for count in range(1, len(events) + 1):
            clock += 1.0
            heard.state(clock, number, events[:count], moves=int(clock))
    return heard


def window_run(record: str, seat: int = 1, lag: float = 0.5, drop=None, change=None, restore_at=None) -> soak.Run:
    """A window at ``seat`` that showed every card ``lag`` seconds after
    the soak's player heard of it (but card ``drop``, and card ``change``
    shown as another card; the table taken as it stands before card
    ``restore_at``), and printed each finished hand's events."""
    run = soak.Run(1, soak.Life([], 60.0, "kill", Counter()), started=900.0)
    run.notices.append((900.0, "     5 online seat 1 in room test"))
    heard = heard_as_played(record)
    games = soak.hands_of(record)
    index = 0
    for number, game in enumerate(games, start=1):
        for player, code, when in heard.plays(number):
            if index == restore_at:
                run.notices.append((when - 0.5, "    50 table you R1 | soak 3 cards | top R2 R | scores 0 0 | drawn -"))
            if index != drop:
                shown = ("Y9" if code != "Y9" else "G9") if index == change else code
                who = "you play" if player == seat else "soak plays"
                run.notices.append((when + lag, f"    60 card {who} {shown}"))
            index += 1
        if game.hand_over:
            seen = " | ".join(str(event) for event in game.view(seat).events)
            run.notices.append((run.notices[-1][0] + 1, f"    90 online hand {number} seen: {seen}"))
    return run


def findings_for(record: str, run: soak.Run) -> soak.Findings:
    findings = soak.Findings()
    soak.check_record("test", record, heard_as_played(record), [("ANN", run)], findings)
    return findings


def test_the_soak_finds_nothing_lost_when_a_window_showed_every_card_and_measures_its_lag():
    record = two_hands()
    findings = findings_for(record, window_run(record, lag=0.5))
    assert findings.lost == []
    assert findings.hands_checked == 1 and findings.shown == len(findings.lags) > 10
    assert max(seconds for _, seconds, _ in findings.lags) == pytest.approx(0.5)
    assert max(moves for moves, _, _ in findings.lags) == 0  # shown before the server's next move


def test_the_soak_counts_a_card_shown_that_the_record_lacks_or_shown_long_before_the_server_made_it():
    record = two_hands()
    assert findings_for(record, window_run(record, change=3)).lost
    early = findings_for(record, window_run(record, lag=-5.0)).lost
    assert any("which the record does not play then" in line for line in early)


def test_the_soak_counts_a_card_skipped_while_the_window_showed_the_table_as_it_went():
    record = two_hands()
    lost = findings_for(record, window_run(record, drop=4)).lost
    assert len(lost) == 1 and "skipped" in lost[0]
    assert findings_for(record, window_run(record, drop=4, restore_at=5)).lost == []  # taken as it stands


def test_the_soak_takes_a_window_showing_cards_before_its_own_player_hears_of_them_on_a_loaded_machine():
    """Both hear the same server; the soak's process may wait two seconds for a core."""
    record = two_hands()
    assert findings_for(record, window_run(record, lag=-2.0)).lost == []


def test_a_card_heard_late_is_matched_only_for_an_absence_at_the_time_the_window_showed_it():
    """A card the soak's player heard late because it was away then, not one
    heard after some later absence: matched that far ahead, the cards
    between would be called skipped (a CI run's "skipped YS before Y5")."""
    heard = soak.Hearing(names={"soak": 0, "ann": 1})
    heard.offline = [(120.0, 130.0), (150.0, 160.0)]
    missed = soak.Played(1, 0, "YS", 131.0, 40)  # made while it was away, heard as it came back
    later = soak.Played(2, 0, "YS", 161.0, 80)  # the same card, made in its next absence
    shown = (0, "YS")
    assert soak.could_show(missed, shown, 1, since=100.0, when=125.0, heard=heard)
    assert not soak.could_show(later, shown, 1, since=100.0, when=125.0, heard=heard)
    assert soak.could_show(later, shown, 1, since=100.0, when=155.0, heard=heard)
    never = soak.Played(2, 0, "YS", float("inf"), 80)  # the end of a hand it came back after
    assert soak.could_show(never, shown, 1, since=100.0, when=155.0, heard=heard)
    assert not soak.could_show(never, shown, 1, since=100.0, when=140.0, heard=heard)


def test_a_card_on_the_pile_as_a_window_came_back_is_not_taken_for_the_same_card_it_shows_later():
    """From a soak: ED came back to a table whose top card was FAY's Wild,
    heard 2.9 s before; FAY's next Wild, 20 s later, is the one it showed."""
    heard = soak.Hearing(names={"soak": 0, "fay": 1, "ed": 2})
    old, new = soak.Played(1, 1, "W", 788.971, 19), soak.Played(1, 1, "W", 812.405, 25)
    since = 791.909 - soak.RESTORE_S  # "table you R2 Y1 B2 | ... | top W G"
    assert not soak.could_show(old, (1, "W"), 2, since=since, when=812.409, heard=heard)
    assert soak.could_show(new, (1, "W"), 2, since=since, when=812.409, heard=heard)


def test_a_window_back_between_two_like_cards_shows_the_second_and_skips_nothing():
    """The 1991 game for two: SOAK plays YS, YS again, then Y5; the window
    takes the table as it stands between the two Skips (the first on the
    pile), then shows the second and the Y5 (CI's "skipped YS before Y5")."""
    played = [
        soak.Played(1, 0, "R5", 100.0, 10),
        soak.Played(1, 0, "YS", 103.0, 11),
        soak.Played(1, 0, "YS", 104.2, 12),
        soak.Played(1, 0, "Y5", 105.5, 13),
    ]
    run = soak.Run(7, soak.Life([], 60.0, "kill", Counter()), started=90.0)
    run.notices = [
        (95.0, "     5 online seat 1 in room test"),
        (100.4, "    40 card soak plays R5"),
        (103.6, "    95 table you R1 R2 | soak 5 cards | top YS Y | scores 0 0 | drawn -"),
        (104.5, "   120 card soak plays YS"),
        (105.8, "   160 card soak plays Y5"),
    ]
    findings = soak.Findings()
    soak.check_run("test ANN run 7", run, [], played, soak.Hearing(names={"soak": 0, "ann": 1}), findings)
    assert findings.lost == []
    assert [lag[2].split(": ")[1] for lag in findings.lags] == [
        "R5 of hand 1 at 100.400",
        "YS of hand 1 at 104.500",
        "Y5 of hand 1 at 105.800",
    ]
    assert findings.lags[1][1] == pytest.approx(0.3)  # the second Skip, heard at 104.2


def test_a_card_shown_is_matched_to_the_record_by_who_played_it():
    # A window at seat 2 rejoined with seat 0's R9 on the pile, then showed computer 3 play another R9.
    first, second = soak.Played(3, 0, "R9", 10.4, 137), soak.Played(3, 3, "R9", 11.2, 138)
    heard = soak.Hearing(names={"soak": 0, "leo": 1, "ann": 2})
    shown = (soak.seat_named("computer 3 plays", heard.names), "R9")
    assert not soak.could_show(first, shown, 2, since=9.8, when=11.8, heard=heard)
    assert soak.could_show(second, shown, 2, since=9.8, when=11.8, heard=heard)
    assert soak.seat_named("soak (cpu) plays", heard.names) == 0  # played for its person by a computer
    # A name the soak cannot tell: any seat but the window's.
    assert not soak.could_show(first, (None, "R9"), 0, since=9.8, when=11.8, heard=heard)
    assert soak.could_show(first, (None, "R9"), 2, since=9.8, when=11.8, heard=heard)


def test_the_soak_players_rejoin_sent_only_the_hands_last_events_loses_nothing_but_a_wrong_event_counts():
    record = two_hands()
    events = list(soak.hands_of(record)[0].view(0).events)
    heard = soak.Hearing()
    heard.state(1000.0, 1, events[:3], moves=2)
    heard.state(1010.0, 1, events[-5:], moves=30, first=len(events) - 5)  # a rejoin: the last five
    assert heard.events[1][3] is None and heard.events[1][-1] == events[-1]
    findings = soak.Findings()
    soak.check_record("test", record, heard, [], findings)
    assert findings.lost == []
    heard.events[1][-2] = events[0]
    soak.check_record("test", record, heard, [], findings)
    assert len(findings.lost) == 1 and "the soak's player heard" in findings.lost[0]


def test_the_soak_counts_each_event_a_window_was_sent_that_differs_from_the_record():
    record = two_hands()
    run = window_run(record)
    run.notices = [(when, line.replace(" | ", " | seat 1 plays R7 | ", 1)) for when, line in run.notices]
    lost = findings_for(record, run).lost
    assert lost == ["test ANN run 1 hand 1: the record lacks seat 1 plays R7"]


def test_the_soak_counts_a_lag_in_moves_when_the_server_went_on_before_the_window_showed_a_card():
    record = two_hands()
    findings = findings_for(record, window_run(record, lag=3.5))
    assert max(moves for moves, _, _ in findings.lags) == 3  # the soak's player heard one a second


# ----- the game's two hooks ----------------------------------------------------------------------


def test_a_headless_run_with_uno1991_real_time_paces_its_frames_at_30_a_second(tmp_path):
    script = tmp_path / "keys.txt"
    script.write_text("wait 2\npress M\nwait 60\npress M\nwait 2\n")
    command = [sys.executable, "-u", "-m", "game", "--headless", "--low-memory", "--script", str(script)]
    process = subprocess.Popen(
        command, cwd=ROOT, env={**_env(), "UNO1991_REAL_TIME": "1"}, stdout=subprocess.PIPE, text=True
    )
    arrived = []
    for line in process.stdout:
        if "setting sound" in line:
            arrived.append(time.monotonic())
    assert process.wait(60) == 0
    assert len(arrived) == 2
    assert 1.9 <= arrived[1] - arrived[0] < 10  # 61 frames: about 2 s of the clock (without it: milliseconds)


@pytest.mark.skipif(shutil.which("Xvfb") is None, reason="needs Xvfb")
def test_the_soaks_screens_each_get_a_display_of_their_own_and_say_when_they_have_gone(tmp_path):
    """A window whose X server went is started again on a new one, and said
    apart from the game's crashes (a CI soak: "no display found")."""
    first, second = soak.Xvfb(tmp_path / "first.txt"), soak.Xvfb(tmp_path / "second.txt")
    try:
        assert first.display != second.display and first.alive and second.alive
        assert Path(f"/tmp/.X11-unix/X{first.number}").exists()
        first.process.kill()
        first.process.wait(10)
        assert not first.alive and second.alive
    finally:
        first.stop()
        second.stop()


@pytest.mark.skipif(shutil.which("xprop") is None, reason="needs Xvfb and xprop")
def test_a_soak_screen_stays_as_it_is_when_its_window_closes_so_the_next_window_finds_it(tmp_path):
    """An X server resets when its last client leaves, and refuses windows
    while it does (a CI soak's "no display found" between one window's lives).
    A reset also clears the root window's properties: a mark set by one
    client is still there for the next only if the screen did not reset."""
    screen = soak.Xvfb(tmp_path / "xvfb.txt")
    env = {**_env(), "DISPLAY": screen.display}
    try:
        mark = ["xprop", "-root", "-f", "_UNO1991_MARK", "8s", "-set", "_UNO1991_MARK", "kept"]
        subprocess.run(mark, env=env, check=True, timeout=30)  # its only client, gone when it returns
        asked = subprocess.run(["xprop", "-root", "_UNO1991_MARK"], env=env, capture_output=True, text=True, timeout=30)
    finally:
        screen.stop()
    assert '_UNO1991_MARK(STRING) = "kept"' in asked.stdout, asked.stdout + asked.stderr


@pytest.mark.skipif(shutil.which("Xvfb") is None, reason="needs Xvfb")
def test_a_real_window_with_uno1991_notices_writes_what_it_noticed_and_when_to_that_file(tmp_path):
    screen = soak.Xvfb()
    notices = tmp_path / "notices.txt"
    env = {**_env(), "DISPLAY": screen.display, "UNO1991_NOTICES": str(notices), "SDL_AUDIODRIVER": "dummy"}
    env.pop("SDL_VIDEODRIVER", None)
    started = time.time()
    command = [sys.executable, "-m", "game", "--low-memory", "--data-dir", str(tmp_path / "data")]
    window = subprocess.Popen(command, cwd=ROOT, env=env, stderr=subprocess.PIPE)
    try:
        wait_for(lambda: notices.exists() and " scene title" in notices.read_text(), timeout=60, what="the title")
    finally:
        window.terminate()
        window.wait(10)
        screen.stop()
    lines = notices.read_text().splitlines()
    stamp, frame, _ = lines[0].split(None, 2)
    assert started <= float(stamp) <= time.time() and frame == "0"
    assert any(line.split(None, 2)[2] == "scene title" for line in lines)


# ----- the short soak -----------------------------------------------------------------------------


def test_a_short_soak_of_people_in_windows_crashes_nothing_loses_no_move_and_stops_no_room(tmp_path):
    """Three rooms (1991 for two, standard for four, Royal Revenge for
    three) for 2.5 minutes: windows killed and started again, idle, leaving,
    mashing keys, the server killed twice or more."""
    # (on a loaded machine it plays on, 5 minutes at most, until a hand has ended with people at the windows)
    command = [
        sys.executable,
        str(SOAK),
        "--minutes",
        "2.5",
        "--rooms",
        "3",
        "--hands",
        "1",
        "--keep",
        str(tmp_path / "soak"),
    ]
    done = subprocess.run(command, cwd=ROOT, env=_env(), capture_output=True, text=True, timeout=900)
    out = done.stdout
    figures = {
        name: int(re.search(rf"^{name}: (\d+)", out, re.MULTILINE).group(1))
        for name in ("windows started", "hands played", "crashes", "rooms stopped", "moves lost", "worst lag")
    }
    assert figures["crashes"] == 0, out
    assert figures["moves lost"] == 0, out
    assert figures["rooms stopped"] == 0, out
    assert done.returncode == 0, out + done.stderr[-3000:]
    assert figures["windows started"] >= 6, out  # four windows, and some started again
    assert int(re.search(r"^server kills: (\d+)", out, re.MULTILINE).group(1)) >= 2, out
    assert figures["hands played"] >= 1, out
    assert not re.search(r"\(0 cards shown", out), out
