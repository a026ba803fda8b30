"""Plant faults by hand where mutmut 3 does not look: it never mutates a decorated function
(``@property``, ``@lru_cache``; only ``@staticmethod``/``@classmethod`` are mutated), so the
rules' properties and cached functions are judged here instead.

    python tools/plant_faults.py            # each plant in a scratch copy, the rules' tests run (-x)

Each fault is planted alone in a copy of the checkout under /tmp (never in the checkout itself);
the script prints which test caught it, and exits 1 if any fault was not caught.
"""
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

SRC = Path(__file__).resolve().parents[1]
WORK = Path(tempfile.mkdtemp(prefix="qttt-plant-")) / "copy"
shutil.copytree(SRC, WORK, ignore=shutil.ignore_patterns(".git", "mutants", "build", "*.ipynb", "__pycache__",
                                                          "lessons", "notebooks", "binder"))
RULES = ["tests/test_goff.py", "tests/test_classical.py", "tests/test_records.py", "tests/test_ensemble.py",
         "tests/test_qubit_board.py", "tests/test_survivors.py", "tests/test_game_contract.py",
         "tests/test_svg.py", "tests/test_scoring.py", "tests/test_chance.py", "tests/test_api.py"]
PLANTS = [
 ("rules/goff.py", "            return self._pending.chooser\n        return player_of(self._move)", "            return player_of(self._move)\n        return player_of(self._move)", "GoffGame.decider: the collapse's chooser replaced by the player to move"),
 ("rules/goff.py", 'return "X" if s["X"] > s["O"] else "O"', 'return "X" if s["X"] < s["O"] else "O"', "GoffGame.winner: the loser named"),
 ("rules/goff.py", "if s is None or s[\"X\"] == s[\"O\"]:", "if s is None:", "GoffGame.winner: a draw names a winner"),
 ("rules/goff.py", "        return player_of(self._move)\n\n    @property\n    def move_number", "        return player_of(self._move + 1)\n\n    @property\n    def move_number", "GoffGame.to_move: the other player"),
 ("rules/goff.py", "return tuple(reversed(self._future))", "return tuple(self._future)", "GoffGame.redo_stack: the wrong order"),
 ("rules/classical.py", "            if first is not None and all(cells[i] == first for i in line):", "            if first is not None and any(cells[i] == first for i in line):", "ClassicalBoard.winner: one mark of a line wins"),
 ("rules/classical.py", 'return self.winner is not None or None not in self._cells', 'return self.winner is not None and None not in self._cells', "ClassicalBoard.is_over: and for or"),
 ("rules/classical.py", 'return self.winner or "draw"', 'return "draw"', "ClassicalBoard.result: always a draw"),
 ("rules/classical.py", 'return "X" if len(self._moves) % 2 == 0 else "O"', 'return "X" if len(self._moves) % 2 == 1 else "O"', "ClassicalBoard.to_move: O starts"),
 ("rules/classical.py", '    if "draw" in results:\n        return "draw"', '    if "draw" in results and False:\n        return "draw"', "outcome (lru_cache): a draw never chosen"),
 ("rules/classical.py", "    if p in results:\n        return p", "    if p in results and len(results) == 1:\n        return p", "outcome (lru_cache): a win chosen only when forced"),
 ("rules/ensemble.py", "            n *= len(options)", "            n += len(options)", "Ensemble.size: added, not multiplied"),
 ("rules/ensemble.py", "return 2 ** len(self.spooky)", "return 2 * len(self.spooky)", "Ensemble.naive_size: 2n"),
 ("rules/qubit_board.py", "return {p: sum(1 for who, _ in lines if who == p) for p in (\"X\", \"O\")}", "return {p: sum(1 for who, _ in lines if who != p) for p in (\"X\", \"O\")}", "QubitGame.scores: each player's lines given to the other"),
 ("rules/qubit_board.py", "return None if self._last_outcome is None else dict(self._last_outcome)", "return None", "QubitGame.last_outcome: always None"),
 ("rules/classical.py", "for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):", "for dr, dc in ((0, 1), (1, 0), (1, 1)):", "winning_lines (lru_cache): the anti-diagonals lost"),
 ("rules/classical.py", "if 0 <= end_r < n and 0 <= end_c < n:", "if 0 <= end_r < n and 0 < end_c < n:", "winning_lines (lru_cache): lines ending in the first column lost"),
 ("rules/ensemble.py", "return [len(options) for options in self.placements]", "return [len(options) - 1 for options in self.placements]", "Ensemble.group_sizes: one fewer"),
]
results = []
env = {**os.environ, "PYTHONPATH": str(WORK)}
for rel, old, new, what in PLANTS:
    f = WORK / "qttt_widgets" / rel
    orig = (SRC / "qttt_widgets" / rel).read_text()
    if old not in orig:
        results.append((what, "PLANT NOT FOUND")); continue
    f.write_text(orig.replace(old, new, 1))
    r = subprocess.run([sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *RULES],
                       cwd=WORK, capture_output=True, text=True, env=env)
    f.write_text(orig)
    first = next((l for l in r.stdout.splitlines() if l.startswith("FAILED")), "")
    results.append((what, "caught: " + first[7:120] if r.returncode == 1 else f"NOT CAUGHT (rc {r.returncode})"))
    print(f"{what}: {results[-1][1]}", flush=True)
shutil.rmtree(WORK.parent)
missed = [w for w, r in results if not r.startswith("caught")]
print(f"{len(results) - len(missed)} of {len(results)} planted faults caught")
sys.exit(1 if missed else 0)
