"""The pure SVG renderers: cards, the table, and the words for screen readers."""

import re
import string
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutorial.engine.cards import BELOTE_DECK, BRISCOLA_DECK, TAROT_DECK, Card, Deck, Suit
from tutorial.language import i18n
from tutorial.pictures.card_svg import card_svg
from tutorial.pictures.picture_words import table_summary
from tutorial.pictures.svg_basics import suit_colour
from tutorial.pictures.table_picture import Highlight, SeatView, TableView, TrickCard
from tutorial.pictures.table_svg import table_svg

NS = "{http://www.w3.org/2000/svg}"
C = Card.parse
HOSTILE = "<script>alert(1)</script>"

# The only elements the renderers may produce.
ALLOWED_TAGS = {"svg", "title", "defs", "radialGradient", "stop", "g", "rect", "circle", "path"}
ALLOWED_TAGS |= {"text", "tspan"}


def parse(svg: str) -> ET.Element:
    assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg" ')
    return ET.fromstring(svg)


def by_class(root: ET.Element, cls: str) -> list[ET.Element]:
    return [e for e in root.iter() if cls in (e.get("class") or "").split()]


def visible_text(root: ET.Element) -> str:
    """The text drawn on screen (not the title)."""
    return " ".join("".join(e.itertext()) for e in root.iter() if e.tag == NS + "text")


def four_seats() -> tuple[SeatView, ...]:
    return (
        SeatView("South", "bottom", is_learner=True, cards_left=5, tricks_won=2, points=34),
        SeatView("West", "left", is_taker=True, cards_left=5, tricks_won=1, team="Team B"),
        SeatView("North", "top", is_dealer=True, cards_left=4),
        SeatView("East", "right", to_move=True, cards_left=4, points=12.5),
    )


BELOTE = TableView(
    game="belote",
    seats=four_seats(),
    trick=(
        TrickCard("left", C("AS")),
        TrickCard("top", C("10H"), winning=True),
        TrickCard("bottom", C("9H"), highlight="answer"),
    ),
    trump="Trump: ♥",
    contract="Taker: West (took ♥)",
)
BRISCOLA = TableView(
    game="briscola",
    seats=(
        SeatView("Giulia", "bottom", is_learner=True, to_move=True, cards_left=3),
        SeatView("Marco", "top", is_dealer=True, cards_left=2),
    ),
    trick=(TrickCard("top", C("3D"), winning=True),),
    trump_card=C("7D"),
    stock_count=14,
    italian_suits=True,
)


class TestCards:
    @pytest.mark.parametrize("deck", [BELOTE_DECK, TAROT_DECK, BRISCOLA_DECK], ids=str)
    def test_every_card_renders_with_a_title_naming_it(self, deck: Deck) -> None:
        for card in deck:
            root = parse(card_svg(card))
            title = root.find(NS + "title")
            assert title is not None and title.text == card.spoken
            assert root.get("role") == "img"
            assert root.get("aria-label") == card.spoken
            assert {e.tag.removeprefix(NS) for e in root.iter()} <= ALLOWED_TAGS

    def test_the_three_kinds_of_face_differ(self) -> None:
        plain, trump, excuse = (card_svg(C(c)) for c in ("9S", "T21", "EXC"))
        assert ">21<" in trump and "ATOUT" in trump
        assert "Excuse" in excuse
        assert len({plain, trump, excuse}) == 3

    def test_four_colour_changes_diamonds_not_spades(self) -> None:
        assert suit_colour(C("AD"), False) == "#c62828"
        assert suit_colour(C("AD"), True) == "#1565c0"
        assert suit_colour(C("AC"), True) == "#2e7d32"
        assert suit_colour(C("AS"), False) == suit_colour(C("AS"), True) == "#1a1a1a"
        two, four = card_svg(C("AD")), card_svg(C("AD"), four_colour=True)
        assert 'fill="#c62828"' in two and "#1565c0" not in two
        assert 'fill="#1565c0"' in four and "#c62828" not in four
        assert card_svg(C("AS")) == card_svg(C("AS"), four_colour=True)

    @pytest.mark.parametrize(
        ("highlight", "colour", "badge", "words"),
        [
            ("forcing", "#ef6c00", True, "forces your play"),
            ("legal", "#2e7d32", False, "legal to play"),
            ("answer", "#1565c0", True, "the right answer"),
            ("wrong", "#c62828", True, "wrong choice"),
        ],
    )
    def test_highlight_ring_badge_and_words(
        self, highlight: Highlight, colour: str, badge: bool, words: str
    ) -> None:
        root = parse(card_svg(C("9S"), highlight=highlight))
        rings = by_class(root, "hl-ring")
        assert len(rings) == 1 and rings[0].get("stroke") == colour
        assert len(by_class(root, "hl-badge")) == (1 if badge else 0)
        assert root.get("aria-label") == f"nine of spades, {words}"
        title = root.find(NS + "title")
        assert title is not None and title.text == f"nine of spades, {words}"

    def test_highlights_differ_without_colour(self) -> None:
        """Each highlight has its own shape: dash pattern and badge glyph, colours aside."""

        def shape(h: Highlight) -> str:
            svg = card_svg(C("9S"), highlight=h)
            svg = re.sub(r'(fill|stroke)="#[0-9a-f]{6}"', "", svg)
            return re.sub(r"<title>.*</title>|aria-label=\"[^\"]*\"", "", svg)

        kinds: list[Highlight] = [None, "forcing", "legal", "answer", "wrong", "dim"]
        assert len({shape(h) for h in kinds}) == len(kinds)
        # Each ring has its own line pattern (solid for "answer", which has a ✓ badge).
        rings = [
            by_class(parse(card_svg(C("9S"), highlight=h)), "hl-ring")[0].get("stroke-dasharray")
            for h in ("forcing", "legal", "answer", "wrong")
        ]
        assert len(set(rings)) == 4 and rings[2] is None

    def test_dim_lowers_opacity(self) -> None:
        root = parse(card_svg(C("9S"), highlight="dim"))
        (group,) = by_class(root, "hl-dim")
        assert float(group.get("opacity", "1")) < 0.6
        assert not by_class(root, "hl-ring")

    def test_no_highlight_no_ring(self) -> None:
        root = parse(card_svg(C("9S")))
        assert not by_class(root, "hl-ring") and not by_class(root, "hl-badge")

    def test_face_down_does_not_give_the_card_away(self) -> None:
        svg = card_svg(C("QH"), face_down=True)
        root = parse(svg)
        assert root.get("aria-label") == "face-down card"
        assert "queen" not in svg and ">Q<" not in svg
        assert card_svg(C("QH"), face_down=True) == card_svg(C("7C"), face_down=True)

    def test_width_sets_the_size(self) -> None:
        root = parse(card_svg(C("9S"), width=40))
        assert root.get("width") == "40"
        assert int(root.get("height", "0")) > 40
        with pytest.raises(ValueError):
            card_svg(C("9S"), width=0)


class TestTable:
    @pytest.mark.parametrize("view", [BELOTE, BRISCOLA], ids=["4 seats", "2 seats"])
    def test_standalone_and_safe(self, view: TableView) -> None:
        svg = table_svg(view)
        root = parse(svg)
        assert root.get("role") == "img" and root.get("aria-label") == table_summary(view)
        assert root.get("viewBox") == "0 0 600 420" and root.get("width") == "100%"
        assert {e.tag.removeprefix(NS) for e in root.iter()} <= ALLOWED_TAGS
        assert "href" not in svg and "foreignObject" not in svg
        assert re.findall(r"url\((.)", svg) == ["#"] * len(re.findall(r"url\(", svg))

    def test_name_plates_for_two_and_four_seats(self) -> None:
        four = parse(table_svg(BELOTE))
        two = parse(table_svg(BRISCOLA))
        assert len(by_class(four, "seat")) == 4
        assert len(by_class(two, "seat")) == 2
        assert {e.get("class") for e in by_class(two, "seat")} == {
            "seat seat-bottom",
            "seat seat-top",
        }
        names = [("".join(e.itertext())) for e in by_class(four, "seat-name")]
        assert names == ["South", "West", "North", "East"]

    def test_markers(self) -> None:
        root = parse(table_svg(BELOTE))
        (you,) = by_class(root, "you")
        assert "YOU" in "".join(you.itertext())
        (dealer,) = by_class(root, "dealer")
        assert "".join(dealer.itertext()) == "D"
        assert len(by_class(root, "taker")) == 1
        (arrow,) = by_class(root, "to-move-arrow")
        assert len(by_class(root, "to-move")) == 1
        seat_of_arrow = [s for s in by_class(root, "seat") if arrow in list(s.iter())]
        assert [s.get("class") for s in seat_of_arrow] == ["seat seat-right"]

    def test_trick_cards_and_a_single_winning_marker(self) -> None:
        root = parse(table_svg(BELOTE))
        cards = by_class(root, "trick-card")
        assert [c.get("class") for c in cards] == [
            "trick-card trick-left",
            "trick-card trick-top",
            "trick-card trick-bottom",
        ]
        assert len(by_class(root, "winning")) == 1
        assert len(by_class(root, "winning-frame")) == 1
        (winner,) = [c for c in cards if by_class(c, "winning")]
        assert winner.get("class") == "trick-card trick-top"
        assert len(by_class(root, "hl-answer")) == 2  # the ring and its badge
        no_winner = replace(BELOTE, trick=(TrickCard("left", C("AS")),))
        assert not by_class(parse(table_svg(no_winner)), "winning")

    def test_trick_cards_offset_toward_their_player(self) -> None:
        root = parse(table_svg(BELOTE))
        pos = {}
        for c in by_class(root, "trick-card"):
            m = re.match(r"translate\(([-\d.]+) ([-\d.]+)\)", c.get("transform", ""))
            assert m is not None
            pos[c.get("class", "").split("-")[-1]] = (float(m[1]), float(m[2]))
        assert pos["left"][0] < pos["top"][0] == pos["bottom"][0]
        assert pos["top"][1] < pos["left"][1] < pos["bottom"][1]

    def test_trump_contract_stock_and_trump_card(self) -> None:
        belote = visible_text(parse(table_svg(BELOTE)))
        assert "Trump: ♥" in belote and "(took ♥)" in belote
        root = parse(table_svg(BRISCOLA))
        (stock,) = by_class(root, "stock")
        text = "".join(stock.itertext())
        assert (
            "Stock 14" in text
            and "Trump" in text
            and ">7<" in ET.tostring(stock, encoding="unicode")
        )

    def test_hostile_text_is_escaped(self) -> None:
        seats = (
            SeatView(HOSTILE, "bottom", is_learner=True, team='"><script>x</script>'),
            SeatView("Bob & <b>Alice</b>", "top"),
        )
        view = TableView(
            game="belote",
            seats=seats,
            trick=(),
            contract="</text><script>alert(2)</script>",
            trump="Trump: ♥ & <i>",
        )
        svg = table_svg(view)
        assert "<script" not in svg.lower() and "<b>" not in svg and "<i>" not in svg
        assert "&lt;script&gt;alert(1)" in svg
        assert "&lt;/text&gt;&lt;script&gt;alert(2)" in svg
        root = parse(svg)
        assert {e.tag.removeprefix(NS) for e in root.iter()} <= ALLOWED_TAGS
        title = root.find(NS + "title")
        assert title is not None and title.text is not None
        assert HOSTILE in title.text and "Bob & <b>Alice</b>" in title.text
        assert '"><script>x</script>' in (root.get("aria-label") or "")
        assert "Bob & <b>Alice</b>" in visible_text(root)

    def test_characters_xml_forbids_are_dropped(self) -> None:
        view = replace(
            BRISCOLA,
            seats=(SeatView("A\x00B\x1bC\ud800", "bottom"), SeatView("D\x0cE", "top")),
            contract="x\x07y",
        )
        root = parse(table_svg(view))
        assert "ABC" in visible_text(root) and "DE" in visible_text(root)
        assert "ABC" in table_summary(view)

    def test_long_names_are_shortened_not_overflowing(self) -> None:
        view = replace(BRISCOLA, seats=(SeatView("W" * 80, "bottom"), SeatView("x", "top")))
        (name,) = [
            e for e in by_class(parse(table_svg(view)), "seat-name") if "W" in (e.text or "")
        ]
        assert name.text is not None and name.text.endswith("…") and len(name.text) < 40
        assert name.get("textLength") is not None
        assert "W" * 80 in table_summary(view)  # the full name is still read out

    def test_large_has_bigger_text(self) -> None:
        def sizes(view: TableView) -> dict[str, float]:
            root = parse(table_svg(view))
            (name,) = [e for e in by_class(root, "seat-name") if e.text == "South"]
            (labels,) = by_class(root, "labels")
            label = [float(e.get("font-size", "0")) for e in labels.iter(NS + "text")]
            return {"name": float(name.get("font-size", "0")), "label": max(label)}

        normal, large = sizes(BELOTE), sizes(replace(BELOTE, large=True))
        assert large["name"] >= 1.2 * normal["name"]
        assert large["label"] >= 1.2 * normal["label"]

    def test_deterministic(self) -> None:
        again = replace(BELOTE, seats=tuple(replace(s) for s in BELOTE.seats))
        assert table_svg(BELOTE) == table_svg(again)
        assert card_svg(C("T9"), highlight="legal") == card_svg(C("T9"), highlight="legal")

    def test_seats_cannot_share_a_position(self) -> None:
        with pytest.raises(ValueError, match="share a position"):
            TableView("belote", (SeatView("A", "top"), SeatView("B", "top")), ())

    @settings(max_examples=60, deadline=None)
    @given(name=st.text(max_size=60), contract=st.text(max_size=60), large=st.booleans())
    def test_any_text_gives_a_well_formed_document(
        self, name: str, contract: str, large: bool
    ) -> None:
        view = replace(
            BELOTE,
            seats=(replace(BELOTE.seats[0], name=name, team=name), *BELOTE.seats[1:]),
            contract=contract,
            large=large,
        )
        root = parse(table_svg(view))
        assert {e.tag.removeprefix(NS) for e in root.iter()} <= ALLOWED_TAGS


class TestSummary:
    def test_mentions_seats_trump_and_trick_in_order(self) -> None:
        text = table_summary(BELOTE)
        assert text.startswith("Belote table. Trump: ♥. Taker: West (took ♥). ")
        for name in ("South", "West", "North", "East"):
            assert name in text
        assert text.endswith(
            " Current trick: ace of spades by West, ten of hearts by North (winning), "
            "nine of hearts by you (the right answer)."
        )

    def test_seat_facts(self) -> None:
        text = table_summary(BELOTE)
        assert "You (South) have 5 cards and have won 2 tricks (34 points)." in text
        assert "West (on your left, Team B, taker) has 5 cards and has won 1 trick." in text
        assert "North (opposite you, dealer) has 4 cards and has won no tricks." in text
        assert (
            "East (on your right, to play) has 4 cards and has won no tricks (12.5 points)." in text
        )

    def test_the_learners_own_seat_in_good_english(self) -> None:
        you = SeatView("You", "bottom", is_learner=True, to_move=True, cards_left=3)
        text = table_summary(replace(BRISCOLA, seats=(you, BRISCOLA.seats[1])))
        assert "You have 3 cards and have won no tricks; it is your turn." in text
        assert "(you" not in text and "You has" not in text and "You (" not in text
        roles = replace(you, is_dealer=True, is_taker=True, tricks_won=1, team="Us")
        text = table_summary(replace(BRISCOLA, seats=(roles, BRISCOLA.seats[1])))
        assert (
            "You (Us) have 3 cards and have won 1 trick; you are the dealer, "
            "you are the taker and it is your turn." in text
        )
        quiet = replace(you, to_move=False, cards_left=0, tricks_won=4)
        text = table_summary(replace(BRISCOLA, seats=(quiet, BRISCOLA.seats[1])))
        assert "You have no cards and have won 4 tricks." in text

    @pytest.mark.parametrize(
        ("cards", "tricks", "words"),
        [
            (1, 1, "has 1 card and has won 1 trick."),
            (2, 2, "has 2 cards and has won 2 tricks."),
            (0, 0, "has no cards and has won no tricks."),
        ],
    )
    def test_plural_forms(self, cards: int, tricks: int, words: str) -> None:
        other = SeatView("Marco", "top", cards_left=cards, tricks_won=tricks)
        view = replace(BRISCOLA, seats=(BRISCOLA.seats[0], other))
        assert f"Marco (opposite you) {words}" in table_summary(view)

    def test_briscola_stock_and_italian_suit_names(self) -> None:
        text = table_summary(BRISCOLA)
        assert text.startswith("Briscola table.")
        assert "Trump card: seven of Denari." in text
        assert "14 cards are left in the stock, face down." in text
        assert "Current trick: three of Denari by Marco (winning)." in text
        assert "Denari" not in visible_text(parse(table_svg(BRISCOLA)))
        french = table_summary(replace(BRISCOLA, italian_suits=False))
        assert "three of diamonds" in french and "Denari" not in french
        italian = [
            table_summary(replace(BRISCOLA, trump_card=C(f"2{s}"))).split(". ")[1] for s in "SHDC"
        ]
        assert italian == [
            f"Trump card: two of {s}" for s in ("Spade", "Coppe", "Denari", "Bastoni")
        ]

    def test_stock_of_one_and_empty_stock(self) -> None:
        one = table_summary(replace(BRISCOLA, stock_count=1))
        assert "1 card is left in the stock, face down." in one
        empty = replace(BRISCOLA, stock_count=0, trump_card=None)
        text = table_summary(empty)
        assert "The stock is empty." in text and "0 cards" not in text
        (stock,) = by_class(parse(table_svg(empty)), "stock")
        assert "".join(stock.itertext()) == "Stock 0"

    def test_turned_up_card_without_a_stock(self) -> None:
        view = replace(BELOTE, trump_card=C("JH"), stock_count=None)
        assert "Turned-up card: jack of hearts." in table_summary(view)
        (stock,) = by_class(parse(table_svg(view)), "stock")
        assert "".join(stock.itertext()).endswith("Turned up")

    def test_empty_trick(self) -> None:
        text = table_summary(replace(BELOTE, trick=()))
        assert text.endswith("No cards played in this trick yet.")

    def test_tarot_trumps_and_excuse(self) -> None:
        view = TableView(
            "tarot",
            four_seats(),
            (TrickCard("right", C("T21"), winning=True), TrickCard("bottom", C("EXC"))),
            contract="Garde ×2 by East",
        )
        text = table_summary(view)
        assert text.startswith("French Tarot table. Garde ×2 by East. You (South) have")
        assert text.endswith("Current trick: trump 21 by East (winning), the Excuse by you.")
        assert Card(Suit.TRUMP, "21").spoken == "trump 21"

    def test_a_line_already_ending_a_sentence_gets_no_second_stop(self) -> None:
        text = table_summary(replace(BELOTE, trump="Trumps are hearts!", contract="Garde。"))
        assert "Trumps are hearts! Garde。 You" in text

    def test_empty_names_are_not_identifiers(self) -> None:
        seats = (SeatView(" ", "bottom", is_learner=True), SeatView("\x00", "top"))
        view = replace(BELOTE, seats=seats, trick=(TrickCard("top", C("AS")),))
        text = table_summary(view)
        assert "Player (opposite you) has" in text and "by Player." in text
        assert "top" not in text and "bottom" not in text


class TestPlates:
    def test_figures_use_the_plural_forms(self) -> None:
        seats = (
            SeatView("A", "bottom", is_learner=True, cards_left=1, tricks_won=1, points=1),
            SeatView("B", "top", cards_left=2, tricks_won=0, points=34),
        )
        root = parse(table_svg(replace(BRISCOLA, seats=seats)))
        text = visible_text(root)
        assert "1 card · 1 trick · 1 pt" in text
        assert "2 cards · 0 tricks · 34 pts" in text

    def test_pills_and_dealer_chip(self) -> None:
        root = parse(table_svg(BELOTE))
        (you,) = by_class(root, "you")
        (taker,) = by_class(root, "taker")
        (dealer,) = by_class(root, "dealer")
        assert "".join(you.itertext()) == "YOU"
        assert "".join(taker.itertext()) == "TAKER"
        assert "".join(dealer.itertext()) == "D"


# ---------------------------------------------------------------------------
# Every word through the catalogue


def _words_only_x(message: str) -> str:
    """A message with every word replaced by "X", its fields kept: "{n} cards" -> "X{n}X"."""
    out = ["X"]
    for _, field, spec, conv in string.Formatter().parse(message):
        if field is not None:
            out.append("{" + field + ("!" + conv if conv else "") + (":" + spec if spec else ""))
            out.append("}X")
    return "".join(out)


@pytest.fixture
def x_language(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, str]]:
    """A fake language "xx" whose every message is "X" around its fields."""
    fake = {k: _words_only_x(v) for k, v in i18n.catalogue("en").items()}
    real_catalogue, real_languages = i18n.catalogue, i18n.languages
    monkeypatch.setattr(
        i18n, "catalogue", lambda lang="en": fake if lang == "xx" else real_catalogue(lang)
    )
    monkeypatch.setattr(i18n, "languages", lambda: [*real_languages(), "xx"])
    before = i18n.language()
    i18n.set_language("xx")
    try:
        yield fake
    finally:
        i18n.set_language(before)


DATA = ("Ana", "Bo", "Cy", "Di", "Reds", "♥♥", "80 ♠")


def only_x(text: str, allowed: tuple[str, ...] = DATA) -> bool:
    """True when ``text`` holds nothing but "X", digits, and the view's own data."""
    for data in sorted(allowed, key=len, reverse=True):
        text = text.replace(data, "")
    return set(re.sub(r"[0-9.]", "", text)) <= {"X"}


# Everything the table can show: every marker, highlight, kind of card and caption.
EVERYTHING = TableView(
    game="tarot",
    seats=(
        SeatView("Ana", "bottom", is_learner=True, is_dealer=True, to_move=True, cards_left=1),
        SeatView("Bo", "left", is_taker=True, cards_left=2, tricks_won=1, points=12.5, team="Reds"),
        SeatView("Cy", "top", cards_left=0, tricks_won=2, points=1),
        SeatView("Di", "right", is_dealer=False, cards_left=3),
    ),
    trick=(
        TrickCard("left", C("T21"), highlight="forcing", winning=True),
        TrickCard("top", C("EXC"), highlight="legal"),
        TrickCard("right", C("QH"), highlight="wrong"),
        TrickCard("bottom", C("CS"), highlight="answer"),
    ),
    trump="♥♥",
    contract="80 ♠",
    trump_card=C("7D"),
    stock_count=3,
    italian_suits=True,
)


class TestEveryWordFromTheCatalogue:
    def test_the_fake_language_is_in_use(self, x_language: dict[str, str]) -> None:
        assert x_language["svg.stock.other"] == "X{n}X"
        assert i18n.t("svg.pill_you") == "X"

    @pytest.mark.parametrize(
        "view",
        [
            EVERYTHING,
            replace(EVERYTHING, stock_count=0, trick=(), italian_suits=False),
            replace(EVERYTHING, stock_count=None, game="belote"),
            replace(EVERYTHING, seats=(replace(EVERYTHING.seats[0], name="You"),)),
            BRISCOLA,
        ],
        ids=["everything", "empty stock and trick", "turned up", "learner alone", "briscola"],
    )
    def test_summary(self, x_language: dict[str, str], view: TableView) -> None:
        text = table_summary(view)
        allowed = (*DATA, "Giulia", "Marco", "You")
        assert only_x(text, allowed), text
        assert text.count("X") >= 8

    def test_drawn_text(self, x_language: dict[str, str]) -> None:
        root = parse(table_svg(EVERYTHING))
        ranks = {"21", "Q", "C", "7"}
        texts = ["".join(e.itertext()) for e in root.iter(NS + "text")]
        assert len(texts) > 20
        bad = [s for s in texts if s not in ranks and not only_x(s)]
        assert not bad
        title = root.find(NS + "title")
        assert title is not None and only_x(title.text or "")
        assert only_x(root.get("aria-label") or "")

    def test_card_titles(self, x_language: dict[str, str]) -> None:
        for card in (C("9H"), C("T21"), C("EXC"), C("10S")):
            for highlight in (None, "dim", "forcing"):
                for down in (False, True):
                    root = parse(card_svg(card, highlight=highlight, face_down=down))
                    title = root.find(NS + "title")
                    assert title is not None and title.text and only_x(title.text)
                    texts = ["".join(e.itertext()) for e in root.iter(NS + "text")]
                    assert all(s in {"9", "21", "10"} or only_x(s) for s in texts), texts

    def test_english_comes_back_after(self) -> None:
        assert "YOU" in table_svg(BELOTE) and "ATOUT" in card_svg(C("T1"))

    def test_wide_scripts_are_measured(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """A pill in Chinese characters is as wide as they are (each a full em)."""
        real = i18n.catalogue
        chinese = {**real("en"), "svg.pill_you": "您好您好", "svg.pill_taker": "庄"}
        monkeypatch.setattr(i18n, "catalogue", lambda lang="en": chinese)
        root = parse(table_svg(BELOTE))
        (you,) = by_class(root, "you")
        rect = you.find(NS + "rect")
        assert rect is not None and "".join(you.itertext()) == "您好您好"
        size = 10.0  # the pills' font size (normal table)
        assert float(rect.get("width", "0")) >= 4 * size + 1.2 * size
        (taker,) = by_class(root, "taker")
        rect = taker.find(NS + "rect")
        assert rect is not None and float(rect.get("width", "0")) < 3 * size


def test_card_names_match_the_engines_english() -> None:
    """In English the catalogue's card names read as Card.spoken (every card of the decks)."""
    for deck in (BELOTE_DECK, TAROT_DECK, BRISCOLA_DECK):
        for card in deck:
            root = parse(card_svg(card))
            assert root.get("aria-label") == card.spoken


def test_the_direction_of_play_is_a_small_round_arrow_and_a_sentence() -> None:
    ccw = parse(table_svg(replace(BELOTE, direction="counter-clockwise")))
    cw = parse(table_svg(replace(BELOTE, direction="clockwise")))
    (mark,) = by_class(ccw, "direction")
    assert "direction-counter-clockwise" in (mark.get("class") or "")
    assert by_class(cw, "direction-clockwise") and not by_class(cw, "direction-counter-clockwise")
    # The two arrows turn opposite ways: the clockwise arc is the mirror image.
    arcs = [next(e for e in m.iter() if e.tag == NS + "path").get("d") for m in (ccw, cw)]
    sweeps = [re.search(r"A\S+ \S+ 0 1 ([01])", d or "").group(1) for d in arcs]  # type: ignore[union-attr]
    assert sweeps == ["0", "1"]
    assert "counter-clockwise: the player on your right" in table_summary(
        replace(BELOTE, direction="counter-clockwise")
    )
    assert "clockwise: the player on your left" in table_summary(
        replace(BELOTE, direction="clockwise")
    )
    # Without a direction (two players) nothing is drawn or said.
    assert not by_class(parse(table_svg(BELOTE)), "direction")
    assert "clockwise" not in table_summary(BELOTE)


def test_the_table_takes_its_direction_from_the_ruleset() -> None:
    # The engine's fact (Belote's direction option; Tarot and Briscola counter-clockwise),
    # never the game's name; two seats get no mark.
    from tutorial.course.library import load_library
    from tutorial.pictures.table_view import table_view
    from tutorial.scenarios.position import build
    from tutorial.scenarios.runtime import start

    lib = load_library()

    def view(sid: str, **options: str) -> TableView:
        sc = lib.scenarios[sid].scenario
        if options:
            sc = sc.model_copy(update={"options": options})
        return table_view(start(sc, build(sc)))

    assert view("belote/overruff").direction == "counter-clockwise"
    clockwise = view("belote/overruff", direction="clockwise")
    assert clockwise.direction == "clockwise"
    assert {s.name: s.position for s in clockwise.seats}["Right"] == "left"
    assert view("tarot/follow-suit").direction == "counter-clockwise"
    assert view("briscola/no-need-to-follow").direction is None
