"""benchmarks/players.py: replies and hints timed as wall and CPU time, a warning on a busy machine."""
import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def bench():
    spec = importlib.util.spec_from_file_location("bench_players", ROOT / "benchmarks" / "players.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_busy_machine_is_announced(bench, monkeypatch, capsys):
    monkeypatch.setattr(bench.os, "getloadavg", lambda: (bench.CORES + 0.5, 0.0, 0.0))
    bench.busy_warning("start")
    assert "WARNING (start): the machine is busy" in capsys.readouterr().out
    monkeypatch.setattr(bench.os, "getloadavg", lambda: (bench.CORES - 0.5, 0.0, 0.0))
    bench.busy_warning("end")
    assert capsys.readouterr().out == ""


def test_hint_positions_cover_both_rule_sets_and_pending_collapses(bench):
    goff = bench.hint_positions("goff", 300, seed=1)
    rand = bench.hint_positions("random", 50, seed=1)
    assert len(goff) == 300 and not any(g.is_over for g in goff)
    assert any(g.pending is not None for g in goff) and any(g.move_number == 1 for g in goff)
    assert {g.rules for g in rand} == {"random"} and len({g.notation() for g in rand}) > 20


def test_hint_benchmark_prints_median_and_worst_wall_and_cpu(bench, monkeypatch, capsys):
    monkeypatch.setattr(bench.os, "getloadavg", lambda: (0.0, 0.0, 0.0))
    bench.main(["--hints", "--positions", "30"])
    out = capsys.readouterr().out.splitlines()
    assert "median wall     cpu  worst wall     cpu" in out[1]
    rows = {line.split()[0]: line.split() for line in out[2:]}
    assert set(rows) == {"goff", "random"} and all(r[1] == "30" for r in rows.values())


def test_reply_benchmark_times_each_player_wall_and_cpu(bench, monkeypatch):
    from qttt_widgets.players.basic import RandomPlayer
    from qttt_widgets.players.esilv import MinimaxPlayer
    times = bench.time_player(RandomPlayer, "random", 2)
    assert times and all(len(t) == 2 and t[0] >= 0 and t[1] >= 0 for t in times)
    assert len(bench.time_player(MinimaxPlayer, "classical", 1)) >= 3
    assert bench.summary([(0.001, 0.002), (0.003, 0.001), (0.010, 0.004)]) == ("3.0", "2.0", "10.0", "4.0")
