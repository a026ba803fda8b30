"""Median time per move of every opponent, on the positions of real games.

Each player takes one side against a random player for a few games (random-collapse
rules, as ESILV measured them; the solver-based players under Goff's rules) and every
call to ``choose`` is timed. The solver players share one solver whose opening is
solved first (its time is printed separately, by benchmarks/solver.py).

    python benchmarks/players.py [--games 4] [--no-qaoa]
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from qttt_widgets.players.basic import RandomPlayer  # noqa: E402
from qttt_widgets.players.esilv import (GroverHeuristicPlayer, QaoaGroverPlayer,  # noqa: E402
                                        QuantumMinimaxPlayer, VariationalPlayer)
from qttt_widgets.players.solver import ImperfectPlayer, PerfectPlayer, shared_solver  # noqa: E402
from qttt_widgets.rules.goff import GoffGame  # noqa: E402


def time_player(factory, rules: str, games: int) -> list[float]:
    times = []
    for i in range(games):
        g = GoffGame(rules, seed=100 + i) if rules == "random" else GoffGame()
        me, other = factory(i), RandomPlayer(1000 + i)
        side = "X" if i % 2 == 0 else "O"
        while not g.is_over:
            if g.to_move == side:
                t0 = time.perf_counter()
                a = me.choose(g)
                times.append(time.perf_counter() - t0)
            else:
                a = other.choose(g)
            g.apply(a)
    return times


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--no-qaoa", action="store_true")
    args = ap.parse_args()
    shared_solver("goff").solve_cached()
    rows = [("Random", RandomPlayer, "random", "-"),
            ("Variational (2 qubits)", VariationalPlayer, "random", "-"),
            ("Grover heuristic", GroverHeuristicPlayer, "random", "~ms"),
            ("Quantum minimax", QuantumMinimaxPlayer, "random", "1-3 s")]
    if not args.no_qaoa:
        rows.append(("QAOA + Grover", QaoaGroverPlayer, "random", "~0.5 s"))
    rows += [("GoffSolver (perfect)", lambda s: PerfectPlayer(s), "goff", "-"),
             ("Imperfect p=0.2", lambda s: ImperfectPlayer(s, p=0.2), "goff", "-")]
    print(f"{'player':<24}{'rules':<8}{'moves':>6}{'median ms':>11}{'max ms':>9}   ESILV")
    for name, factory, rules, esilv in rows:
        ts = time_player(factory, rules, args.games)
        print(f"{name:<24}{rules:<8}{len(ts):>6}{statistics.median(ts) * 1000:>11.2f}"
              f"{max(ts) * 1000:>9.0f}   {esilv}")


if __name__ == "__main__":
    main()
