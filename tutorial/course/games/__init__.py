"""Each game's own part of the course, one module per game named after it.

A module sets ``PRACTICE`` (:class:`tutorial.course.practice.PracticePart`): what a
practice hand says of the game's own bids. A game's module may import its
own game's engine package; nothing else in this layer does.
"""
