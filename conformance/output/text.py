"""Making engine text safe for the output formats (engine text is untrusted).

An engine's messages, stderr and observed values reach JUnit XML, Markdown summaries and JSON
Lines files. :func:`xml_safe` makes any string legal in XML 1.0 (control characters other than
tab, newline and carriage return, lone surrogates and U+FFFE/U+FFFF are written as visible
``\\xNN`` / ``\\uNNNN`` escapes, so nothing is silently lost); :func:`md_text` also escapes HTML
(an engine writing ``<!--`` must not hide the rest of a step summary); :func:`fence` picks a code
fence longer than any backtick run in the text; :func:`console_safe` keeps an engine from
sending terminal escape sequences (``ESC [ 2 J``, a carriage return over the summary line) to
the user's terminal through ``rulings run``'s output.
"""

from __future__ import annotations

import html
import re

_XML_BAD = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ud800-\udfff\ufffe\uffff]")


def _escape(m: re.Match[str]) -> str:
    c = ord(m.group())
    return f"\\x{c:02x}" if c < 0x100 else f"\\u{c:04x}"


def xml_safe(text: str) -> str:
    """``text`` with every character XML 1.0 forbids (and DEL) written as a visible escape."""
    return _XML_BAD.sub(_escape, text)


def md_text(text: str) -> str:
    """``text`` safe in Markdown prose or a table cell: XML-safe, HTML-escaped, ``|`` escaped,
    on one line."""
    return html.escape(xml_safe(text), quote=False).replace("|", "\\|").replace("\n", " ")


def fence(text: str) -> str:
    """A backtick fence longer than every backtick run in ``text`` (at least three)."""
    longest = max((len(m) for m in re.findall(r"`+", text)), default=0)
    return "`" * max(3, longest + 1)


_CONSOLE_BAD = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")


def console_safe(text: str) -> str:
    """``text`` on one terminal line: every C0/C1 control character (escape, carriage return,
    newline, tab...), DEL and lone surrogate written as a visible escape."""
    return _CONSOLE_BAD.sub(_escape, text)
