"""Round-robin Elo tournaments and benchmarks against a random player (seed 001's tables 2 and 3).

Elo: every player starts at 1000; after each game R_i += K (S_i - E_i) with
E_i = 1 / (1 + 10^((R_j - R_i)/400)), K = 64, S in {0, 1/2, 1}. Each pairing plays N games,
alternating who moves first.

    python -m qttt_widgets.research.tournament --games 100 --rules random --qaoa
    python -m qttt_widgets.research.tournament --games 100 --rules goff --qaoa --solver

Both write the two tables to the terminal and a plot of them (``--plot``, a PNG).
"""
from __future__ import annotations

import argparse
import itertools
import sys
import time

from qttt_widgets.players.match import play  # noqa: F401  (one game; re-exported for the lessons)


def expected(ra: float, rb: float) -> float:
    return 1 / (1 + 10 ** ((rb - ra) / 400))


def elo_round_robin(factories: dict, games: int = 100, rules: str = "random", k: float = 64,
                    seed: int = 1, progress=None) -> dict:
    """Every pair plays ``games`` games, alternating who moves first.
    Returns {name: {'elo', 'wins', 'draws', 'losses'}}."""
    table = {name: {"elo": 1000.0, "wins": 0, "draws": 0, "losses": 0} for name in factories}
    pairs = list(itertools.combinations(factories, 2))
    done = 0
    for a, b in pairs:
        for i in range(games):
            first, second = (a, b) if i % 2 == 0 else (b, a)
            s = seed * 100_003 + done
            result = play(factories[first](s), factories[second](s + 1), rules, seed=s)
            score_first = 1.0 if result == "X" else 0.0 if result == "O" else 0.5
            e = expected(table[first]["elo"], table[second]["elo"])
            table[first]["elo"] += k * (score_first - e)
            table[second]["elo"] += k * ((1 - score_first) - (1 - e))
            for name, sc in ((first, score_first), (second, 1 - score_first)):
                table[name]["wins" if sc == 1 else "draws" if sc == 0.5 else "losses"] += 1
            done += 1
            if progress:
                progress(done, len(pairs) * games)
    return table


def versus_random(factory, games: int = 200, rules: str = "random", seed: int = 7, progress=None) -> dict:
    """Seed 001's table 3: the player against a random player, alternating sides."""
    from qttt_widgets.players.basic import RandomPlayer
    out = {"ai wins": 0, "random wins": 0, "draws": 0, "unfinished": 0}
    for i in range(games):
        ai, rnd = factory(seed + i), RandomPlayer(seed + 10_000 + i)
        x, o = (ai, rnd) if i % 2 == 0 else (rnd, ai)
        try:
            result = play(x, o, rules, seed=seed * 7919 + i)
        except RuntimeError:
            out["unfinished"] += 1
            continue
        ai_side = "X" if i % 2 == 0 else "O"
        out["draws" if result == "draw" else "ai wins" if result == ai_side else "random wins"] += 1
        if progress:
            progress(i + 1, games)
    return out


def plot_results(table: dict, against_random: dict | None = None, title: str = ""):
    """A matplotlib figure: Elo per player (bars, best on top, the start rating 1000 marked)
    and, if given, each player's results against random (wins, draws, losses, stacked)."""
    import matplotlib.pyplot as plt
    names = sorted(table, key=lambda n: table[n]["elo"])
    panels = 2 if against_random else 1
    fig, axes = plt.subplots(1, panels, figsize=(5.2 * panels, 0.45 * len(names) + 1.4), squeeze=False)
    ax = axes[0][0]
    elos = [table[n]["elo"] for n in names]
    ax.barh(names, elos, color="#4c72b0")
    ax.axvline(1000, color="grey", lw=1, ls="--")
    for y, e in enumerate(elos):
        ax.text(e + 8, y, f"{e:.0f}", va="center", fontsize=8)
    ax.set_xlim(min(elos + [1000]) - 100, max(elos) + 120)
    ax.set_xlabel("Elo (everyone starts at 1000)")
    ax.set_title(title or "Round robin")
    if against_random:
        ax = axes[0][1]
        rows = [n for n in names if n in against_random]
        left = [0] * len(rows)
        for label, colour in (("ai wins", "#55a868"), ("draws", "#c4c4c4"), ("random wins", "#c44e52"),
                              ("unfinished", "#8172b2")):
            vals = [against_random[n].get(label, 0) for n in rows]
            if not any(vals):
                continue
            ax.barh(rows, vals, left=left, color=colour, label=label.replace("ai ", "player "))
            left = [a + b for a, b in zip(left, vals)]
        ax.set_xlabel("games against a random player")
        ax.legend(fontsize=7, loc="upper center", bbox_to_anchor=(0.5, -0.16), ncol=3, frameon=False)
        ax.set_title("Against random")
    fig.tight_layout()
    return fig


def _progress(done: int, total: int) -> None:
    filled = int(40 * done / total)
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (40 - filled)}] {done}/{total} games")
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()


def default_players(qaoa: bool = False, solver: bool = False) -> dict:
    from qttt_widgets.players.basic import RandomPlayer
    from qttt_widgets.players.esilv import (GroverHeuristicPlayer, QaoaGroverPlayer, QuantumMinimaxPlayer,
                                            VariationalPlayer)
    players = {"Random": RandomPlayer, "Variational (2 qubits)": VariationalPlayer,
               "Grover heuristic": GroverHeuristicPlayer, "Quantum minimax": QuantumMinimaxPlayer}
    if qaoa:                                  # about a second a move: 30 COBYLA steps on Aer
        players["QAOA + Grover"] = QaoaGroverPlayer
    if solver:                                # perfect play from the Goff solver, and an imperfect one
        from functools import partial

        from qttt_widgets.players.solver import ImperfectPlayer, PerfectPlayer
        players["GoffSolver (perfect)"] = PerfectPlayer
        players["Imperfect p=0.2"] = partial(ImperfectPlayer, p=0.2)
    return players


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description="Elo round robin and the benchmark against random.")
    ap.add_argument("--games", type=int, default=100, help="games per pairing")
    ap.add_argument("--random-games", type=int, default=200)
    ap.add_argument("--rules", choices=["random", "goff"], default="random")
    ap.add_argument("--qaoa", action="store_true", help="add QAOA + Grover (slow: about 1 s a move)")
    ap.add_argument("--solver", action="store_true",
                    help="add the perfect GoffSolver player and an ImperfectPlayer(p=0.2)")
    ap.add_argument("--plot", default="tournament.png", metavar="PNG",
                    help="where to save the plot of both tables (default tournament.png; '' for none)")
    args = ap.parse_args(argv)
    players = default_players(args.qaoa, args.solver)
    t0 = time.perf_counter()
    table = elo_round_robin(players, args.games, args.rules, progress=_progress)
    print(f"Elo round robin, {args.games} games a pairing, {args.rules} collapse, K = 64")
    print(f"{'rank':<5}{'player':<20}{'Elo':>7}{'wins':>6}{'draws':>7}{'losses':>8}")
    for rank, (name, row) in enumerate(sorted(table.items(), key=lambda kv: -kv[1]["elo"]), 1):
        print(f"{rank:<5}{name:<20}{row['elo']:>7.0f}{row['wins']:>6}{row['draws']:>7}{row['losses']:>8}")
    print(f"\nagainst a random player, {args.random_games} games, {args.rules} collapse")
    against = {}
    for name, factory in players.items():
        if name == "Random":
            continue
        against[name] = versus_random(factory, args.random_games, args.rules, progress=_progress)
        print(f"{name:<20}", against[name])
    print(f"{time.perf_counter() - t0:.1f} s")
    if args.plot:
        import matplotlib
        matplotlib.use("Agg")
        rules = "Goff's rules" if args.rules == "goff" else "random collapse"
        fig = plot_results(table, against, f"Elo, {args.games} games a pairing, {rules}")
        fig.savefig(args.plot, dpi=120)
        print(f"plot written to {args.plot}")


if __name__ == "__main__":
    main()
