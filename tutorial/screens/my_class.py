"""Page stub: the code lives in ``tutorial.webapp.pages.my_class`` (compiled once, not on every rerun)."""

from tutorial.webapp.pages.my_class import main

main()
