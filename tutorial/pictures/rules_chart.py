"""The same hand under other rules, as a picture and its words.

From :func:`tutorial.analysis.rule_variants.compare`: one group of bars per ruleset
(each side's total under it, the rules played first), and one sentence per ruleset
saying its totals, the options that cause a difference (in a player's words), or the
play it would have refused and why. The numbers in the words are the numbers of the
bars, signs included (a test reads both back).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from tutorial.analysis.rule_variants import UnderRuleset
from tutorial.engine.core import seat_name
from tutorial.engine.ruleset_titles import option_sentence, option_title, ruleset_title
from tutorial.language.i18n import t
from tutorial.pictures.charts import SIDE_COLOURS, Chart, figure
from tutorial.scenarios import actions

__all__ = ["rules_chart", "ruleset_name"]

#: Colours of the sides beyond the two teams (Tarot's four players).
_MORE_COLOURS = ("#2e7d32", "#6a1b9a")


def ruleset_name(under: UnderRuleset) -> str:
    """A ruleset's name as the learner reads it (a variant of a single named ruleset:
    the option it changes)."""
    rs = under.ruleset
    if "+" not in rs.name:
        return ruleset_title(rs.game, rs.name)
    key = under.differing[0][0]
    return t("variants.one_option", option=option_title(rs.game, key))


def _rules_in_words(under: UnderRuleset, keys: Sequence[str]) -> str:
    """The options ``keys`` as this ruleset sets them: "title: sentence" each."""
    values = {key: value for key, value, _ in under.differing}
    game = under.ruleset.game
    return " ".join(
        t(
            "variants.rule",
            title=option_title(game, k),
            sentence=option_sentence(game, k, values[k]),
        )
        for k in keys
    )


def _num(x: float) -> str:
    return f"{x:g}"


def rules_chart(
    compared: Sequence[UnderRuleset], side_name: Callable[[str], str], learner: int | None = None
) -> Chart:
    """The totals of each side under each ruleset, and the words: ``side_name`` names a
    key of the outcome's totals (``team0``, ``seat 2``, ``A``) as the table does.

    A play refused under a ruleset is said with the seat that tried it; the engine's
    sentence, said to that seat ("you must trump"), is quoted as told to it unless the
    seat is the ``learner``'s."""
    played = compared[0]
    assert played.replay.outcome is not None
    sides = list(played.replay.outcome.totals)
    names = [ruleset_name(u) if not u.played else t("variants.played") for u in compared]
    colours = (*SIDE_COLOURS, *_MORE_COLOURS)
    data = []
    for i, side in enumerate(sides):
        values = [
            u.replay.outcome.totals.get(side, 0) if u.replay.outcome else None for u in compared
        ]
        data.append(
            {
                "type": "bar",
                "name": side_name(side),
                "x": names,
                "y": values,
                "marker": {"color": colours[i % len(colours)]},
                "text": [_num(v) if v is not None else "" for v in values],
                "textposition": "outside",
                "hovertemplate": "%{x}: %{y}<extra>" + side_name(side) + "</extra>",
            }
        )
    fig = figure(
        data,
        t("variants.title"),
        height=320,
        barmode="group",
        yaxis={"title": {"text": t("variants.axis")}},
    )
    sentences = []
    for u, name in zip(compared, names, strict=True):
        causes = _rules_in_words(u, u.causes)
        outcome = u.replay.outcome
        if outcome is None:
            seat = u.replay.refused_seat
            refused = t(
                "variants.refused" if seat is None or seat == learner else "variants.refused_other",
                rules=name,
                seat=seat_name(seat) if seat is not None else "",
                action=actions.label(u.replay.refused_action),
                why=u.replay.refusal,
            )
            sentences.append(
                refused + (" " + t("variants.because", rules=causes) if causes else "")
            )
            continue
        totals = t("charts.list_separator").join(
            t("variants.total", side=side_name(s), points=_num(outcome.totals.get(s, 0)))
            for s in sides
        )
        if u.played:
            sentences.append(t("variants.played_line", totals=totals))
        elif not u.replay.differs_from(played.replay):
            sentences.append(t("variants.same", rules=name, totals=totals))
        elif causes:
            sentences.append(t("variants.changed", rules=name, totals=totals, because=causes))
        else:  # only the options together change it
            every = _rules_in_words(u, [key for key, _, _ in u.differing])
            sentences.append(
                t("variants.changed_together", rules=name, totals=totals, because=every)
            )
    return Chart("rules", fig, " ".join(sentences))
