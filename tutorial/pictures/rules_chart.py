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
from tutorial.engine.ruleset_titles import option_sentence, option_title, ruleset_title
from tutorial.engine.seats import seat_name
from tutorial.language.i18n import sentences, t
from tutorial.pictures.charts import SIDE_COLOURS, Chart, figure
from tutorial.scenarios import actions

__all__ = ["rules_chart", "ruleset_name"]

#: Colours of the sides beyond the two teams (Tarot's four players).
_MORE_COLOURS = ("#2e7d32", "#6a1b9a")


#: The widest line of a ruleset's name under its bars, in Latin letters (a Chinese
#: character counts two).
_TICK_WIDTH = 18


def tick_lines(name: str, width: int = _TICK_WIDTH) -> list[str]:
    """A ruleset's name in lines of at most ``width`` letters, cut between words (and
    between Chinese characters): names side by side never turn upright over the legend.

    >>> tick_lines("Contrée, announcements counted twice", 18)
    ['Contrée,', 'announcements', 'counted twice']
    >>> tick_lines("Classic")
    ['Classic']
    >>> tick_lines("经典规则（不计宣告加倍）", 12)
    ['经典规则（不', '计宣告加倍）']
    """
    lines: list[str] = []
    line, size = "", 0
    for word in name.replace(" ", " \0").split("\0"):
        pieces = list(word) if any(ord(c) > 0x2E7F for c in word) else [word]
        for piece in pieces:
            w = sum(2 if ord(c) > 0x2E7F else 1 for c in piece.rstrip())
            if line and size + w > width:
                lines.append(line.rstrip())
                line, size = "", 0
            line += piece
            size += sum(2 if ord(c) > 0x2E7F else 1 for c in piece)
    if line.strip():
        lines.append(line.rstrip())
    return lines or [name]


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
    return sentences(
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
    wrapped = [tick_lines(name) for name in names]
    ticks = ["<br>".join(lines) for lines in wrapped]
    data = []
    for i, side in enumerate(sides):
        values = [
            u.replay.outcome.totals.get(side, 0) if u.replay.outcome else None for u in compared
        ]
        data.append(
            {
                "type": "bar",
                "name": side_name(side),
                "x": ticks,
                "y": values,
                "marker": {"color": colours[i % len(colours)]},
                "text": [_num(v) if v is not None else "" for v in values],
                "textposition": "outside",
                "hovertemplate": "%{x}: %{y}<extra>" + side_name(side) + "</extra>",
            }
        )
    # The names under the bars stay level, on lines of their own; the legend sits at the
    # figure's foot, below them (it overlapped names turned upright).
    rows = max(len(lines) for lines in wrapped)
    foot = 34 + 17 * rows + 30
    fig = figure(
        data,
        t("variants.title"),
        height=300 + foot,
        barmode="group",
        margin={"l": 50, "r": 20, "t": 50, "b": foot},
        legend={"orientation": "h", "yref": "container", "y": 0, "yanchor": "bottom", "x": 0},
        xaxis={"tickangle": 0, "automargin": True},
        yaxis={"title": {"text": t("variants.axis")}},
    )
    said = []
    for u, name in zip(compared, names, strict=True):
        causes = _rules_in_words(u, u.causes)
        outcome = u.replay.outcome
        if outcome is None:
            seat, action = u.replay.refused_seat, u.replay.refused_action
            assert action is not None  # a hand left unscored stopped at a refused action
            refused = t(
                "variants.refused" if seat is None or seat == learner else "variants.refused_other",
                rules=name,
                seat=seat_name(seat) if seat is not None else "",
                action=actions.label(action),
                why=u.replay.refusal,
            )
            said.append(refused + (" " + t("variants.because", rules=causes) if causes else ""))
            continue
        totals = t("charts.list_separator").join(
            t("variants.total", side=side_name(s), points=_num(outcome.totals.get(s, 0)))
            for s in sides
        )
        if u.played:
            said.append(t("variants.played_line", totals=totals))
        elif not u.replay.differs_from(played.replay):
            said.append(t("variants.same", rules=name, totals=totals))
        elif causes:
            said.append(t("variants.changed", rules=name, totals=totals, because=causes))
        else:  # only the options together change it
            every = _rules_in_words(u, [key for key, _, _ in u.differing])
            said.append(t("variants.changed_together", rules=name, totals=totals, because=every))
    return Chart("rules", fig, sentences(said))
