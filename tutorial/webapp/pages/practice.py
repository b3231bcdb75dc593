"""Practice: a whole hand against computer players, bidding and Tarot's discard included.

The learner chooses a game, a ruleset and the computer players' level, then deals and
plays South on the same table component as the Play page. The others play as soon as
it is their turn (their cards arrive in the trick one by one). Hints come in three
tiers; after each trick a sentence says why its winner won; at the end, the score with
the scenarios' charts and the review of the learner's cards, and "Play this deal again"
from the deal or any trick, whose end sets both results side by side.

The address names the deal on show (``?deal=…&game=…&players=…&rules=…&level=…``): a
link with it opens that deal (a learner shares it to show someone a hand); a link that
names no deal says why, and the page goes on as before.

The hand itself is the pure model :mod:`tutorial.course.practice`; this page keeps it in the
session under the keys of :data:`KEYS` and changes it only in callbacks. The hand's part of
the page is a fragment (:func:`show_hand`): a click there reruns it alone; the setup, a new
deal and the sidebar rerun the whole page.
"""

from __future__ import annotations

import datetime
import random
import urllib.parse
from collections.abc import Callable, Sequence
from typing import Any

import streamlit as st

from tutorial.analysis.bid_advice import advise_bid, advise_discard_from
from tutorial.analysis.why_trick import why_trick
from tutorial.course import practice, review_worker
from tutorial.course.practice import PracticeHand
from tutorial.engine.actions import card_of
from tutorial.engine.cards import Card
from tutorial.engine.games import game_info
from tutorial.engine.outcomes import TrickResult
from tutorial.engine.rule_options import rulesets
from tutorial.engine.ruleset_titles import ruleset_title
from tutorial.engine.seats import seat_names
from tutorial.language.i18n import t, tn
from tutorial.pictures.bid_chart import bid_chart, discard_chart
from tutorial.pictures.charts import CONFIG, Chart
from tutorial.pictures.replay_compare import ResultColumn, compared
from tutorial.pictures.table_data import practice_table_data
from tutorial.pictures.trick_history import numbered, trick_lines, trick_rows
from tutorial.scenarios.export import scenario_yaml
from tutorial.webapp import class_link, common, state, store
from tutorial.webapp.inert import inert_markdown
from tutorial.webapp.pages.practice_review import show_review
from tutorial.webapp.rules_compared import show_other_rules
from tutorial.webapp.score_view import points_text, show_outcome
from tutorial.webapp.scroll_box import reachable_by_keyboard
from tutorial.webapp.table_component import show_table

#: The toggle's widget key: a finished trick waits for Continue.
KEEP_TRICKS = "practice_keep_tricks"
#: The setup's widget keys: the game and players, the level, the bidding toggle (the
#: rules' is :func:`rules_key`).
VARIANT = "practice_variant"
LEVEL = "practice_level"
BIDDING = "practice_bidding"


def rules_key(game: str) -> str:
    """The widget key of a game's rules picker."""
    return f"practice_rules_{game}"


#: The address's parameters that name a deal (see ``practice.deal_query``).
DEAL_PARAMS = ("deal", "game", "players", "rules", "level")


def _variant_titles() -> dict[str, str]:
    """The games on offer, by their value in the picker."""
    return {
        "belote-4": t("practice.variant_belote"),
        "tarot-4": t("practice.variant_tarot"),
        "briscola-2": t("practice.variant_briscola_2"),
        "briscola-4": t("practice.variant_briscola_4"),
    }


def default_variant(hand: PracticeHand | None) -> str:
    """The game the picker opens on: the hand's when it is of the game being learnt,
    else the first table of that game."""
    game = state.session().default_game("belote")
    if hand is not None and hand.game == game:
        return _variant(hand)
    return next((v for v in _variant_titles() if v.partition("-")[0] == game), "belote-4")


def chosen_game(hand: PracticeHand | None) -> str:
    """The game the setup's picker shows (its default set when none is chosen yet)."""
    if state.widget(VARIANT) not in _variant_titles():
        state.set_widget(VARIANT, default_variant(hand))
    return str(state.widget(VARIANT)).partition("-")[0]


def intro(game: str) -> str:
    """The page's first words for the game chosen: from the bidding only where it has one."""
    has_bidding = game_info(game).has_bidding
    return t("practice.intro_bidding" if has_bidding else "practice.intro_no_bidding")


def _on_variant() -> None:
    """The game chosen in the picker becomes the game being learnt."""
    variant = str(state.widget(VARIANT, ""))
    state.session().learn(variant.partition("-")[0] or None)


def _level_titles() -> dict[str, str]:
    titles = {"beginner": t("practice.level_beginner"), "strong": t("practice.level_strong")}
    return {lv: titles.get(lv, lv) for lv in practice.LEVELS}


def _hand() -> PracticeHand | None:
    """The hand on the table, its seats named in the session's language."""
    part = state.session().practice
    if part.hand is None:
        return None
    named = practice.in_language(part.hand)
    if named is not part.hand:
        part.hand = named
    return named


def _store(hand: PracticeHand, frames: Sequence[PracticeHand] = (), news: str = "") -> None:
    part = state.session().practice
    part.link_problem = ""  # what a bad link said, until the next move
    part.hand = hand
    part.frames = tuple(frames)
    part.news = news


def _news(hand: PracticeHand, start: int) -> str:
    return t("practice.news_separator").join(practice.story(hand, start))


# --- Callbacks: every change of the hand happens here, before the page is drawn ----------


def deal() -> None:
    """Deal a new hand with the chosen game, ruleset and level."""
    variant = str(state.widget(VARIANT, "belote-4"))
    game, _, players = variant.partition("-")
    ruleset = str(state.widget(rules_key(game), "default"))
    level = str(state.widget(LEVEL, practice.LEVELS[0]))
    part = state.session().practice
    seed, part.next_seed = part.next_seed, None
    if seed is None:
        seed = random.SystemRandom().randrange(10**9)
    _forget(_hand())
    if state.widget(BIDDING) and practice.has_bidding(game):
        # a deal where the learner bids first or second, and the bid is worth thinking about
        hand = practice.deal_to_bid(game, ruleset, players=int(players), level=level, seed=seed)
    else:
        hand = practice.deal(game, ruleset, players=int(players), level=level, seed=seed)
    _store(hand, (), _news(hand, 0))


def _forget(old: PracticeHand | None) -> None:
    """The reviews of a hand (and of the hand it replayed) are no longer wanted."""
    if old is not None:
        _worker().forget(old.hand_id)
        if old.replay_of is not None:
            _worker().forget(old.replay_of.hand_id)


def replay_hand(choice_key: str) -> None:
    """Play the finished hand's deal again from the start chosen under ``choice_key``."""
    hand = _hand()
    if hand is None or not hand.finished:
        return
    trick = state.widget(choice_key, 0)
    if trick not in practice.replay_tricks(hand):
        trick = 0
    if hand.replay_of is not None:  # compared with this hand from now on, not the older one
        _worker().forget(hand.replay_of.hand_id)
    again = practice.replay(hand, int(trick))
    practice.queue_review(again, _worker())  # the learner's cards replayed so far
    news = t("practice.replay_news_trick", n=trick) if trick else t("practice.replay_news_deal")
    _store(again, (), news)


# --- The deal's link ----------------------------------------------------------------------


def _link_params() -> dict[str, str]:
    """The deal's parameters in the address."""
    return {k: str(st.query_params[k]) for k in DEAL_PARAMS if k in st.query_params}


def _link_key(params: dict[str, str]) -> str:
    return urllib.parse.urlencode(params)


def apply_deal_link() -> None:
    """A link naming a deal opens it (once per distinct link; not when that deal is on
    show already); a link naming none says why, and the hand on show stays."""
    params = _link_params()
    part = state.session().practice
    if "deal" not in params or _link_key(params) == part.link_applied:
        return
    part.link_applied = _link_key(params)
    try:
        link = practice.parse_deal_query(params)
    except practice.DealLinkError as err:
        part.link_problem = t("practice.link_bad", reason=str(err))
        for key in DEAL_PARAMS:
            st.query_params.pop(key, None)
        return
    hand = _hand()
    if link is None or (hand is not None and link.names(hand)):
        return
    _forget(hand)
    dealt = link.deal()
    _store(dealt, (), _news(dealt, 0))
    # the setup's pickers show the linked deal's game, rules and level ("Deal again")
    state.set_widget(VARIANT, f"{link.game}-{link.players}")
    state.set_widget(rules_key(link.game), link.ruleset)
    state.set_widget(LEVEL, link.level)
    state.session().learn(link.game)


def write_deal_link(hand: PracticeHand) -> str:
    """The address names the deal on show; returns that deal's link (relative)."""
    query = practice.deal_query(hand)
    if _link_params() != query:
        for key, value in query.items():
            st.query_params[key] = value
    state.session().practice.link_applied = _link_key(query)
    return "?" + _link_key(query)


def _moved(before: PracticeHand, after: PracticeHand) -> None:
    """The learner's action was accepted: the others play, their cards shown arriving."""
    start = len(before.moves)
    practice.queue_review(after, _worker())  # the card just played, in the background
    final, computer = practice.advance(after)
    # Pictures only where a card went down; the last one is the table as it is now.
    frames = [
        f
        for f in (after, *computer)
        if isinstance(f.moves[-1].action, Card) and f.moves[-1].before.phase == "play"
    ]
    if frames and frames[-1] is final:
        frames.pop()
    _store(final, frames, _news(final, start))


def act(code: str) -> None:
    """The learner clicked a card or a bid (or another choice)."""
    hand = _hand()
    if hand is None or not hand.learner_to_move:
        return
    after = practice.try_action(hand, code)
    if after.refusal is not None:
        _store(after)
        return
    _moved(hand, after)


def lay_aside(codes: str) -> None:
    """The learner confirmed the Tarot discard."""
    hand = _hand()
    if hand is None or not hand.learner_to_move:
        return
    after = practice.discard(hand, codes.split())
    if after.refusal is not None or after.state.phase == "discard":
        _store(after)
        return
    _moved(hand, after)


def typed() -> None:
    """The learner typed a card or a bid (``9H``, ``take H``, ``pass``) and pressed Enter."""
    text = str(state.widget("practice_typed", "")).strip()
    state.set_widget("practice_typed", "")
    if text:
        act(text)


def ask_hint() -> None:
    """One more hint tier."""
    hand = _hand()
    if hand is not None:
        state.session().practice.hand = practice.hint(hand)
        state.session().practice.frames = ()


def _ignore(_value: str) -> None:
    """The practice table asks no question."""


# --- The page --------------------------------------------------------------------------


def setup(hand: PracticeHand | None) -> None:
    """Game, ruleset and level, then "Deal" (folded away while a hand is played).

    The box is a new one for each deal (its key names the deal), so it folds as the cards
    are dealt, also after "Deal again" from inside it: the table comes up, not the form.
    """
    label = t("practice.setup") if hand is None else t("practice.setup_again")
    deal_key = "none" if hand is None else f"{hand.game}-{hand.seed}"
    with st.expander(
        label, expanded=hand is None, key=f"practice_setup_{deal_key}", icon=":material/tune:"
    ):
        titles = _variant_titles()
        if state.widget(VARIANT) not in titles:
            state.set_widget(VARIANT, default_variant(hand))
        variant = st.selectbox(
            t("practice.game"),
            list(titles),
            format_func=titles.__getitem__,
            key=VARIANT,
            on_change=_on_variant,
        )
        game = variant.partition("-")[0]
        names = [r.name for r in rulesets(game)]
        st.selectbox(
            t("practice.ruleset"),
            names,
            format_func=lambda n: ruleset_title(game, n),
            key=rules_key(game),
        )
        levels = _level_titles()
        st.radio(
            t("practice.level"),
            list(levels),
            format_func=levels.__getitem__,
            key=LEVEL,
            horizontal=True,
            help=t("practice.level_help"),
        )
        if practice.has_bidding(game):  # a game whose hands start with bids
            st.toggle(t("practice.bidding"), key=BIDDING, help=t("practice.bidding_help"))
        st.button(
            t("practice.deal") if hand is None else t("practice.deal_again"),
            key="practice_deal",
            type="primary",
            on_click=deal,
            icon=":material/playing_cards:",
        )


def show_hints(hand: PracticeHand) -> None:
    """The hints asked so far for this decision, and the button for the next one."""
    if not hand.learner_to_move:
        return
    tiers = practice.hint_tiers(hand)
    for tier in range(1, hand.hint_tier + 1):
        st.info(inert_markdown(practice.hint_text(hand, tier)), icon=":material/lightbulb:")
    if hand.hint_tier >= tiers and hand.state.phase == "bidding":
        show_bid_advice(hand)
    elif hand.hint_tier >= tiers and hand.state.phase == "discard":
        show_discard_advice(hand)
    if hand.hint_tier < tiers:
        st.button(
            t("practice.hint", n=hand.hint_tier + 1, total=tiers),
            key="practice_hint",
            on_click=ask_hint,
            icon=":material/lightbulb:",
        )


def _advice(hand: PracticeHand, key: tuple[Any, ...], compute: Callable[[], Any]) -> Any:
    """The advice for ``key``, computed once per decision (one kept at a time)."""
    cache = state.session().practice.advice
    if key not in cache:
        value = compute()
        cache.clear()
        cache[key] = value
    return cache[key]


def show_bid_advice(hand: PracticeHand) -> None:
    """What each bid is worth with the learner's cards: the chart and its words."""
    moves = hand.moves
    history = [*(m.before for m in moves), hand.state]
    earlier = [m.action for m in moves]
    key = ("bid", hand.seed, len(moves))
    advice = _advice(hand, key, lambda: advise_bid(history, earlier))
    _show_chart(hand, bid_chart(advice), "practice_bid_chart")


def show_discard_advice(hand: PracticeHand) -> None:
    """What each discard the computer and two habits would make is worth: chart, words."""
    key = ("discard", hand.seed, len(hand.moves))
    advice = _advice(hand, key, lambda: advise_discard_from(hand.state))
    _show_chart(hand, discard_chart(advice), "practice_discard_chart")


def show_discard_weighed(hand: PracticeHand) -> None:
    """At the end, behind a switch: the learner's discard beside the best one found."""
    laid = [m for m in hand.moves if m.seat == hand.learner and m.before.phase == "discard"]
    if not laid or not st.toggle(t("discard_advice.weigh"), key="practice_weigh_discard"):
        return
    before = laid[0].before
    cards = [c for m in laid if (c := card_of(m.action)) is not None]
    key = ("weighed", hand.seed, len(hand.moves))
    advice = _advice(hand, key, lambda: advise_discard_from(before, chosen=cards))
    _show_chart(hand, discard_chart(advice), "practice_discard_weighed")


def _show_chart(hand: PracticeHand, chart: Chart, key: str) -> None:
    with seat_names(hand.table.seat_names):
        st.plotly_chart(common.chart_figure(chart.figure), width="stretch", config=CONFIG, key=key)
        st.caption(chart.text)


def save_button(hand: PracticeHand) -> None:
    """ "Save this position as a scenario": a YAML file of this card-play moment."""
    if not hand.learner_to_move or hand.state.phase != "play":
        return
    day = datetime.date.today().isoformat()
    title = t("practice.save_title", game=_variant_titles()[_variant(hand)], date=day)

    def data() -> str:  # built only when the learner clicks (the solver takes a moment)
        return scenario_yaml(
            hand.state, title=title, seat=hand.learner, seat_names=hand.table.seat_names
        )

    st.download_button(
        t("practice.save"),
        data=data,
        file_name=f"practice-{hand.game}-{day}.yaml",
        mime="application/x-yaml",
        key="practice_save",
        on_click="ignore",
        icon=":material/download:",
        help=t("practice.save_help"),
    )


def _variant(hand: PracticeHand) -> str:
    return f"{hand.game}-{hand.state.num_players}"


def show_story(hand: PracticeHand) -> None:
    """Everything said so far (bids, why each trick went where it went), newest first."""
    lines = practice.story(hand)
    if not lines:
        return
    presenter = state.settings().presenter
    st.markdown(f"**{t('play.transcript')}** · {t('play.newest_first')}")
    with st.container(height=460 if presenter else 260, key="practice_story"):
        for line in reversed(lines):
            st.markdown(inert_markdown(line))
    reachable_by_keyboard("practice_story", t("play.transcript"))


def show_trick_history(hand: PracticeHand) -> None:
    """Every finished trick in a table: who led, every card, who won and why."""
    tricks = hand.state.tricks
    if not tricks:
        return
    names = hand.table.seat_names

    def why(trick: TrickResult) -> str:
        with seat_names(names):
            return why_trick(trick, hand.state)

    lines = trick_lines(numbered(tricks), names, why=why)
    with st.expander(t("play.trick_history"), icon=":material/table_rows:"):
        st.table(trick_rows(lines))


def _worker() -> review_worker.ReviewWorker:
    """The worker reviewing the learner's decisions in the background (the server's)."""
    return review_worker.shared_worker()


def show_end(hand: PracticeHand) -> None:
    """The hand is over: another deal, or this deal again from a chosen start."""
    st.button(
        t("practice.deal_again"),
        key="practice_again",
        type="primary",
        on_click=deal,
        icon=":material/playing_cards:",
    )
    if hand.hints_used:
        st.caption(tn("practice.hints_used", hand.hints_used))
    show_replay_choice(hand)


def _start_title(trick: int) -> str:
    return t("practice.replay_from_trick", n=trick) if trick else t("practice.replay_from_deal")


def show_replay_choice(hand: PracticeHand) -> None:
    """ "Play this deal again": from the deal or from any trick played."""
    st.markdown(f"**{t('practice.replay_title')}**")
    st.caption(t("practice.replay_intro"))
    key = f"practice_replay_from_{hand.hand_id}"  # a new choice for each hand
    st.selectbox(
        t("practice.replay_from"), practice.replay_tricks(hand), format_func=_start_title, key=key
    )
    st.button(
        t("practice.replay_button"),
        key="practice_replay",
        on_click=replay_hand,
        args=(key,),
        icon=":material/replay:",
    )


def _show_column(column: ResultColumn) -> None:
    """One result of the deal: its result, each side's points, the review of the cards."""
    with st.container(border=True):
        st.markdown(f"**{inert_markdown(column.heading)}**")
        st.markdown(inert_markdown(column.result))
        if column.verdict:
            st.markdown(f"**{inert_markdown(column.verdict)}**")
        for side, points in column.scores:
            line = t("practice.replay_score", side=side, points=points_text(points))
            st.markdown(f"- {inert_markdown(line)}")
        if column.review:
            st.markdown(inert_markdown(column.review))
        if column.costliest:
            st.caption(t("practice.replay_costliest"))
            for text in column.costliest:
                st.caption(inert_markdown(text))
        if column.pending:
            st.info(
                tn("practice.replay_review_pending", column.pending),
                icon=":material/hourglass_top:",
            )


def show_comparison(hand: PracticeHand) -> None:
    """A replayed deal's end: the first result and this one side by side, each with the
    engine's review of the learner's cards."""
    if hand.replay_of is None or not hand.finished:
        return
    worker = _worker()
    first = practice.review_progress(hand.replay_of, worker)
    again = practice.review_progress(hand, worker)
    st.header(t("practice.replay_compare"))
    with st.container(key="practice_compare"):
        for place, column in zip(
            st.columns(2, gap="medium"), compared(hand, first, again), strict=True
        ):
            with place:
                _show_column(column)
        if first.pending or again.pending:
            st.button(
                t("practice.review_refresh"),
                key="practice_compare_refresh",
                icon=":material/refresh:",
            )


def main() -> None:
    """The page: the heading, the setup and the deal's line, then the hand
    (:func:`show_hand`), which a click redraws alone."""
    apply_deal_link()
    hand = _hand()
    st.title(t("practice.title"))
    problem = state.session().practice.link_problem
    if problem:
        st.error(inert_markdown(str(problem)), icon=":material/link_off:")
    if hand is None:
        st.write(intro(chosen_game(hand)))
    setup(hand)
    if hand is None:
        return
    levels = _level_titles()
    st.caption(
        t(
            "practice.meta",
            game=_variant_titles()[_variant(hand)],
            rules=ruleset_title(hand.game, hand.ruleset),
            level=levels.get(hand.level, hand.level),
        )
    )
    link = write_deal_link(hand)
    st.markdown(
        f":material/link: [{t('practice.deal_link')}]({link})",
        help=t("practice.deal_link_help"),
    )
    show_hand(around(hand, problem))


def around(hand: PracticeHand, problem: object) -> tuple[str, str]:
    """What the page draws around ``hand`` (:func:`main`): the deal its setup box, its
    line and its link name (``practice.deal_query``), and ``problem``, what a deal link
    that could not be opened said. The same after a card, a hint or a replay of the deal;
    another one after a new deal, or once the problem has been read."""
    return _link_key(practice.deal_query(hand)), str(problem or "")


@st.fragment
def show_hand(drawn: tuple[str, str]) -> None:
    """The hand: the table, the hints and advice, the story, the end (the score, the
    review, another deal or this one again), and what it changed saved to the browser
    (:func:`store.sync`: the review deck's costly cards, the class's time and hands).

    A fragment: a click on the table or a widget here reruns this part alone (Streamlit
    sends and the browser redraws only what it draws), the heading, the setup and the
    sidebar staying as they are. When what they show has changed (``drawn``, from
    :func:`around` at the page's last whole run: a new deal, a link's problem read; or
    the language the browser keeps has just arrived), the whole page runs again.
    """
    hand = _hand()
    problem = state.session().practice.link_problem
    if hand is None or around(hand, problem) != drawn or store.whole_run_due():
        st.rerun()  # another deal (its setup box, line and link too), or another language
    class_link.practice_open(hand)  # while it is in play, the time until the next run is on it
    settings = state.settings()
    frames = state.session().practice.frames
    news = state.session().practice.news
    data = practice_table_data(
        hand,
        news=news,
        frames=frames,
        show_legal=bool(state.widget("practice_show_legal", False)),
        four_colour=settings.four_colour,
        presenter=settings.presenter,
    )
    left, right = common.table_and_side()
    with left:
        show_table(
            data,
            on_card=act,
            on_action=act,
            on_answer=_ignore,
            on_discard=lay_aside,
            key="practice_table",
            keep_tricks=bool(state.widget(KEEP_TRICKS, False)),
        )
        if hand.learner_to_move and hand.state.phase != "discard":
            with st.expander(t("play.fallback"), icon=":material/keyboard:"):
                st.text_input(t("practice.type_card"), key="practice_typed", on_change=typed)
    with right:
        if hand.finished:
            show_end(hand)
        else:
            st.toggle(t("practice.show_legal"), key="practice_show_legal")
            st.toggle(
                t("practice.keep_tricks"), key=KEEP_TRICKS, help=t("practice.keep_tricks_help")
            )
            show_hints(hand)
        save_button(hand)
        show_story(hand)
        show_trick_history(hand)
    show_comparison(hand)
    if hand.finished and hand.played_out:
        st.header(t("play.score_title"))
        show_outcome(hand.state, hand.table, key_prefix="practice")
        moves = hand.moves
        if moves:
            actions = [m.action for m in moves]
            show_other_rules(moves[0].before, actions, hand.state, hand.table, "practice")
        show_discard_weighed(hand)
        show_review(hand)
    elif not hand.finished:
        common_warm_up()
    store.sync()  # this click's deck and class records, kept in the browser and sent on


def common_warm_up() -> None:
    """The hidden chart that loads the chart library while the hand is played."""
    from tutorial.webapp.pages.play import warm_up_charts

    warm_up_charts()


__all__ = [
    "act",
    "apply_deal_link",
    "around",
    "ask_hint",
    "deal",
    "lay_aside",
    "main",
    "replay_hand",
    "show_hand",
    "typed",
    "write_deal_link",
]
