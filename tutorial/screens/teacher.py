"""Page stub: the code lives in ``tutorial.webapp.pages.teacher`` (compiled once, not on every rerun)."""

from tutorial.webapp.pages.teacher import main

main()
