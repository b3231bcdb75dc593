"""Page stub: the code lives in ``tutorial.views.rules`` (compiled once, not on every rerun)."""

from tutorial.views.rules import main

main()
