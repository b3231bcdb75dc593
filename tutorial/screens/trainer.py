"""Page stub: the code lives in ``tutorial.views.trainer`` (compiled once, not on every rerun)."""

from tutorial.views.trainer import main

main()
