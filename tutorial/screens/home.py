"""Page stub: the code lives in ``tutorial.views.home`` (compiled once, not on every rerun)."""

from tutorial.views.home import main

main()
