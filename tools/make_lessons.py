"""Writes the lesson notebooks lessons/NN_*.ipynb from the text below.

Edit here, run ``python tools/make_lessons.py``, then execute the notebooks so their stored
outputs are fresh (``python tools/make_lessons.py --execute``). nbval checks them in the tests.

Launch badges (Colab, Binder JupyterLab, Binder Voila) and a setup cell that installs the
library on Colab need the public repository's address: give it once it exists,

    QTTT_REPO=owner/name QTTT_REF=main python tools/make_lessons.py --execute

and the lessons and the README's badge block are written with it.

Cell shorthand: ``md(text)``; ``code(src)``; ``widget(src)`` (output not compared: widgets
and pictures); ``task(id, text, stub)`` (a Task heading, the learner's cell with the stub
and the check).
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import nbformat as nbf

ROOT = Path(__file__).resolve().parents[1]

SETUP = """# Setup: use qttt_widgets if it is installed, else the copy in this checkout
try:
    import qttt_widgets
except ImportError:
    import sys, pathlib
    sys.path.insert(0, str(pathlib.Path.cwd().parent))
    import qttt_widgets
from qttt_widgets.exercises import check"""

# With the public repository known (QTTT_REPO=owner/name, QTTT_REF=branch), every lesson gets
# launch badges and a setup cell that installs the library on Colab; without it, neither.
# Colab keeps its own ipywidgets and matplotlib: only qiskit, qiskit-aer and pylatexenc are
# added, and the library itself comes with --no-deps.
SETUP_COLAB = """# Setup: use qttt_widgets if it is installed; on Colab install it; else the copy in this checkout
try:
    import qttt_widgets
except ImportError:
    import sys, pathlib
    if "google.colab" in sys.modules:
        %pip install -q qiskit qiskit-aer pylatexenc
        %pip install -q --no-deps "qttt_widgets @ git+https://github.com/{repo}@{ref}"
        import importlib
        importlib.invalidate_caches()
    else:
        sys.path.insert(0, str(pathlib.Path.cwd().parent))
    import qttt_widgets
from qttt_widgets.exercises import check"""


def launch_links(repo: str, ref: str, notebook: str) -> dict:
    """Colab and Binder (JupyterLab at the notebook; Voila at the demo app) addresses."""
    binder = f"https://mybinder.org/v2/gh/{repo}/{ref}"
    return {"Colab": f"https://colab.research.google.com/github/{repo}/blob/{ref}/{notebook}",
            "Binder (JupyterLab)": f"{binder}?urlpath=lab/tree/{notebook}",
            "Binder (Voila app)": f"{binder}?urlpath=voila/render/notebooks/app.ipynb"}


BADGE_IMAGES = {"Colab": "https://colab.research.google.com/assets/colab-badge.svg",
                "Binder (JupyterLab)": "https://mybinder.org/badge_logo.svg",
                "Binder (Voila app)": "https://img.shields.io/badge/launch-Voila%20app-579ACA"}


def badges(repo: str, ref: str, notebook: str) -> str:
    return " ".join(f"[![{name}]({BADGE_IMAGES[name]})]({url})"
                    for name, url in launch_links(repo, ref, notebook).items())


def _repo() -> tuple:
    import os
    return os.environ.get("QTTT_REPO", "").strip(), os.environ.get("QTTT_REF", "main").strip() or "main"


def md(text):
    return nbf.v4.new_markdown_cell(text.strip())


def code(src, tags=()):
    return nbf.v4.new_code_cell(src.strip(), metadata={"tags": list(tags)} if tags else {})


def widget(src):
    return code(src, tags=["nbval-ignore-output"])


def task(task_id, text, stub):
    return [md(f"### Task {task_id}\n\n{text.strip()}"),
            code(f"{stub.strip()}\n\ncheck(\"{task_id}\", answer)")]


def header(number, title, learn, minutes):
    items = "\n".join(f"- {x}" for x in learn)
    return [md(f"# {number:02d} · {title}\n\n*About {minutes} minutes.*\n\n**You will learn**\n\n{items}"),
            code(SETUP)]


def with_launch(name: str, cells: list, repo: str, ref: str) -> list:
    """The lesson's cells with badges under its title and the Colab setup cell, for ``repo``."""
    if not repo:
        return cells
    first = nbf.v4.new_markdown_cell(cells[0].source.replace(
        "\n\n*About", "\n\n" + badges(repo, ref, f"lessons/{name}.ipynb") + "\n\n*About", 1))
    setup = code(SETUP_COLAB.format(repo=repo, ref=ref))
    return [first, setup] + cells[2:]


LESSONS = {}

LESSONS["00_how_to_use"] = header(0, "How to use this course", [
    "how to run the lessons (JupyterLab, Binder or Colab)",
    "how the exercises check themselves",
    "where the reference solutions are"], 10) + [
    md("""
## Running the lessons

Run the cells from the top, one at a time (**Shift + Enter**). The first code cell (*Setup*)
loads the `qttt_widgets` library.

- **JupyterLab on your machine**: from the top of the course folder run
  `python -m pip install -r requirements.txt && python -m qttt_widgets`.
- **Binder** or **Colab**: open the notebook from the launch badges at the top of each lesson
  (your teacher adds them when the course is published); the setup cell finds or installs the
  library.
"""),
    md("""
## Exercises that check themselves

Each lesson has tasks named **Task N.M**. You write your answer in the cell, replacing `None`,
and run it. The `check` function says **Correct!** or gives a hint. Try it: the answer to this
one is the number of squares on a tic-tac-toe board.
"""),
    *task("0.1", "How many squares does a tic-tac-toe board have?", "answer = None   # replace None with a number"),
    md("""
## Squares are numbered twice

People number the squares 1 to 9; Python counts from 0. The course says which it means:

```
people      code
1 2 3       0 1 2
4 5 6       3 4 5
7 8 9       6 7 8
```

Reference solutions for instructors are in `lessons/solutions/solutions.py`.
"""),
    widget("from qttt_widgets.widgets import ClassicalBoardView\nClassicalBoardView()   # click a square"),
]

LESSONS["01_one_qubit"] = header(1, "One qubit: states, the Bloch sphere, measurement", [
    "what a qubit's state is: two amplitudes",
    "how measurement turns amplitudes into probabilities",
    "how the Bloch sphere pictures a qubit"], 20) + [
    md("""
## Two amplitudes

A classical bit is 0 or 1. A qubit's state is a pair of numbers, the **amplitudes**:

$$|\\psi\\rangle = a_0\\,|0\\rangle + a_1\\,|1\\rangle, \\qquad |a_0|^2 + |a_1|^2 = 1.$$

`|0>` is the pair (1, 0) and `|1>` is (0, 1).
"""),
    *task("1.1", "Write the amplitudes `(a0, a1)` of the state |1⟩.", "answer = None   # a pair (a0, a1)"),
    md("""
## Measurement

Measuring gives 0 with probability $|a_0|^2$ and 1 with probability $|a_1|^2$ — and afterwards
the qubit *is* what you read. This is the **Born rule**.
"""),
    code("import math\na0, a1 = 1 / math.sqrt(2), 1 / math.sqrt(2)\nprint('P(0) =', round(abs(a0) ** 2, 3), ' P(1) =', round(abs(a1) ** 2, 3))"),
    *task("1.2", "What is P(0) for the state $\\frac{\\sqrt3}{2}|0\\rangle + \\frac12|1\\rangle$?",
          "import math\nanswer = None   # a number between 0 and 1"),
    md("""
## The Bloch sphere

Every one-qubit state (up to an unobservable global phase) is a point on a sphere:

$$|\\psi\\rangle = \\cos\\tfrac{\\theta}{2}|0\\rangle + e^{i\\varphi}\\sin\\tfrac{\\theta}{2}|1\\rangle.$$

|0⟩ is the north pole ($\\theta = 0$), |1⟩ the south pole ($\\theta = \\pi$), and the equal
superpositions lie on the equator. Move the sliders and watch the probabilities.
"""),
    widget("from qttt_widgets.widgets import BlochView\nBlochView()"),
    *task("1.3", "|+⟩ = (|0⟩ + |1⟩)/√2. What is its $\\theta$ (in radians)?",
          "import math\nanswer = None   # theta in radians"),
    md("""
**In the game.** In the qubit-per-cell game a cell is one qubit: X is |1⟩ and O is |0⟩. A cell
in superposition is neither until the board is measured.
"""),
]

LESSONS["02_gates"] = header(2, "Gates and superposition", [
    "the gates X, Z, H, S and T",
    "shots: measuring many times to estimate probabilities",
    "interference: how a phase changes odds"], 25) + [
    md("""
## Gates move the state

- **X** swaps |0⟩ and |1⟩ (a NOT).
- **H** makes |0⟩ into |+⟩ = (|0⟩+|1⟩)/√2 and |1⟩ into |−⟩ = (|0⟩−|1⟩)/√2.
- **Z**, **S**, **T** change only the phase of |1⟩ (by π, π/2 and π/4): the odds stay the same.

Press the gate buttons and watch the arrow move.
"""),
    widget("from qttt_widgets.widgets import BlochView\nBlochView()"),
    md("In Qiskit a circuit lists the gates. This one applies H:"),
    code("from qiskit import QuantumCircuit\nfrom qiskit.quantum_info import Statevector\n\nqc = QuantumCircuit(1)\nqc.h(0)\n"
         "odds = Statevector.from_instruction(qc).probabilities_dict()\n"
         "{str(outcome): round(float(p), 3) for outcome, p in odds.items()}   # P(0) and P(1)"),
    *task("2.1", "Make a 1-qubit circuit `qc` that turns |0⟩ into |1⟩.",
          "from qiskit import QuantumCircuit\nqc = QuantumCircuit(1)\n# add a gate here\nanswer = None   # set answer = qc when your circuit is ready"),
    *task("2.2", "Make a 1-qubit circuit for |−⟩ = (|0⟩ − |1⟩)/√2. (Careful: |+⟩ has the same odds.)",
          "qc = QuantumCircuit(1)\n# your gates\nanswer = None   # answer = qc"),
    md("""
## Shots

A real measurement gives one bit. To see probabilities we measure many copies: **shots**. The
histogram shows 1000 shots of H next to the exact probabilities — they agree up to noise of
about $\\sqrt{N p (1-p)}$ counts.
"""),
    widget("from qttt_widgets.widgets import HistogramView\nhplus = QuantumCircuit(1)\nhplus.h(0)\nHistogramView(hplus, shots=1000)"),
    *task("2.3", "How many of 1000 shots of H|0⟩ do you *expect* to read 1?", "answer = None"),
    md("""
## Interference

H, then a phase, then H again: the second H makes the two paths to each outcome add up or cancel.
With T between them the odds are no longer 50/50. This is the *phase move* of the qubit game.
"""),
    *task("2.4", "What is P(1) after H, T, H on |0⟩? Build the circuit and compute it.",
          "qc = QuantumCircuit(1)\n# h, t, h\nanswer = None   # P(1), e.g. from Statevector.from_instruction(qc).probabilities()[1]"),
]

LESSONS["03_entanglement"] = header(3, "Two qubits and entanglement", [
    "states of two qubits and the CNOT gate",
    "the Bell states Φ⁺ and Ψ⁺, and the H–CX–X recipe",
    "three-qubit GHZ states"], 25) + [
    md("""
## Two qubits, four amplitudes

Two qubits have four amplitudes, for |00⟩, |01⟩, |10⟩, |11⟩. **CNOT** (CX) flips the second
qubit when the first is 1. After H on the first qubit, CNOT makes the **Bell state**

$$|\\Phi^+\\rangle = \\frac{|00\\rangle + |11\\rangle}{\\sqrt2}:$$

each qubit alone is a coin flip, but the two always agree. That is **entanglement**.

*Qiskit's bitstrings put qubit 0 on the right.*
"""),
    code("from qiskit import QuantumCircuit\nbell = QuantumCircuit(2)\nbell.h(0)\nbell.cx(0, 1)\nbell.draw('text')"),
    widget("from qttt_widgets.widgets import HistogramView\nHistogramView(bell, shots=1000)"),
    *task("3.1", "Build the Φ⁺ circuit yourself.", "qc = QuantumCircuit(2)\n# your gates\nanswer = None   # answer = qc"),
    md("""
## Opposite marks: Ψ⁺

An X on the second qubit after the CNOT gives $|\\Psi^+\\rangle = (|01\\rangle + |10\\rangle)/\\sqrt2$:
the two qubits always *differ*. The ESILV project uses exactly this H → CNOT → X recipe for a
spooky mark: "in square A or square B, never both, never neither".
"""),
    *task("3.2", "Build Ψ⁺ with the H–CX–X recipe.", "qc = QuantumCircuit(2)\n# your gates\nanswer = None"),
    md("""
## Three qubits: GHZ

A second CNOT, from qubit 1 to qubit 2, spreads the agreement: $(|000\\rangle + |111\\rangle)/\\sqrt2$.
In the qubit game this is risk level 4 — all three cells X or all three O.
"""),
    *task("3.3", "Build the 3-qubit GHZ state.", "qc = QuantumCircuit(3)\n# your gates\nanswer = None"),
]

LESSONS["04_classical"] = header(4, "Classical tic-tac-toe and perfect play", [
    "how a computer plays perfectly: search every future",
    "why perfect play is a draw",
    "where mistakes are possible"], 20) + [
    md("""
## Perfect play

From any position, the result under perfect play is found by trying every move, then every
answer, to the end (*minimax*). Tic-tac-toe is small: 5,478 legal positions.
"""),
    code("from qttt_widgets.rules.classical import legal_positions, outcome, classify, optimal_moves, can_blunder\nprint(len(legal_positions()), 'positions')\nclassify()"),
    *task("4.1", "What is the result of perfect play from the empty board: `'X'`, `'O'` or `'draw'`?",
          "answer = None"),
    md("Try it: play X against the perfect computer (O). Can you win?"),
    widget("from qttt_widgets.widgets import GameApp\nGameApp(mode='classical', o='Computer: perfect')"),
    md("""
Positions are written as 9 characters, row by row: `'XX.OO....'` means X in squares 0 and 1,
O in 3 and 4, X to move.
"""),
    *task("4.2", "In `'XX.OO....'` (X to move), which square (0..8) wins at once?", "answer = None"),
    md("""
## Where mistakes are possible

A draw position *can be blundered* if some move loses by force. The thesis in this course's
sources calls such boards the places where an imperfect player can make a mistake.
"""),
    *task("4.3", "How many legal positions are draws where the player to move can blunder?",
          "answer = None   # count with legal_positions(), outcome() and can_blunder()"),
]

LESSONS["05_goff_spooky_marks"] = header(5, "Goff's quantum tic-tac-toe I: spooky marks", [
    "spooky marks: one mark in two squares",
    "the entanglement graph",
    "why a chain of marks has many classical readings"], 20) + [
    md("""
## Two squares at once

In Goff's game each turn places **one mark in two squares** — a *spooky mark* with the move
number as subscript: X₁, O₂, X₃… It is in a superposition of two places. Several spooky marks
may share a square.

Click two squares to place a mark; click a square twice to cancel.
"""),
    widget("from qttt_widgets.widgets import GoffBoardView\nboard = GoffBoardView()\nboard"),
    md("""
In code (squares 0..8):
"""),
    code("from qttt_widgets import GoffGame\ng = GoffGame()\ng.play(0, 1).play(1, 2)\nprint(g)"),
    *task("5.1", "Make a `GoffGame` in which X's first mark is in people's squares 1 and 9.",
          "g = GoffGame()\n# play one mark\nanswer = None   # answer = g"),
    md("""
## The entanglement graph

Squares are the nodes; each spooky mark is an edge between its two squares. Marks that share
squares form connected **groups**.
"""),
    widget("from qttt_widgets.widgets import EntanglementGraphView\nEntanglementGraphView(GoffGame().play(0, 1).play(1, 2).play(5, 8))"),
    md("""
A chain of marks is really in *one* of several classical arrangements: each mark in one of its
squares, never two marks in one square.
"""),
    *task("5.2", "How many consistent classical boards does a chain of 3 marks over 4 squares have?",
          "answer = None"),
    *task("5.3", "Make a game (no cycle) whose marks form exactly **two** separate groups.",
          "g = GoffGame()\n# your marks\nanswer = None   # answer = g"),
]

LESSONS["06_goff_collapse"] = header(6, "Goff's quantum tic-tac-toe II: cycles, measurement, scoring", [
    "when a measurement happens: a cycle",
    "who chooses the collapse, and how one choice fixes a whole group",
    "scoring when both players get a line"], 25) + [
    md("""
## Cycles

When a mark closes a loop in the entanglement graph (two marks on the same two squares count),
the loop must **collapse**. The player who did **not** make the cycle chooses where the new mark
goes — one of its two squares — and everything connected follows.

The encyclopedia's example: X₁ in 1–4, O₂ in 1–5, X₃ in 4–8, then O₄ in 8–1.
"""),
    code("from qttt_widgets import GoffGame\ng = GoffGame().play(0, 3).play(0, 4).play(3, 7).play(7, 0)\ng.pending"),
    *task("6.1", "Who chooses the collapse here, `'X'` or `'O'`?", "answer = None"),
    *task("6.2", "Which square (code number, one of `g.pending.options`) should X send O₄ to so that X₁ "
          "ends in people's square 1?", "answer = None"),
    widget("from qttt_widgets.widgets import GoffBoardView\nGoffBoardView(g.copy())   # click one of the orange squares"),
    md("""
## Scoring

Lines count only with **classical** marks. One measurement can give both players a line; then
the line whose largest subscript is smaller (completed earlier in the collapsed timeline) scores
1 and the other ½. Two lines at once score 2.
"""),
    code("h = GoffGame.from_record('58 47 67 59 48 68(8)')\nprint(h)\nh.lines()"),
    *task("6.3", "What are `h.scores`? Work it out from the lines first, then check.", "answer = None   # a dict"),
    md("Play a whole game with a friend, or against the computer:"),
    widget("from qttt_widgets.widgets import GameApp\nGameApp()"),
]

LESSONS["07_ensemble"] = header(7, "The classical ensemble", [
    "a quantum game as many classical games at once",
    "pruning impossible boards",
    "per-square odds"], 20) + [
    md("""
## Many classical games

A position stands for every classical board its spooky marks could become — the **classical
ensemble**. X₁ in 1–2 gives two games; O₂ in 2–3 doubles them to four, but one puts both marks
in square 2 and is **pruned**.
"""),
    code("from qttt_widgets import GoffGame, Ensemble\ne = Ensemble(GoffGame().play(0, 1).play(1, 2))\nprint(e.naive_size, 'placements,', e.size, 'consistent')\nfor board in e.boards():\n    print([m and f'{m[0]}{m[1]}' for m in board[:3]])"),
    *task("7.1", "What is the ensemble size for X₁ in 1–2 and O₂ in 2–3?", "answer = None"),
    *task("7.2", "Over that ensemble, what is the probability that square 2 ends up X?",
          "answer = None   # e.probabilities(exact=True) helps"),
    md("""
Groups are independent, so sizes multiply: a chain of n marks has n + 1 members, a cycle 2.
The heat map shows each square's odds.

*A simplification to keep in mind:* the ensemble treats every consistent board as equally
likely. Goff's game never says how likely they are — a measurement here is a *choice* by a
player, not a random event.
"""),
    widget("from qttt_widgets.widgets import EnsembleView\nEnsembleView(GoffGame().play(0, 1).play(1, 2).play(4, 8))"),
    *task("7.3", "Make a position whose ensemble has exactly 6 members.", "g = GoffGame()\nanswer = None"),
]

LESSONS["08_circuits"] = header(8, "Circuits for the board", [
    "a faithful circuit whose measurements are the ensemble",
    "the ESILV 9-qubit shortcut (H–CX–X per mark)",
    "where the shortcut breaks"], 25) + [
    md("""
## A faithful circuit

Give each spooky mark a qubit: 0 = its first square, 1 = its second. Prepare each group in the
equal superposition of its consistent placements. Measuring then gives only boards of the
ensemble, each equally often.
"""),
    code("from qttt_widgets import GoffGame\nfrom qttt_widgets.quantum.goff_circuits import faithful_circuit, esilv_circuit, compare_with_ensemble\ng = GoffGame().play(0, 1).play(1, 2).play(4, 5).play(2, 3)\nfaithful_circuit(g).draw('text')"),
    *task("8.1", "How many qubits does the faithful circuit of `g` have?", "answer = None"),
    md("""
## The 9-qubit shortcut

The ESILV project gives each *square* a qubit and, for each mark in squares (a, b), applies
H(a), CNOT(a, b), X(b). For one mark alone this is Ψ⁺: the mark is in exactly one square.
"""),
    code("esilv_circuit(GoffGame().play(0, 1), measure=False).draw('text')"),
    *task("8.2", "Which 2-bit outcomes (qubit a first) can one such mark give? Answer a set of strings.",
          "answer = None"),
    md("""
## Where it breaks

When marks share a square, their gates act on the *same* qubit and interfere. For two marks on
the same pair, H–CX–X twice undoes itself. Compare both circuits on that position:
"""),
    code("out = compare_with_ensemble(GoffGame().play(0, 1).play(0, 1), shots=1000)\n"
         "for name, stats in out.items():\n"
         "    print(f\"{name:>9}: {stats['in_ensemble']:>4} shots on boards of the ensemble, \"\n"
         "          f\"{stats['outside']} outside it, {stats['lost_marks']} with a mark lost\")"),
    *task("8.3", "True or False: the ESILV circuit can lose a mark on this position?", "answer = None"),
    widget("from qttt_widgets.widgets import CircuitView\nCircuitView(g)   # switch between the two circuits"),
    md("""
**Say it plainly:** a one-qubit-per-square circuit is a *simplification* of Goff's game. It is a
fine picture of a single mark, but not of marks that share squares.
"""),
]

LESSONS["09_qubit_board"] = header(9, "The qubit-per-cell game: superposition, SWAP, risk levels, phase", [
    "a board of qubits: X is |1⟩, O is |0⟩",
    "the four entanglement risk levels",
    "interference with phase moves, and when the board is measured"], 25) + [
    md("""
## Every move is a gate

In this variant each cell is a qubit. A turn is one of: a **classical** mark; **SWAP** of two
occupied cells; **H** on an empty cell; a **phase** move (H, S or T, H); or **entangle** two (or
three) empty cells at a **risk level**:

| level | state | cells end |
|---|---|---|
| 1 | Ψ⁺ = (\\|01⟩ + \\|10⟩)/√2 | opposite |
| 2 | (\\|010⟩ + \\|101⟩)/√2 | mixed |
| 3 | Φ⁺ = (\\|00⟩ + \\|11⟩)/√2 | equal |
| 4 | GHZ = (\\|000⟩ + \\|111⟩)/√2 | all equal |

On 3 × 3 only the pairwise levels 1 and 3 are allowed: a triple could decide a line by one coin
flip.
"""),
    code("from qttt_widgets.rules.qubit_board import QubitGame, LEVELS\nfor level, (name, width, gates, table) in LEVELS.items():\n    print(level, name, width, 'cells:', table)"),
    *task("9.1", "Which risk level makes its two cells always end with opposite marks?", "answer = None"),
    *task("9.2", "What is P(X) of a cell after the phase move with T? (Lesson 02 did the maths.)",
          "answer = None"),
    md("""
## When the board is measured

The board is measured when it is full, when a fully occupied line *could* be completed by the
measurement, or when a player presses **Collapse** (which does not cost a turn). If both players
then have lines, the one with more lines wins; equal counts are a draw.
"""),
    widget("from qttt_widgets.widgets import GameApp\nGameApp(mode='qubit', o='Computer: lookahead (exact odds)')"),
    *task("9.3", "Make a `QubitGame` where X's first move entangles people's cells 1 and 2 so that they always "
          "end with the same mark.", "g = QubitGame(seed=0)\nanswer = None"),
    md("""
The circuit of a position is built gate by gate; its statevector gives exactly the odds the game
shows:
"""),
    code("from qttt_widgets.quantum.circuits import qubit_board_circuit\ng = QubitGame(seed=0).entangle((0, 4), 1).phase(2, 'T')\nqubit_board_circuit(g).draw('text')"),
]

LESSONS["10_grover"] = header(10, "Grover search, and an AI that uses it", [
    "Grover's search: amplify marked items in a superposition",
    "how many iterations to run",
    "the ESILV Grover AI: score every move, mark the best quarter, search"], 25) + [
    md("""
## Searching with amplitudes

Put $n$ qubits in the equal superposition of all $N = 2^n$ indices. An **oracle** flips the sign
of the marked ones; the **diffusion** $2|s\\rangle\\langle s| - I$ reflects about the average.
Each round rotates the state by $2\\theta$ towards the marked items, where
$\\sin^2\\theta = M/N$ for $M$ marked of $N$.
"""),
    code("from qiskit.quantum_info import Statevector\n"
         "from qttt_widgets.players.esilv import grover_circuit, grover_iterations\n"
         "qc = grover_circuit(4, [2], 1)       # 2 qubits, item 2 marked, one round\n"
         "qc.draw('text')"),
    widget("from qttt_widgets.widgets import HistogramView\nHistogramView(qc, shots=500)"),
    *task("10.1", "How many iterations find the one marked item among 4 for certain?", "answer = None"),
    md("""
## How many rounds?

Too few rounds leave the marked items unlikely; too many rotate past them. The best is about
$\\frac{\\pi}{4}\\sqrt{N/M}$ rounds.
"""),
    code("# 16 items on 4 qubits, 2 of them marked: the best is about pi/4 * sqrt(8) = 2.2 rounds\n"
         "for r in range(5):\n"
         "    qc = grover_circuit(16, [0, 1], r).remove_final_measurements(inplace=False)\n"
         "    print(r, 'rounds: P(good) =', round(Statevector.from_instruction(qc).probabilities()[:2].sum(), 3))"),
    *task("10.2", "The ESILV report uses $r^* = \\max(1, \\lceil \\frac{\\pi}{4}\\sqrt{K/M} \\rceil)$ with K candidate "
          "pairs and M good ones. What does it give for K = 36, M = 9?", "import math\nanswer = None"),
    *task("10.3", "With 36 pairs the search runs over 6 qubits (64 states, 9 marked). What is P(good) after one "
          "round?", "answer = None"),
    md("""
## The Grover AI

The ESILV AI scores every legal pair of squares (position, line diversity, and — when the mark
would close a cycle — the worse of the two collapses), marks the best quarter as good, and runs
one shot of the Grover circuit to pick one. An index beyond the candidates falls back to the best
pair. Play against it (random-collapse rules, as in the ESILV project):
"""),
    widget("from qttt_widgets.widgets import GameApp\n"
           "GameApp(mode='random', o='Computer: Grover heuristic (ESILV)')"),
    md("""
**Say it plainly:** the search picks *among moves a classical heuristic already ranked*; on 36
items a classical computer just takes the best one. The point here is to see Grover's search
work, not a speed-up.
"""),
]

LESSONS["11_qaoa_minimax_perfect_play"] = header(11, "QAOA, quantum minimax, perfect play, and the Elo tournament", [
    "QAOA: a cost function over the empty squares, optimised on a quantum circuit",
    "quantum minimax: looking ahead through both collapses of a cycle",
    "perfect play: the exact value of Goff's game, from our solver",
    "Elo ratings, and what the ESILV tournament shows"], 25) + [
    md("""
## QAOA in one picture

The ESILV QAOA player writes a **cost function** over the empty squares (a QUBO: a weight
$h_i$ for each square, a coupling $J_{ij}$ for each pair on a common line), turns it into a
circuit of $R_{ZZ}$ and $R_Z$ gates followed by $R_X$ mixers, and lets a classical optimiser
(COBYLA) tune the two angles $\\gamma, \\beta$ so that measuring the circuit gives good squares
often. The measured frequency of each square then feeds the Grover player's scores.
"""),
    code("from qttt_widgets.rules.goff import GoffGame\n"
         "from qttt_widgets.players.esilv import qubo, qaoa_circuit\n"
         "g = GoffGame().play(0, 8).play(4, 5)        # X1 in 1-9, O2 in 5-6\n"
         "squares, h_terms, couplings = qubo(g)\n"
         "for i, sq in enumerate(squares):           # qubit i stands for square sq (shown 1..9)\n"
         "    print(f'qubit {i}: square {sq + 1}, h = {h_terms[i]}')"),
    md("One layer of the circuit, folded so that it stays readable: Hadamards, then the cost "
       "($R_{ZZ}$ for each coupling, $R_Z$ for each weight), then the $R_X$ mixers and the measurements."),
    widget("qaoa_circuit(h_terms, couplings, len(squares), gamma=0.8, beta=0.4).draw('mpl', fold=24, scale=0.8)"),
    md("""
**Say it plainly:** with one QAOA layer and this QUBO the per-square scores come out nearly flat
(about 0.48 to 0.57 in our runs), so QAOA barely changes the Grover player's choices. It is a
faithful reproduction of a design, not evidence of a quantum advantage.

## Quantum minimax

A cycle gives two possible collapses. ESILV's quantum minimax scores a candidate pair as
$0.5\\,s_\\text{direct} + 0.5\\,(s_1 + s_2)/2$: half the immediate heuristic, half the average
of the two collapsed boards, searched with alpha-beta to depth 2.
"""),
    *task("11.1", "A pair has a direct score of 0.6; its two collapses score 0.2 and 1.0. What is its "
          "quantum-minimax score?", "answer = None"),
    md("""
## Perfect play

Heuristics guess; a **solver** knows. Our `GoffSolver` searches Goff's game to the end (about
three to four seconds from the empty board), with four ideas that make it fast: a collapse only depends
on the tree of marks and the one square the new mark takes; a classical mark older than every
spooky mark can never decide a tie, so its number is forgotten; the eight symmetries of the
board; and once only two trees are left, the last marks are read off the trees without a
search. Values are X's points minus O's.
"""),
    code("from qttt_widgets.players.solver import shared_solver\n"
         "solver = shared_solver('goff')\n"
         "value, best = solver.hint(GoffGame())\n"
         "print('value of the empty board:', value)\n"
         "print('perfect first marks:', ', '.join(f'{a + 1}-{b + 1}' for a, b in best))"),
    md("""
So **X wins Goff's game** with perfect play, but only by the 1 to 1/2 rule: X's first mark goes in
two opposite corners, and sooner or later one measurement gives both players a line, X's with the
smaller largest subscript. Every other first mark lets O hold the draw.
"""),
    *task("11.2", "Use `solver.hint(GoffGame().play(0, 8))` to find how many replies O has that keep "
          "X's win down to the narrow one.", "answer = None"),
    md("""
The app's **Hint** button asks the same solver, and its **Solver** difficulty makes an
`ImperfectPlayer(p)`: the perfect move, except that with probability *p* it plays one of the others.
"""),
    widget("from qttt_widgets.widgets import GameApp\n"
           "GameApp(mode='goff', o='Computer: Goff solver (see difficulty)')"),
    md("""
## Elo ratings

Every player starts at 1000. When A (rating $R_A$) meets B, A is expected to score
$E_A = 1 / (1 + 10^{(R_B - R_A)/400})$; after the game $R_A \\leftarrow R_A + K\\,(S_A - E_A)$ with
$S_A$ = 1, 1/2 or 0 and $K = 64$ in the ESILV tournament.
"""),
    *task("11.3", "A player rated 1000 beats one rated 1200. With K = 64, what is the winner's new "
          "rating?", "answer = None"),
    md("""
A small round robin under Goff's rules (a few games, so the numbers are noisy; the full
tables, 100 games a pairing, are in the README):
"""),
    code("from functools import partial\n"
         "from qttt_widgets.research.tournament import elo_round_robin\n"
         "from qttt_widgets.players.basic import RandomPlayer\n"
         "from qttt_widgets.players.solver import PerfectPlayer, ImperfectPlayer\n"
         "players = {'random': RandomPlayer, 'imperfect p=0.3': partial(ImperfectPlayer, p=0.3),\n"
         "           'perfect': PerfectPlayer}\n"
         "table = elo_round_robin(players, games=6, rules='goff')\n"
         "for name, row in sorted(table.items(), key=lambda kv: -kv[1]['elo']):\n"
         "    print(f\"{name:<16} Elo {row['elo']:6.0f}   W {row['wins']}  D {row['draws']}  L {row['losses']}\")"),
    md("The same table as a picture (the dashed line is the starting rating):"),
    widget("from qttt_widgets.research.tournament import plot_results\n"
           "plot_results(table, title=\"Goff's rules, 6 games a pairing\");"),
    *task("11.4", "In that table, which player should come out on top however many games are played? "
          "Answer with its name as a string.", "answer = None"),
]

LESSONS["12_no_quantum_advantage"] = header(12, "No quantum advantage against a perfect player", [
    "the thesis' quantum tic-tac-toe: a superposition of classical boards with their move records",
    "why a quantum strategy cannot beat a perfect classical player",
    "checking the theorem by searching every position"], 20) + [
    md("""
## A quantum board

In the thesis' version of the game, the board is a **superposition of classical boards**, each
with the record of its moves, and it is measured once, at the end. A classical move acts on
every board of the superposition; a quantum player may also move into a superposition of moves.

The *simple quantum strategy* plays the equal superposition of every optimal move:
"""),
    code("from qttt_widgets.research.amplification import QuantumBoard, simple_quantum, play_game, check_theorem_3_16\n"
         "qb = QuantumBoard().apply(simple_quantum)\nsorted(qb.support())[:4], round(qb.norm(), 6)"),
    *task("12.1", "How many boards does that first move put in superposition?", "answer = None"),
    md("""
## Why there is no advantage

Measurement picks *one* board of the final superposition. Every board in it was reached by the
perfect player playing a non-losing move against *some* sequence of moves — so none of them is
a loss for the perfect player (theorem 3.16). A superposition of non-losses is a non-loss.
"""),
    code("qb = play_game('simple', 'O', p=0.0, seed=1)   # the perfect player is O\n"
         "{result: round(p, 6) for result, p in qb.outcome_distribution().items()}   # X wins, O wins, tie"),
    *task("12.2", "What is P(tie) in that game?", "answer = None"),
    md("""
## Checking the theorem by brute force

Walk every position reachable when one side plays *any* non-losing move and the other side
*any* move, and count the finished games the careful side lost.
"""),
    code("report = check_theorem_3_16()\n"
         "for side in 'XO':\n"
         "    print(f'{side} plays only non-losing moves: {report[side]:,} positions reached')\n"
         "print('finished games the careful side lost:', report['violations'])"),
    *task("12.3", "How many of those positions were losses for the careful side?", "answer = None"),
]

LESSONS["13_amplitude_amplification"] = header(13, "Amplitude amplification against an imperfect opponent", [
    "the imperfect opponent: mistakes with probability p",
    "the amplifier Q and the optimal number of rounds",
    "the thesis' figures, and a real amplification circuit"], 30) + [
    md("""
## An imperfect opponent

The thesis' imperfect player plays perfectly, except on boards where a mistake is possible
(811 of the 5,478 positions): each such board is a *mistake board* with probability $p$, decided
once per game, and there it moves into a position lost by force.
"""),
    code("from qttt_widgets.research.amplification import mistake_boards, optimal_iterations\n"
         "len(mistake_boards('X')), len(mistake_boards('O'))"),
    md("""
## Amplify the wins

Let $a$ be the probability of the good boards (wins by force for the quantum player) and
$\\sin^2\\theta = a$. The amplifier $Q = -\\mathcal{A} S_0 \\mathcal{A}^\\dagger O_f$ rotates by $2\\theta$:
after $j$ rounds the good boards have probability $\\sin^2((2j+1)\\theta)$. The thesis takes
$n = \\lfloor \\pi / (4\\theta) \\rfloor$.
"""),
    *task("13.1", "What is the optimal $n$ for $a = 0.09$?", "import math\nanswer = None"),
    *task("13.2", "What is P(good) after one round when $a = 1/4$?", "import math\nanswer = None"),
    md("It works on a real circuit too: six boards, one of them a win (the last, index 5), encoded in three "
       "qubits. Each round of $Q$ should raise the chance of measuring the win as $\\sin^2((2j+1)\\theta)$ "
       "predicts; Aer measures it with 2,000 shots."),
    widget("from qttt_widgets.quantum.amplification import amplification_circuit, measured, predicted\n"
         "amps, good = [0.5, 0.3, 0.4, 0.2, 0.6, 0.3], [5]\n"
         "print('rounds   predicted P(win)   measured P(win)')\n"
         "for n in range(3):\n"
         "    print(f'{n:>6}   {predicted(amps, good, n):>16.3f}   {measured(amps, good, n, shots=2000):>15.3f}')"),
    md("""
## The thesis' figures, small

The full sweep (p from 0 to 1 in steps of 0.01, 5 batches of 350 games) runs from the command
line: `python -m qttt_widgets.research.sweep` (about 40 s). Here a small one: ties out of 100
games for each strategy. Dashed lines are computed from the final amplitudes instead of one
measurement per game.
"""),
    widget("from qttt_widgets.research.sweep import sweep, plot\nfrom IPython.display import Image\n"
           "res = sweep(ps=[0, 0.05, 0.1, 0.2, 0.3, 0.5, 0.8], batches=2, games=100, seed=1)\n"
           "Image(plot(res, 21, games=100))"),
    *task("13.3", "Against an imperfect O at p = 0.1, which strategy ties least? "
          "(`'classical'`, `'simple'`, `'amplify-last'` or `'amplify-every'`)", "answer = None"),
    md("""
**Keep in mind.** The amplitude-amplification player needs the opponent's moves to build
$\\mathcal{A}$ (the thesis allows the players to show their unitaries). And against a *perfect*
player nothing helps (lesson 12).
"""),
]


def readme_badges(repo: str, ref: str) -> None:
    """Put the launch badges between the README's badge markers (or say where they go)."""
    readme = ROOT / "README.md"
    text = readme.read_text()
    start, end = "<!-- launch badges -->", "<!-- /launch badges -->"
    if start not in text or end not in text:
        raise SystemExit(f"README.md has no {start} ... {end} block")
    body = badges(repo, ref, "lessons/00_how_to_use.ipynb") if repo else \
        "(Launch badges appear here once the public repository is known: see tools/make_lessons.py.)"
    head, rest = text.split(start, 1)
    readme.write_text(head + start + "\n" + body + "\n" + end + rest.split(end, 1)[1])


def write_all() -> list[Path]:
    repo, ref = _repo()
    readme_badges(repo, ref)
    paths = []
    for name, cells in LESSONS.items():
        cells = with_launch(name, cells, repo, ref)
        nb = nbf.v4.new_notebook(cells=cells, metadata={
            "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}})
        path = ROOT / "lessons" / f"{name}.ipynb"
        nbf.write(nb, path)
        paths.append(path)
    return paths


if __name__ == "__main__":
    paths = write_all()
    if "--execute" in sys.argv:
        for p in paths:
            subprocess.run([sys.executable, "-m", "jupyter", "nbconvert", "--to", "notebook", "--execute",
                            "--inplace", str(p.name)], cwd=p.parent, check=True)
    print("\n".join(str(p.relative_to(ROOT)) for p in paths))
