"""Page stub: the code lives in ``tutorial.webapp.pages.trainer`` (compiled once, not on every rerun)."""

from tutorial.webapp.pages.trainer import main

main()
