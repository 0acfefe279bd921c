"""iccf.games on a stream that stays open (a pipe, a server's response):
each game comes as soon as it has been sent, its result followed by a
blank line, not when the stream ends (games were held until then, or until
256 KiB had come)."""

import gzip
import os
import queue
import threading

import iccf

GAME_A = b'[Event "A"]\n\n1. e4 e5 2. Nf3 1-0\n\n'
GAME_B = b'[Event "B"]\n\n1. d4 *\n'

# A wait for what must come, not a measure of speed: a game comes a
# fraction of a second after it is sent, or never.
WAIT = 60


def read_in_background(records):
    """The records of an iterator, read on a thread, in a queue."""
    out = queue.Queue()

    def read():
        try:
            for record in records:
                out.put(record)
        finally:
            out.put(None)

    threading.Thread(target=read, daemon=True).start()
    return out


def test_a_pipes_games_come_while_it_is_open():
    for opened in ("binary", "unbuffered"):
        read_end, write_end = os.pipe()
        source = os.fdopen(read_end, "rb", buffering=0 if opened == "unbuffered" else -1)
        with os.fdopen(write_end, "wb", buffering=0) as writer:
            writer.write(GAME_A)
            records = read_in_background(iccf.games(source, notations="numeric"))
            first = records.get(timeout=WAIT)
            assert first["moves"] == ["5254", "5755", "7163"], opened
            assert first["result"] == "1-0"
            writer.write(GAME_B)
        second = records.get(timeout=WAIT)
        assert (second["game"], second["moves"]) == (2, ["4244"])
        assert records.get(timeout=WAIT) is None
        source.close()


def test_games_on_a_pipe_returns_before_its_first_bytes_come():
    # games() read the first bytes, to tell the compression, before it
    # returned: the caller waited for the stream's first game.
    for compress in (lambda data: data, gzip.compress):
        read_end, write_end = os.pipe()
        source = os.fdopen(read_end, "rb")
        opened = queue.Queue()
        threading.Thread(target=lambda: opened.put(iccf.games(source, notations="numeric")), daemon=True).start()
        games = opened.get(timeout=WAIT)
        with os.fdopen(write_end, "wb", buffering=0) as writer:
            records = read_in_background(games)
            writer.write(compress(GAME_A + GAME_B))
        assert [r["moves"] for r in iter(lambda: records.get(timeout=WAIT), None)] == [
            ["5254", "5755", "7163"],
            ["4244"],
        ]
        source.close()


def test_a_file_object_without_read1_is_still_read_whole(tmp_path):
    class Reads:
        """A file-like object with `read` alone, handing out a few bytes."""

        def __init__(self, data):
            self.data = data

        def read(self, n):
            chunk, self.data = self.data[:7], self.data[7:]
            return chunk

    games = list(iccf.games(Reads(GAME_A + GAME_B), notations="numeric"))
    assert [g["moves"] for g in games] == [["5254", "5755", "7163"], ["4244"]]
