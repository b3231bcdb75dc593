"""The Simplified Chinese catalogues, derived from the Traditional ones.

``zh-Hans.toml`` and ``zh-Hans.engine.toml`` are never edited by hand: ``python -m tutorial
locales`` writes them from ``zh-Hant.toml`` and ``zh-Hant.engine.toml`` (``--check`` only
says whether they are stale; a test does the same).

The conversion is :func:`tutorial.language.glossary.to_simplified` (the glossary's hand-checked
Taiwan/mainland variants, then OpenCC's phrase-level ``t2s``: the same conversion as the
glossary, the lessons and the scenarios, so a glossary word reads the same everywhere),
followed by :data:`CORRECTIONS`: the words a read-through of the converted catalogues, lessons
and scenarios found still in Taiwanese usage (``t2s`` converts characters and fixed phrases, not
vocabulary), then the mainland's punctuation (“” for 「」) and 着 for the particle 著.
Every replacement is of a whole word (:func:`tutorial.language.glossary.replace_words`): a
correction never changes a piece of a longer word (读取代码 keeps 取代 out), and the words
that would straddle one are listed with it (``keep``). The same :func:`to_hans` derives the
lessons (``scripts/zh_hans_lessons.py``) and the scenarios (``tutorial.scenarios.translation``).
``tw2sp`` was tried and not chosen: it changes many more words on its own (some wrongly,
``簡報模式`` became ``演示文稿模式``), and every change here should be one a person has read.
"""

from __future__ import annotations

import re
import sys
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from tutorial.language import i18n
from tutorial.language.glossary import Rule, replace_words, to_simplified

#: The folder of the catalogues.
LOCALES = Path(__file__).resolve().parent / "locales"
#: Each Traditional catalogue and the Simplified file derived from it.
PAIRS = (
    ("zh-Hant.toml", "zh-Hans.toml"),
    ("zh-Hant.engine.toml", "zh-Hans.engine.toml"),
)
#: The first line of every derived file.
HEADER = (
    "# 本文件由 python -m tutorial locales 从 {source} 生成（OpenCC t2s 加人工核对的词汇表，"
    "见 tutorial/language/zh_convert.py）。\n# 请修改繁体文件后重新生成，不要直接修改本文件。\n"
)

_FIELD = re.compile(r"\{([A-Za-z_0-9]*)\}")


@dataclass(frozen=True)
class Correction:
    """A word the conversion leaves in Taiwanese usage, and the mainland word for it.

    ``converted`` is the text as OpenCC writes it (Simplified characters already),
    ``corrected`` what a mainland reader expects, ``why`` where it was found; ``keep`` the
    longer words that contain or straddle ``converted`` and must stay (读取 for 取代).
    """

    converted: str
    corrected: str
    why: str
    keep: tuple[str, ...] = field(default=())


#: Hand-checked after reading the converted catalogues, longest first when applied.
CORRECTIONS: tuple[Correction, ...] = (
    Correction("位元组", "字节", "file sizes: 'the file is {size} bytes'"),
    Correction("字元", "字符", "code and link lengths: '{size} characters'"),
    Correction("资料", "数据", "'the code unpacks to too much data'"),
    Correction("范例", "示例", "Workshop: 'Load the example'"),
    Correction("载入", "加载", "'load progress', 'were not loaded'"),
    Correction('= "复原"', '= "撤销"', "the Undo button only: 复原 stays a verb elsewhere"),
    Correction("重新整理", "刷新", "'survives a reload'"),
    Correction("开新分页", "打开新标签页", "'a new tab'"),
    Correction("巢状", "嵌套", "'nested {depth} levels deep'"),
    Correction("义大利", "意大利", "Briscola: 'Italy's classic', 'the usual Italian ranking'"),
    Correction("讯息", "信息", "Home: 'the messages below'"),
    Correction("装置", "设备", "progress: 'on another device'"),
    Correction("贴上", "粘贴", "'paste a progress code', 'paste or upload'"),
    Correction("文字框", "文本框", "Workshop: 'empty the text box'"),
    Correction("文字档", "文本文件", "Teacher: 'a text file of codes'"),
    Correction("进度档", "进度文件", "'progress file'"),
    Correction("代码档", "代码文件", "Teacher: 'a file of codes'"),
    Correction("纪录", "记录", "'too many records'"),
    Correction("具名", "署名", "Teacher: 'to stay anonymous', '(no name)'"),
    Correction("留白", "留空", "'leave it empty'"),
    Correction("寄给", "发给", "report: 'send it to your teacher'"),
    Correction("回报", "反馈", "'Report a problem' (回报 reads 'repay' on the mainland)"),
    Correction("对照表", "映射", "playlist file: 'a mapping with a title'"),
    Correction("伺服器", "服务器", "Workshop: 'nothing is stored on the server'"),
    Correction("储存", "保存", "'Save or move your progress', 'saved in this browser'"),
    Correction(
        "取代", "替换", "progress: 'Replace the progress in this browser'", ("读取", "代码")
    ),
    Correction("你贴了", "你粘贴了", "Workshop: 'You pasted text'"),
    Correction("UTF-8 文字", "UTF-8 文本", "'not UTF-8 text'"),
    Correction("开启", "打开", "'this one cannot be opened', 'anyone can open it'"),
    Correction("打打看", "试试", "Workshop: 'then you can try it out'"),
    Correction("本程序", "本应用", "'this app' (a web app, not a program)"),
    Correction("教学程序", "教学应用", "lessons: 'the tutor deals again'"),
    Correction("铁支", "四条", "Belote: a carré (source 003 writes 四张 J)"),
    Correction("情境", "场景", "a scenario"),
    Correction("建立班级", "创建班级", "Teacher: 'Create a class'"),
    Correction("缴交日期", "截止日期", "homework: 'the due date'"),
    Correction("缴交", "提交", "homework: 'hand in before'"),
    Correction("网址列", "地址栏", "'in the address bar'"),
    Correction("分页", "标签页", "'a tab left open'"),
    Correction("栏位", "字段", "a file's or a table's fields"),
    Correction(" 笔", " 条", "a count of records: '{n} records'"),
    Correction("已经额满", "已满", "'this class is full'"),
    Correction("有完整复制吗", "复制完整了吗", "'was it copied in full?'"),
    Correction(
        "其他资料", "其他信息", "My class: 'nothing else is needed' (资料 is 数据 elsewhere)"
    ),
)

#: Taiwan's corner quotes and the mainland's curly ones (『』 nest inside 「」).
QUOTES = {"「": "“", "」": "”", "『": "‘", "』": "’"}
#: 著 as the aspect particle (贏著, 拿著, 接著) is 着 on the mainland; the verb of 著名,
#: 显著, 著作, 卓著, 土著, 著称 keeps 著.
_ZHE = re.compile(r"(?<![显卓土])著(?![名作称述])")


#: :data:`CORRECTIONS` as whole-word replacement rules.
RULES = [Rule(c.converted, c.corrected, c.keep) for c in CORRECTIONS]


def to_hans(text: str) -> str:
    """Simplified Chinese for a Traditional catalogue text: the glossary's conversion, then
    :data:`CORRECTIONS`.

    >>> to_hans("重新整理頁面後，進度仍然保留。")
    '刷新页面后，进度仍然保留。'
    """
    converted = replace_words(to_simplified(text), RULES)
    for before, after in QUOTES.items():
        converted = converted.replace(before, after)
    return _ZHE.sub("着", converted)


def derive(source_name: str, text: str) -> str:
    """The whole Simplified file for the Traditional catalogue ``text`` (named
    ``source_name``): :data:`HEADER`, then the converted text.

    Raises:
        ValueError: the conversion changed a key or a ``{field}`` of a message.
    """
    derived = HEADER.format(source=source_name) + to_hans(text)
    _same_shape(source_name, text, derived)
    return derived


def _flat(text: str) -> dict[str, str]:
    """A catalogue's messages by dotted key (the app's own flattening)."""
    flat: dict[str, str] = {}
    i18n.flatten(tomllib.loads(text), flat)
    return flat


def fields(message: str) -> list[str]:
    """The ``{field}`` names of a message, sorted (``{{`` is not a field here).

    >>> fields("{b} gives {a} to {b}")
    ['a', 'b', 'b']
    """
    return sorted(_FIELD.findall(message))


def _same_shape(name: str, source: str, derived: str) -> None:
    before, after = _flat(source), _flat(derived)
    if before.keys() != after.keys():
        raise ValueError(f"{name}: the conversion changed the keys")
    for key, message in before.items():
        if fields(message) != fields(after[key]):
            raise ValueError(f"{name}: the conversion changed the fields of {key}")


def stale(folder: Path = LOCALES) -> list[str]:
    """The Simplified files of ``folder`` that differ from a fresh derivation."""
    out = []
    for source, target in PAIRS:
        fresh = derive(source, (folder / source).read_text("utf-8"))
        path = folder / target
        if not path.exists() or path.read_text("utf-8") != fresh:
            out.append(target)
    return out


def regenerate(folder: Path = LOCALES) -> list[Path]:
    """Write every Simplified file of ``folder`` from its Traditional source; returns them."""
    written = []
    for source, target in PAIRS:
        path = folder / target
        path.write_text(derive(source, (folder / source).read_text("utf-8")), "utf-8")
        written.append(path)
    return written


def main(argv: list[str]) -> int:
    """``python -m tutorial locales [--check]``: regenerate zh-Hans, or say if it is stale."""
    if argv == ["--check"]:
        old = stale()
        for name in old:
            print(f"{name} is stale: run python -m tutorial locales", file=sys.stderr)
        return 1 if old else 0
    if argv:
        print("usage: python -m tutorial locales [--check]", file=sys.stderr)
        return 2
    for path in regenerate():
        print(f"wrote {path}")
    return 0
