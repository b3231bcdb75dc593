"""Page stub: the code lives in ``tutorial.views.practice`` (compiled once, not on every rerun)."""

from tutorial.views.practice import main

main()
