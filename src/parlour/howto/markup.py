"""The small markdown subset of the How to play texts, rendered to safe HTML.

The texts (and the option explanations added to them) use only `#`/`##`/`###` headings,
paragraphs, `- ` bullets, `1. ` numbered lists, `**bold**`, `*italic*` and simple pipe
tables. A full markdown library would also pass raw HTML through; this renderer escapes
every character of the text first and adds only its own tags, so whatever a text holds
(an option value typed by a player included) reaches a browser as text, never as markup.
"""

from __future__ import annotations

import html
import re

_HEADING = re.compile(r"^(#{1,3}) +(.*)$")
_BULLET = re.compile(r"^- +(.*)$")
_NUMBERED = re.compile(r"^\d+\. +(.*)$")
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_ITALIC = re.compile(r"\*(.+?)\*")
_TABLE_RULE = re.compile(r"^\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?$")


def inline(text: str) -> str:
    """One line's text escaped, then its `**bold**` and `*italic*` marked up."""
    escaped = html.escape(text, quote=True)
    return _ITALIC.sub(r"<em>\1</em>", _BOLD.sub(r"<strong>\1</strong>", escaped))


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def _table(lines: list[str]) -> str:
    header, body = lines[0], lines[1:]
    if body and _TABLE_RULE.match(body[0].strip()):
        body = body[1:]
    head = "".join(f"<th>{inline(cell)}</th>" for cell in _cells(header))
    rows = "".join("<tr>" + "".join(f"<td>{inline(c)}</td>" for c in _cells(row)) + "</tr>" for row in body)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>"


def _list(tag: str, items: list[tuple[str, list[str]]]) -> str:
    out = []
    for text, nested in items:
        inner = "<ul>" + "".join(f"<li>{inline(n)}</li>" for n in nested) + "</ul>" if nested else ""
        out.append(f"<li>{inline(text)}{inner}</li>")
    return f"<{tag}>" + "".join(out) + f"</{tag}>"


def to_html(markdown: str) -> str:
    """The subset of `markdown` as HTML; anything else in it is shown as escaped text.

    A list item continues on indented lines, and indented `- ` lines under an item are a
    list inside it (one level deep, as the texts use).
    """
    out: list[str] = []
    paragraph: list[str] = []
    items: list[tuple[str, list[str]]] = []
    list_tag = ""
    table: list[str] = []

    def close() -> None:
        nonlocal list_tag
        if paragraph:
            out.append("<p>" + inline(" ".join(paragraph)) + "</p>")
            paragraph.clear()
        if items:
            out.append(_list(list_tag, items))
            items.clear()
            list_tag = ""
        if table:
            out.append(_table(table))
            table.clear()

    for raw in markdown.splitlines():
        line = raw.strip()
        if not line:
            close()
            continue
        if items and raw[:1].isspace():
            text, nested = items[-1]
            nested_bullet = _BULLET.match(line)
            if nested_bullet:
                nested.append(nested_bullet.group(1))
            elif nested:
                nested[-1] += " " + line
            else:
                items[-1] = (text + " " + line, nested)
            continue
        if line.startswith("|"):
            if not table:
                close()
            table.append(line)
            continue
        heading = _HEADING.match(line)
        item = _BULLET.match(line) or _NUMBERED.match(line)
        if heading:
            close()
            level = len(heading.group(1))
            out.append(f"<h{level}>{inline(heading.group(2))}</h{level}>")
        elif item:
            tag = "ul" if line.startswith("-") else "ol"
            if paragraph or table or (items and tag != list_tag):
                close()
            list_tag = tag
            items.append((item.group(1), []))
        else:
            if items or table:
                close()
            paragraph.append(line)
    close()
    return "\n".join(out)
