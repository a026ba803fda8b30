"""The checkers of lessons 01, 03, 04 and 06, called as the lessons' check cells call them
(``check(task, answer, using=...)``, here through :func:`verdict`, which returns the hint).

Each test gives the reference answer (accepted) or a wrong answer a student could give, and
compares the whole hint the student would read: a checker that names the wrong mistake, or
refuses a right answer, fails here (mutation testing, tests/MUTATION.md)."""
import cmath
import math

import numpy as np
import pytest
from qiskit import QuantumCircuit
from qiskit.quantum_info import Statevector

from qttt_widgets.exercises import lesson01, lesson03, lesson04, lesson06, verdict

R2 = 1 / math.sqrt(2)
TAU = 2 * math.pi
NUMBERING = ("(Code numbers run 0 to 8, row by row: one less than the grey numbers 1 to 9 on the "
             "board, which are people's numbers.)")


def hint(answer, checker):
    return verdict(answer, using=checker)


# === lesson 01, task 1.2: born(a0, a1) -> (P0, P1) =============================================
def born_ok(a0, a1):
    n = abs(a0) ** 2 + abs(a1) ** 2
    return abs(a0) ** 2 / n, abs(a1) ** 2 / n


def test_born_reference_normalises_and_squares_the_sizes():
    assert lesson01.born_reference(3, 4j) == pytest.approx((9 / 25, 16 / 25))
    assert lesson01.born_reference(1, 1) == pytest.approx((0.5, 0.5))
    assert lesson01.born_reference(0.6, 0.8j) == pytest.approx((0.36, 0.64))
    assert lesson01.born_reference(-2j, 1) == pytest.approx((0.8, 0.2))


def test_born_checker_accepts_the_right_function_in_any_form():
    check = lesson01.born_checker()
    assert hint(born_ok, check) is None
    assert hint(lesson01.born_reference, check) is None
    assert hint(lambda a0, a1: [complex(p) for p in born_ok(a0, a1)], check) is None    # a list, complex


@pytest.mark.parametrize("wrong, why", [
    (lambda a0, a1: (a0 ** 2, a1 ** 2),
     "born(0.6, 0.8j) gave P1 = −0.64: you squared the amplitude itself, and (0.8i)² = −0.64. "
     "A probability is the squared SIZE: |a1|² = abs(a1)**2"),
    (lambda a0, a1: (abs(a0), abs(a1)),
     "born(0.6, 0.8j) gave (0.6, 0.8): those are the sizes |a0| and |a1|; the Born rule squares them"),
    (lambda a0, a1: (abs(a1) ** 2, abs(a0) ** 2),
     "born(0.6, 0.8j) gave (0.64, 0.36): P0 and P1 are swapped; P0 comes from a0, the amplitude of |0⟩"),
    (lambda a0, a1: (complex(a0).real ** 2, complex(a1).real ** 2),
     "born(0.6, 0.8j) gave P1 = 0: you kept only the real part of a1. "
     "The size of a complex number counts both parts: |x + iy|² = x² + y²"),
    (lambda a0, a1: (0.5, 0.5),
     "born(0.6, 0.8j) returned ((0.5+0j), (0.5+0j)): for 0.6|0⟩ + 0.8i|1⟩ the Born rule gives P0 = |0.6|²"),
    (lambda a0, a1: (0.36, 0.64 + 2e-6),
     "born(0.6, 0.8j) returned ((0.36+0j), (0.640002+0j)): for 0.6|0⟩ + 0.8i|1⟩ the Born rule gives "
     "P0 = |0.6|²"),
    (lambda a0, a1: (abs(a0) ** 2, abs(a1) ** 2),
     "born(1, 1) returned probabilities that add up to 2, not 1: the pair (1, 1) is not normalised. "
     "Divide each |a|² by |a0|² + |a1|² (the squared length of the vector)"),
    (lambda a0, a1: (0.36, 0.64) if a0 == 0.6 else (0.5, 0.5 + 2e-6),
     "born(1, 1) returned probabilities that add up to 1, not 1: the pair (1, 1) is not normalised. "
     "Divide each |a|² by |a0|² + |a1|² (the squared length of the vector)"),
], ids=["squared-amplitude", "sizes", "swapped", "real-part", "other", "just-out-of-tolerance",
        "not-normalised", "sum-just-off"])
def test_born_checker_names_the_mistake(wrong, why):
    assert hint(wrong, lesson01.born_checker()) == why


def test_born_checker_accepts_a_sum_within_the_tolerance():
    # right on the first probe and the later inputs; (1, 1) answered a hair away from 1/2 each
    f = lambda a0, a1: (0.5, 0.5 + 5e-7) if (a0, a1) == (1, 1) else born_ok(a0, a1)  # noqa: E731
    assert hint(f, lesson01.born_checker()) is None


def test_born_checker_tries_the_later_inputs():
    def wrong_for_3_4i(a0, a1):
        p0, p1 = born_ok(a0, a1)
        return (p1, p0) if (a0, a1) == (3, 4j) else (p0, p1)
    assert hint(wrong_for_3_4i, lesson01.born_checker()) == \
        "for 3, 4j your function returned (0.64, 0.36); expected (0.36, 0.64)"


@pytest.mark.parametrize("answer, why", [
    ((0.36, 0.64), "give your function born itself (no brackets), not tuple"),
    (0.36, "give your function born itself (no brackets), not float"),
    ("born", "give your function born itself (no brackets), not str"),
    (lambda a0, a1: abs(a0) ** 2, "born should return a pair (two numbers), not 0.36"),
    (lambda a0, a1: (1, 2, 3), "born should return a pair (two numbers), not (1, 2, 3)"),
    (lambda a0, a1: ("a", "b"), "born should return a pair (two numbers), not ('a', 'b')"),
    (lambda a0, a1: (None, 1), "born should return a pair (two numbers), not (None, 1)"),
    (lambda a0, a1: None, "born should return a pair (two numbers), not None"),
])
def test_born_checker_refuses_answers_of_the_wrong_kind(answer, why):
    assert hint(answer, lesson01.born_checker()) == why


def test_born_checker_a_second_answer_that_is_not_a_pair():
    f = lambda a0, a1: (0.36, 0.64) if a0 == 0.6 else 1.0  # noqa: E731
    assert hint(f, lesson01.born_checker()) == "born should return a pair (two numbers), not 1.0"


# === lesson 01, task 1.5: bloch_angles(a0, a1) -> (theta, phi) ==================================
def _dphi(a0, a1):
    return cmath.phase(a1) - cmath.phase(a0)


def bloch_ok(a0, a1):
    return 2 * math.acos(min(1.0, abs(a0))), _dphi(a0, a1) % TAU


def _pole(a0, a1):
    return abs(a0) < 1e-12 or abs(a1) < 1e-12


def test_bloch_reference_values():
    assert lesson01.bloch_reference(R2, R2) == pytest.approx((math.pi / 2, 0))
    assert lesson01.bloch_reference(R2, -1j * R2) == pytest.approx((math.pi / 2, 3 * math.pi / 2))
    assert lesson01.bloch_reference(0.6, 0.8j) == pytest.approx((2 * math.acos(0.6), math.pi / 2))
    assert lesson01.bloch_reference(1j * R2, 1j * R2) == pytest.approx((math.pi / 2, 0))
    assert lesson01.bloch_reference(1.0000001, 0) == (0.0, 0.0)            # rounding above 1 is clipped
    assert lesson01.bloch_reference(0, -1j) == (math.pi, 0.0)               # a pole: phi = 0
    assert lesson01.bloch_reference(1e-13, 1j)[1] == 0.0                   # below 1e-12 counts as a pole
    assert lesson01.bloch_reference(1, 1e-13j)[1] == 0.0
    th, ph = lesson01.bloch_reference(1e-11, -1)                            # near a pole, not at it
    assert ph == pytest.approx(math.pi)


@pytest.mark.parametrize("right", [
    bloch_ok,
    lesson01.bloch_reference,
    # any phi at the poles (only theta is compared there)
    lambda a0, a1: (bloch_ok(a0, a1)[0], 1.234 if _pole(a0, a1) else bloch_ok(a0, a1)[1]),
    # dividing by the amplitudes: fine away from the poles, handled at them
    lambda a0, a1: (bloch_ok(a0, a1)[0], 0.0 if _pole(a0, a1) else cmath.phase(a1 / a0) % TAU),
    # phi a rounding error below 2 pi where it is 0
    lambda a0, a1: (bloch_ok(a0, a1)[0], TAU - 1e-12 if bloch_ok(a0, a1)[1] == 0 else bloch_ok(a0, a1)[1]),
    lambda a0, a1: (bloch_ok(a0, a1)[0], TAU + 5e-10 if bloch_ok(a0, a1)[1] == 0 else bloch_ok(a0, a1)[1]),
    lambda a0, a1: (bloch_ok(a0, a1)[0], bloch_ok(a0, a1)[1] + 9e-7),       # within the tolerance
    lambda a0, a1: (bloch_ok(a0, a1)[0], bloch_ok(a0, a1)[1] + 1e-10j),     # an imaginary rounding error
], ids=["plain", "reference", "any-phi-at-poles", "divides", "just-below-2pi", "hair-above-2pi",
        "within-tolerance", "tiny-imaginary"])
def test_bloch_checker_accepts_right_functions(right):
    assert hint(right, lesson01.bloch_checker()) is None


@pytest.mark.parametrize("wrong, why", [
    (lambda a0, a1: (math.degrees(bloch_ok(a0, a1)[0]), bloch_ok(a0, a1)[1]),
     "bloch_angles(0.6, 0.8j) answered in degrees: give θ and φ in radians"),
    (lambda a0, a1: (bloch_ok(a0, a1)[0], math.degrees(bloch_ok(a0, a1)[1])),
     "bloch_angles(0.6, 0.8j) answered in degrees: give θ and φ in radians"),
    (lambda a0, a1: (math.acos(abs(a0)), _dphi(a0, a1) % TAU),
     "bloch_angles(0.6, 0.8j) gave θ = acos(0.6): the state is cos(θ/2)|0⟩ + ..., "
     "so θ is TWICE the angle whose cosine is |a0|"),
    (lambda a0, a1: (2 * math.acos(abs(a0) ** 2), _dphi(a0, a1) % TAU),
     "bloch_angles(0.6, 0.8j) gave θ = 2·acos(0.36): cos(θ/2) is the amplitude's size |a0|, "
     "not the probability |a0|²"),
    (lambda a0, a1: (2 * math.acos(abs(a0)), cmath.phase(a1) % TAU),
     "bloch_angles(i/√2, i/√2) gave φ = π/2, but i(|0⟩ + |1⟩)/√2 is |+⟩ with a global phase (φ = 0): "
     "φ is the phase of a1 RELATIVE to a0, not the phase of a1 alone"),
    (lambda a0, a1: (2 * math.acos(abs(a0)), -_dphi(a0, a1) % TAU),
     "bloch_angles(1/√2, i/√2) gave φ = −π/2 (or 3π/2), but |+i⟩ has φ = π/2: "
     "you subtracted the other way round; φ = arg(a1) − arg(a0)"),
    (lambda a0, a1: (2 * math.acos(abs(a0)), -_dphi(a0, a1)),
     "bloch_angles(1/√2, i/√2) gave φ = −π/2 (or 3π/2), but |+i⟩ has φ = π/2: "
     "you subtracted the other way round; φ = arg(a1) − arg(a0)"),
    (lambda a0, a1: (2 * math.acos(abs(a0)), _dphi(a0, a1)),
     "bloch_angles(1/√2, −i/√2) gave φ = −π/2: the right point, but φ is asked in [0, 2π). "
     "Add 2π to a negative angle (x % (2 * math.pi) does it)"),
], ids=["theta-degrees", "phi-degrees", "theta-half", "theta-from-probability", "global-phase",
        "other-way-round", "other-way-round-negative", "negative-phi"])
def test_bloch_checker_names_the_mistake(wrong, why):
    assert hint(wrong, lesson01.bloch_checker()) == why


def _except_at(a0_wanted, change):
    """bloch_ok everywhere but at the input whose a0 is ``a0_wanted``, where ``change`` applies."""
    def f(a0, a1):
        th, ph = bloch_ok(a0, a1)
        return change(th, ph) if abs(a0 - a0_wanted) < 1e-9 else (th, ph)
    return f


@pytest.mark.parametrize("wrong, why", [
    (_except_at(0.8, lambda th, ph: (th + 0.1, ph)),
     "for a0 = 0.8, a1 = -0.6 your function returned (1.387, 3.142); expected (1.287, 3.142)"),
    (_except_at(0.8, lambda th, ph: (th + 2e-6, ph)),
     "for a0 = 0.8, a1 = -0.6 your function returned (1.287, 3.142); expected (1.287, 3.142)"),
    (_except_at(0.8, lambda th, ph: (th, ph + 2e-6)),
     "for a0 = 0.8, a1 = -0.6 your function returned (1.287, 3.142); expected (1.287, 3.142)"),
    (_except_at(math.cos(0.3), lambda th, ph: (th, ph + TAU)),             # phi above 2 pi
     "for a0 = 0.955, a1 = -0.193-0.224j your function returned (0.6, 10.28); expected (0.6, 4)"),
    (_except_at(math.cos(0.3), lambda th, ph: (th, ph - TAU)),             # phi below 0
     "for a0 = 0.955, a1 = -0.193-0.224j your function returned (0.6, -2.283); expected (0.6, 4)"),
    (_except_at(R2, lambda th, ph: (th, TAU + 5e-7) if ph == 0 else (th, ph)),   # just above 2 pi
     "for a0 = 0.707, a1 = 0.707 your function returned (1.571, 6.283); expected (1.571, 0)"),
    (_except_at(R2, lambda th, ph: (th, ph + 1e-3j)),                      # a complex phi
     "for a0 = 0.707, a1 = 0.707 your function returned (1.571, 0); expected (1.571, 0)"),
    (_except_at(R2, lambda th, ph: (th + 1e-3j, ph)),                      # a complex theta
     "for a0 = 0.707, a1 = 0.707 your function returned (1.571, 0); expected (1.571, 0)"),
    (lambda a0, a1: (2 * math.acos(a0.real if isinstance(a0, complex) else a0), _dphi(a0, a1) % TAU),
     "for a0 = 0+0.707j, a1 = 0+0.707j your function returned (3.142, 0); expected (1.571, 0)"),
], ids=["theta-off", "theta-just-off", "phi-just-off", "phi-above-2pi", "phi-below-0", "phi-hair-above-2pi",
        "complex-phi", "complex-theta", "real-part-of-a0"])
def test_bloch_checker_compares_every_input_and_says_where(wrong, why):
    assert hint(wrong, lesson01.bloch_checker()) == why


def test_bloch_checker_compares_theta_at_the_poles():
    # a pole of the sphere where theta is wrong: -1 is |0> with a global phase, theta = 0
    f = _except_at(-1, lambda th, ph: (math.pi, ph))
    assert hint(f, lesson01.bloch_checker()) == \
        "for a0 = -1, a1 = 0 your function returned (3.142, 3.142); expected (0, 0)"


def _stops_at_a0_zero(error):
    def f(a0, a1):
        if a0 == 0:
            raise error("a0 is zero")
        return bloch_ok(a0, a1)
    return f


@pytest.mark.parametrize("error", [ZeroDivisionError, ValueError])
def test_bloch_checker_explains_a_function_stopping_at_a_pole(error):
    assert hint(_stops_at_a0_zero(error), lesson01.bloch_checker()) == (
        f"for a0 = 0, a1 = 1 (a pole of the sphere) your function stopped with {error.__name__}: "
        "a0 is zero. There θ is 0 or π and φ can be anything: avoid dividing by a zero amplitude "
        "(cmath.phase(0) is simply 0)")


def test_bloch_checker_a_function_stopping_at_a1_zero_is_a_pole_too():
    def f(a0, a1):
        if a1 == 0:
            raise ZeroDivisionError("a1 is zero")
        return bloch_ok(a0, a1)
    assert hint(f, lesson01.bloch_checker()) == (
        "for a0 = 1, a1 = 0 (a pole of the sphere) your function stopped with ZeroDivisionError: "
        "a1 is zero. There θ is 0 or π and φ can be anything: avoid dividing by a zero amplitude "
        "(cmath.phase(0) is simply 0)")


@pytest.mark.parametrize("error", [ZeroDivisionError, ValueError])
def test_bloch_checker_an_error_away_from_the_poles_is_not_blamed_on_them(error):
    def f(a0, a1):
        if abs(a0 - 0.8) < 1e-9:
            raise error("bad input")
        return bloch_ok(a0, a1)
    assert hint(f, lesson01.bloch_checker()) == (
        f"that answer could not be checked ({error.__name__}: bad input). Look again at what the task asks for.")


@pytest.mark.parametrize("answer, why", [
    ((1.0, 2.0), "give your function bloch_angles itself (no brackets), not tuple"),
    (1.5, "give your function bloch_angles itself (no brackets), not float"),
    (lambda a0, a1: 1.5, "bloch_angles should return a pair (two numbers), not 1.5"),
    (lambda a0, a1: (1, 2, 3), "bloch_angles should return a pair (two numbers), not (1, 2, 3)"),
])
def test_bloch_checker_refuses_answers_of_the_wrong_kind(answer, why):
    assert hint(answer, lesson01.bloch_checker()) == why


# === lesson 03, task 3.4: a circuit for a Bell state ============================================
def circuit(*gates, n=2):
    qc = QuantumCircuit(n)
    for name, *args in gates:
        getattr(qc, name)(*args)
    return qc


MAKE = {"Φ+": circuit(("h", 0), ("cx", 0, 1)),
        "Φ−": circuit(("h", 0), ("cx", 0, 1), ("z", 0)),
        "Ψ+": circuit(("h", 0), ("cx", 0, 1), ("x", 1)),
        "Ψ−": circuit(("h", 0), ("cx", 0, 1), ("x", 1), ("z", 1))}


def test_bell_name_names_each_bell_state_up_to_a_global_phase():
    for name, qc in MAKE.items():
        amps = Statevector(qc).data
        assert lesson03.bell_name(amps) == name
        assert lesson03.bell_name(list(-1j * amps)) == name
    assert lesson03.bell_name([1, 0, 0, 0]) is None
    assert lesson03.bell_name([0.5, 0.5, 0.5, 0.5]) is None


@pytest.mark.parametrize("name", ["Φ+", "Φ−", "Ψ+", "Ψ−"])
def test_bell_state_accepts_its_own_state(name):
    check = lesson03.bell_state(name)
    assert hint(MAKE[name], check) is None
    assert hint(Statevector(MAKE[name]), check) is None
    measured = MAKE[name].copy()
    measured.measure_all()
    assert hint(measured, check) is None


SIGN = ("(a sign you cannot see in Z-basis counts). Which gate from lesson 02 flips the sign of |1⟩ "
        "and leaves |0⟩ alone?")


@pytest.mark.parametrize("want, made, why", [
    ("Φ+", "Ψ−", "your circuit makes Ψ− = (|01⟩ − |10⟩)/√2: both differences are missing. In Φ+ the two "
                 "qubits agree and the sign between the terms is +; one gate fixes each."),
    ("Ψ−", "Φ+", "your circuit makes Φ+ = (|00⟩ + |11⟩)/√2: both differences are missing. In Ψ− the two "
                 "qubits differ and the sign between the terms is −; one gate fixes each."),
    ("Ψ+", "Φ−", "your circuit makes Φ− = (|00⟩ − |11⟩)/√2: both differences are missing. In Ψ+ the two "
                 "qubits differ and the sign between the terms is +; one gate fixes each."),
    ("Ψ−", "Φ−", "your circuit makes Φ− = (|00⟩ − |11⟩)/√2: the sign is right, but your qubits agree; in "
                 "Ψ− they differ. Which gate flips one qubit?"),
    ("Φ+", "Ψ+", "your circuit makes Ψ+ = (|01⟩ + |10⟩)/√2: the sign is right, but your qubits differ; in "
                 "Φ+ they agree. Which gate flips one qubit?"),
    ("Ψ−", "Ψ+", "your circuit makes Ψ+ = (|01⟩ + |10⟩)/√2: the qubits differ as they should, but the "
                 "relative sign is +, and Ψ− needs − " + SIGN),
    ("Φ+", "Φ−", "your circuit makes Φ− = (|00⟩ − |11⟩)/√2: the qubits agree as they should, but the "
                 "relative sign is −, and Φ+ needs + " + SIGN),
])
def test_bell_state_names_the_bell_state_made_and_what_differs(want, made, why):
    assert hint(MAKE[made], lesson03.bell_state(want)) == why


PRODUCT = (" — and it is a product state (not entangled): an H alone does not link two qubits; "
           "the CX does.")


@pytest.mark.parametrize("answer, why", [
    (circuit(("h", 0), ("x", 1), ("z", 1)),
     "your circuit makes -0.707|10⟩ − 0.707|11⟩, which is not the state asked for" + PRODUCT),
    (circuit(("h", 0), ("h", 1)),
     "your circuit makes 0.5|00⟩ + 0.5|01⟩ + 0.5|10⟩ + 0.5|11⟩, which is not the state asked for" + PRODUCT),
    (circuit(("h", 0), ("x", 1)),                  # a product state with the right odds: the phase hint
     "your circuit makes 0.707|10⟩ + 0.707|11⟩, which is not the state asked for" + PRODUCT),
    (circuit(("ry", 1.0, 0), ("cx", 0, 1)),         # entangled, but not a Bell state
     "your circuit makes 0.878|00⟩ + 0.479|11⟩, which is not the state asked for"),
    (circuit(("ry", 1.0, 0), ("cx", 0, 1), ("x", 1)),
     "your circuit makes 0.479|01⟩ + 0.878|10⟩, which is not the state asked for"),
    (circuit(n=3), "use a circuit with 2 qubits, not 3"),                 # a product of 3 qubits
    (circuit(("h", 0), ("cx", 0, 1), ("x", 1), ("z", 1), n=3), "use a circuit with 2 qubits, not 3"),
    (circuit(("h", 0), n=1), "use a circuit with 2 qubits, not 1"),
    ("H, CX", "give a QuantumCircuit, not str"),
    ([0, R2, -R2, 0], "give a QuantumCircuit, not list"),
])
def test_bell_state_other_answers(answer, why):
    assert hint(answer, lesson03.bell_state("Ψ−")) == why


def test_bell_state_unknown_name_is_refused():
    with pytest.raises(KeyError):
        lesson03.bell_state("Ψ")


# === lesson 04, tasks 4.3 and 4.4: a move in a position ==========================================
def test_threats_are_the_squares_that_complete_a_line():
    assert lesson04.threats("XX.OO....", "X") == [2]
    assert lesson04.threats("XX.OO....", "O") == [5]
    assert lesson04.threats("X.X.X.O.O", "X") == [1]
    assert lesson04.threats("X.X.X.O.O", "O") == [7]
    assert lesson04.threats(".........", "X") == []
    assert lesson04.threats("XOX......", "X") == []                  # an O in the line blocks it
    assert lesson04.threats("XX.XO.OO.", "O") == [2, 8]


TASK_4_3 = {   # "...O..XOX", X to move and win
    -1: "square -1 is off the board. " + NUMBERING,
    0: "after X at square 0 (the top-left corner), O has a reply that threatens a column and a row at once: "
       "a fork, and you can block only one. Look for the move that stops that plan. " + NUMBERING,
    1: "X at square 1 (the middle of the top row) does not lose, but O can hold the draw. A winning move makes "
       "two threats at once, so that one block is not enough. " + NUMBERING,
    2: None,
    3: "square 3 (the middle of the left column) is taken: it holds O. Pick an empty square. " + NUMBERING,
    4: None,
    5: "X at square 5 (the middle of the right column) does not lose, but O can hold the draw. A winning move "
       "makes two threats at once, so that one block is not enough. " + NUMBERING,
    6: "square 6 (the bottom-left corner) is taken: it holds X. Pick an empty square. " + NUMBERING,
    7: "square 7 (the middle of the bottom row) is taken: it holds O. Pick an empty square. " + NUMBERING,
    8: "square 8 (the bottom-right corner) is taken: it holds X. Pick an empty square. " + NUMBERING,
    9: "square 9 is off the board. " + NUMBERING,
}

TASK_4_4 = {   # "X.O....X.", O to move and hold the draw
    0: "square 0 (the top-left corner) is taken: it holds X. Pick an empty square. " + NUMBERING,
    1: "after O at square 1 (the middle of the top row), X answers at square 3 and wins by force from there. "
       "Look for the move that stops that plan. " + NUMBERING,
    3: "after O at square 3 (the middle of the left column), X answers at square 4 and then threatens a column "
       "and a diagonal at once: a fork, and you can block only one. Look for the move that stops that plan. "
       + NUMBERING,
    4: "after O at square 4 (the centre), X answers at square 6 and then threatens a column and a row at once: "
       "a fork, and you can block only one. Look for the move that stops that plan. " + NUMBERING,
    5: "after O at square 5 (the middle of the right column), X has a reply that threatens a diagonal and a "
       "row at once: a fork, and you can block only one. Look for the move that stops that plan. " + NUMBERING,
    6: "after O at square 6 (the bottom-left corner), X answers at square 4 and then threatens a column and a "
       "diagonal at once: a fork, and you can block only one. Look for the move that stops that plan. "
       + NUMBERING,
    8: None,
    10: "square 10 is off the board. " + NUMBERING,
}


@pytest.mark.parametrize("sq", sorted(TASK_4_3))
def test_task_4_3_every_answer(sq):
    assert hint(sq, lesson04.move("...O..XOX", "win")) == TASK_4_3[sq]


@pytest.mark.parametrize("sq", sorted(TASK_4_4))
def test_task_4_4_every_answer(sq):
    assert hint(sq, lesson04.move("X.O....X.", "hold")) == TASK_4_4[sq]


def test_move_the_places_in_words():
    assert hint(0, lesson04.move(".........", "hold")) is None          # every first move holds the draw
    places = ["the top-left corner", "the middle of the top row", "the top-right corner",
              "the middle of the left column", "the centre", "the middle of the right column",
              "the bottom-left corner", "the middle of the bottom row", "the bottom-right corner"]
    full = "XOXOXOOX."                      # only square 8 is open
    check = lesson04.move(full, "hold")
    for sq in range(8):
        assert hint(sq, check) == (f"square {sq} ({places[sq]}) is taken: it holds {full[sq]}. "
                                   "Pick an empty square. " + NUMBERING)


@pytest.mark.parametrize("key, goal, sq, why", [
    # the opponent's winning replies are all right answers of the task: described without a square
    (".......X.", "hold", 5, "after O at square 5 (the middle of the right column), X has a reply that wins by "
                             "force. Look for the move that stops that plan. " + NUMBERING),
    ("XOX......", "hold", 7, "after O at square 7 (the middle of the bottom row), X has a reply that threatens "
                             "two diagonals at once: a fork, and you can block only one. Look for the move that "
                             "stops that plan. " + NUMBERING),
    ("....X.XO.", "hold", 3, "after O at square 3 (the middle of the left column), X answers at square 0 and then "
                             "threatens two diagonals at once: a fork, and you can block only one. Look for the "
                             "move that stops that plan. " + NUMBERING),
    ("........X", "win", 6, "after O at square 6 (the bottom-left corner), X answers at square 0 and wins by "
                            "force from there. Look for the move that stops that plan. " + NUMBERING),
    # a drawing move when a win was asked: an example of the opponent's hold, never a right answer
    ("XO.......", "win", 7, "X at square 7 (the middle of the bottom row) does not lose, but O can hold the draw "
                            "(for example at square 8). A winning move makes two threats at once, so that one "
                            "block is not enough. " + NUMBERING),
    ("X.O......", "win", 5, "X at square 5 (the middle of the right column) does not lose, but O can hold the "
                            "draw (for example at square 4). A winning move makes two threats at once, so that "
                            "one block is not enough. " + NUMBERING),
])
def test_move_hints_in_other_positions(key, goal, sq, why):
    assert hint(sq, lesson04.move(key, goal)) == why


def test_move_right_answers_in_other_positions():
    assert [sq for sq in range(9) if lesson04.move("XO.......", "win")(sq) is None] == [3, 4, 6]
    assert [sq for sq in range(9) if lesson04.move("X.O......", "win")(sq) is None] == [3, 6, 8]
    assert [sq for sq in range(9) if lesson04.move(".......X.", "hold")(sq) is None] == [1, 4, 6, 8]
    # O to move and win: the square that completes O's line
    assert [sq for sq in range(9) if lesson04.move("XX.OO.X..", "win")(sq) is None] == [5]


@pytest.mark.parametrize("answer, why", [
    (True, "give one square number, 0 to 8 (code numbering), not True"),
    (False, "give one square number, 0 to 8 (code numbering), not False"),
    ("4", "give one square number, 0 to 8 (code numbering), not '4'"),
    (4.0, "give one square number, 0 to 8 (code numbering), not 4.0"),
    ([2], "give one square number, 0 to 8 (code numbering), not [2]"),
    (np.int64(2), None),
    (np.int64(9), "square 9 is off the board. " + NUMBERING),
])
def test_move_answers_of_the_wrong_kind(answer, why):
    assert hint(answer, lesson04.move("...O..XOX", "win")) == why


def test_move_refuses_a_bad_task():
    with pytest.raises(ValueError, match=r"^goal is 'win' or 'hold'$"):
        lesson04.move("...O..XOX", "draw")
    with pytest.raises(ValueError):
        lesson04.move("XXXXXXXXX", "win")
    with pytest.raises(ValueError):
        lesson04.move("abc", "win")


# === lesson 04, task 4.1: winner(cells) ==========================================================
KEYS = [".........", "XXXOO....", "XO.XO.X..", "XO.OX...X", "..XOXOX..", "OOOXX.X.X", "XOXXOOOXX",
        "X.OXO.O.X", "XO.X....."]


def winner_ok(cells):
    for a, b, c in [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]:
        if cells[a] != "." and cells[a] == cells[b] == cells[c]:
            return cells[a]
    return None


def lines_only(lines, empty_counts=False):
    def winner(cells):
        for a, b, c in lines:
            if (empty_counts or cells[a] != ".") and cells[a] == cells[b] == cells[c]:
                return cells[a]
        return None
    return winner


def test_winner_function_accepts_the_right_function():
    assert hint(winner_ok, lesson04.winner_function(KEYS)) is None
    assert hint(winner_ok, lesson04.winner_function(iter(KEYS))) is None       # any iterable of keys
    assert hint(lambda cells: None, lesson04.winner_function(["........."])) is None


@pytest.mark.parametrize("wrong, why", [
    (lines_only([(0, 1, 2), (3, 4, 5), (6, 7, 8)]),
     "for 'XO.XO.X..' your function returned None, but X has a column there (squares 0, 3, 6): expected 'X'"),
    (lines_only([(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8)]),
     "for 'XO.OX...X' your function returned None, but X has a diagonal there (squares 0, 4, 8): expected 'X'"),
    (lines_only([(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8)]),
     "for '..XOXOX..' your function returned None, but X has a diagonal there (squares 2, 4, 6): expected 'X'"),
    (lambda cells: None,
     "for 'XXXOO....' your function returned None, but X has a row there (squares 0, 1, 2): expected 'X'"),
    (lambda cells: "X" if winner_ok(cells) else None,
     "for 'OOOXX.X.X' your function returned 'X', but O has a row there (squares 0, 1, 2): expected 'O'"),
    (lambda cells: "X" if cells.count("X") > cells.count("O") else None,
     "for 'XO.X.....' your function returned 'X', but nobody has a line there."),
])
def test_winner_function_names_the_board_and_the_line(wrong, why):
    keys = KEYS if "nobody" not in why else ["XO.X....."]
    assert hint(wrong, lesson04.winner_function(keys)) == why


def test_winner_function_three_empty_squares_are_not_a_line():
    assert hint(lines_only([(0, 1, 2), (6, 7, 8)], empty_counts=True), lesson04.winner_function(KEYS)) == (
        "for '.........' your function returned '.', but nobody has a line there. Three empty squares in a row "
        "are not a line: check that the squares hold a mark.")
    # another wrong answer where nobody has a line: no word about empty squares
    assert hint(lambda cells: "X", lesson04.winner_function(KEYS)) == \
        "for '.........' your function returned 'X', but nobody has a line there."


def test_winner_function_a_winner_that_is_not_a_mark():
    class Anything:
        """Equal to None, and not None itself."""
        def __eq__(self, other):
            return other is None

        def __repr__(self):
            return "Anything()"
    assert hint(lambda cells: Anything(), lesson04.winner_function(["........."])) == \
        "for '.........' your function returned Anything(), but nobody has a line there."


def test_winner_function_with_every_legal_position():
    from qttt_widgets.rules.classical import legal_positions
    assert hint(winner_ok, lesson04.winner_function(legal_positions())) is None


@pytest.mark.parametrize("answer, why", [
    ("X", "give a function (def winner(cells): ...), not str"),
    (None, "No answer yet: replace None (or ...) with your answer, then run the cell again."),
    ([winner_ok], "give a function (def winner(cells): ...), not list"),
])
def test_winner_function_refuses_what_is_not_a_function(answer, why):
    assert hint(answer, lesson04.winner_function(KEYS)) == why


# === lesson 06, task 6.4: score(lines) ===========================================================
@pytest.mark.parametrize("lines, want", [
    ([], {"X": 0.0, "O": 0.0}),
    ([("X", 5)], {"X": 1.0, "O": 0.0}),
    ([("O", 8)], {"X": 0.0, "O": 1.0}),
    ([("X", 9), ("X", 9)], {"X": 2.0, "O": 0.0}),
    ([("O", 6), ("O", 8)], {"X": 0.0, "O": 2.0}),
    ([("X", 5), ("O", 6)], {"X": 1.0, "O": 0.5}),
    ([("O", 6), ("X", 5)], {"X": 1.0, "O": 0.5}),
    ([("X", 7), ("O", 6)], {"X": 0.5, "O": 1.0}),
    ([("X", 9), ("O", 4), ("X", 3)], {"X": 1.0, "O": 0.5}),
    ([("X", 9), ("O", 8), ("O", 4)], {"X": 0.5, "O": 1.0}),
])
def test_goff_score(lines, want):
    got = lesson06.goff_score(lines)
    assert got == want and all(type(v) is float for v in got.values())


def score_ok(lines):
    return lesson06.goff_score(lines)


def test_score_function_accepts_the_right_function():
    assert lesson06.score_function(score_ok) is None
    assert hint(score_ok, lesson06.score_function) is None
    # integer points, a dict in the other order: the same scores
    assert lesson06.score_function(lambda lines: {"O": int(score_ok(lines)["O"]) if score_ok(lines)["O"] != 0.5
                                                   else 0.5, "X": score_ok(lines)["X"]}) is None


def test_score_function_gives_the_learner_a_fresh_list_each_time():
    seen = []

    def score(lines):
        seen.append(lines)
        result = score_ok(lines)
        lines.clear()                    # a careless function that empties its argument
        return result
    assert lesson06.score_function(score) is None
    assert all(type(x) is list for x in seen) and len(seen) == len(lesson06.SCORE_CASES)


def _both(x, o):
    """score_ok, but ``{'X': x, 'O': o}`` whenever both players have a line."""
    def f(lines):
        if {p for p, _ in lines} == {"X", "O"}:
            return {"X": x, "O": o}
        return score_ok(lines)
    return f


def _swapped(lines):
    x = [s for p, s in lines if p == "X"]
    o = [s for p, s in lines if p == "O"]
    if x and o:
        return {"X": 1, "O": 0.5} if min(x) > min(o) else {"X": 0.5, "O": 1}
    return {"X": len(x), "O": len(o)}


def _one_a_player(lines):
    x = [s for p, s in lines if p == "X"]
    o = [s for p, s in lines if p == "O"]
    if x and o:
        return {"X": 1, "O": 0.5} if min(x) < min(o) else {"X": 0.5, "O": 1}
    return {"X": float(bool(x)), "O": float(bool(o))}


@pytest.mark.parametrize("wrong, why", [
    (_swapped,
     "for lines [('X', 5), ('O', 6)] your function returned {'X': 0.5, 'O': 1}: the points are swapped. The line "
     "with the smaller largest subscript was completed first and scores 1; the ½ goes to the line with the "
     "larger largest subscript"),
    (_both(1, 0.5),                                  # X always gets the whole point
     "for lines [('X', 7), ('O', 6)] your function returned {'X': 1, 'O': 0.5}: the points are swapped. The line "
     "with the smaller largest subscript was completed first and scores 1; the ½ goes to the line with the "
     "larger largest subscript"),
    (_both(1, 1),
     "for lines [('X', 5), ('O', 6)] your function returned {'X': 1, 'O': 1}: when both players have a line, "
     "they do not score the same: one gets 1, the other ½"),
    (_both(0.5, 0.5),
     "for lines [('X', 5), ('O', 6)] your function returned {'X': 0.5, 'O': 0.5}: when both players have a "
     "line, they do not score the same: one gets 1, the other ½"),
    (_both(1, 0),
     "for lines [('X', 5), ('O', 6)] your function returned {'X': 1, 'O': 0}: when both have a line, compare "
     "the largest subscripts: smaller gets 1, larger ½"),
    (_both(0.5, 1),
     "for lines [('X', 5), ('O', 6)] your function returned {'X': 0.5, 'O': 1}: the points are swapped. The line "
     "with the smaller largest subscript was completed first and scores 1; the ½ goes to the line with the "
     "larger largest subscript"),
    (_one_a_player,
     "for lines [('X', 9), ('X', 9)] your function returned {'X': 1.0, 'O': 0.0}: one player with two lines at "
     "once scores 1 point a line"),
    (lambda lines: {"X": 1, "O": 0} if not lines else score_ok(lines),
     "for lines [] your function returned {'X': 1, 'O': 0}: no line, no points"),
    (lambda lines: {"X": 0, "O": 0},
     "for lines [('X', 5)] your function returned {'X': 0, 'O': 0}: one player alone with a line scores 1 point "
     "a line, the other 0"),
    (lambda lines: {"X": 1, "O": 1} if lines == [("O", 8)] else score_ok(lines),
     "for lines [('O', 8)] your function returned {'X': 1, 'O': 1}: one player alone with a line scores 1 point "
     "a line, the other 0"),
    (lambda lines: score_ok(lines) if lines else {"X": 1e-8, "O": 0},
     "for lines [] your function returned {'X': 1e-08, 'O': 0}: no line, no points"),
])
def test_score_function_names_the_rule_broken(wrong, why):
    assert lesson06.score_function(wrong) == why
    assert hint(wrong, lesson06.score_function) == why


@pytest.mark.parametrize("wrong, why", [
    (lambda lines: [0, 0], "for lines [] your function returned [0, 0]: return a dict {'X': points, 'O': points}"),
    (lambda lines: {"X": 0}, "for lines [] your function returned {'X': 0}: return a dict {'X': points, 'O': points}"),
    (lambda lines: {"X": 0, "O": 0, "draw": 1},
     "for lines [] your function returned {'X': 0, 'O': 0, 'draw': 1}: return a dict {'X': points, 'O': points}"),
    (lambda lines: {"X": "0", "O": "none"},
     "for lines [] your function returned {'X': '0', 'O': 'none'}: the points must be numbers"),
    (lambda lines: {"X": None, "O": 0}, "for lines [] your function returned {'X': None, 'O': 0}: the points must be numbers"),
    (lambda lines: None, "for lines [] your function returned None: return a dict {'X': points, 'O': points}"),
    (42, "give a function (def score(lines): ...), not int"),
    ({"X": 0, "O": 0}, "give a function (def score(lines): ...), not dict"),
])
def test_score_function_refuses_answers_of_the_wrong_kind(wrong, why):
    assert lesson06.score_function(wrong) == why


def test_score_function_numbers_as_text_are_accepted_when_they_are_right():
    assert lesson06.score_function(lambda lines: {k: str(v) for k, v in score_ok(lines).items()}) is None


# === lesson 06, task 6.5: the best collapse and its points =======================================
TASK_6_5 = "29 46 48 49 25 39 48"          # X7 closes a cycle on 4 and 8: O chooses
X_CHOOSES = "68 18 15 73 34 14 94 76"     # O8 closes a cycle on 7 and 6: X chooses
O_COMPARE = ("X7 closed the cycle, so O chooses, and takes whichever collapse is better for O. Score each of the "
             "two collapses (which lines it completes, and whose largest subscript is smaller) before you pick")
X_COMPARE = ("O8 closed the cycle, so X chooses, and takes whichever collapse is better for X. Score each of the "
             "two collapses (which lines it completes, and whose largest subscript is smaller) before you pick")
RECOUNT = ("the square is a best choice; recount {}'s points after it: when both players have a line, the line "
           "completed first (smaller largest subscript) scores 1 and the other ½")
PAIR = ("give a pair (square, points): the square the chooser sends the mark to, and the points the chooser then "
        "scores")


@pytest.mark.parametrize("answer, why", [
    ((8, 1), None),
    ((8, 1.0), None),
    ((8, 1 + 5e-7), None),
    ((4, 1), O_COMPARE),
    ((4, 0.5), "you scored that collapse correctly, but is it the choice O wants? " + O_COMPARE),
    ((8, 0.5), "those are X's points after that collapse; give the chooser's, O's"),
    ((8, 2), RECOUNT.format("O")),
    ((8, 0), RECOUNT.format("O")),
    ((8, 1 + 2e-6), RECOUNT.format("O")),
    ((7, 1), "X7 can only go to square 4 or 8 (people's numbers, as in the notation): is that a code number?"),
    ((3, 1), "X7 can only go to square 4 or 8 (people's numbers, as in the notation): is that a code number?"),
    ((5, 1), "X7 can only go to square 4 or 8, the two squares of the mark just placed"),
    ((9, 1), "X7 can only go to square 4 or 8, the two squares of the mark just placed"),
    ((0, 1), "X7 can only go to square 4 or 8, the two squares of the mark just placed"),
    (8, PAIR), ((8,), PAIR), ((8, 1, 0), PAIR), ([8, 1], PAIR), ("8, 1", PAIR),
    ((8.0, 1), "give the square as a whole number (people's 1..9), not float"),
    ((True, 1), "give the square as a whole number (people's 1..9), not bool"),
    (("8", 1), "give the square as a whole number (people's 1..9), not str"),
    ((8, "1"), "give the points as a number (for example 1 or 0.5), not str"),
    ((8, True), "give the points as a number (for example 1 or 0.5), not bool"),
    ((8, None), "give the points as a number (for example 1 or 0.5), not NoneType"),
])
def test_task_6_5_o_chooses(answer, why):
    assert hint(answer, lesson06.best_collapse(TASK_6_5)) == why


@pytest.mark.parametrize("answer, why", [
    ((7, 1), None),
    ((7, 1.0), None),
    ((7, 0), "those are O's points after that collapse; give the chooser's, X's"),
    ((7, 2), RECOUNT.format("X")),
    ((6, 1), X_COMPARE),
    ((6, 0), "you scored that collapse correctly, but is it the choice X wants? " + X_COMPARE),
    ((5, 1), "O8 can only go to square 7 or 6 (people's numbers, as in the notation): is that a code number?"),
    ((8, 1), "O8 can only go to square 7 or 6, the two squares of the mark just placed"),
])
def test_best_collapse_when_x_chooses(answer, why):
    assert hint(answer, lesson06.best_collapse(X_CHOOSES)) == why


def test_best_collapse_needs_a_cycle_waiting():
    with pytest.raises(ValueError, match=r"^'29 46' has no cycle waiting to be measured$"):
        lesson06.best_collapse("29 46")


def test_best_collapse_refuses_a_cycle_whose_collapse_does_not_end_the_game():
    # the instructor's position must end with the collapse: otherwise no points can be counted
    # (this position's cycle 1-6-8 leaves the game open; before, every answer crashed the check)
    with pytest.raises(ValueError, match=r"^'68 51 73 94 71 86': a collapse of its cycle does not end "
                       r"the game, so there are no points to count; give a position whose collapse ends it$"):
        lesson06.best_collapse("68 51 73 94 71 86")


# --- lesson 01: the edges of the tolerances and of the probes -------------------------------------
def _at(a0_probe, a1_probe, change):
    """bloch_ok everywhere but at the input (a0_probe, a1_probe), where ``change`` applies."""
    def f(a0, a1):
        th, ph = bloch_ok(a0, a1)
        return change(th, ph) if (a0, a1) == (a0_probe, a1_probe) else (th, ph)
    return f


def test_global_phase_helper_of_the_inputs():
    # the inputs with a global phase are made by multiplying by e^(i gamma)
    assert lesson01._g(0.6, 2.0) == pytest.approx(0.6 * cmath.exp(2j))
    assert lesson01._g(0.8j, -2.2) == pytest.approx(0.8j * cmath.exp(-2.2j))


def test_bloch_reference_the_pole_threshold_is_strict():
    assert lesson01.bloch_reference(1e-12, 1j)[1] == pytest.approx(math.pi / 2)
    assert lesson01.bloch_reference(1, 1e-12j)[1] == pytest.approx(math.pi / 2)


def test_bloch_checker_calls_the_function_with_normalised_states_only():
    def strict(a0, a1):
        if abs(abs(a0) ** 2 + abs(a1) ** 2 - 1) > 1e-9:
            raise ValueError("not a normalised state")
        return bloch_ok(a0, a1)
    assert hint(strict, lesson01.bloch_checker()) is None

    def normalising_half(a0, a1):                # normalises, then forgets the factor 2
        n = math.sqrt(abs(a0) ** 2 + abs(a1) ** 2)
        return math.acos(abs(a0) / n), _dphi(a0, a1) % TAU
    assert hint(normalising_half, lesson01.bloch_checker()).startswith(
        "bloch_angles(0.6, 0.8j) gave θ = acos(0.6)")


WANT_TH = 2 * math.acos(0.6)


@pytest.mark.parametrize("wrong, why", [
    # a named mistake is named only within its tolerance (here: exactly the tolerance away, as an
    # imaginary part, or a plain wrong value near the mistake): otherwise the plain comparison
    (_at(0.6, 0.8j, lambda th, ph: (math.degrees(WANT_TH) + 1e-4j, ph)),
     "for a0 = 0.6, a1 = 0+0.8j your function returned (106.3, 1.571); expected (1.855, 1.571)"),
    (_at(0.6, 0.8j, lambda th, ph: (106.0, ph)),
     "for a0 = 0.6, a1 = 0+0.8j your function returned (106, 1.571); expected (1.855, 1.571)"),
    (_at(0.6, 0.8j, lambda th, ph: (th, 90 + 1e-4j)),
     "for a0 = 0.6, a1 = 0+0.8j your function returned (1.855, 90); expected (1.855, 1.571)"),
    (_at(0.6, 0.8j, lambda th, ph: (th, 89.5)),
     "for a0 = 0.6, a1 = 0+0.8j your function returned (1.855, 89.5); expected (1.855, 1.571)"),
    (_at(0.6, 0.8j, lambda th, ph: (WANT_TH / 2 + 1e-6j, ph)),
     "for a0 = 0.6, a1 = 0+0.8j your function returned (0.9273, 1.571); expected (1.855, 1.571)"),
    (_at(0.6, 0.8j, lambda th, ph: (2 * math.acos(0.36) + 1e-6j, ph)),
     "for a0 = 0.6, a1 = 0+0.8j your function returned (2.405, 1.571); expected (1.855, 1.571)"),
    (_at(1j * R2, 1j * R2, lambda th, ph: (th, math.pi / 2 + 1e-6j)),
     "for a0 = 0+0.707j, a1 = 0+0.707j your function returned (1.571, 1.571); expected (1.571, 0)"),
    (_at(1j * R2, 1j * R2, lambda th, ph: (th, 1.0)),
     "for a0 = 0+0.707j, a1 = 0+0.707j your function returned (1.571, 1); expected (1.571, 0)"),
    (_at(R2, 1j * R2, lambda th, ph: (th, 3 * math.pi / 2 + 1e-6j)),
     "for a0 = 0.707, a1 = 0+0.707j your function returned (1.571, 4.712); expected (1.571, 1.571)"),
    (_at(R2, 1j * R2, lambda th, ph: (th, 4.0)),
     "for a0 = 0.707, a1 = 0+0.707j your function returned (1.571, 4); expected (1.571, 1.571)"),
    (_at(R2, 1j * R2, lambda th, ph: (th, -math.pi / 2 + 1e-6j)),
     "for a0 = 0.707, a1 = 0+0.707j your function returned (1.571, -1.571); expected (1.571, 1.571)"),
    (_at(R2, 1j * R2, lambda th, ph: (th, -1.0)),
     "for a0 = 0.707, a1 = 0+0.707j your function returned (1.571, -1); expected (1.571, 1.571)"),
    (_at(R2, -1j * R2, lambda th, ph: (th, -math.pi / 2 + 1e-6j)),
     "for a0 = 0.707, a1 = 0-0.707j your function returned (1.571, -1.571); expected (1.571, 4.712)"),
    (_at(R2, -1j * R2, lambda th, ph: (th, -1.0)),
     "for a0 = 0.707, a1 = 0-0.707j your function returned (1.571, -1); expected (1.571, 4.712)"),
    (_at(R2, R2, lambda th, ph: (th, TAU - 0.5)),                       # far from 2 pi: not a rounding
     "for a0 = 0.707, a1 = 0.707 your function returned (1.571, 5.783); expected (1.571, 0)"),
], ids=["theta-degrees-edge", "theta-near-degrees", "phi-degrees-edge", "phi-near-degrees", "half-edge",
        "probability-edge", "global-edge", "global-near", "other-way-edge", "other-way-near",
        "other-way-negative-edge", "other-way-negative-near", "negative-edge", "negative-near",
        "half-a-radian-below-2pi"])
def test_bloch_checker_names_a_mistake_only_within_its_tolerance(wrong, why):
    assert hint(wrong, lesson01.bloch_checker()) == why


@pytest.mark.parametrize("right", [
    _at(R2, R2, lambda th, ph: (th, ph + 1e-9j)),          # an imaginary rounding at the tolerance
    _at(R2, R2, lambda th, ph: (th, 1e-6)),                # exactly the tolerance from 0
    _at(R2, R2, lambda th, ph: (th, 2 * math.pi + 1e-9)),  # 2 pi and a rounding: counts as 0
], ids=["imaginary-1e-9", "phi-1e-6", "2pi-plus-1e-9"])
def test_bloch_checker_tolerances_are_inclusive(right):
    assert hint(right, lesson01.bloch_checker()) is None


@pytest.mark.parametrize("probe", [(0.6, 0.8j), (1j * R2, 1j * R2), (R2, 1j * R2), (R2, -1j * R2), (0.8, -0.6)])
def test_bloch_checker_every_probe_insists_on_a_pair(probe):
    f = _at(*probe, lambda th, ph: "pair")
    assert hint(f, lesson01.bloch_checker()) == "bloch_angles should return a pair (two numbers), not 'pair'"


def test_born_checker_tolerances_are_inclusive():
    # P1 exactly 1e-6 from 0: still "only the real part" (within the tolerance of the named mistake)
    assert hint(lambda a0, a1: (0.36, 1e-6), lesson01.born_checker()).startswith(
        "born(0.6, 0.8j) gave P1 = 0: you kept only the real part of a1.")
    # (1, 1) answered with an imaginary rounding of exactly the tolerance: accepted
    f = lambda a0, a1: (0.5, 0.5 + 1e-6j) if (a0, a1) == (1, 1) else born_ok(a0, a1)  # noqa: E731
    assert hint(f, lesson01.born_checker()) is None


def test_born_checker_a_normalised_but_wrong_answer_for_1_1():
    f = lambda a0, a1: (0.3, 0.7) if (a0, a1) == (1, 1) else born_ok(a0, a1)  # noqa: E731
    assert hint(f, lesson01.born_checker()) == "for 1, 1 your function returned (0.3, 0.7); expected (0.5, 0.5)"


# --- lesson 03: the edge of "a product state" -----------------------------------------------------
def test_bell_state_an_entanglement_at_the_threshold_is_not_called_a_product():
    assert hint(Statevector([1, 0, 0, 1e-9]), lesson03.bell_state("Ψ−")) == \
        "your circuit makes 1|00⟩, which is not the state asked for"
    assert hint(Statevector([1, 0, 0, 1e-10]), lesson03.bell_state("Ψ−")) == \
        "your circuit makes 1|00⟩, which is not the state asked for" + PRODUCT


# --- lesson 04: a reply with three threats; rows and columns of every kind ------------------------
def test_move_a_reply_with_three_threats_names_two_of_them():
    assert hint(3, lesson04.move(".....O.XX", "hold")) == (
        "after O at square 3 (the middle of the left column), X answers at square 4 and then threatens a column "
        "and a diagonal at once: a fork, and you can block only one. Look for the move that stops that plan. "
        + NUMBERING)


@pytest.mark.parametrize("key, why", [
    ("OO.XXX...", "for 'OO.XXX...' your function returned None, but X has a row there (squares 3, 4, 5): "
                  "expected 'X'"),
    ("OO....XXX", "for 'OO....XXX' your function returned None, but X has a row there (squares 6, 7, 8): "
                  "expected 'X'"),
    ("OX..XO.X.", "for 'OX..XO.X.' your function returned None, but X has a column there (squares 1, 4, 7): "
                  "expected 'X'"),
    ("O.X.OX..X", "for 'O.X.OX..X' your function returned None, but X has a column there (squares 2, 5, 8): "
                  "expected 'X'"),
])
def test_winner_function_names_each_row_and_column(key, why):
    assert hint(lambda cells: None, lesson04.winner_function([key])) == why


# --- lesson 06: choices compared by value, points at the edge of the tolerance -------------------
def test_best_collapse_when_the_better_collapse_is_worth_half_a_point():
    check = lesson06.best_collapse("14 98 48 27 87 95 49")     # X7 closes the cycle on 4 and 9: O chooses
    assert hint((9, 0.5), check) is None
    assert hint((4, 0), check) == ("you scored that collapse correctly, but is it the choice O wants? X7 closed "
                                   "the cycle, so O chooses, and takes whichever collapse is better for O. Score "
                                   "each of the two collapses (which lines it completes, and whose largest "
                                   "subscript is smaller) before you pick")


def test_best_collapse_when_both_collapses_are_worth_nothing_to_the_chooser():
    check = lesson06.best_collapse("13 82 17 52 41 25")        # O6 closes a cycle on 2 and 5: X scores 0 either way
    assert hint((2, 0), check) is None and hint((5, 0), check) is None
    assert hint((2, 1e-6), check) == RECOUNT.format("X")
    assert hint((2, 1), check) == "those are O's points after that collapse; give the chooser's, X's"


def test_best_collapse_points_exactly_the_tolerance_away_are_wrong():
    check = lesson06.best_collapse(X_CHOOSES)
    assert hint((6, 1e-6), check) == X_COMPARE                  # X's 0 points after 6, missed by 1e-6
    assert hint((7, 1e-6), check) == RECOUNT.format("X")        # O's 0 points after 7, missed by 1e-6


def test_score_function_points_exactly_the_tolerance_away_are_wrong():
    assert lesson06.score_function(lambda lines: score_ok(lines) if lines else {"X": 1e-9, "O": 0}) == \
        "for lines [] your function returned {'X': 1e-09, 'O': 0}: no line, no points"
