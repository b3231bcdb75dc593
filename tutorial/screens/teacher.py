"""Page stub: the code lives in ``tutorial.views.teacher`` (compiled once, not on every rerun)."""

from tutorial.views.teacher import main

main()
