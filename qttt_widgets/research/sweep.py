"""The thesis' simulations, vectorised: many games at once, ply by ply, with numpy.

A game state is a probability vector over the unfinished boards of the current ply (the
records keep histories apart, so no two histories interfere and only probabilities
matter), plus the probability already absorbed in finished boards (X won, O won, tie).

* a classical player (the imperfect one, or M^C) picks one child per board per game;
* the simple quantum player splits each board's probability evenly over its optimal moves;
* amplitude amplification multiplies the good probability a by sin^2((2n+1)theta)/a and the
  rest by cos^2((2n+1)theta)/(1-a), with sin^2(theta) = a and n = floor(pi/(4 theta)).

``python -m qttt_widgets.research.sweep`` runs the thesis' sweep (p = 0 .. 1 in steps of
0.01, imperfect player as X and as O, 5 batches of 350 games a point) and draws figures 13,
19, 20 and 21: wins and ties against p with two-standard-deviation bands (``plot(...,
kind="expected")`` draws the expected counts computed from the final amplitudes instead).
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

from qttt_widgets.rules.classical import legal_positions

from .amplification import STRATEGIES, is_finished, klass, mistake_children, optimal_children, result_of

RESULTS = {"X": 0, "O": 1, "T": 2}


@dataclass
class Ply:
    boards: list[str]
    mover: str
    opt: np.ndarray          # (n, K) child columns, padded with the first
    n_opt: np.ndarray        # (n,)
    mis: np.ndarray          # (n, K) mistake child columns (padded)
    n_mis: np.ndarray        # (n,) 0 where no mistake is possible
    split: object            # sparse (n, n_next + 3): the even split over optimal children
    good: dict               # player -> bool mask over boards (in B_player)


@lru_cache(maxsize=1)
def tables() -> list[Ply]:
    """Per ply 0..8: the unfinished boards, their moves as column indices into the next ply
    (finished children go to three extra columns: X won, O won, tie)."""
    from scipy.sparse import csr_matrix
    by_ply: list[list[str]] = [[] for _ in range(10)]
    for key in legal_positions():
        if not is_finished(key):
            by_ply[9 - key.count(".")].append(key)
    plies = []
    for t in range(9):
        boards = by_ply[t]
        nxt = {k: i for i, k in enumerate(by_ply[t + 1])}
        width = len(by_ply[t + 1])

        def col(child: str) -> int:
            return nxt[child] if not is_finished(child) else width + RESULTS[result_of(child)]

        opts = [[col(c) for c in optimal_children(b)] for b in boards]
        mists = [[col(c) for c in mistake_children(b)] for b in boards]
        k = max(1, max(len(o) for o in opts), max((len(m) for m in mists), default=1))
        opt = np.array([o + [o[0]] * (k - len(o)) for o in opts], dtype=np.int64)
        mis = np.array([(m or [0]) + [(m or [0])[0]] * (k - len(m or [0])) for m in mists], dtype=np.int64)
        rows, cols, vals = [], [], []
        for i, o in enumerate(opts):
            for c in o:
                rows.append(i)
                cols.append(c)
                vals.append(1.0 / len(o))
        split = csr_matrix((vals, (rows, cols)), shape=(len(boards), width + 3))
        good = {p: np.array([klass(b) == p for b in boards]) for p in ("X", "O")}
        plies.append(Ply(boards, "X" if t % 2 == 0 else "O", opt, np.array([len(o) for o in opts]),
                         mis, np.array([len(m) for m in mists]), split, good))
    return plies


def _sample_move(D: np.ndarray, ply: Ply, rng, p: float | None, trace: list | None = None) -> np.ndarray:
    """Each game moves each of its boards to one child; ``p`` given: the imperfect player.
    ``trace`` (a list) gets (boards moved, their columns per game): see ``final_distribution``."""
    games, n = D.shape
    width = ply.split.shape[1]
    live = np.flatnonzero(D.any(axis=0))
    sub = D[:, live]
    pick = (rng.random((games, live.size)) * ply.n_opt[live]).astype(np.int64)
    target = ply.opt[live[None, :], pick]
    if p is not None and p > 0:
        can = ply.n_mis[live] > 0
        slip = (rng.random((games, live.size)) < p) & can[None, :]
        mpick = (rng.random((games, live.size)) * np.maximum(ply.n_mis[live], 1)).astype(np.int64)
        target = np.where(slip, ply.mis[live[None, :], mpick], target)
    if trace is not None:
        trace.append(([ply.boards[i] for i in live], target.copy()))
    flat = (np.arange(games)[:, None] * width + target).ravel()
    return np.bincount(flat, weights=sub.ravel(), minlength=games * width).reshape(games, width)


def _amplify(D: np.ndarray, A: np.ndarray, good_mask: np.ndarray, me: str) -> None:
    """Q^n on every game at once (in place): good = boards in B_me and games already won by me."""
    m = RESULTS[me]
    a = D[:, good_mask].sum(axis=1) + A[:, m]
    ok = (a > 1e-15) & (a < 1 - 1e-15)
    theta = np.arcsin(np.sqrt(np.clip(a, 0, 1)))
    n = np.where(ok, np.floor(np.pi / (4 * np.where(ok, theta, 1))), 0)
    fg = np.where(ok, np.sin((2 * n + 1) * theta) ** 2 / np.where(ok, a, 1), 1.0)
    fb = np.where(ok, np.cos((2 * n + 1) * theta) ** 2 / np.where(ok, 1 - a, 1), 1.0)
    D *= np.where(good_mask[None, :], fg[:, None], fb[:, None])
    A[:, m] *= fg
    for r in range(3):
        if r != m:
            A[:, r] *= fb


def final_distribution(strategy: str, imperfect: str, p: float, games: int, rng,
                       trace: list | None = None) -> np.ndarray:
    """(games, 3) probabilities of X won / O won / tie at the end of each game.

    ``trace``, a list, receives the classical choices: for each ply where a player picks one
    move per board (the imperfect player; M^C under "classical"), a pair (boards, columns):
    the keys of the boards holding probability in some game, and a (games, len(boards)) array
    of the column each game moved each board to (an index into the next ply's boards, or
    past their end: X won, O won, tie). The tests replay these choices in the readable model
    (``amplification.play_game(..., players=...)``) and compare every game's result."""
    if strategy not in STRATEGIES:
        raise ValueError(f"strategy must be one of {STRATEGIES}")
    me = "O" if imperfect == "X" else "X"
    plies = tables()
    D = np.ones((games, 1))
    A = np.zeros((games, 3))
    my_moves = 0
    last_move = 5 if me == "X" else 4
    for t, ply in enumerate(plies):
        if ply.mover == imperfect:
            out = _sample_move(D, ply, rng, p, trace)
        elif strategy == "classical":
            out = _sample_move(D, ply, rng, None, trace)
        else:
            out = np.asarray(ply.split.T.dot(D.T).T)
        A += out[:, -3:]
        D = out[:, :-3]
        if ply.mover == me:
            my_moves += 1
            if strategy == "amplify-every" or (strategy == "amplify-last" and my_moves == last_move):
                # D now lives on the next ply's boards (none after the ninth move)
                mask = plies[t + 1].good[me] if t + 1 < len(plies) else np.zeros(D.shape[1], dtype=bool)
                _amplify(D, A, mask, me)
    return A


def _point(strategy: str, side: str, i: int, p: float, batches: int, games: int, seed: int):
    """One point of the sweep, per batch: ties sampled, ties expected, wins (of the player who
    is not the imperfect one) sampled, wins expected."""
    rng = np.random.default_rng([seed, STRATEGIES.index(strategy), 0 if side == "X" else 1, i])
    final = final_distribution(strategy, side, float(p), games * batches, rng)
    r = rng.random(games * batches)
    tie = r >= final[:, 0] + final[:, 1]                        # measure: X, then O, then tie
    me = 1 if side == "X" else 0                                # column of the other player's wins
    won = (r < final[:, 0]) if me == 0 else ((r >= final[:, 0]) & (r < final[:, 0] + final[:, 1]))
    per = lambda x: x.reshape(batches, games).sum(axis=1)       # noqa: E731
    return per(tie), per(final[:, 2]), per(won), per(final[:, me])


def _column(args):
    strategy, side, ps, batches, games, seed = args
    return [_point(strategy, side, i, p, batches, games, seed) for i, p in enumerate(ps)]


def sweep(strategies=STRATEGIES, ps=None, batches: int = 5, games: int = 350, seed: int = 2025,
          progress=None, workers: int = 1) -> dict:
    """Ties per batch for every strategy, side of the imperfect player, and p.

    Returns {(strategy, imperfect): {"p": [...], "sampled": (len(p), batches) ties,
    "expected": (len(p), batches) expected ties from the final amplitudes, "wins" and
    "wins_expected": the same for the games won by the player facing the imperfect one}}.
    Each point has its own random stream, so the result does not depend on ``workers``."""
    ps = np.round(np.arange(0, 1.0001, 0.01), 2) if ps is None else np.asarray(ps)
    jobs = [(s, side, ps, batches, games, seed) for s in strategies for side in ("X", "O")]
    if workers > 1:
        from concurrent.futures import ProcessPoolExecutor
        with ProcessPoolExecutor(workers) as pool:
            columns = []
            for k, col in enumerate(pool.map(_column, jobs)):
                columns.append(col)
                if progress:
                    progress((k + 1) * len(ps), len(jobs) * len(ps))
    else:
        columns = []
        for k, job in enumerate(jobs):
            col = []
            for i, p in enumerate(ps):
                col.append(_point(job[0], job[1], i, p, batches, games, seed))
                if progress:
                    progress(k * len(ps) + i + 1, len(jobs) * len(ps))
            columns.append(col)
    out = {}
    for (s, side, *_), col in zip(jobs, columns):
        out[(s, side)] = {"p": ps, "sampled": np.array([c[0] for c in col]),
                          "expected": np.array([c[1] for c in col]),
                          "wins": np.array([c[2] for c in col]),
                          "wins_expected": np.array([c[3] for c in col])}
    return out


FIGURES = {13: ("Simple quantum strategy", ["classical", "simple"]),
           19: ("Amplitude amplification at the last move", ["classical", "amplify-last"]),
           20: ("Amplitude amplification at every move", ["classical", "amplify-every"]),
           21: ("All strategies", list(STRATEGIES))}
COLOURS = {"classical": "#555555", "simple": "#d62728", "amplify-last": "#1f77b4", "amplify-every": "#2ca02c"}
MARKERS = {"classical": "o", "simple": "s", "amplify-last": "^", "amplify-every": "D"}
LINESTYLES = {"classical": "-", "simple": "--", "amplify-last": "-.", "amplify-every": ":"}
LABELS = {"classical": "classical optimal", "simple": "simple quantum", "amplify-last": "amplify at last move",
          "amplify-every": "amplify at every move"}


def plot(results: dict, number: int, path: Path | None = None, games: int = 350, kind: str = "sampled",
         rows=("wins", "ties")) -> bytes:
    """One of the thesis' figures (13, 19, 20, 21), with wins as well as ties: a row of two
    panels (imperfect player as X, as O) for each of ``rows``, counts out of ``games``
    against p. ``kind="sampled"``: the mean over batches of one measurement per game, with a
    band of +- 2 sd over batches (the thesis' way); ``kind="expected"``: the mean of the
    probabilities computed from each game's final amplitudes (no measurement noise).
    Strategies differ by marker and line style as well as colour."""
    import io

    from matplotlib.figure import Figure
    from matplotlib.lines import Line2D
    if kind not in ("sampled", "expected"):
        raise ValueError("kind must be 'sampled' or 'expected'")
    title, strategies = FIGURES[number]
    keys = {("ties", "sampled"): "sampled", ("ties", "expected"): "expected",
            ("wins", "sampled"): "wins", ("wins", "expected"): "wins_expected"}
    fig = Figure(figsize=(10, 3.6 * len(rows) + 0.6), dpi=100)
    for row, what in enumerate(rows):
        for k, side in enumerate(("X", "O")):
            ax = fig.add_subplot(len(rows), 2, row * 2 + k + 1)
            for s in strategies:
                r = results[(s, side)]
                data = r[keys[(what, kind)]]
                mean = data.mean(axis=1)
                every = max(1, len(r["p"]) // 12)
                ax.plot(r["p"], mean, color=COLOURS[s], ls=LINESTYLES[s], marker=MARKERS[s], markevery=every,
                        ms=6, mfc="white" if s in ("simple", "amplify-last") else COLOURS[s], lw=1.6,
                        label=LABELS[s])
                if kind == "sampled" and data.shape[1] > 1:
                    sd = data.std(axis=1, ddof=1)
                    ax.fill_between(r["p"], mean - 2 * sd, mean + 2 * sd, color=COLOURS[s], alpha=0.15, lw=0)
            who = "O" if side == "X" else "X"
            ax.set_title(f"{who} against the imperfect {side}: " + ("games {who} wins" if what == "wins" else
                                                                     "tied games").format(who=who), fontsize=10)
            ax.set_xlabel("p (chance that a board where a mistake is possible is a mistake board)", fontsize=8)
            ax.set_ylabel(f"{what} out of {games} games")
            ax.set_ylim(-games * 0.02, games * 1.02)
            ax.grid(alpha=0.3)
    handles = [Line2D([], [], color=COLOURS[s], ls=LINESTYLES[s], marker=MARKERS[s], ms=6, lw=1.6,
                      mfc="white" if s in ("simple", "amplify-last") else COLOURS[s], label=LABELS[s])
               for s in strategies]
    if kind == "sampled":
        handles.append(Line2D([], [], color="grey", lw=6, alpha=0.3, label="band: ±2 sd over batches"))
        note = "one measurement per game, mean over batches"
    else:
        note = "expected from each game's final amplitudes, mean over games"
    fig.legend(handles=handles, loc="upper center", ncol=len(handles), fontsize=8, frameon=False,
               bbox_to_anchor=(0.5, 0.0))       # below the panels; savefig's tight box keeps it
    fig.suptitle(f"Figure {number}: {title} ({note})", fontsize=11)
    fig.tight_layout()
    buf = io.BytesIO()
    fig.savefig(buf, format="png", bbox_inches="tight")
    if path is not None:
        Path(path).write_bytes(buf.getvalue())
    return buf.getvalue()


def table(results: dict, ps=(0.05, 0.1, 0.2), games: int = 350) -> str:
    """Mean ties (sampled, +- sd) and expected ties at the given p, per strategy and side."""
    lines = [f"{'strategy':<15} {'imperfect':>9} " + " ".join(f"{'p=' + str(p):>22}" for p in ps)]
    for (s, side), r in results.items():
        cells = []
        for p in ps:
            i = int(np.argmin(np.abs(r["p"] - p)))
            cells.append(f"{r['sampled'][i].mean():6.1f}±{r['sampled'][i].std(ddof=1):4.1f} "
                         f"(exp {r['expected'][i].mean():5.1f})")
        lines.append(f"{s:<15} {side:>9} " + " ".join(f"{c:>22}" for c in cells))
    return "\n".join(lines)


def _progress(done: int, total: int) -> None:
    width = 40
    filled = int(width * done / total)
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} points")
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description="Regenerate the thesis' figures 13, 19, 20 and 21.")
    ap.add_argument("--batches", type=int, default=5)
    ap.add_argument("--games", type=int, default=350, help="games per batch")
    ap.add_argument("--step", type=float, default=0.01)
    ap.add_argument("--seed", type=int, default=2025)
    ap.add_argument("--out", type=Path, default=Path("figures"))
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="processes (default: all cores)")
    args = ap.parse_args(argv)
    ps = np.round(np.arange(0, 1 + 1e-9, args.step), 4)
    t0 = time.perf_counter()
    results = sweep(ps=ps, batches=args.batches, games=args.games, seed=args.seed, progress=_progress,
                    workers=args.workers)
    elapsed = time.perf_counter() - t0
    args.out.mkdir(parents=True, exist_ok=True)
    for number in FIGURES:
        plot(results, number, args.out / f"figure_{number}.png", games=args.games)
    print(table(results, games=args.games))
    print(f"{len(ps)} values of p x 2 sides x {len(STRATEGIES)} strategies x {args.batches} batches of "
          f"{args.games} games: {elapsed:.1f} s; figures in {args.out}/")


if __name__ == "__main__":
    main()
