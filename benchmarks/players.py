"""Reply time of every opponent, and hint time of the solver, on the positions of real games.

Replies: each player takes one side against a random player for a few games (random-collapse
rules, as ESILV measured them; the solver-based players under Goff's rules, and the perfect
player under both) and every call to ``choose`` is timed; qiskit, Aer and the books are
loaded first. ``--before REF`` also times the variational, quantum minimax and QAOA + Grover
players as they were at commit REF (read with ``git show``; default 0b7e862, the last single-module
esilv.py), in the same run.

Hints (``--hints``): random play from the start under each rule set, stopping at a random
ply (positions with a pending collapse included under Goff's rules), then one
``shared_solver(rules).hint`` per position, as the app asks for it. The books are loaded first.

Every figure is given as wall time and CPU time (time.process_time) of this process; when
the machine is busy (load average above the number of cores) the script says so, because
wall times then read several times worse.

    python benchmarks/players.py [--games 4] [--no-qaoa] [--before [REF]]
    python benchmarks/players.py --hints [--positions 1000]
    python benchmarks/players.py --first-reply [--repeat 3]

First replies (``--first-reply``): each quantum opponent's first reply in a fresh Python (as in a
fresh kernel), *cold* (the reply loads qiskit and Aer itself) and *warmed* (the app was opened with
that opponent chosen, its background warm-up finished while the student reads the board, then
the first reply), side by side in one run, medians of ``--repeat`` fresh processes.
"""
from __future__ import annotations

import argparse
import importlib.util
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from qttt_widgets.players.basic import RandomPlayer  # noqa: E402
from qttt_widgets.players.esilv import (GroverHeuristicPlayer, MinimaxPlayer, QaoaGroverPlayer,  # noqa: E402
                                        QuantumMinimaxPlayer, VariationalPlayer)
from qttt_widgets.players import book  # noqa: E402
from qttt_widgets.players.solver import ImperfectPlayer, PerfectPlayer, shared_solver  # noqa: E402
from qttt_widgets.rules.classical import ClassicalBoard  # noqa: E402
from qttt_widgets.rules.goff import GoffGame  # noqa: E402

CORES = os.cpu_count() or 1


def busy_warning(when: str) -> None:
    load = os.getloadavg()[0]
    if load > CORES:
        print(f"WARNING ({when}): the machine is busy (load average {load:.1f} on {CORES} cores): "
              f"wall times read worse than they are; compare the CPU columns", flush=True)


def timed(call):
    w, c = time.perf_counter(), time.process_time()
    out = call()
    return out, time.perf_counter() - w, time.process_time() - c


def time_player(factory, rules: str, games: int) -> list[tuple[float, float]]:
    """(wall, cpu) seconds of every reply of the player made by ``factory(i)``."""
    times = []
    for i in range(games):
        if rules == "classical":
            g = ClassicalBoard()
        else:
            g = GoffGame(rules, seed=100 + i) if rules == "random" else GoffGame()
        me, other = factory(i), RandomPlayer(1000 + i)
        side = "X" if i % 2 == 0 else "O"
        while not g.is_over:
            if g.to_move == side:
                a, wall, cpu = timed(lambda: me.choose(g))
                times.append((wall, cpu))
            else:
                a = other.choose(g)
            g.apply(a)
    return times


def old_esilv(ref: str):
    """The esilv module as it was at commit ``ref``, loaded under another name."""
    text = subprocess.run(["git", "show", f"{ref}:qttt_widgets/players/esilv.py"], cwd=ROOT,
                          capture_output=True, text=True, check=True).stdout
    path = Path(tempfile.mkdtemp()) / f"esilv_{ref}.py"
    path.write_text(text)
    spec = importlib.util.spec_from_file_location(f"esilv_{ref}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f}"


def summary(times) -> tuple[str, str, str, str]:
    walls, cpus = [w for w, _ in times], [c for _, c in times]
    return ms(statistics.median(walls)), ms(statistics.median(cpus)), ms(max(walls)), ms(max(cpus))


def warm_up() -> None:
    """Load qiskit, Aer and the books once, before any timing: the first quantum reply of a
    kernel would otherwise carry about a second of imports."""
    from qiskit import QuantumCircuit
    from qiskit.quantum_info import Statevector

    from qttt_widgets.quantum.measure import run_counts
    qc = QuantumCircuit(1, 1)
    qc.h(0)
    Statevector.from_instruction(qc)
    qc.measure(0, 0)
    run_counts(qc, shots=1, seed=1)
    for rules in ("goff", "random"):
        book.load(rules)


def replies(args) -> None:
    busy_warning("start")
    warm_up()
    shared_solver("goff").solve_cached()
    rows = [("Random", RandomPlayer, "random"),
            ("Minimax (classical)", MinimaxPlayer, "classical"),
            ("Variational (2 qubits)", VariationalPlayer, "random"),
            ("Grover heuristic", GroverHeuristicPlayer, "random"),
            ("Quantum minimax", QuantumMinimaxPlayer, "random")]
    if not args.no_qaoa:
        rows.append(("QAOA + Grover", QaoaGroverPlayer, "random"))
    rows += [("GoffSolver (perfect)", lambda s: PerfectPlayer(s), "goff"),
             ("Imperfect p=0.2", lambda s: ImperfectPlayer(s, p=0.2), "goff"),
             ("GoffSolver (perfect)", lambda s: PerfectPlayer(s), "random")]
    if args.before:
        old = old_esilv(args.before)
        tag = f" @{args.before}"
        before = [("Variational" + tag, old.VariationalPlayer, "random"),
                  ("Quantum minimax" + tag, old.QuantumMinimaxPlayer, "random")]
        if not args.no_qaoa:
            before.append(("QAOA + Grover" + tag, old.QaoaGroverPlayer, "random"))
        rows = rows[:6] + before + rows[6:]
    print(f"{args.games} games a player against a random player; times in ms, wall and CPU")
    print(f"{'player':<28}{'rules':<10}{'moves':>6}{'median wall':>13}{'cpu':>8}{'worst wall':>12}{'cpu':>8}")
    for name, factory, rules in rows:
        ts = time_player(factory, rules, args.games)
        mw, mc, ww, wc = summary(ts)
        print(f"{name:<28}{rules:<10}{len(ts):>6}{mw:>13}{mc:>8}{ww:>12}{wc:>8}", flush=True)
    busy_warning("end")


def hint_positions(rules: str, count: int, seed: int) -> list[GoffGame]:
    """``count`` positions of random play, each stopped at a random ply (0 to 16 actions),
    not over; under Goff's rules a pending collapse is a position too."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        g = GoffGame(rules, seed=rng.randrange(10**6))
        stop = rng.randint(0, 16)
        for _ in range(stop):
            if g.is_over:
                break
            g.apply(rng.choice(g.legal_moves()))
        if not g.is_over:
            out.append(g)
    return out


def hints(args) -> None:
    busy_warning("start")
    print(f"{args.positions} random positions a rule set; shared_solver(rules).hint(position); ms")
    print(f"{'rules':<8}{'positions':>10}{'pending':>9}{'median wall':>13}{'cpu':>8}{'worst wall':>12}{'cpu':>8}"
          f"{'over 100 ms (cpu)':>19}   worst position")
    for rules in ("goff", "random"):
        book.load(rules)
        solver = shared_solver(rules)
        positions = hint_positions(rules, args.positions, seed=args.seed)
        times = []
        for g in positions:
            _, wall, cpu = timed(lambda: solver.hint(g))
            times.append((wall, cpu, g))
        mw, mc, ww, wc = summary([(w, c) for w, c, _ in times])
        worst = max(times, key=lambda t: t[1])[2]
        slow = sum(1 for _, c, _ in times if c > 0.1)
        pending = sum(1 for g in positions if g.pending is not None)
        print(f"{rules:<8}{len(positions):>10}{pending:>9}{mw:>13}{mc:>8}{ww:>12}{wc:>8}{slow:>19}   "
              f"{worst.notation() or '(empty board)'}", flush=True)
    busy_warning("end")


FIRST_REPLY = """
import sys, time
name, warmed = sys.argv[1], sys.argv[2] == "warmed"
from qttt_widgets.widgets.app import GameApp
from qttt_widgets.widgets.registry import MODES
app = GameApp(mode="random", seed=1, o=name if warmed else "Human")
for thread in app.warming:                  # the page is read while the warm-up runs
    thread.join()
player = app.players["O"] if warmed else MODES["random"].players[name](7)
game = app.game.copy().apply((0, 8))
w, c = time.perf_counter(), time.process_time()
player.choose(game)
print(time.perf_counter() - w, time.process_time() - c)
"""


def first_replies(args) -> None:
    from qttt_widgets.widgets.registry import QUANTUM_PLAYERS
    busy_warning("first replies")
    print(f"{'first reply in a fresh process':<42} {'cold wall':>10} {'cold CPU':>9} {'warmed wall':>12} {'warmed CPU':>11}")
    for name in QUANTUM_PLAYERS:
        runs = {"cold": [], "warmed": []}
        for _ in range(args.repeat):
            for how in ("cold", "warmed"):             # alternated, each in its own fresh process
                out = subprocess.run([sys.executable, "-c", FIRST_REPLY, name, how], cwd=ROOT, check=True,
                                     capture_output=True, text=True).stdout.split()
                runs[how].append(tuple(float(x) for x in out[-2:]))
        med = {how: (statistics.median(w for w, _ in r) * 1000, statistics.median(c for _, c in r) * 1000)
               for how, r in runs.items()}
        print(f"{name:<42} {med['cold'][0]:>8.0f}ms {med['cold'][1]:>7.0f}ms {med['warmed'][0]:>10.0f}ms "
              f"{med['warmed'][1]:>9.0f}ms")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--no-qaoa", action="store_true")
    ap.add_argument("--before", nargs="?", const="0b7e862", default=None,
                    help="also time the ESILV players of this commit (default 0b7e862)")
    ap.add_argument("--hints", action="store_true", help="time solver hints instead of replies")
    ap.add_argument("--first-reply", action="store_true", help="each quantum opponent's first reply, cold and warmed")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--positions", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=2026)
    args = ap.parse_args(argv)
    if args.first_reply:
        return first_replies(args)
    hints(args) if args.hints else replies(args)


if __name__ == "__main__":
    main()
