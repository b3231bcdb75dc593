"""Page stub: the code lives in ``tutorial.views.play`` (compiled once, not on every rerun)."""

from tutorial.views.play import main

main()
