"""convert_file leaves the GIL to other Python threads while the engine
works: a counting thread keeps counting during the call. (iccf.games
converts on a thread of its own; its consumer is Python code, which shares
the GIL anyway.)"""

import threading

import iccf

TWIC = "pgn/pgn4web/twic944.pgn"


def count_during(work):
    """How often another Python thread ran its loop while work() ran."""
    running = threading.Event()
    running.set()
    counts = [0]

    def count():
        while running.is_set():
            counts[0] += 1

    thread = threading.Thread(target=count)
    thread.start()
    try:
        before = counts[0]
        work()
        during = counts[0] - before
    finally:
        running.clear()
        thread.join()
    return during


def test_convert_file_releases_the_gil(testdata, tmp_path):
    big = tmp_path / "big.pgn"
    big.write_bytes((testdata / TWIC).read_bytes() * 8)
    during = count_during(lambda: iccf.convert_file(big, tmp_path / "out.pgn", jobs=1))
    # Held for the whole call, the GIL would leave the counter near 0.
    assert during > 10_000
