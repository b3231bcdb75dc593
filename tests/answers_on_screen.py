"""What the Play page shows when a scenario asks a question, and whether any of it states
the question's answer (shared by the fast test and the browser test).

The screen at a question is built with the page's own functions: the run reached by
taking the scenario's answers (``Run.try_action`` and ``Run.answer``, as a click does),
``table_data`` for the table component (the table picture, its description, the trump
and contract beside the prompt in presenter mode, the prompt, the feedback of the last
move), the scenario's title and summary, and the transcript.

What "states the answer" means, by the kind of answer (the rule of
``tests/test_answers_hidden.py``):

- **A number** (the counts: ``trick_points``, ``points``, ``score``, ``points_in_play``,
  ``points_needed``, ``target``, or a ``choice`` whose answer is a figure): the figure
  (its size, whatever its sign: "pays 58" states −58) stands as a number in a text, or
  as a number word up to twelve ("eight", 八張). A figure that is not a count is not
  that number: a card (``10♥``, ``♥10``, ``T21``, a sequence ``7♦-8-9-10``), a trick,
  trump or round by its number ("trick 3", "trump 21", 第 3 墩). A figure the learner
  has already given as the answer to an earlier question of the scenario may appear
  again (it is their own result).
- **A seat** (``trick_winner``, ``winner``, ``declaration_winner``, or a ``choice``
  whose answer begins with a seat's name, "Left: the same dealer"): a sentence of a
  text names that seat (the learner: also "you", 你) together with a word of what the
  question asks (win, lead, draw, score...; the families below). And the table must not
  single the seat out: no turn frame on its plate, no winning frame on its card.
- **Yes or no about a contract** (``contract_made``, or a ``choice`` with a yes or no
  answer whose question is about a contract): a sentence that is neither a question nor
  a rule (if, when, 如果, 當…) says a contract is made or failed.
- **A label** (any other ``choice``, a card among them, or the words after "Yes:" or
  "No:"): the answer's words appear as they are written in a text.

Texts, at the moment the question is asked: the title, the summary, the feedback of the
move or answer just made, the transcript's narration since the start and its other
lines (cards played, tricks) since the last answer, the prompt, the table picture's
words and its description, the presenter's facts. Not the choices (they are the options
offered), nor the transcript's earlier answers (the learner gave them), nor a hint
(asked for).

What is no answer: a sentence that states a rule ("if", "when", 如果, 當, …時); for a seat,
the question's own premise in its prompt ("Your opponent won with the 6♥. Who draws
first?"), a trick's line on the transcript unless the question asks who wins (and for
"who wins this trick?" an earlier trick's: the one asked about is held back), a clause
about another thing than the question's (a bid, "Left takes", for a question about a
declaration); for a count of cards, the table's description of each hand (the hand is
on show). A premise the rule cannot tell apart is listed, with its reason, in the
test's ``PREMISES``.
"""

from __future__ import annotations

import html
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from tutorial.course.library import Library, in_language, load_library
from tutorial.engine.errors import InvalidStateError
from tutorial.language.i18n import speaking
from tutorial.pictures.table_data import table_data
from tutorial.scenarios import actions
from tutorial.scenarios.checker import Checked
from tutorial.scenarios.model import AskStep, PlayStep
from tutorial.scenarios.runtime import Feedback, Run, start
from tutorial.scenarios.sides import side_labels, side_of

LANGUAGES = ("en", "zh-Hant", "zh-Hans")

#: The kinds whose answer is a figure.
NUMBER_KINDS = frozenset(
    {"trick_points", "points", "score", "points_in_play", "points_needed", "target"}
)
#: The kinds whose answer is a seat or a side.
SEAT_KINDS = frozenset({"trick_winner", "winner", "declaration_winner"})


@dataclass(frozen=True)
class Screen:
    """The page at one question."""

    sid: str
    lang: str
    step: int
    kind: str
    question: str
    answer: Any
    #: (where, text) for every text on show (see the module's docstring).
    texts: tuple[tuple[str, str], ...]
    #: The seats' shown names, the learner's seat.
    seats: tuple[str, ...]
    learner: int
    #: The table picture as drawn in normal and presenter mode.
    svgs: tuple[str, ...]
    #: The sides' labels ("You & Partner") and their seats.
    sides: dict[str, tuple[int, ...]] = field(default_factory=dict)
    #: Answers given to the scenario's earlier questions.
    earlier: tuple[Any, ...] = ()
    #: The cards of the trick on the table (the last one, between tricks), by seat.
    played: dict[int, tuple[str, ...]] = field(default_factory=dict)


def library(lang: str) -> Library:
    """The library as the app serves it in ``lang``."""
    with speaking("en"):
        english = load_library()
    return in_language(english, lang)


def _plain(markup: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", markup))


def svg_words(svg: str) -> list[str]:
    """The words drawn on the table (the seats' plates, the captions), not the cards'
    faces (their ranks are no figures of a count)."""
    root = ET.fromstring(svg)
    out: list[str] = []

    def walk(node: ET.Element, in_card: bool) -> None:
        cls = node.get("class", "")
        card = in_card or any(c in cls for c in ("card", "trick", "face", "stock", "back"))
        if node.tag.endswith("text") and not card:
            words = "".join(node.itertext()).strip()
            if words:
                out.append(words)
        for child in node:
            walk(child, card)

    walk(root, False)
    return out


def _played(run: Run) -> dict[int, tuple[str, ...]]:
    plays = run.state.current_trick or (run.state.tricks[-1].plays if run.state.tricks else ())
    out: dict[int, tuple[str, ...]] = {}
    for p in plays:
        out[p.seat] = (*out.get(p.seat, ()), p.card.label)
    return out


def _first_action(run: Run) -> str:
    step = run.current
    assert isinstance(step, PlayStep)
    if step.play.accept == "any":
        return actions.code(run.state.legal_actions()[0])
    return str(step.play.accept[0])


def screens(sid: str, checked: Checked, lang: str) -> Iterator[Screen]:
    """The page at each question of a scenario, along the scenario's own answers."""
    with speaking(lang):
        run = start(checked.scenario, checked.table)
        fb: Feedback | None = None
        since = 0  # where the transcript stood at the last answer
        earlier: list[Any] = []
        sides: dict[str, tuple[int, ...]] = {}
        for label in side_labels(run.table):
            side = side_of(run.table, label)
            seats = []
            for seat in range(len(run.table.seat_names)):
                try:
                    if run.state.team_of(seat) == side:
                        seats.append(seat)
                except InvalidStateError:  # no sides yet
                    pass
            sides[label] = tuple(seats)
        while not run.finished:
            step = run.current
            if isinstance(step, PlayStep):
                run, fb = run.try_action(_first_action(run))
                assert fb.ok, (sid, fb.message)
                continue
            assert isinstance(step, AskStep), (sid, step)
            ask = step.ask
            texts: list[tuple[str, str]] = [("title", checked.scenario.title)]
            if checked.scenario.summary:
                texts.append(("summary", checked.scenario.summary))
            for i, ev in enumerate(run.transcript):
                if ev.kind == "say" or (i >= since and ev.kind != "answer"):
                    texts.append((f"transcript ({ev.kind})", ev.text))
            svgs = []
            for presenter in (False, True):
                data = table_data(run, feedback=fb, presenter=presenter)
                svgs.append(data["table_svg"])
                if not presenter:
                    texts.append(("prompt", data["prompt"]))
                    if data["feedback"]:
                        texts.append(("feedback", _plain(data["feedback"]["html"])))
                    texts.append(("table description", data["table_alt"]))
                texts += [("presenter's facts", f) for f in data["facts"]]
                texts += [("table picture", w) for w in svg_words(data["table_svg"])]
            yield Screen(
                sid,
                lang,
                run.step,
                ask.kind,
                str(ask.question),
                ask.answer,
                tuple(dict.fromkeys(texts)),
                tuple(run.table.seat_names),
                run.table.learner,
                tuple(svgs),
                sides,
                tuple(earlier),
                _played(run),
            )
            run, fb = run.answer(ask.answer)
            assert fb.ok, (sid, fb.message)
            earlier.append(ask.answer)
            since = len(run.transcript)


# --- The rule ---------------------------------------------------------------------------

_SUITS = "♠♥♦♣"
_RANK = r"(?:10|[2-9JQKA])"
_NUMBER = re.compile(r"(?<![\w.,])[-−+]?(\d+(?:[.,]\d+)?)(?![\w]|[.,]\d)")
#: A list of ranks ("ranks A, 3, K, Q, J, 7"): its figures are cards.
_RANK_LIST = re.compile(rf"(?<!\w){_RANK}(?:(?:[,、]\s*|\s+){_RANK}(?![\w.])){{3,}}")
#: Before a figure that is no count: a trick, trump or round by its number.
_ORDINAL_BEFORE = re.compile(
    r"(?:\btricks?|\btrumps?|\brounds?|第|將牌|将牌|王牌|\btrick \d+ of)\s*$", re.IGNORECASE
)
_ORDINAL_AFTER = re.compile(
    r"^\s*(?:of (?:trumps|hearts|spades|diamonds|clubs)|st\b|nd\b|rd\b|th\b)"
)
#: What a figure counts, read from the word after it (or the question's words).
UNITS: dict[str, str] = {
    "points": r"points?|pts?\b|分|點|点",
    "bouts": r"bouts?|Petit",
    "trumps": r"trumps?|將牌|将牌|王牌",
    "cards": r"cards?|張牌|张牌|(?<![將将王])牌(?!分)",
    "tricks": r"tricks?|墩",
}
_MEASURE = r"(?:張|张|個|个)?\s*"
_EN_WORDS = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
]
_ZH_DIGITS = [
    "零",
    "一",
    "二|兩|两",
    "三",
    "四",
    "五",
    "六",
    "七",
    "八",
    "九",
    "十",
    "十一",
    "十二",
]


def question_unit(question: str) -> str:
    """What a count question counts: points unless it says bouts, trumps, cards, tricks,
    or a multiplier."""
    if re.search(r"\bmultiply\b|乘以|乘多少", question, re.IGNORECASE):
        return "times"
    if re.search(UNITS["points"], question, re.IGNORECASE):
        return "points"
    for unit in ("bouts", "trumps", "cards", "tricks"):
        if re.search(UNITS[unit], question, re.IGNORECASE):
            return unit
    return "points"


def _unit_after(rest: str) -> str | None:
    for unit in ("points", "bouts", "trumps", "cards", "tricks"):
        if re.match(rf"{_MEASURE}(?:{UNITS[unit]})", rest, re.IGNORECASE):
            return unit
    return None


def _value(answer: Any) -> float | None:
    """A figure answer's value (None: not a figure)."""
    if isinstance(answer, bool):
        return None
    if isinstance(answer, (int, float)):
        return float(answer)
    text = str(answer).strip().replace("−", "-")
    try:
        return float(text)
    except ValueError:
        return None


#: A card said in Chinese words, as the table's description says it: 「紅心 5」, 「將牌 3」.
_SUIT_WORD_BEFORE = re.compile(r"(?:紅心|红心|黑桃|方塊|方块|梅花|將牌|将牌) ?$")


def _in_card(text: str, start: int, end: int) -> bool:
    """Whether the figure at ``text[start:end]`` is a card's rank (``10♥``, ``♥10``, a
    sequence ``7♦-8-9-10-J``, 「紅心 5」)."""
    before = text[start - 1] if start > 0 else ""
    after = text[end] if end < len(text) else ""
    if after in _SUITS or before in _SUITS or _SUIT_WORD_BEFORE.search(text[:start]):
        return True
    ranks = _SUITS + "0123456789JQKA"
    if before == "-" and start > 1 and text[start - 2] in ranks:
        return True
    return after == "-" and end + 1 < len(text) and text[end + 1] in ranks


def figures(text: str, unit: str) -> list[tuple[float, str]]:
    """The figures of a text that may count ``unit``: (size, the words around it).

    A figure followed by another unit than ``unit`` counts something else ("0 tricks"
    for a question about points); a multiplier (``×2``) counts only for a question about
    one; a number word counts only when the unit follows it ("eight cards", 兩張 bouts).
    """
    found: list[tuple[float, str]] = []
    cards = [m.span() for m in _RANK_LIST.finditer(text)]
    for m in _NUMBER.finditer(text):
        start, end = m.span(1)
        if _in_card(text, m.start(), end) or _ORDINAL_BEFORE.search(text[: m.start()]):
            continue
        if _ORDINAL_AFTER.match(text[end:]) or any(a <= start < b for a, b in cards):
            continue
        times = re.search(r"[×x]\s*$", text[: m.start()]) is not None
        after = _unit_after(text[end:])
        if times != (unit == "times") or (after is not None and after != unit):
            continue
        found.append((abs(float(m.group(1).replace(",", "."))), _around(text, m.start(), end)))
    if unit == "times":
        # "Garde x2", "×2": the figure right after the sign
        for m in re.finditer(r"(?<![A-Za-z])[×x]\s?(\d+)", text):
            found.append((float(m.group(1)), _around(text, m.start(), m.end())))
        return found
    words = UNITS[unit]
    for n, word in enumerate(_EN_WORDS):
        for m in re.finditer(rf"\b{word}\s+(?:{words})", text, re.IGNORECASE):
            found.append((float(n), _around(text, m.start(), m.end())))
    for n, digits in enumerate(_ZH_DIGITS):
        pattern = rf"(?<![這这哪每第一二三四五六七八九十兩两])(?:{digits}){_MEASURE}(?:{words})"
        for m in re.finditer(pattern, text):
            found.append((float(n), _around(text, m.start(), m.end())))
    return found


def _around(text: str, start: int, end: int) -> str:
    return text[max(0, start - 30) : end + 30]


def _clauses(text: str) -> list[str]:
    """A text's clauses: its sentences cut at commas, colons, semicolons and "so"."""
    parts = re.split(r"(?<=[.!?;:。！？；：,，])\s*|\n+|\s+(?:so|but)\s+|所以|但", text)
    return [p.strip() for p in parts if p and p.strip()]


def _sentences(text: str) -> list[str]:
    parts = re.split(r"(?<=[.!?;。！？；])\s*|\n+", text)
    return [p.strip() for p in parts if p.strip()]


#: What a question about a seat asks (present and future: a past deed is another trick's
#: or the premise the question gives), with its words in every language.
FAMILIES: dict[str, str] = {
    "win": r"\b(?:wins?|takes?|captures?|goes to)\b|贏|赢|吃下|拿下|收下|勝出|胜出|歸|归",
    "lead": r"\b(?:leads?)\b|(?:領出|领出|首出)(?!的?花色)|首攻|先出",
    "draw": r"\b(?:draws?)\b|抽牌|補牌|补牌|先抽|先補|先补|摸牌",
    "deal": r"\b(?:deals?)\b|發牌|发牌",
    "score": r"\b(?:scores?|gets?|keeps?|counts?|goes to|belongs? to)\b"
    r"|得分|得到|歸|归|算給|算给|拿到|算分|屬於|属于",
    "beat": r"\b(?:beats?|stronger|outranks?)\b|大過|大过|比較大|比较大|壓過|压过|勝過|胜过",
}
#: What a question may be about: a clause about another of these is not its answer.
OBJECTS: dict[str, str] = {
    "trick": r"\btricks?\b|墩",
    "deal": r"\b(?:deal|hand|game)\b|這一手|这一手|這手|这手|一局|這局|这局",
    "declaration": r"\b(?:tierces?|quartes?|quintes?|carrés?|declarations?|sequences?|belote)\b"
    r"|順子|顺子|宣牌|鐵支|铁支|Belote",
    "excuse": r"\bexcuse\b|愚者",
    "poignee": r"poignée",
    "chien": r"\bchien\b|\bdiscard\b|底牌|棄牌|弃牌",
    "bout": r"\bpetit\b|\bbouts?\b",
}
#: Words that point at another instance than the question's ("the first trick", "all 18").
_OTHER = (
    r"\bfirst (?:trick|one|hand)\b|\b(?:all|earlier|previous|other|next|last|new)\b"
    r"|第一墩|前|全部|其他|下一|最後|最后|新"
)
#: Words that stand for the thing a question is about ("it counts for the defence").
_PRONOUN = r"\b(?:it|its|they|them|their)\b|它|它們|它们"
#: A rule or an instruction, not what happened: its clauses state no answer.
_RULE = (
    r"\b(?:if|when|whenever|unless|would|must|may|can|could|should|might|need)\b"
    r"|如果|若|假如|要是|當|当|的話|的话|否則|否则|必須|必须|可以|能|應該|应该|須|须"
    r"|(?:時|时)(?=[，,；;你他])"
)


def _families(question: str) -> list[str]:
    # the question itself, not its premise ("Your opponent won with the 6♥. Who draws
    # first?" asks who draws)
    asked = _sentences(question)[-1] if _sentences(question) else question
    found = [name for name, words in FAMILIES.items() if re.search(words, asked, re.IGNORECASE)]
    return found or list(FAMILIES)


def _found(pattern: str, text: str) -> set[str]:
    return {m.group(0).lower() for m in re.finditer(pattern, text, re.IGNORECASE)}


def _answer_seats(screen: Screen) -> tuple[int, ...]:
    """The seats a seat answer names (() for another answer): a seat's name, a side, a
    seat's name and its role ("Left: the same dealer", "West, the taker"), a seat's
    possessive ("Left's", "Yours")."""
    answer = str(screen.answer).strip()
    if answer in screen.sides and screen.kind in ("winner", "declaration_winner"):
        return screen.sides[answer]
    if answer.casefold() in ("yours", "你的", "你方"):
        return (screen.learner,)
    others = screen.seats
    for seat, name in enumerate(screen.seats):
        if answer in (name, f"{name}'s", f"{name}的"):
            return (seat,)
        rest = answer[len(name) :]
        if (
            answer.startswith(name)
            and rest[:1] in tuple(",，:：、(（")
            and not any(rest[1:].strip().startswith(o) for o in others)
        ):
            return (seat,)
    return ()


def _names_seat(screen: Screen, seat: int, clause: str) -> bool:
    """Whether a clause names a seat: its name, "you" for the learner, a card it played
    in the trick on the table."""
    name = screen.seats[seat]
    bounded = rf"(?<!\w){re.escape(name)}(?!\w)" if name.isascii() else re.escape(name)
    you_named = seat == screen.learner and name.lower() in ("you", "你")  # read as "you" below
    if not you_named and re.search(bounded, clause, re.IGNORECASE if name.isascii() else 0):
        return True
    if seat == screen.learner:
        you = r"\byou(?:rs?)?\b(?!r? (?:partner|opponents?|side|team))|你(?![的方們们]\s*(?:搭檔|搭档|對手|对手))"
        if re.search(you, clause, re.IGNORECASE):
            return True
    return any(card in clause for card in screen.played.get(seat, ()))


_YES_NO = {
    "yes": True,
    "no": False,
    "not yet": False,
    "是": True,
    "否": False,
    "會": True,
    "会": True,
    "不會": False,
    "不会": False,
    "還沒有": False,
    "还没有": False,
    "還沒": False,
    "还没": False,
}
_CONTRACT = (
    r"\b(?:contracts?|prise|garde|garde sans|garde contre|takers?|dedans)\b"
    r"|合約|合约|主打|dedans|Prise|Garde"
)
_VERDICT = (
    r"\b(?:made|makes|fulfil(?:s|led)?|succeed(?:s|ed)?|fail(?:s|ed)?|falls? short|"
    r"fell short|dedans|goes down|went down|is down)\b"
    r"|完成|成功|失敗|失败|做成|沒做到|没做到|倒了"
)


def _yes_no(answer: Any) -> bool:
    head = re.split(r"[:：,，]", str(answer), maxsplit=1)[0].strip().lower()
    return head in _YES_NO


def _label_words(answer: Any) -> str:
    """The words of a label answer to look for (after "Yes:" or "No:" when it has them)."""
    text = str(answer).strip()
    parts = re.split(r"[:：]", text, maxsplit=1)
    if len(parts) == 2 and parts[0].strip().lower() in _YES_NO:
        text = parts[1].strip()
    return " ".join(text.split())


def _short(words: str) -> bool:
    """A label of one or two words ("The taker"): a role, read like a seat."""
    return len(words.split()) <= 2 if words.isascii() else len(words) <= 6


def _stated_in_clauses(screen: Screen, names: Any, where: str, what: str) -> list[str]:
    """Clauses that name the answer (``names(clause)``) with a word of what the question
    asks, about nothing else than the question is about, and that are no rule."""
    found: list[str] = []
    families = "|".join(f"(?:{FAMILIES[f]})" for f in _families(screen.question))
    asked = {k for k, v in OBJECTS.items() if re.search(v, screen.question, re.IGNORECASE)}
    other_words = _found(_OTHER, screen.question)
    for place, text in screen.texts:
        if place == "transcript (trick)" and (
            screen.kind == "trick_winner" or "win" not in _families(screen.question)
        ):
            # an earlier trick's line (the trick asked about is held back), or one that
            # says who won a trick when the question asks something else
            continue
        if place in ("table description", "prompt"):
            # the description: every seat's part in it, checked as the picture's marks;
            # the prompt: the question's own premise ("Your opponent won with the 6♥.
            # Who draws first?")
            continue
        for sentence in _sentences(text):
            if sentence.endswith(("?", "？")) or re.search(_RULE, sentence, re.IGNORECASE):
                continue
            for clause in _clauses(sentence):
                if not names(clause) or not re.search(families, clause, re.IGNORECASE):
                    continue
                about = {k for k, v in OBJECTS.items() if re.search(v, clause, re.IGNORECASE)}
                if place == "transcript (trick)":
                    about.add("trick")  # a trick's line is about that trick
                if asked and about - asked:
                    continue
                if (
                    asked
                    and "trick" not in asked
                    and not about & asked
                    and not re.search(_PRONOUN, clause, re.IGNORECASE)
                ):
                    continue  # about no declaration, chien...: a bid ("Left takes")
                if _found(_OTHER, clause) - other_words:
                    continue
                found.append(f"{where}: {place} {what}: {clause!r}")
    return found


def problems(screen: Screen) -> list[str]:
    """Every place on the screen that states the question's answer."""
    where = f"{screen.sid} [{screen.lang}] step {screen.step} {screen.question!r}"
    found: list[str] = []
    value = _value(screen.answer)
    seats = _answer_seats(screen) if not isinstance(screen.answer, bool) else ()
    if value is not None and (screen.kind in NUMBER_KINDS or screen.kind == "choice"):
        given = {abs(v) for v in map(_value, screen.earlier) if v is not None}
        size = abs(value)
        if size not in given:
            unit = question_unit(screen.question)
            for place, text in screen.texts:
                if place == "table description" and unit == "cards":
                    continue  # each hand's size, as the picture shows its cards
                for n, around in figures(text, unit):
                    if n == size:
                        found.append(f"{where}: {place} states {screen.answer}: …{around}…")
    elif seats:
        found += _stated_in_clauses(
            screen,
            lambda clause: any(_names_seat(screen, s, clause) for s in seats),
            where,
            "names the answer",
        )
        found += _marked(screen, seats, where)
    elif screen.kind == "contract_made" or (
        screen.kind == "choice"
        and _yes_no(screen.answer)
        and re.search(_CONTRACT, screen.question, re.IGNORECASE)
    ):
        for place, text in screen.texts:
            for sentence in _sentences(text):
                if sentence.endswith(("?", "？")) or re.search(_RULE, sentence, re.IGNORECASE):
                    continue
                if re.search(_VERDICT, sentence, re.IGNORECASE) and re.search(
                    _CONTRACT + r"|\byou\b|你|\bhe\b|他", sentence, re.IGNORECASE
                ):
                    found.append(f"{where}: {place} gives the verdict: {sentence!r}")
    if screen.kind == "choice" and value is None and not seats:
        words = _label_words(screen.answer)
        if words.casefold() not in _YES_NO and _short(words):
            label = re.escape(words)
            label = rf"(?<!\w){label}(?!\w)" if words.isascii() else label
            found += _stated_in_clauses(
                screen,
                lambda clause: re.search(label, clause, re.IGNORECASE) is not None,
                where,
                "names the answer",
            )
        elif words.casefold() not in _YES_NO:
            for place, text in screen.texts:
                if place != "prompt" and words.casefold() in " ".join(text.split()).casefold():
                    found.append(f"{where}: {place} holds the answer's words {words!r}")
    return found


def _marked(screen: Screen, seats: tuple[int, ...], where: str) -> list[str]:
    """The table singles out an answer's seat: its turn frame, its card's winning frame
    (for a question about who wins)."""
    found: list[str] = []
    for svg in screen.svgs:
        root = ET.fromstring(svg)
        names: dict[str, str] = {}  # position -> the seat's name on its plate
        turn: set[str] = set()
        for g in root.iter():
            cls = g.get("class", "")
            if cls.startswith("seat seat-"):
                pos = cls.split("seat-", 1)[1]
                names[pos] = next(
                    ("".join(t.itertext()) for t in g.iter() if t.get("class", "") == "seat-name"),
                    "",
                )
                if any(r.get("class", "") == "to-move" for r in g.iter()):
                    turn.add(pos)
        winning = {
            g.get("class", "").split("trick-", 1)[1].split()[0]
            for g in root.iter()
            if "trick-card" in g.get("class", "")
            and any(r.get("class", "") == "winning-frame" for r in g.iter())
        }
        wins_asked = "win" in _families(screen.question)
        for seat in seats:
            name = screen.seats[seat]
            for pos, shown in names.items():
                if not shown.startswith(name[:6]):
                    continue
                if pos in turn:
                    found.append(f"{where}: the table's turn frame marks {name}")
                if pos in winning and wins_asked:
                    found.append(f"{where}: the table's winning frame marks {name}'s card")
    return sorted(set(found))


def every_screen(langs: tuple[str, ...] = LANGUAGES) -> Iterator[Screen]:
    """The page at every question of the library, in every language."""
    for lang in langs:
        lib = library(lang)
        for sid, checked in sorted(lib.scenarios.items()):
            if any(isinstance(s, AskStep) for s in checked.scenario.steps):
                yield from screens(sid, checked, lang)
