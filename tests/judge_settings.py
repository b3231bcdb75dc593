"""What the tests judge positions with, in the test processes (``conftest.py``) and in the
app's servers that the browser tests start (``browser_util.py``): the same figures on both
sides of a browser test."""

#: Deals of the hidden cards each judgement is worked out on (the app's
#: ``judgement.DEALS`` is more; the tests check what the figures say, not their noise).
TEST_DEALS = 6
#: Nodes of the review's exact solves with every card shown (the app's are more).
TEST_REVIEW_NODES = 20_000
