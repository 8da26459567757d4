"""The value model is data: game.ai.fit writes values.json, value reads it."""

import json

from game.ai import fit, value


def test_the_value_model_is_read_from_the_data_the_fit_writes(tmp_path, monkeypatch, capsys):
    data = json.loads(fit.VALUES.read_text())["1991"]
    assert (tuple(data["mover"]), tuple(data["other"]), data["bias"]) == (value.MOVER, value.OTHER, value.BIAS)
    monkeypatch.setattr(fit, "VALUES", tmp_path / "values.json")
    fit.main(["--hands", "80", "--seed", "3", "--write"])
    written = json.loads((tmp_path / "values.json").read_text())["1991"]
    assert written["features"] == list(value.FEATURES)
    assert len(written["mover"]) == len(written["other"]) == len(value.FEATURES)
    assert "held-out log loss" in capsys.readouterr().out
