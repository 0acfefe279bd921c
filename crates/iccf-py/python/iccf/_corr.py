"""Correspondence games: a message checked against the game, and the card
to send after our move."""

import datetime
import json
from typing import Any, Dict, NamedTuple, Optional, Union

from . import _iccf


def check(
    game_pgn: str,
    message: Union[str, bytes],
    *,
    side: Optional[str] = None,
    today: Union[datetime.date, str, None] = None,
    received: Union[datetime.date, str, None] = None,
) -> Dict[str, Any]:
    """Check ``message`` (text or a whole e-mail, whose subject, date and
    PGN attachment are checked too) from our opponent against our game
    file's text, where we play ``side`` (by default the game's
    ``ICCFSide`` tag), as ``iccf check`` does: dates after ``today`` (a
    ``datetime.date`` or ``YYYY.MM.DD``; today by default) are in the
    future, and we received it on ``received`` (by default the e-mail's
    date). Returns what ``iccf check --json`` prints: ``in_order``,
    ``findings``, ``claims``, ``result`` (the result their words plainly
    give, else None) and ``resend`` (whether they ask for our last card
    again).

    >>> game = '[ICCFSide "white"]\\n\\n1. 5254 5755 2. 7163 *'
    >>> report = check(game, "Thanks for 2. 7136. My reply: 2... 2836")
    >>> report["in_order"]
    False
    >>> report["findings"][0]["kind"]
    'wrong-echo'
    """
    days = {"today": _day(today), "received": _day(received)}
    report: Dict[str, Any] = json.loads(_iccf.check(game_pgn, message, side=side, **days))
    return report


class Card(NamedTuple):
    """The message to send, and the game file's new text to save."""

    text: str
    game: str


def card(
    game_pgn: str,
    move: Optional[str] = None,
    *,
    side: Optional[str] = None,
    lang: str = "en",
    also: Optional[str] = None,
    also_lang: str = "en",
    input_lang: Optional[str] = None,
    offer_draw: bool = False,
    accept_draw: bool = False,
    resign: bool = False,
    date: Union[datetime.date, str, None] = None,
) -> Card:
    """Record our ``move`` (any notation) on ``date`` (a ``datetime.date``
    or ``YYYY.MM.DD`` as ``iccf card --date`` takes it; today by default)
    and the offers in the game; return the card to send, with its fixed
    words in ``lang`` and the moves also in notation ``also``, and the
    game's new text.

    >>> game = '[White "Us"]\\n[Black "Them"]\\n[ICCFSide "white"]\\n\\n*'
    >>> sent = card(game, "e4", date=datetime.date(2026, 12, 1))
    >>> print(sent.text.splitlines()[4])
    My move: 1. 5254 (sent 2026.12.01)
    >>> "1. 5254" in sent.game
    True
    >>> card(game, "e4", date="2026.12.01").text == sent.text
    True
    """
    offers = [
        name
        for name, given in (
            ("offer_draw", offer_draw),
            ("accept_draw", accept_draw),
            ("resign", resign),
        )
        if given
    ]
    text, saved = _iccf.card(
        game_pgn,
        move,
        date=_day(date),
        side=side,
        lang=lang,
        also=also,
        also_lang=also_lang,
        input_lang=input_lang,
        offers=offers,
    )
    return Card(text, saved)


def _day(date: Union[datetime.date, str, None]) -> Optional[str]:
    """``date`` as ``YYYY.MM.DD``: a string is read (and refused if it is
    no date) by the same parser as ``iccf card --date``. ``None`` stays
    ``None``: the engine takes today in the local time zone, as the CLI
    does."""
    if date is None or isinstance(date, str):
        return date
    if isinstance(date, datetime.date):
        return f"{date.year:04}.{date.month:02}.{date.day:02}"
    raise TypeError(f"date is a datetime.date or YYYY.MM.DD, not {type(date).__name__}")
