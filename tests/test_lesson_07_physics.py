"""Every claim of lesson 07 (the classical ensemble), checked independently of the lesson's text:
brute force over all placements against the rules engine's Ensemble."""
from fractions import Fraction
from itertools import product

from qttt_widgets.exercises.lesson07 import count_checker, ensemble_size, sample_positions
from qttt_widgets.rules.ensemble import Ensemble, components
from qttt_widgets.rules.goff import GoffGame


def brute(marks):
    """Placements of the marks (one square each) with no square used twice."""
    return [c for c in product(*marks) if len(set(c)) == len(c)]


def test_one_mark_is_two_games():
    assert Ensemble(GoffGame().play(0, 1)).size == 2


def test_draft_example_four_placements_one_pruned_three_members():
    g = GoffGame().play(0, 1).play(1, 2)
    e = Ensemble(g)
    assert e.naive_size == 4 and e.size == 3
    pruned = [c for c in product((0, 1), (1, 2)) if c[0] == c[1]]
    assert pruned == [(1, 1)]                               # both marks in people's square 2
    p = e.probabilities(exact=True)
    assert p[1]["O"] == Fraction(1, 3) and p[2]["O"] == Fraction(2, 3)      # the draft page's example
    # before pruning O2 is in square 2 in half of the four placements (the draft page's "half")
    assert sum(1 for c in product((0, 1), (1, 2)) if c[1] == 1) == 2


def test_brute_force_agrees_with_the_rules_engine_on_the_checked_positions():
    for marks in sample_positions():
        assert len(brute(marks)) == ensemble_size(marks), marks
    assert count_checker()(lambda m: len(brute(m))) is None


def test_trees_have_n_plus_one_members_cycles_two_and_groups_multiply():
    for marks in sample_positions():
        game = GoffGame()
        for a, b in marks:
            game.play(a, b)
        e = Ensemble(game)
        total = 1
        for group, options in zip(components(game.spooky), e.placements):
            squares = {sq for m in group for sq in m[2:]}
            assert len(group) <= len(squares)                # at most one cycle per group
            expected = len(group) + 1 if len(group) < len(squares) else 2
            assert len(options) == expected, (marks, group)
            total *= expected
        assert e.size == total
        assert sum(1 for g in components(game.spooky)
                   if len(g) == len({sq for m in g for sq in m[2:]})) <= 1     # at most one cycle in a position


def test_chain_round_the_board_keeps_n_plus_one_of_two_to_the_n():
    g, kept = GoffGame(), []
    for a, b in [(0, 1), (1, 2), (2, 5), (5, 8), (8, 7), (7, 6), (6, 3), (3, 4)]:
        g.play(a, b)
        kept.append((Ensemble(g).size, Ensemble(g).naive_size))
    assert kept == [(n + 1, 2 ** n) for n in range(1, 9)]


def test_the_several_groups_position_has_twelve_members():
    g = GoffGame().play(0, 1).play(3, 4).play(1, 2).play(6, 7).play(6, 7)
    assert g.pending is not None and g.pending.chooser == "O"
    e = Ensemble(g)
    assert e.group_sizes == [3, 2, 2] and e.size == 12 and e.naive_size == 32
    assert len(brute([(0, 1), (3, 4), (1, 2), (6, 7), (6, 7)])) == 12


def test_star_odds_and_the_three_cycle():
    p = Ensemble(GoffGame().play(0, 4).play(4, 8).play(2, 4)).probabilities(exact=True)
    assert p[4] == {"X": Fraction(1, 2), "O": Fraction(1, 4), "empty": Fraction(1, 4)}
    # the lesson's picture: a chain X1 1-5, O2 5-9, X3 9-3 (not Task 7.4's shape, a star)
    chain = Ensemble(GoffGame().play(0, 4).play(4, 8).play(8, 2))
    assert chain.size == 4
    assert chain.probabilities(exact=True)[4] == {"X": Fraction(1, 4), "O": Fraction(1, 2), "empty": Fraction(1, 4)}
    # the brute-force demonstration: two marks on one pair, 4 placements, 2 kept
    assert len(brute([(0, 1), (0, 1)])) == 2
    cycle = GoffGame().play(0, 1).play(1, 2).play(0, 2)
    assert Ensemble(cycle).size == 2 and cycle.pending.chooser == "O"
    # the two members are the two collapses O can choose
    outcomes = set()
    for square in cycle.pending.options:
        outcomes.add(cycle.copy().collapse(square).classical)
    assert outcomes == set(Ensemble(cycle).boards())


def test_task_7_4_o2_sits_in_square_2_in_one_member_of_four():
    """X₁ 1–2, O₂ 2–3, X₃ 2–4: 8 placements, 4 members; O₂ in square 2 in 4 of 8 placements
    before pruning (the draft page's "half"), in 1 of 4 members after."""
    from itertools import product
    e = Ensemble(GoffGame().play(0, 1).play(1, 2).play(1, 3))
    assert (e.naive_size, e.size) == (8, 4)
    assert e.probabilities(exact=True)[1]["O"] == Fraction(1, 4)
    marks = [(0, 1), (1, 2), (1, 3)]
    placements = list(product(*marks))
    assert sum(c[1] == 1 for c in placements) == 4
    kept = [c for c in placements if len(set(c)) == 3]
    assert len(kept) == 4 and sum(c[1] == 1 for c in kept) == 1


def test_after_task_7_4_the_one_member_with_o2_in_square_2_has_x3_in_square_4():
    """07b's fold after Task 7.4: with X3 in 2-4 one member still has O2 in square 2 (X3 then in 4) and
    the members grow from 3 to 4, so O2's odds in square 2 go from 1/3 to 1/4 (the page's 1/2 counts
    all four placements of X1 and O2, the pruned one included)."""
    before, after = brute([(0, 1), (1, 2)]), brute([(0, 1), (1, 2), (1, 3)])
    assert len(before) == 3 and sum(c[1] == 1 for c in before) == 1
    with_o2_in_2 = [c for c in after if c[1] == 1]
    assert len(after) == 4 and with_o2_in_2 == [(0, 1, 3)]
    assert Ensemble(GoffGame().play(0, 1).play(1, 2).play(1, 3)).probabilities(exact=True)[1]["O"] == Fraction(1, 4)
