"""Page stub: the code lives in ``tutorial.webapp.pages.workshop`` (compiled once, not on every rerun)."""

from tutorial.webapp.pages.workshop import main

main()
