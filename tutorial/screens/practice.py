"""Page stub: the code lives in ``tutorial.webapp.pages.practice`` (compiled once, not on every rerun)."""

from tutorial.webapp.pages.practice import main

main()
