"""Page stub: the code lives in ``tutorial.webapp.pages.home`` (compiled once, not on every rerun)."""

from tutorial.webapp.pages.home import main

main()
