"""Page stub: the code lives in ``tutorial.views.lessons`` (compiled once, not on every rerun)."""

from tutorial.views.lessons import main

main()
