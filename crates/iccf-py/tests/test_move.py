"""iccf.move, its errors, and the python-chess helpers, against what
`iccf move` prints for the same moves."""

import subprocess

import chess
import pytest

import iccf


def test_every_notation_of_one_move():
    m = iccf.move("Nf6", after="1. e4 e5 2. Nf3")
    assert (m.numeric, m.san, m.lan, m.uci, m.figurine) == ("7866", "Nf6", "Ng8-f6", "g8f6", "♞f6")
    assert m.localized("de") == "Sf6"
    assert m.localized("fr", notation="lan") == "Cg8-f6"
    assert (m.piece, m.description, m.input, m.move_number) == ("knight", "knight g8-f6", "san", "2...")
    assert str(m) == "7866"


def test_castling_promotion_and_check_marks():
    castle = iccf.move("O-O", fen="r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    assert (castle.numeric, castle.uci, castle.description) == ("5171", "e1g1", "king e1-g1, castling short")
    promo = iccf.move("a7a8n", fen="4k3/P7/8/8/8/8/8/4K3 w - - 0 1")
    assert (promo.numeric, promo.san) == ("17184", "a8=N")
    mate = iccf.move("Qh4", after="1. f3 e5 2. g4")
    assert mate.san == "Qh4#" and mate.numeric == "4884"


def test_every_language_reads_back_its_own_letters():
    for code, name, letters in iccf.languages():
        text = iccf.move("Nf3").localized(code)
        assert iccf.move(text, input_lang=code).numeric == "7163", (code, text)


def test_auto_reads_the_move_in_every_language_as_the_cli_does(cli):
    """`auto` (the CLI's default): the language of `after`, else every
    language, which must read the same move; where they differ the error
    lists each move with its languages, as `iccf move` lists them."""
    assert iccf.move("Cf3", input_lang="auto").numeric == "7163"  # fr, es, it...: C is a knight
    assert iccf.move("Lb5", after="1. e4 e5 2. Sf3 Sc6", input_lang="auto").numeric == "6125"  # de: L is a bishop
    assert iccf.move("Nf3", input_lang=None).numeric == "7163"
    m = iccf.move("Sf6", after="1. e4 e5 2. Sf3 Sc6 3. Lb5", input_lang="auto")
    assert (m.numeric, m._native.input_lang) == ("7866", "de")
    with pytest.raises(iccf.IllegalMoveError) as info:
        iccf.move("Sf3", input_lang="auto")
    err = info.value
    assert (err.kind, err.nearest, err.text, err.move_number) == ("ambiguous-language", ["7163", "6263"], "Sf3", "1.")
    assert str(err) == (
        "1. `Sf3`: languages read different moves: "
        "7163 (Nf3) in de pl sv no da hr sl, 6263 (f3) in fi af; give input_lang"
    )
    run = subprocess.run([cli, "move", "Sf3", "--input-lang", "auto"], capture_output=True, text=True)
    assert [line.split(":")[0] for line in run.stdout.splitlines() if line[:1].isdigit()] == err.nearest
    # No language reads it: English says why, as the CLI does.
    with pytest.raises(iccf.ParseError, match="unknown piece letter `X` in English"):
        iccf.move("Xf3", input_lang="auto")


def test_a_move_read_with_auto_pickles_in_its_language():
    import pickle

    m = iccf.move("Sc6", after="1. e4 e5 2. Sf3", input_lang="auto")
    assert pickle.loads(pickle.dumps(m)) == m


def test_illegal_numeric_move_names_the_nearest_legal_ones():
    with pytest.raises(iccf.IllegalMoveError) as info:
        iccf.move("5245")
    err = info.value
    assert isinstance(err, ValueError)
    assert err.nearest == ["5254", "4243", "4244"]
    assert err.reason == "the white pawn on e2 cannot move to d5; nearest legal: 5254, 4243, 4244"
    assert (err.text, err.move_number, err.notation) == ("5245", "1.", "numeric")


def test_text_that_is_no_move_is_a_parse_error():
    with pytest.raises(iccf.ParseError) as info:
        iccf.move("5294")
    assert info.value.nearest == []
    with pytest.raises(iccf.ParseError):
        iccf.move("e4", fen="not a fen")
    with pytest.raises(iccf.IllegalMoveError):
        iccf.move("Ke2")


def test_a_bad_after_move_says_where():
    with pytest.raises(iccf.ParseError) as info:
        iccf.move("e5", after="1. e4 e5 2. Nf9")
    assert str(info.value).startswith("2. `Nf9`: ")


def test_after_plays_the_main_line_not_the_variation(cli):
    """Issue 17: `after=` played the variation `1. d4 d5` as the main line;
    the CLI answers 5755, as a game reader does."""
    m = iccf.move("e5", after="1. e4 (1. d4 d5)")
    assert m.numeric == "5755"
    run = subprocess.run(
        [cli, "move", "e5", "--after", "1. e4 (1. d4 d5)"], capture_output=True, text=True
    )
    assert run.stdout.startswith(f"{m.numeric}: ")


def test_auto_after_pawn_moves_read_the_move_in_english_alone():
    # Pawn moves name no language, yet the move was read in English only:
    # "unknown piece letter `К` in English". Now in every language, as
    # without `after`.
    for text in ["Кf3", "Cf3"]:
        assert iccf.move(text, after="1. e4 e5", input_lang="auto").numeric == "7163", text


def test_a_move_typed_with_its_number_or_mark_reads_as_iccf_move_reads_it():
    # "1. e4" and "5254+" were no move here, while `iccf move` reads them.
    for text in ["1. e4", "5254+", "1. 5254!?"]:
        assert iccf.move(text).numeric == "5254", text
    with pytest.raises(iccf.ParseError, match="move number does not fit"):
        iccf.move("2. e4")


def test_after_reads_a_fen_tag_and_chess960():
    fen = "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1"
    after = f'[Variant "Chess960"]\n[FEN "{fen}"]\n\n1. O-O'
    assert iccf.move("O-O", after=after).numeric == "6878"


def test_errors_say_what_the_cli_says(cli):
    """The exception message is the command line's, after `iccf: `."""
    for text in ["5245", "Nf9", "Bb5", "O-O"]:
        run = subprocess.run([cli, "move", text], capture_output=True, text=True)
        with pytest.raises(ValueError) as info:
            iccf.move(text)
        assert run.stderr.strip() == f"iccf: {info.value}"


def test_python_chess_helpers():
    board = chess.Board()
    board.push_san("e4")
    assert iccf.numeric(board, chess.Move.from_uci("e7e5")) == "5755"
    assert iccf.parse_numeric(board, "7866") == chess.Move.from_uci("g8f6")
    assert iccf.san(board, board.parse_san("Nc6"), lang="de") == "Sc6"
    with pytest.raises(iccf.IllegalMoveError):
        iccf.parse_numeric(board, "5254")


def test_san_of_an_iccf_move_raised_type_error():
    # The module says an iccf.Move is taken, as numeric() takes it; san()
    # called its uci, a property there: "'str' object is not callable".
    board = chess.Board()
    assert iccf.san(board, iccf.move("g1f3"), lang="de") == "Sf3"
    assert iccf.numeric(board, iccf.move("g1f3")) == "7163"
    # A drop was called a null move.
    with pytest.raises(ValueError, match="a drop"):
        iccf.numeric(board, chess.Move.from_uci("N@f3"))


def test_python_chess_960_castling_is_king_takes_rook():
    board = chess.Board.from_chess960_pos(518)
    board.set_fen("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1")
    board.chess960 = True
    castle = board.parse_san("O-O")
    assert castle.uci() == "e1h1"
    assert iccf.numeric(board, castle) == "5181"
    assert iccf.parse_numeric(board, "5181") == castle
