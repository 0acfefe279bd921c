"""convert_file leaves the GIL to other Python threads while the engine
works: a counting thread keeps counting during the call. (iccf.games
converts on a thread of its own; its consumer is Python code, which shares
the GIL anyway.)"""

import subprocess
import sys
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


SHARED_ITERATOR = """
import sys, threading
import iccf

games = iccf.games(sys.argv[1], notations="numeric", jobs=1)
taken = [[] for _ in range(4)]

def take(mine):
    for record in games:
        mine.append(record["game"])

threads = [threading.Thread(target=take, args=(mine,)) for mine in taken]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
print(" ".join(",".join(map(str, mine)) for mine in taken))
"""


def test_games_shared_by_threads_gives_every_game_once(testdata, tmp_path):
    """Threads taking turns at one games() iterator each get whole games,
    every game once. A thread waiting for the next records once kept the
    iterator's lock while it took the GIL back, and a thread holding the
    GIL waited on that lock: the whole interpreter stopped (hence a
    process of its own here, with a time limit)."""
    big = tmp_path / "big.pgn"
    big.write_bytes((testdata / TWIC).read_bytes() * 4)
    expected = [r["game"] for r in iccf.games(big, notations="numeric", jobs=1)]
    assert len(expected) == 4 * 2953
    run = subprocess.run(
        [sys.executable, "-c", SHARED_ITERATOR, str(big)], capture_output=True, text=True, timeout=120
    )
    # A thread's exception is printed, not the process's status.
    assert run.returncode == 0 and not run.stderr, run.stderr
    taken = [[int(n) for n in mine.split(",") if n] for mine in run.stdout.split()]
    assert sorted(sum(taken, [])) == expected
    for mine in taken:
        assert mine == sorted(mine)


EXIT_WHILE_READING = """
import atexit, time
import iccf

class Slow:
    calls = 0
    def read(self, n):
        Slow.calls += 1
        if Slow.calls > 1:
            time.sleep(0.2)
        return b'[Event "A"]\\n\\n1. e4 e5 1-0\\n\\n'

records = iccf.games(Slow())
next(records)
time.sleep(0.5)
assert Slow.calls > 1, "the reading thread reads on"
atexit._run_exitfuncs()
after_exit = Slow.calls
time.sleep(1.0)
print(after_exit, Slow.calls)
"""


def test_no_reading_thread_enters_python_once_it_exits():
    """A script that left a games(file object) loop early aborted at exit
    now and then (rc 134): the thread reading the file was in Python, or
    waiting for the GIL, as the interpreter finalized, and was ended by
    pthread_exit through Rust frames. At exit (atexit), iccf waits for the
    reading thread to leave Python, and it enters no more."""
    run = subprocess.run([sys.executable, "-c", EXIT_WHILE_READING], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    after_exit, at_end = map(int, run.stdout.split())
    assert at_end == after_exit, run.stdout
