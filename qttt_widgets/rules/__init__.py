"""The games as plain Python objects: no qiskit, no ipywidgets, no matplotlib.

* ``classical``   n x n tic-tac-toe, perfect play on 3 x 3
* ``goff``        Goff's quantum tic-tac-toe (and its random-collapse variant)
* ``ensemble``    the classical ensemble of a Goff position
* ``records``     the text notation and game records
"""
