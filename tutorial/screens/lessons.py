"""Page stub: the code lives in ``tutorial.webapp.pages.lessons`` (compiled once, not on every rerun)."""

from tutorial.webapp.pages.lessons import main

main()
