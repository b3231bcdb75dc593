"""Page stub: the code lives in ``tutorial.webapp.pages.rules`` (compiled once, not on every rerun)."""

from tutorial.webapp.pages.rules import main

main()
