"""Page stub: the code lives in ``tutorial.webapp.pages.review`` (compiled once, not on every rerun)."""

from tutorial.webapp.pages.review import main

main()
