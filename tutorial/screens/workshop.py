"""Page stub: the code lives in ``tutorial.views.workshop`` (compiled once, not on every rerun)."""

from tutorial.views.workshop import main

main()
