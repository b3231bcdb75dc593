"""Page stub: the code lives in ``tutorial.webapp.pages.play`` (compiled once, not on every rerun)."""

from tutorial.webapp.pages.play import main

main()
