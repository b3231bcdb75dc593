"""Each game's own part of the tools, one module per game named after it.

A module sets ``REFERENCE`` (:class:`tutorial.tools.reference.ReferencePart`), what the
author's reference says of the game, and ``SOLVER_COUNT``
(:class:`tutorial.tools.bench_solver.SolverCount`), how the solver's check counts a
side's points. A game's module may import its own game's engine package; nothing else
in the tools does.
"""
