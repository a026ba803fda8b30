"""The checks of every lesson's tasks (registered into ``TASKS``)."""
from __future__ import annotations

import math

from . import _close, _same_state, task

R = 1 / math.sqrt(2)


# --- lesson 00: how to use the course -------------------------------------------------------
@task("0.1", "the number of squares on a tic-tac-toe board")
def _(ans):
    if ans == 9:
        return None
    return "count them: three rows of three"


# --- lesson 01: one qubit -----------------------------------------------------------------
@task("1.1", "the amplitudes (a0, a1) of the state |1>")
def _(ans):
    a0, a1 = ans
    if _close(a0, 0) and _close(a1, 1):
        return None
    if _close(a0, 1) and _close(a1, 0):
        return "that is |0>: the first number is the amplitude of |0>, the second of |1>"
    return "|1> is 'all of the weight on 1': one amplitude is 0, the other 1"


@task("1.2", "P(0) for the state (sqrt(3)/2)|0> + (1/2)|1>")
def _(ans):
    if _close(ans, 0.75):
        return None
    if _close(ans, math.sqrt(3) / 2):
        return "square the amplitude: P(0) = |a0|^2"
    if _close(ans, 0.25):
        return "that is P(1); P(0) uses the amplitude of |0>"
    return "P(0) is the squared size of the amplitude of |0>"


@task("1.3", "theta (in radians) of |+> on the Bloch sphere")
def _(ans):
    if _close(ans, math.pi / 2, 1e-3):
        return None
    if _close(ans, 90, 1e-3):
        return "that is in degrees; give radians (math.pi / 2 is 90 degrees)"
    return "|+> sits on the equator, halfway between |0> (theta = 0) and |1> (theta = pi)"


# --- lesson 02: gates and superposition ------------------------------------------------------
@task("2.1", "a 1-qubit circuit that turns |0> into |1>")
def _(qc):
    return _same_state(qc, [0, 1], 1)


@task("2.2", "a 1-qubit circuit that makes |-> = (|0> - |1>)/sqrt2")
def _(qc):
    hint = _same_state(qc, [R, -R], 1)
    if hint and "0.5" in hint:
        return "right odds, wrong phase: |+> and |-> both give 50/50; |-> needs a minus sign (try X first, or Z after H)"
    return hint


@task("2.3", "how many of 1000 shots of H|0> you expect to read 1")
def _(ans):
    if _close(ans, 500):
        return None
    return "H makes P(1) = 1/2; the expected count is P(1) x shots"


@task("2.4", "P(1) after H, T, H on |0>")
def _(ans):
    if _close(ans, math.sin(math.pi / 8) ** 2, 1e-4):
        return None
    if _close(ans, 0.5, 1e-3):
        return "T alone changes only the phase, but the second H turns phase into odds: compute the statevector"
    return "build the circuit (h, t, h), take Statevector.from_instruction(qc) and read P(1)"


# --- lesson 03: two qubits and entanglement ----------------------------------------------------
@task("3.1", "a 2-qubit circuit for Phi+ = (|00> + |11>)/sqrt2")
def _(qc):
    return _same_state(qc, [R, 0, 0, R], 2)


@task("3.2", "a 2-qubit circuit for Psi+ = (|01> + |10>)/sqrt2 with the H-CX-X recipe")
def _(qc):
    hint = _same_state(qc, [0, R, R, 0], 2)
    if hint and "'00'" in hint and "'11'" in hint:
        return "that is Phi+ (equal marks); an X on the second qubit after the CX makes the marks opposite"
    return hint


@task("3.3", "a 3-qubit circuit for GHZ = (|000> + |111>)/sqrt2")
def _(qc):
    return _same_state(qc, [R, 0, 0, 0, 0, 0, 0, R], 3)


# --- lesson 04: classical tic-tac-toe -----------------------------------------------------------
@task("4.1", "the result of perfect play from the empty board: 'X', 'O' or 'draw'")
def _(ans):
    if ans == "draw":
        return None
    return "ask outcome('.........'): with perfect play neither side can force a line"


@task("4.2", "X's winning move (0..8) in 'XX.OO....' (X to move)")
def _(ans):
    if ans == 2:
        return None
    if ans == 5:
        return "square 5 blocks O, but X can win at once: look at X's row"
    return "X has two in the top row (squares 0 and 1)"


@task("4.3", "how many legal positions are draws where the player to move can blunder")
def _(ans):
    if ans == 811:
        return None
    if ans == 1068:
        return "that counts every draw; keep only those where some move loses by force (can_blunder)"
    return "loop over legal_positions(), keep outcome(key) == 'draw' and can_blunder(key), and count"


# --- lesson 05: spooky marks and the entanglement graph -------------------------------------------
@task("5.1", "a GoffGame where X's first mark is in squares 1 and 9 (people's numbering)")
def _(g):
    if g.spooky == (("X", 1, 0, 8),) or g.spooky == (("X", 1, 8, 0),):
        return None
    if g.spooky and {g.spooky[0][2], g.spooky[0][3]} == {1, 9}:
        return "code counts squares from 0: people's square 1 is 0 and square 9 is 8"
    return "play exactly one mark: g.play(a, b) with the code numbers of squares 1 and 9"


@task("5.2", "how many consistent classical boards a chain of 3 marks over 4 squares has")
def _(ans):
    if ans == 4:
        return None
    if ans == 8:
        return "8 = 2**3 counts every placement; prune those with two marks in one square"
    return "one square of the chain stays empty, and that choice fixes all the rest"


@task("5.3", "a GoffGame (no cycle) whose marks form exactly two separate groups")
def _(g):
    from qttt_widgets.rules.ensemble import Ensemble
    if g.pending is not None:
        return "no cycle this time: a cycle would have to be measured"
    groups = Ensemble(g).group_sizes
    if len(groups) == 2:
        return None
    return f"your marks form {len(groups)} group(s); two groups share no square with each other"


# --- lesson 06: cycles, measurement, scoring ------------------------------------------------------
@task("6.1", "who chooses the collapse when O's mark closes a cycle: 'X' or 'O'")
def _(ans):
    if ans == "X":
        return None
    return "the player who did not make the cycle chooses"


@task("6.2", "the square (code number) X should send O4 to so that X1 ends in people's square 1")
def _(ans):
    if ans == 7:
        return None
    if ans == 0:
        return "sending O4 to square 1 (code 0) pushes X1 out of it, to square 4"
    return "O4 is in squares 8 and 1 (code 7 and 0); if O4 takes one, X1 must take the other square of the loop"


@task("6.3", "the scores of the game '58 47 67 59 48 68(8)' as a dict")
def _(ans):
    if ans == {"X": 1.0, "O": 0.5}:
        return None
    if ans == {"X": 1.0, "O": 0.0}:
        return "O has a line too; it only has the larger largest subscript"
    return "both players have a line: the line with the smaller largest subscript scores 1, the other 1/2"


# --- lesson 07: the classical ensemble -------------------------------------------------------------
@task("7.1", "the ensemble size for X1 in squares 1-2 and O2 in squares 2-3")
def _(ans):
    if ans == 3:
        return None
    if ans == 4:
        return "one of the 4 placements puts both marks in square 2: it is pruned"
    return "list the placements: each mark in one of its two squares, never two in one square"


@task("7.2", "P(square 2 ends up X) in that ensemble, as a fraction or float")
def _(ans):
    if _close(float(ans), 1 / 3):
        return None
    return "count the consistent boards with X in square 2 and divide by their number"


@task("7.3", "a GoffGame whose ensemble has exactly 6 members")
def _(g):
    from qttt_widgets.rules.ensemble import Ensemble
    size = Ensemble(g).size
    if size == 6:
        return None
    return f"yours has {size}; groups multiply: a chain of n marks gives n + 1, so try a pair and a chain of 2"


# --- lesson 08: circuits for the board ----------------------------------------------------------------
@task("8.1", "the number of qubits of the faithful circuit for a position with 4 spooky marks")
def _(ans):
    if ans == 4:
        return None
    if ans == 9:
        return "9 is the ESILV mapping (one qubit per square); the faithful one has a qubit per mark"
    return "one qubit per spooky mark: 0 = first square, 1 = second"


@task("8.2", "the outcomes (as a set of 2-bit strings, qubit a first) of one ESILV mark on its two squares")
def _(ans):
    if set(ans) == {"01", "10"}:
        return None
    if set(ans) == {"00", "11"}:
        return "that is before the X: the X on the second qubit turns equal bits into opposite ones"
    return "H, CNOT, X makes (|01> + |10>)/sqrt2: the mark is in exactly one of the two squares"


@task("8.3", "True or False: the ESILV 9-qubit circuit can lose a mark when two marks share both squares")
def _(ans):
    if ans is True:
        return None
    return "run compare_with_ensemble on GoffGame().play(0, 1).play(0, 1) and look at 'lost_marks'"


# --- lesson 09: the qubit-per-cell game ---------------------------------------------------------------
@task("9.1", "the risk level whose two cells always end with opposite marks")
def _(ans):
    if ans == 1:
        return None
    if ans == 3:
        return "Phi+ (level 3) gives equal marks; look for Psi+"
    return "look at LEVELS: which table only has 01 and 10?"


@task("9.2", "P(X) of a cell after the phase move with T")
def _(ans):
    if _close(ans, math.sin(math.pi / 8) ** 2, 1e-4):
        return None
    if _close(ans, 0.5, 1e-3):
        return "that is H alone (or S); with T the second H turns the phase into odds: (1 - cos(pi/4)) / 2"
    return "P(X) = (1 - cos(phi)) / 2 with phi = pi/4 for T"


@task("9.3", "a QubitGame where X's move entangles cells 1 and 2 (people's numbering) so they always match")
def _(g):
    groups = getattr(g, "groups", None)
    if groups is None:
        return "the answer should be a QubitGame"
    for grp in groups:
        if set(grp.cells) == {0, 1}:
            if all(bits[0] == bits[1] for bits, p in grp.table if p > 0):
                return None
            return "those cells are entangled but end opposite: use the level with equal marks"
    return "entangle cells 0 and 1 (code numbers) with g.entangle((0, 1), level)"


# --- lesson 12: no quantum advantage against a perfect player ----------------------------------------
@task("12.1", "how many boards the simple quantum strategy's first move (as X) puts in superposition")
def _(ans):
    if ans == 9:
        return None
    if ans == 1:
        return "the simple quantum strategy superposes every optimal move; from the empty board all 9 are optimal"
    return "count the optimal first moves: optimal_children('.........')"


@task("12.2", "P(tie) when the quantum player plays against a perfect opponent (p = 0)")
def _(ans):
    if _close(ans, 1.0):
        return None
    return "against a perfect (non-losing) player the quantum side cannot win, and the perfect side cannot lose"


@task("12.3", "how many positions in the exhaustive check of theorem 3.16 were losses for the careful side")
def _(ans):
    if ans == 0:
        return None
    return "look at check_theorem_3_16()['violations']"


# --- lesson 13: amplitude amplification against an imperfect opponent ----------------------------------
@task("13.1", "the optimal number of rounds n for a = 0.09")
def _(ans):
    if ans == 2:
        return None
    return "theta = asin(sqrt(a)); n = floor(pi / (4 theta))"


@task("13.2", "P(good) after one round of Q when a = 1/4")
def _(ans):
    if _close(ans, 1.0, 1e-6):
        return None
    if _close(ans, 0.25):
        return "that is before amplification; after one round it is sin^2(3 theta) with sin^2(theta) = 1/4"
    return "compute sin((2*1 + 1) * theta) ** 2 with theta = asin(sqrt(1/4))"


@task("13.3", "which strategy ties least against an imperfect O at p = 0.1")
def _(ans):
    if ans == "amplify-every":
        return None
    if ans == "amplify-last":
        return "amplifying once helps a lot, but amplifying after every move helps more"
    return "compare the strategies' ties in the sweep: 'classical', 'simple', 'amplify-last', 'amplify-every'"


# --- lesson 10: Grover search, and an AI that uses it ------------------------------------------------
@task("10.1", "how many Grover iterations find the one marked item among 4 for certain")
def _(ans):
    if ans == 1:
        return None
    return "with N = 4 and M = 1, sin^2(theta) = 1/4 so theta = 30 degrees; one iteration turns it to 90"


@task("10.2", "the ESILV formula r* = max(1, ceil(pi/4 sqrt(K/M))) for K = 36 pairs, M = 9 good")
def _(ans):
    if ans == 2:
        return None
    if ans == 1:
        return "that is what the ESILV report says, but compute the formula: pi/4 * sqrt(4) = 1.57, rounded up"
    return "compute max(1, math.ceil(math.pi / 4 * math.sqrt(36 / 9)))"


@task("10.3", "P(good) after one Grover iteration over 6 qubits (64 states) with 9 marked")
def _(ans):
    if _close(ans, math.sin(3 * math.asin(math.sqrt(9 / 64))) ** 2, 1e-3):
        return None
    if _close(ans, 9 / 64, 1e-3):
        return "that is before any iteration; one iteration gives sin^2(3 theta)"
    return "sin^2(theta) = 9/64 (the search runs over all 64 states); after one iteration P = sin^2(3 theta)"


# --- lesson 11: QAOA, quantum minimax, perfect play, Elo ------------------------------------------
@task("11.1", "the ESILV quantum-minimax score 0.5 s_direct + 0.5 (s1 + s2) / 2 for 0.6, 0.2 and 1.0")
def _(ans):
    if _close(ans, 0.6):
        return None
    if _close(ans, 0.8):
        return "(s1 + s2) / 2 is the average of the two collapses: (0.2 + 1.0) / 2 = 0.6, then halve both parts"
    return "compute 0.5 * 0.6 + 0.5 * (0.2 + 1.0) / 2"


@task("11.2", "how many O replies to X1 in 1-9 keep X's win to a narrow one (the solver's perfect replies)")
def _(ans):
    from qttt_widgets.players.solver import shared_solver
    from qttt_widgets.rules.goff import GoffGame
    value, best = shared_solver("goff").hint(GoffGame().play(0, 8))
    if ans == len(best):
        return None
    if isinstance(ans, (list, tuple)):
        return "that is the list of replies: the answer is how many there are, len(...)"
    return "hint() returns (value, perfect actions); count the perfect actions with len()"


@task("11.3", "the winner's Elo after a 1000-rated player beats a 1200-rated one, K = 64")
def _(ans):
    e = 1 / (1 + 10 ** (200 / 400))
    if _close(ans, 1000 + 64 * (1 - e), 0.05):
        return None
    if _close(ans, 1032, 0.5):
        return "that would be an even match (E = 1/2); here E = 1 / (1 + 10^(200/400)) = 0.24"
    return "E = 1 / (1 + 10 ** ((1200 - 1000) / 400)); new rating = 1000 + 64 * (1 - E)"


@task("11.4", "the player that must top any Elo table of random, imperfect and perfect players")
def _(ans):
    if isinstance(ans, str) and ans.strip().lower() == "perfect":
        return None
    return ("a perfect player never loses a game it could have saved: give the name of that "
            "player in the table, as a string")
