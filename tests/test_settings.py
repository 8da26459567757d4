import json
import os

import pytest

from game.storage import files as files_module
from game.storage import store as store_module
from game.storage.files import FILENAME, Files
from game.storage.local_storage import LocalStorage
from game.storage.settings import DIFFICULTIES, LevelStats, Settings, Stats, table_key
from game.storage.settings_document import dump, read_document
from game.storage.store import Store, open_store


def sample() -> tuple[Settings, Stats]:
    stats = Stats()
    stats.record_hand("easy", won=True, points=40)
    stats.record_hand("hard", won=True, points=120)
    stats.record_hand("hard", won=False, points=0)
    stats.record_match("hard", won=False, score=310)
    return Settings(difficulty="hard", sound=False, rules="1991"), stats


def write(tmp_path, content) -> Store:
    path = tmp_path / FILENAME
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return Store(Files(tmp_path))


def valid_document() -> dict:
    return json.loads(dump(*sample()))


# ----- round trip and first run -------------------------------------------------


def test_round_trip(tmp_path):
    store = Store(Files(tmp_path))
    settings, stats = sample()
    assert store.save_settings(settings, stats) is None
    loaded_settings, loaded_stats, warning = Store(Files(tmp_path)).load_settings()
    assert warning is None
    assert loaded_settings == settings
    assert loaded_stats == stats
    assert loaded_stats.hard.hands_won == 1 and loaded_stats.hard.hands_lost == 1


def test_document_is_versioned_json(tmp_path):
    Store(Files(tmp_path)).save_settings(*sample())
    data = json.loads((tmp_path / FILENAME).read_text(encoding="utf-8"))
    assert data["version"] == 1
    assert data["settings"] == {
        "difficulty": "hard",
        "sound": False,
        "rules": "1991",
        "opponents": 1,
        "scoring": "points",
        "house": [],
    }
    assert set(data["stats"]) == set(DIFFICULTIES)
    assert data["stats"]["hard"]["best_hand"] == 120


def test_missing_file_gives_defaults_without_warning(tmp_path):
    settings, stats, warning = Store(Files(tmp_path / "not" / "yet")).load_settings()
    assert (settings, stats, warning) == (Settings(), Stats(), None)


def test_save_creates_the_directory(tmp_path):
    directory = tmp_path / "a" / "b"
    assert Store(Files(directory)).save_settings(*sample()) is None
    assert (directory / FILENAME).is_file()


# ----- bad files ------------------------------------------------------------------

WHOLE_FILE_PROBLEMS = {
    "empty": ("", "empty"),
    "whitespace": ("  \n\t", "empty"),
    "truncated": (dump(*sample())[:50], "not valid JSON"),
    "garbage": (bytes(range(256)) * 4, "not UTF-8"),
    "garbage-utf8": ("\x00\x01 settings = {", "not valid JSON"),
    "list": ("[1, 2, 3]", "a JSON list, not an object"),
    "string": ('"hello"', "a JSON str, not an object"),
    "null": ("null", "a JSON NoneType, not an object"),
    "no-version": ('{"settings": {"sound": false}}', "version None"),
    "zero-version": ('{"version": 0, "settings": {"sound": false}}', "version 0"),
    "text-version": ('{"version": "2", "settings": {"sound": false}}', "version '2'"),
    "bool-version": ('{"version": true, "settings": {"sound": false}}', "version True"),
    "deep": ("[" * 50_000, "not valid JSON"),
    "huge-int": ('{"version": 1, "stats": {"easy": {"hands_won": ' + "9" * 5000 + "}}}", "not valid JSON"),
    "too-large": ('{"version": 1, "pad": "' + "x" * 70_000 + '"}', "larger than 64 KiB"),
}


@pytest.mark.parametrize("name", WHOLE_FILE_PROBLEMS)
def test_bad_file_gives_defaults_and_one_warning(tmp_path, name):
    content, reason = WHOLE_FILE_PROBLEMS[name]
    settings, stats, warning = write(tmp_path, content).load_settings()
    assert settings == Settings()
    assert stats == Stats()
    assert isinstance(warning, str)
    assert "\n" not in warning
    assert warning.startswith("warning: ")
    assert str(tmp_path / FILENAME) in warning
    assert reason in warning
    assert warning.endswith("using defaults")


def kept_aside(tmp_path) -> list:
    return sorted(tmp_path.glob(FILENAME + ".unreadable-*"))


@pytest.mark.parametrize("name", WHOLE_FILE_PROBLEMS)
def test_a_bad_file_is_kept_aside_before_anything_is_saved(tmp_path, name):
    content, _ = WHOLE_FILE_PROBLEMS[name]
    original = content if isinstance(content, bytes) else content.encode("utf-8")
    store = write(tmp_path, content)
    settings, stats, warning = store.load_settings()
    (aside,) = kept_aside(tmp_path)
    assert aside.read_bytes() == original
    assert str(tmp_path / FILENAME) in warning and f"kept as {aside.name} beside it" in warning
    assert store.save_settings(settings, stats) is None
    assert aside.read_bytes() == original
    assert Store(Files(tmp_path)).load_settings() == (Settings(), Stats(), None)


def test_a_file_kept_aside_never_overwrites_an_earlier_one(tmp_path):
    for attempt in range(3):
        write(tmp_path, f"garbage {attempt}").load_settings()
    asides = kept_aside(tmp_path)
    assert len(asides) == 3
    assert sorted(aside.read_text() for aside in asides) == ["garbage 0", "garbage 1", "garbage 2"]


def newer_document() -> dict:
    data = valid_document()
    data["version"] = 2
    data["stats"]["hard"]["hands_won"] = 250
    data["sync"] = {"cloud": True}
    return data


def test_a_newer_games_file_is_never_written_over(tmp_path):
    text = json.dumps(newer_document())
    store = write(tmp_path, text)
    settings, stats, warning = store.load_settings()
    assert (settings, stats) == (Settings(), Stats())
    assert "\n" not in warning and str(tmp_path / FILENAME) in warning
    assert "version 2 comes from a newer UNO 1991" in warning
    assert "using defaults for this run" in warning and "nothing is saved" in warning
    stats.record_hand("normal", won=True, points=30)
    settings.sound = False  # what pressing M does
    assert store.save_settings(settings, stats) is None
    assert (tmp_path / FILENAME).read_text() == text
    assert kept_aside(tmp_path) == []


def test_null_sections_warn_and_keep_the_file(tmp_path):
    store = write(tmp_path, '{"version": 1, "settings": null, "stats": null}')
    settings, stats, warning = store.load_settings()
    assert (settings, stats) == (Settings(), Stats())
    assert "bad values settings=None and 1 more;" in warning
    (aside,) = kept_aside(tmp_path)
    assert json.loads(aside.read_text())["stats"] is None


def test_a_null_level_warns_and_keeps_the_other_levels(tmp_path):
    data = valid_document()
    data["stats"]["hard"] = None
    settings, stats, warning = write(tmp_path, json.dumps(data)).load_settings()
    assert "stats.hard=None" in warning and warning.endswith("using defaults for them")
    assert stats.easy.hands_won == 1 and stats.hard == LevelStats()
    assert settings == Settings(difficulty="hard", sound=False)
    (aside,) = kept_aside(tmp_path)
    assert json.loads(aside.read_text()) == data
    assert f"kept as {aside.name} beside it" in warning


def test_a_partly_valid_file_keeps_its_good_values_in_the_next_save(tmp_path):
    data = valid_document()
    data["stats"]["hard"]["hands_won"] = "lots"
    store = write(tmp_path, json.dumps(data))
    settings, stats, _ = store.load_settings()
    assert store.save_settings(settings, stats) is None
    _, saved, warning = Store(Files(tmp_path)).load_settings()
    assert warning is None
    assert saved.hard.hands_won == 0 and saved.hard.hands_lost == 1 and saved.hard.best_match == 310


def test_a_file_that_cannot_be_kept_aside_is_never_written_over(tmp_path, monkeypatch):
    store = write(tmp_path, "{garbled")

    def refuse(path, label):
        raise OSError("read-only file system")

    monkeypatch.setattr(files_module, "keep_aside", refuse)
    settings, stats, warning = store.load_settings()
    assert "could not be kept aside (read-only file system)" in warning and "nothing is saved" in warning
    assert store.save_settings(settings, stats) is None
    assert (tmp_path / FILENAME).read_text() == "{garbled"


def test_bad_fields_fall_back_one_by_one_with_one_warning(tmp_path):
    data = valid_document()
    data["settings"]["sound"] = "yes"
    data["settings"]["difficulty"] = "impossible"
    data["stats"]["hard"]["hands_won"] = -3
    data["stats"]["hard"]["best_hand"] = 12.5
    data["stats"]["easy"]["matches_won"] = True
    data["stats"]["easy"]["hand_points"] = None
    settings, stats, warning = write(tmp_path, json.dumps(data)).load_settings()
    # the bad fields take their defaults ...
    assert settings.sound is True
    assert settings.difficulty == "normal"
    assert stats.hard.hands_won == 0
    assert stats.hard.best_hand == 0
    assert stats.easy.matches_won == 0
    assert stats.easy.hand_points == 0
    # ... the good ones are kept
    assert settings.rules == "1991"
    assert stats.hard.hands_lost == 1
    assert stats.hard.matches_lost == 1
    assert stats.hard.best_match == 310
    assert stats.easy.hands_won == 1
    # ... and one line a person can read names the first bad fields and counts the others
    assert "\n" not in warning
    assert "bad values settings.difficulty='impossible' and 5 more; the file is kept as " in warning


@pytest.mark.parametrize(
    ("change", "named"),
    [
        (lambda d: d["stats"]["normal"].update(hands_lost=-1), "stats.normal.hands_lost=-1"),
        (lambda d: d["stats"]["normal"].update(hands_lost="7"), "stats.normal.hands_lost='7'"),
        (lambda d: d["stats"]["normal"].update(hands_lost=2**60), "stats.normal.hands_lost="),
        (lambda d: d["stats"].update(hard=[1, 2]), "stats.hard=[1, 2]"),
        (lambda d: d.update(stats="lots"), "stats='lots'"),
        (lambda d: d.update(settings=3), "settings=3"),
        (lambda d: d["settings"].update(rules="1066"), "settings.rules='1066'"),
        (lambda d: d["settings"].update(rules=["1991"]), "settings.rules=['1991']"),
    ],
)
def test_each_bad_field_is_named(tmp_path, change, named):
    data = valid_document()
    change(data)
    _, _, warning = write(tmp_path, json.dumps(data)).load_settings()
    assert warning is not None and named in warning
    assert warning.count("warning:") == 1


def test_negative_counts_reset_only_that_field(tmp_path):
    data = valid_document()
    data["stats"]["hard"]["hands_lost"] = -5
    _, stats, warning = write(tmp_path, json.dumps(data)).load_settings()
    assert stats.hard.hands_lost == 0
    assert stats.hard.hands_won == 1
    assert "stats.hard.hands_lost=-5" in warning


def test_long_bad_value_is_shortened_in_the_warning(tmp_path):
    data = valid_document()
    data["settings"]["difficulty"] = "z" * 500 + "\n" + "y"
    _, _, warning = write(tmp_path, json.dumps(data)).load_settings()
    assert "\n" not in warning
    assert "settings.difficulty='zzz" in warning
    assert "z" * 50 not in warning
    assert "...;" in warning


def test_unknown_and_missing_keys_are_silent(tmp_path):
    text = json.dumps(
        {
            "version": 1,
            "future": {"x": 1},
            "settings": {"sound": False, "volume": 11},
            "stats": {"hard": {"hands_won": 4, "streak": 9}, "nightmare": {"hands_won": 1}},
        }
    )
    settings, stats, warning = write(tmp_path, text).load_settings()
    assert warning is None
    assert settings == Settings(sound=False)
    assert stats.hard.hands_won == 4
    assert stats.normal == LevelStats()


def test_unreadable_path_gives_warning_and_is_not_written_over(tmp_path):
    (tmp_path / FILENAME).mkdir()  # a directory where the file should be
    store = Store(Files(tmp_path))
    settings, stats, warning = store.load_settings()
    assert (settings, stats) == (Settings(), Stats())
    assert warning is not None and "cannot be read" in warning and "nothing is saved this run" in warning
    assert store.save_settings(settings, stats) is None
    assert (tmp_path / FILENAME).is_dir()


def test_bad_file_is_replaced_by_the_next_save(tmp_path):
    store = write(tmp_path, "{{{{ garbage")
    settings, stats, warning = store.load_settings()
    assert warning is not None
    stats.record_hand("normal", won=True, points=10)
    assert store.save_settings(settings, stats) is None
    _, again, warning = store.load_settings()
    assert warning is None
    assert again.normal.hands_won == 1


# ----- atomic save ----------------------------------------------------------------


def test_save_leaves_no_temporary_files(tmp_path):
    store = Store(Files(tmp_path))
    for points in (5, 10, 15):
        settings, stats, _ = store.load_settings()
        stats.record_hand("easy", won=True, points=points)
        assert store.save_settings(settings, stats) is None
    assert sorted(os.listdir(tmp_path)) == [FILENAME]
    assert store.load_settings()[1].easy.hand_points == 30


def test_interrupted_save_keeps_the_old_file(tmp_path, monkeypatch):
    store = Store(Files(tmp_path))
    old_settings, old_stats = sample()
    store.save_settings(old_settings, old_stats)
    before = (tmp_path / FILENAME).read_bytes()

    def crash(src, dst):
        raise OSError("simulated crash before the rename")

    monkeypatch.setattr(files_module.os, "replace", crash)
    new_stats = Stats()
    new_stats.record_match("easy", won=True, score=999)
    warning = store.save_settings(Settings(), new_stats)
    monkeypatch.undo()

    assert warning is not None and "cannot be saved" in warning and "simulated crash" in warning
    assert (tmp_path / FILENAME).read_bytes() == before
    assert sorted(os.listdir(tmp_path)) == [FILENAME]
    settings, stats, warning = store.load_settings()
    assert warning is None
    assert (settings, stats) == (old_settings, old_stats)


def test_save_into_unwritable_directory_warns(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("I am a file", encoding="utf-8")
    store = Store(Files(blocker / "data"))
    warning = store.save_settings(*sample())
    assert warning is not None and "cannot be saved" in warning
    assert "\n" not in warning
    # and loading from there is a warning too, not a crash
    settings, stats, warning = store.load_settings()
    assert (settings, stats) == (Settings(), Stats())
    assert warning is not None


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="needs POSIX permissions and a non-root user")
def test_save_into_read_only_directory_warns(tmp_path):
    tmp_path.chmod(0o500)
    try:
        assert Store(Files(tmp_path)).save_settings(*sample()) is not None
    finally:
        tmp_path.chmod(0o700)


# ----- statistics -----------------------------------------------------------------


def test_hand_statistics():
    stats = Stats()
    assert stats.normal.average_hand == 0.0
    stats.record_hand("normal", won=True, points=30)
    stats.record_hand("normal", won=True, points=90)
    stats.record_hand("normal", won=False, points=0)
    stats.record_hand("normal", won=True, points=60)
    level = stats.level("normal")
    assert (level.hands_won, level.hands_lost, level.hands_played) == (3, 1, 4)
    assert level.best_hand == 90
    assert level.hand_points == 180
    assert level.average_hand == 60.0
    assert stats.easy == LevelStats() and stats.hard == LevelStats()


def test_lost_hand_points_do_not_count_as_scored():
    stats = Stats()
    stats.record_hand("easy", won=False, points=75)
    assert stats.easy.hands_lost == 1
    assert stats.easy.hand_points == 0 and stats.easy.best_hand == 0


def test_match_statistics():
    stats = Stats()
    assert stats.hard.average_match == 0.0
    stats.record_match("hard", won=True, score=520)
    stats.record_match("hard", won=False, score=130)
    stats.record_match("hard", won=True, score=505)
    assert (stats.hard.matches_won, stats.hard.matches_lost, stats.hard.matches_played) == (2, 1, 3)
    assert stats.hard.best_match == 520
    assert stats.hard.average_match == pytest.approx(385.0)
    assert stats.easy.matches_played == 0


@pytest.mark.parametrize(
    "call",
    [
        lambda s: s.record_hand("medium", won=True, points=1),
        lambda s: s.record_hand("easy", won=True, points=-1),
        lambda s: s.record_match("easy", won=True, score=1.5),
        lambda s: s.level("EASY"),
    ],
)
def test_recording_bad_values_is_a_programming_error(call):
    stats = Stats()
    with pytest.raises(ValueError):
        call(stats)
    assert stats == Stats()


def test_settings_reject_bad_values():
    with pytest.raises(ValueError):
        Settings(difficulty="medium")
    with pytest.raises(ValueError):
        Settings(sound=1)
    with pytest.raises(ValueError):
        Settings(rules="1066")


# ----- the browser ----------------------------------------------------------------


class FakeLocalStorage:
    """What the store uses of the page's localStorage: getItem gives None for a missing key."""

    def __init__(self, items=None, fail=False):
        self.items = dict(items or {})
        self.fail = fail

    def getItem(self, key):
        if self.fail:
            raise RuntimeError("SecurityError: the operation is insecure")
        return self.items.get(key)

    def setItem(self, key, value):
        if self.fail:
            raise RuntimeError("QuotaExceededError")
        assert isinstance(value, str)
        self.items[key] = value

    def removeItem(self, key):
        if self.fail:
            raise RuntimeError("SecurityError: the operation is insecure")
        self.items.pop(key, None)


def test_browser_round_trip():
    storage = FakeLocalStorage()
    store = Store(LocalStorage(storage))
    assert store.load_settings() == (Settings(), Stats(), None)
    settings, stats = sample()
    assert store.save_settings(settings, stats) is None
    assert list(storage.items) == ["uno1991"]
    assert json.loads(storage.items["uno1991"])["version"] == 1
    assert Store(LocalStorage(storage)).load_settings() == (settings, stats, None)


@pytest.mark.parametrize("name", WHOLE_FILE_PROBLEMS)
def test_browser_bad_data_gives_defaults_and_one_warning(name):
    content, reason = WHOLE_FILE_PROBLEMS[name]
    if isinstance(content, bytes):
        content = content.decode("latin-1")  # localStorage holds strings only
        reason = "not valid JSON"
    settings, stats, warning = Store(LocalStorage(FakeLocalStorage({"uno1991": content}))).load_settings()
    assert (settings, stats) == (Settings(), Stats())
    assert warning is not None and "\n" not in warning
    assert "localStorage['uno1991']" in warning
    assert reason in warning


def test_browser_bad_data_is_kept_under_another_key():
    storage = FakeLocalStorage({"uno1991": "{garbled"})
    store = Store(LocalStorage(storage))
    settings, stats, warning = store.load_settings()
    (aside,) = [key for key in storage.items if key.startswith("uno1991.unreadable-")]
    assert f"kept as localStorage[{aside!r}]" in warning
    assert store.save_settings(settings, stats) is None
    assert storage.items[aside] == "{garbled"
    assert Store(LocalStorage(storage)).load_settings() == (Settings(), Stats(), None)


def test_browser_newer_data_is_never_written_over():
    text = json.dumps(newer_document())
    storage = FakeLocalStorage({"uno1991": text})
    store = Store(LocalStorage(storage))
    _, stats, warning = store.load_settings()
    assert "newer UNO 1991" in warning
    assert store.save_settings(Settings(sound=False), stats) is None
    assert storage.items == {"uno1991": text}


def test_browser_bad_field_falls_back_alone():
    data = valid_document()
    data["stats"]["easy"]["best_hand"] = -40
    _, stats, warning = Store(LocalStorage(FakeLocalStorage({"uno1991": json.dumps(data)}))).load_settings()
    assert stats.easy.best_hand == 0 and stats.easy.hands_won == 1
    assert "stats.easy.best_hand=-40" in warning


def test_browser_storage_failures_warn():
    store = Store(LocalStorage(FakeLocalStorage(fail=True)))
    settings, stats, warning = store.load_settings()
    assert (settings, stats) == (Settings(), Stats())
    assert "cannot be read" in warning and "SecurityError" in warning
    assert store.save_settings(*sample()) is None  # what could not be read is never written over
    storage = FakeLocalStorage()
    store = Store(LocalStorage(storage))
    store.load_settings()
    storage.fail = True
    warning = store.save_settings(*sample())
    assert warning is not None and "cannot be saved" in warning


def test_browser_non_text_value_warns():
    _, _, warning = Store(LocalStorage(FakeLocalStorage({"uno1991": 42}))).load_settings()
    assert warning is not None and "unexpected int" in warning


def test_open_store_picks_by_platform(tmp_path, monkeypatch):
    store = open_store(tmp_path)
    assert isinstance(store.backend, Files) and store.directory == tmp_path
    monkeypatch.setattr(store_module.sys, "platform", "emscripten")
    assert isinstance(open_store(tmp_path).backend, LocalStorage)


def test_browser_store_without_pyodide_warns_instead_of_crashing():
    # Off the browser there is no ``js`` module: the default storage cannot be found.
    settings, stats, warning = Store(LocalStorage()).load_settings()
    assert (settings, stats) == (Settings(), Stats())
    assert warning is not None and "cannot be read" in warning


def test_no_document_is_a_first_run():
    reading = read_document(None)
    assert (reading.settings, reading.stats, reading.problem) == (Settings(), Stats(), None)


def test_rules_opponents_and_scoring_are_kept(tmp_path):
    settings = Settings(rules="standard", opponents=6, scoring="tally")
    Store(Files(tmp_path)).save_settings(settings, Stats())
    loaded, _, warning = Store(Files(tmp_path)).load_settings()
    assert warning is None and loaded == settings and loaded.players == 7


def test_each_rule_set_seats_as_many_opponents_as_it_can():
    assert Settings(rules="1991", opponents=5).players == 2
    assert Settings(rules="royal", opponents=9).players == 6
    assert Settings(rules="standard", opponents=9).players == 10


def test_statistics_are_kept_per_rule_set_and_number_of_players(tmp_path):
    stats = Stats()
    stats.record_hand("hard", won=True, points=40)
    stats.record_hand("hard", won=True, points=70, table=table_key("standard", 4))
    stats.record_match("easy", won=False, score=120, table=table_key("royal", 3))
    Store(Files(tmp_path)).save_settings(Settings(), stats)
    _, loaded, warning = Store(Files(tmp_path)).load_settings()
    assert warning is None and loaded == stats
    assert loaded.hard.hand_points == 40 and loaded.level("hard", "standard 4").hand_points == 70
    assert loaded.level("easy", "royal 3").matches_lost == 1 and loaded.level("hard", "standard 6").hands_played == 0


def test_bad_opponents_scoring_and_tables_are_dropped_and_the_rest_kept(tmp_path):
    good = {"hands_won": 3}
    data = {
        "version": 1,
        "settings": {"difficulty": "hard", "opponents": 12, "scoring": "lowest"},
        "stats": {"tables": {"standard 4": {"hard": good}, "royal 9": {"hard": good}, "standard 3": None}},
    }
    settings, stats, warning = write(tmp_path, json.dumps(data)).load_settings()
    assert settings == Settings(difficulty="hard")
    assert stats.level("hard", "standard 4").hands_won == 3 and list(stats.tables) == ["standard 4"]
    assert "bad values settings.opponents=12 and 3 more;" in warning


def test_house_rules_are_kept_in_order_and_bad_ones_dropped(tmp_path):
    settings = Settings(rules="standard")
    settings.toggle_house("jump_in")
    settings.toggle_house("stacking")
    assert settings.house == ("stacking", "jump_in")
    Store(Files(tmp_path)).save_settings(settings, Stats())
    loaded, _, warning = Store(Files(tmp_path)).load_settings()
    assert warning is None and loaded.house == ("stacking", "jump_in")
    loaded.toggle_house("stacking")
    assert loaded.house == ("jump_in",)
    data = {"version": 1, "settings": {"house": ["stacking", "cheating"], "difficulty": "easy"}}
    settings, _, warning = write(tmp_path, json.dumps(data)).load_settings()
    assert settings == Settings(difficulty="easy") and "settings.house=['stacking', 'cheating']" in warning
