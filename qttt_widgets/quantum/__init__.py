"""The quantum layer: real Qiskit circuits for the games in ``qttt_widgets.rules``.

Everything here imports qiskit (and qiskit-aer) when it is first used, so
``import qttt_widgets`` stays light.
"""
