"""Time to build the circuit of a qubit-board position and measure it once on Aer.

For each size (3 x 3, 4 x 4, 5 x 5) a mid-game position is played from a fixed seed:
classical marks, SWAPs, superpositions and entanglements, one version with only
Clifford gates (Aer's stabilizer method) and one with a T phase move (matrix product
state). Prints medians over repeats. Targets: under 50 ms on 3 x 3, 500 ms on 5 x 5.

    python benchmarks/qubit_board.py [--repeats 15]
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from qttt_widgets.quantum.circuits import is_clifford, qubit_board_circuit  # noqa: E402
from qttt_widgets.quantum.measure import bits_to_cells, run_counts  # noqa: E402
from qttt_widgets.rules.qubit_board import QubitGame  # noqa: E402

def position(n: int, with_t: bool) -> QubitGame:
    """A mid-game position from a fixed seed: about half the cells quantum, some classical,
    a SWAP or two, nothing measured yet (moves that would trigger a measurement are skipped)."""
    rnd = random.Random(n)
    g = QubitGame(n=n, seed=1)
    kinds = ["entangle", "entangle", "h", "place", "swap"]
    while len(g.quantum_cells()) < n * n // 2:
        kind = kinds[g.ply % len(kinds)]
        moves = [m for m in g.legal_moves() if m[0] == kind]
        rnd.shuffle(moves)
        for move in moves:
            branches = g.branches(move)
            if len(branches) == 1 and not branches[0][1].is_over:
                g.apply(move)
                break
        else:
            g.apply(("place", g.empty_cells()[0]))   # nothing quiet of that kind: a classical mark
            assert not g.is_over
    if with_t:
        quiet = [c for c in g.empty_cells() if len(g.branches(("phase", c, "T"))) == 1]
        g.apply(("phase", quiet[0], "T"))
    assert not g.is_over and g.quantum_cells(), "the benchmark position must still be quantum"
    return g


def build_and_measure(g: QubitGame, seed: int) -> dict:
    qc = qubit_board_circuit(g)
    counts = run_counts(qc, shots=1, seed=seed)
    return bits_to_cells(next(iter(counts)), g.quantum_cells())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeats", type=int, default=15)
    args = ap.parse_args()
    import qiskit
    import qiskit_aer
    print(f"qiskit {qiskit.__version__}, qiskit-aer {qiskit_aer.__version__}; median of {args.repeats} runs")
    print(f"{'board':<7} {'gates':<9} {'qubits':>6} {'quantum cells':>13} {'build ms':>9} {'build+measure ms':>17}")
    build_and_measure(position(3, False), 0)            # warm up imports and Aer
    for n in (3, 4, 5):
        for with_t in (False, True):
            g = position(n, with_t)
            builds, totals = [], []
            for r in range(args.repeats):
                t0 = time.perf_counter()
                qc = qubit_board_circuit(g)
                t1 = time.perf_counter()
                build_and_measure(g, r)
                t2 = time.perf_counter()
                builds.append((t1 - t0) * 1000)
                totals.append((t1 - t0 + t2 - t1) * 1000)
            kind = "Clifford" if is_clifford(qc) else "with T"
            print(f"{n}x{n:<5} {kind:<9} {qc.num_qubits:>6} {len(g.quantum_cells()):>13} "
                  f"{statistics.median(builds):>9.1f} {statistics.median(totals):>17.1f}")
    print("targets: under 50 ms on 3x3, under 500 ms on 5x5")


if __name__ == "__main__":
    main()
