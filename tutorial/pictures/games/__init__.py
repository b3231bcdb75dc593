"""Each game's own pictures, one module per game named after it.

A module sets the parts the pictures' neutral modules define and ask for: ``STORY``
(:class:`tutorial.pictures.hand_story.StoryPart`), ``CHARTS``
(:class:`tutorial.pictures.charts.ChartPart`) and ``TABLE``
(:class:`tutorial.pictures.table_view.TablePart`). A game's module may import its own
game's engine package; nothing else in this layer does.
"""
