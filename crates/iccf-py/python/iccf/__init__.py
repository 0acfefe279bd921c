"""ICCF numeric chess notation and localized algebraic notation.

One move in every notation, python-chess boards and moves in numeric
notation, whole PGN files converted or read game by game, and
correspondence games checked, all by the Rust engine of the ``iccf``
command-line tool.

>>> import iccf
>>> iccf.move("5254").san
'e4'
>>> iccf.move("Nf6", after="1. e4 e5 2. Nf3").numeric
'7866'
>>> output, problems = iccf.convert("1. e4 e5 2. Nf3 *", to="numeric")
>>> output
'1. 5254 5755 2. 7163 *\\n\\n'
"""

from ._arrow import games_arrow
from ._chess import numeric, parse_numeric, san
from ._corr import Card, card, check
from ._games import convert, convert_file, games
from ._iccf import IllegalMoveError, ParseError, Problem, Summary, __version__
from ._moves import Move, languages, move
from ._pgn_game import read_game, write_game
from ._split import split_points
from ._squares import chess_square, numeric_square
from ._records import GameRecord, GameTextRecord, MoveRecord, ProblemRecord

__all__ = [
    "Card",
    "GameRecord",
    "GameTextRecord",
    "IllegalMoveError",
    "Move",
    "MoveRecord",
    "ParseError",
    "Problem",
    "ProblemRecord",
    "Summary",
    "__version__",
    "card",
    "check",
    "chess_square",
    "convert",
    "convert_file",
    "games",
    "games_arrow",
    "languages",
    "move",
    "numeric",
    "numeric_square",
    "parse_numeric",
    "read_game",
    "san",
    "split_points",
    "write_game",
]
