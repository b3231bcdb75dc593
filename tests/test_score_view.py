"""The score at the end of a hand: one chart drawn at a time, the others a switch away; the
Score explainer draws every chart."""

from __future__ import annotations

import json

import pytest
from streamlit.testing.v1 import AppTest


def _end_of_hand(game: str, every_chart: bool) -> None:
    """A finished hand of ``game`` (deal 1, the beginner players) shown as a page shows it."""
    from tutorial.analysis.beginner import played_deal
    from tutorial.pictures.hand_story import deal_table
    from tutorial.webapp.score_view import show_outcome

    _, hand = played_deal(game, "default", 1)
    show_outcome(hand, deal_table(hand), key_prefix="t", every_chart=every_chart)


def _run(game: str, every_chart: bool) -> AppTest:
    at = AppTest.from_function(_end_of_hand, args=(game, every_chart), default_timeout=120)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def _titles(at: AppTest) -> list[str]:
    return [
        str(json.loads(c.proto.spec)["layout"].get("title", {}).get("text", ""))
        for c in at.get("plotly_chart")
    ]


@pytest.mark.parametrize(
    ("game", "first_name", "second"),
    [("belote", "The tricks", "score"), ("tarot", "The settlement", "tricks")],
)
def test_one_chart_is_drawn_and_the_switch_draws_the_other(
    game: str, first_name: str, second: str
) -> None:
    """The chart drawn first is the one that ends on the hand's score: Belote's tricks,
    which go on to the score, Tarot's settlement."""
    at = _run(game, every_chart=False)
    first = _titles(at)
    assert len(first) == 1, "only the first chart is drawn at the end of the hand"
    choice = at.get("button_group")
    assert len(choice) == 1
    options = [o.content for o in choice[0].proto.options]
    assert options[0] == first_name and len(options) == 2
    # the learner switches to the count: that chart is drawn instead, with its own words
    at.session_state["t_chart_choice"] = second
    at.run()
    assert not at.exception
    after = _titles(at)
    assert len(after) == 1 and after != first


def test_a_game_with_one_chart_has_no_switch() -> None:
    at = _run("briscola", every_chart=False)
    assert len(at.get("plotly_chart")) == 1
    assert not at.get("button_group")


def test_the_score_explainer_draws_every_chart() -> None:
    at = _run("tarot", every_chart=True)
    assert len(at.get("plotly_chart")) == 2
    assert not at.get("button_group")


@pytest.mark.parametrize("learner", [0, 1])
def test_the_learners_side_has_one_colour_on_every_page(learner: int) -> None:
    """The learner's side ("You") is drawn in the first side colour wherever the learner sits (a scenario's
    learner may be on side 1, a practice hand's is on side 0): it was red in some
    scenarios' charts and blue in the practice and Score explainer ones."""
    import dataclasses

    from tutorial.analysis.beginner import played_deal
    from tutorial.pictures.charts import SIDE_COLOURS
    from tutorial.pictures.hand_story import deal_table
    from tutorial.webapp.score_view import outcome_and_charts

    _, hand = played_deal("briscola", "default", 1)
    table = dataclasses.replace(deal_table(hand), learner=learner)
    _, charts = outcome_and_charts(hand, table)
    colours = {
        trace.meta: trace.marker.color
        for trace in charts[0].figure.data
        if str(trace.meta).startswith("points-")
    }
    assert colours[f"points-{learner}"] == SIDE_COLOURS[0]
    assert colours[f"points-{1 - learner}"] == SIDE_COLOURS[1]


def _end_of_hand_presenting() -> None:
    """A finished Belote hand's score in presenter mode."""
    from tutorial.analysis.beginner import played_deal
    from tutorial.pictures.hand_story import deal_table
    from tutorial.webapp import state
    from tutorial.webapp.score_view import show_outcome

    state.settings().presenter = True
    _, hand = played_deal("belote", "default", 1)
    show_outcome(hand, deal_table(hand), key_prefix="t")


def test_presenter_mode_draws_the_charts_words_large_and_dark() -> None:
    """In presenter mode a chart's axes, legend, end labels and title are drawn at 24 px or
    more in the page's ink (they kept plotly's 12-14 px grey), the figure taller."""
    at = AppTest.from_function(_end_of_hand_presenting, default_timeout=120)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    layout = json.loads(at.get("plotly_chart")[0].proto.spec)["layout"]
    data = json.loads(at.get("plotly_chart")[0].proto.spec)["data"]
    assert layout["font"]["size"] >= 24 and layout["font"]["color"] == "#1a1a1a"
    assert layout["legend"]["font"]["size"] >= 24
    assert layout["title"]["font"]["size"] >= 28
    for axis in ("xaxis", "yaxis"):
        assert layout[axis]["tickfont"]["size"] >= 24, axis
        assert layout[axis]["tickfont"]["color"] == "#1a1a1a", axis
    labelled = [trace for trace in data if trace.get("mode", "").endswith("text")]
    assert labelled and all(trace["textfont"]["size"] >= 24 for trace in labelled)
    assert layout["height"] >= 550


def _all_passed() -> None:
    """A Belote hand where every seat passed twice (a redeal), shown in Chinese."""
    import random

    from tutorial.engine.games import new_hand
    from tutorial.language.i18n import set_language
    from tutorial.pictures.hand_story import deal_table
    from tutorial.webapp.score_view import show_outcome

    set_language("zh-Hans")
    hand = new_hand("belote", rng=random.Random(3))
    while not hand.is_terminal:
        hand = hand.apply(next(a for a in hand.legal_actions() if "pass" in str(a).lower()))
    show_outcome(hand, deal_table(hand), key_prefix="t")


def test_an_all_pass_shows_no_empty_score_table() -> None:
    """A newcomer's report: after an all-pass the Chinese page showed the score table's
    English placeholder ``empty``: a hand that scores no line has no score table."""
    at = AppTest.from_function(_all_passed, default_timeout=120)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert not at.table, "an empty score table shows Streamlit's English placeholder"
    said = " ".join(m.value for m in at.markdown)
    assert "重新发牌" in said, said  # the result sentence says what happened
