"""Where the app and the players dispatch on a game's type or mode: every ``isinstance`` call
and every comparison with a game kind's name ('goff', 'random', 'qubit', 'classical') in
``widgets/`` and ``players/``, by file, with the lines. Issue 25 asked for zero in the app and
its views outside the registry (``widgets/registry.py``, ``rules/registry.py``).

    python benchmarks/dispatch.py [--lines] [root]

Not every ``isinstance`` is a type dispatch: checking a record's JSON (``isinstance(data,
dict)``) or telling a mark (a pair) from a square in a player's hot loop is listed too, so the
count is an upper bound; ``--lines`` prints each one to judge.
"""
from __future__ import annotations

import ast
import sys
from pathlib import Path

KINDS = {"goff", "random", "qubit", "classical"}


def findings(path: Path) -> tuple[list[int], list[int]]:
    tree = ast.parse(path.read_text())
    isinst, modes = [], []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "isinstance":
            isinst.append(node.lineno)
        elif isinstance(node, ast.Compare):
            for part in [node.left, *node.comparators]:
                values = part.elts if isinstance(part, (ast.Tuple, ast.List, ast.Set)) else [part]
                if any(isinstance(v, ast.Constant) and v.value in KINDS for v in values):
                    modes.append(node.lineno)
                    break
    return sorted(isinst), sorted(modes)


def main() -> None:
    args = [a for a in sys.argv[1:] if a != "--lines"]
    root = Path(args[0]) if args else Path(__file__).resolve().parents[1]
    total_i = total_m = 0
    print(f"{'file':<46} {'isinstance':>10} {'mode ==':>8}")
    for pkg in ("widgets", "players"):
        for path in sorted((root / "qttt_widgets" / pkg).rglob("*.py")):
            isinst, modes = findings(path)
            if not (isinst or modes):
                continue
            total_i += len(isinst)
            total_m += len(modes)
            name = str(path.relative_to(root / "qttt_widgets"))
            print(f"{name:<46} {len(isinst):>10} {len(modes):>8}")
            if "--lines" in sys.argv:
                lines = path.read_text().splitlines()
                for n in sorted(set(isinst + modes)):
                    print(f"    {n:>4}: {lines[n - 1].strip()[:100]}")
    print(f"{'total':<46} {total_i:>10} {total_m:>8}")


if __name__ == "__main__":
    main()
