"""Page stub: the code lives in ``tutorial.webapp.pages.live`` (compiled once, not on every rerun)."""

from tutorial.webapp.pages.live import main

main()
