"""Moves, problems and summaries are values: equal by what they are,
hashable, pickled and copied, returned from worker processes."""

import concurrent.futures
import copy
import multiprocessing
import pickle

import chess
import pytest

import iccf


def test_a_move_is_equal_however_it_was_written():
    e4 = iccf.move("5254")
    assert e4 == iccf.move("e4") == iccf.move("e2-e4") == iccf.move("e2e4")
    assert hash(e4) == hash(iccf.move("e4"))
    assert e4 != iccf.move("d4")
    assert len({e4, iccf.move("e4"), iccf.move("d4")}) == 2
    # The same move in another position is another move.
    assert iccf.move("Nf3") != iccf.move("Nf3", after="1. e4 e5")


def test_a_move_pickles_and_copies():
    m = iccf.move("Sf6", after="1. e4 e5 2. Sf3", input_lang="de")
    for again in (pickle.loads(pickle.dumps(m)), copy.copy(m), copy.deepcopy(m)):
        assert again == m
        assert (again.numeric, again.san, again.input, again.move_number) == ("7866", "Nf6", "san", "2...")


def test_a_chess960_move_pickles_as_chess960():
    board = chess.Board("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", chess960=True)
    castle = iccf.move("O-O", fen=board)
    assert castle.chess960 and castle.uci == "e1h1"
    again = pickle.loads(pickle.dumps(castle))
    assert again == castle and again.uci == "e1h1" and again.numeric == castle.numeric


def test_python_chess_fields():
    m = iccf.move("5254")
    assert (m.from_square, m.to_square, m.promotion) == (chess.E2, chess.E4, None)
    assert m.to_chess() == chess.Move.from_uci("e2e4")
    fen = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1"
    for digit, piece in [("1", chess.QUEEN), ("2", chess.ROOK), ("3", chess.BISHOP), ("4", chess.KNIGHT)]:
        promo = iccf.move("1718" + digit, fen=fen)
        assert promo.promotion == piece
        assert promo.to_chess() == chess.Move(chess.A7, chess.A8, piece)
        assert promo.to_chess() in chess.Board(fen).legal_moves


def test_problems_and_summaries_are_values(testdata, tmp_path):
    _, problems = iccf.convert((testdata / "pgn/pgn4web/test.pgn").read_bytes())
    assert problems
    for p in problems:
        again = pickle.loads(pickle.dumps(p))
        assert again == p and hash(again) == hash(p) and str(again) == str(p)
        assert copy.copy(p) == p
    assert len(set(problems)) == len({str(p) for p in problems})
    summary = iccf.convert_file(testdata / "pgn/pgn4web/test.pgn", tmp_path / "out.pgn", jobs=1)
    again = pickle.loads(pickle.dumps(summary))
    assert again == summary and hash(again) == hash(summary)
    assert again.problems == summary.problems and again.games == summary.games


def test_game_records_pickle(testdata):
    records = list(iccf.games(testdata / "pgn/pgn-extract/fischer.pgn"))
    assert pickle.loads(pickle.dumps(records)) == records
    assert copy.deepcopy(records) == records


def worker_move(text):
    return iccf.move(text)


def worker_summary(args):
    src, dst = args
    return iccf.convert_file(src, dst, jobs=1)


def worker_problems(text):
    return iccf.convert(text)[1]


def test_multiprocessing_pool_returns_values(testdata, tmp_path):
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(2) as pool:
        moves = pool.map(worker_move, ["5254", "e4", "Nf3"])
        assert moves == [iccf.move("e4"), iccf.move("e4"), iccf.move("7163")]
        problems = pool.map(worker_problems, ["1. e4 e5 2. Nf9 *"])
        assert problems == [iccf.convert("1. e4 e5 2. Nf9 *")[1]]


def test_process_pool_executor_returns_values(testdata, tmp_path):
    src = testdata / "pgn/pgn4web/test.pgn"
    ctx = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(2, mp_context=ctx) as pool:
        summary = pool.submit(worker_summary, (src, tmp_path / "a.pgn")).result()
        m = pool.submit(worker_move, "d4").result()
    assert summary == pickle.loads(pickle.dumps(summary))
    assert summary.games_with_errors > 0 and summary.problems
    assert m == iccf.move("4244") and m.to_chess() == chess.Move.from_uci("d2d4")
