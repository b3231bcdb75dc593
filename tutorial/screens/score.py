"""Page stub: the code lives in ``tutorial.webapp.pages.score`` (compiled once, not on every rerun)."""

from tutorial.webapp.pages.score import main

main()
