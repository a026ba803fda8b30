"""Amplitude amplification as a real circuit (Brassard, Hoyer, Mosca, Tapp; the thesis' 4.4.1).

A handful of basis states (boards, say) with given real amplitudes are encoded in
ceil(log2 N) qubits; A prepares them, the oracle O_f flips the sign of the good ones, S0
flips the sign of |0...0>, and the amplifier is Q = -A S0 A^dagger O_f. After n rounds the
probability of measuring a good state is sin^2((2n+1) theta), with sin^2(theta) = a, the
initial probability of the good states.
"""
from __future__ import annotations

import math


def amplification_circuit(amplitudes, good, iterations: int, measure: bool = True):
    """The circuit A, then ``iterations`` rounds of Q, on ceil(log2 N) qubits.

    ``amplitudes``: real amplitudes of basis states 0..N-1 (normalised here);
    ``good``: the indices the oracle marks.
    """
    from qiskit import QuantumCircuit
    from qiskit.circuit.library import DiagonalGate, StatePreparation

    amps = [float(a) for a in amplitudes]
    norm = math.sqrt(sum(a * a for a in amps))
    if norm == 0:
        raise ValueError("the amplitudes are all zero")
    k = max(1, math.ceil(math.log2(len(amps))))
    vec = [a / norm for a in amps] + [0.0] * (2 ** k - len(amps))
    good = set(good)
    prep = QuantumCircuit(k, name="A")
    prep.append(StatePreparation(vec), range(k))
    a_gate = prep.to_gate(label="A")
    oracle = DiagonalGate([-1.0 if i in good else 1.0 for i in range(2 ** k)])
    s0 = DiagonalGate([-1.0 if i == 0 else 1.0 for i in range(2 ** k)])
    qc = QuantumCircuit(k, name="amplitude amplification")
    qc.append(a_gate, range(k))
    for _ in range(iterations):
        qc.append(oracle, range(k))                                      # O_f
        qc.append(a_gate.inverse(), range(k))                            # A^dagger
        qc.append(s0, range(k))                                          # S0
        qc.append(a_gate, range(k))                                      # A
        qc.global_phase += math.pi                                       # the minus sign of Q
    if measure:
        qc.measure_all()
    return qc


def good_probability(amplitudes, good) -> float:
    norm = sum(float(a) ** 2 for a in amplitudes)
    return sum(float(amplitudes[i]) ** 2 for i in good) / norm


def predicted(amplitudes, good, iterations: int) -> float:
    """sin^2((2n+1) theta) with sin^2(theta) = a."""
    theta = math.asin(math.sqrt(good_probability(amplitudes, good)))
    return math.sin((2 * iterations + 1) * theta) ** 2


def measured(amplitudes, good, iterations: int, shots: int = 4000, seed: int = 5) -> float:
    """P(good) measured on Aer."""
    from .measure import run_counts
    qc = amplification_circuit(amplitudes, good, iterations)
    counts = run_counts(qc, shots=shots, seed=seed)
    hits = sum(n for bits, n in counts.items() if int(bits.replace(" ", ""), 2) in set(good))
    return hits / shots
