"""Page stub: the code lives in ``tutorial.views.score`` (compiled once, not on every rerun)."""

from tutorial.views.score import main

main()
