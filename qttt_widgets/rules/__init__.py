"""The games as plain Python objects: no qiskit, no ipywidgets, no matplotlib.

* ``game``        the contract every game keeps (``Game``, ``Outcome``, ``current_player``, ``key``)
* ``registry``    the games by kind and by record format (``load`` reads any record)
* ``classical``   n x n tic-tac-toe, perfect play on 3 x 3
* ``goff``        Goff's quantum tic-tac-toe (and its random-collapse variant)
* ``actions``     Goff's actions as typed values (``Mark``, ``CollapseTo``, ``LastMark``)
* ``ensemble``    the classical ensemble of a Goff position
* ``qubit_board`` the qubit-per-cell game
* ``notation``    the text notation and the checks on a Goff record (below ``goff``)
* ``records``     game records for users: notation, JSON, load and save (above ``goff``)
* ``errors``, ``limits``  IllegalMove and RecordError; the limits a record must keep

Every public function is annotated and the package ships ``py.typed``; mypy checks this
package in CI (tests/test_types.py).
"""
