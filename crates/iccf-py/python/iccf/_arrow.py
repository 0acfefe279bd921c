"""The games of a file as Arrow record batches, one row a game."""

import importlib
import os
from typing import Any, Iterator, Optional, Sequence, Union

from . import _iccf
from ._games import Source


def games_arrow(
    source: Source,
    *,
    batch_size: int = 10_000,
    notations: Union[str, Sequence[str], None] = None,
    input_lang: Optional[str] = "auto",
    jobs: Optional[int] = None,
) -> Iterator[Any]:
    """The games of ``source`` (what ``iccf.games`` reads) as
    ``pyarrow.RecordBatch``es of ``batch_size`` games (the last one fewer),
    one row a game, for pandas, Polars, DuckDB, Spark's ``mapInArrow`` or
    Ray's ``map_batches``.

    The columns are those of ``iccf convert --format parquet``: ``file``
    (the input, when the CLI reads several; null here); ``game``;
    ``event``, ``site``, ``date``, ``round``, ``white``, ``black`` (the tags,
    null when absent); ``tags`` (every tag: a list of ``name``/``value``
    structs); ``input`` (the notation read); ``langs``; one list column of
    the main-line moves per notation of ``notations`` (default
    ``("numeric", "san")``; also ``uci``, ``lan``, ``figurine``; one may be
    named alone, ``notations="numeric"``);
    ``result``; ``unconverted``; ``errors`` and ``warnings`` (lists of
    ``line``, ``column``, ``move``, ``token``, ``message`` structs).

    The batches are built in Rust on a thread of their own and handed over
    through the Arrow C data interface, without a copy. Needs pyarrow.

    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "two.pgn"
    >>> _ = path.write_text('[White "A"]\\n\\n1. 5254 5755 *\\n\\n1. d4 1-0\\n')
    >>> batch = next(games_arrow(path))
    >>> batch.num_rows, batch.column("white").to_pylist(), batch.column("san").to_pylist()
    (2, ['A', None], [['e4', 'e5'], ['d4']])
    """
    # Imported by name: pyarrow is optional and ships no type hints.
    pyarrow = importlib.import_module("pyarrow")
    if isinstance(source, os.PathLike):
        source = os.fspath(source)
    # One notation may be named alone, as `iccf.games` takes it: a str is
    # no sequence of names ("unknown notation `n`").
    if isinstance(notations, str):
        notations = [notations]
    fields = None if notations is None else list(notations)
    if batch_size < 1:
        # Before the extension, whose unsigned size refuses a negative one
        # with an OverflowError.
        raise ValueError(f"batch_size={batch_size}: give 1 game or more")
    batches = _iccf.game_batches(
        source, batch_size=batch_size, notations=fields, input_lang=input_lang, jobs=jobs
    )
    return (pyarrow.record_batch(batch) for batch in batches)
