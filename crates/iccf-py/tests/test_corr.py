"""iccf.check and iccf.card on a real correspondence game, against
`iccf check --json` and `iccf card`."""

import datetime
import json
import os
import shutil
import subprocess
import sys

import pytest

import iccf

GAME = '[Event "Test"]\n[White "Us"]\n[Black "Them"]\n[ICCFSide "white"]\n\n1. 5254 5755 2. 7163 *\n'


def test_check_finds_a_wrong_echo():
    report = iccf.check(GAME, "Thanks for 2. 7136. My reply: 2... 2836")
    assert report["in_order"] is False
    assert report["findings"][0]["kind"] == "wrong-echo"


def test_check_a_message_in_order():
    report = iccf.check(GAME, "Your move: 2. 7163\nMy move: 2... 2836")
    assert report["in_order"] is True


def test_check_needs_our_side():
    with pytest.raises(ValueError, match="which side"):
        iccf.check("1. 5254 *", "1... 5755")
    assert iccf.check("1. 5254 *", "Your move: 1. 5254 My move: 1... 5755", side="white")["in_order"]


def test_check_agrees_with_the_cli(tmp_path, cli):
    game = tmp_path / "game.pgn"
    game.write_text(GAME)
    for message in ["Thanks for 2. 7136. My reply: 2... 2836", "Your move: 2. 7163\nMy move: 2... 2836", "I resign"]:
        (tmp_path / "msg.txt").write_text(message)
        run = subprocess.run([cli, "check", str(game), str(tmp_path / "msg.txt"), "--json"], capture_output=True)
        assert json.loads(run.stdout) == {**iccf.check(GAME, message), "applied": None}


def test_an_email_is_checked_as_the_cli_checks_it(testdata, cli):
    # Python's check read an e-mail's text alone: its subject (the game
    # ID), its date (sent, received, in the future) and any PGN attachment
    # went unchecked, where `iccf check` checks them.
    game = testdata / "corr/folder/games/sicilian-b.pgn"
    message = testdata / "corr/folder/messages/02.eml"
    seen = set()
    for today in ("2026.12.01", "2026.11.30"):
        for received in (None, "2026.12.03"):
            args = [cli, "check", str(game), str(message), "--json", "--date", today]
            if received:
                args += ["--received", received]
            run = subprocess.run(args, capture_output=True)
            ours = iccf.check(game.read_text(), message.read_bytes(), today=today, received=received)
            assert json.loads(run.stdout) == {**ours, "applied": None}, (today, received)
            seen.add(json.dumps(ours, sort_keys=True))
    # The dates matter: a message sent after "today" is not in order.
    assert len(seen) > 1
    assert not iccf.check(game.read_text(), message.read_bytes(), today="2026.11.30")["in_order"]
    with pytest.raises(ValueError, match="today"):
        iccf.check(game.read_text(), "2... 2836", today="yesterday")


def test_card_records_our_move_and_writes_the_message():
    game = GAME.replace("2. 7163 *", "2. 7163 2836 *")
    sent = iccf.card(game, "Bb5", date=datetime.date(2026, 12, 1), lang="de", also="san", also_lang="de")
    assert "3. 6125" in sent.game
    assert "3. 6125" in sent.text and "Lb5" in sent.text
    with pytest.raises(ValueError, match="our move"):
        iccf.card(game, "Bb6", date=datetime.date(2026, 12, 1))


DATED = GAME.replace(
    "1. 5254 5755 2. 7163 *",
    "1. 5254 {[%ccsnt 2026.12.01]} 5755 {[%ccsnt 2026.12.02] [%ccrcv 2026.12.02]} *",
)


def test_card_takes_the_date_as_a_date_or_as_the_cli_writes_it():
    sent = iccf.card(DATED, "Nf3", date=datetime.date(2026, 12, 3))
    assert iccf.card(DATED, "Nf3", date="2026.12.03") == sent
    assert "2. 7163 (sent 2026.12.03)" in sent.text
    with pytest.raises(ValueError, match="date `2026-13-01`: expected a date YYYY.MM.DD"):
        iccf.card(DATED, "Nf3", date="2026-13-01")
    with pytest.raises(TypeError, match="date is a datetime.date or YYYY.MM.DD, not int"):
        iccf.card(DATED, "Nf3", date=20261203)


def test_today_is_the_local_date_as_the_cli_s(tmp_path, cli):
    # Python dated a card today in UTC, the CLI in the local time zone: a
    # player east or west of Greenwich got two dates for the same day. A
    # zone where the date is not UTC's now (UTC+14 in the afternoon,
    # UTC-12 in the morning) shows which one is taken.
    zone = "Etc/GMT-14" if datetime.datetime.now(datetime.timezone.utc).hour >= 10 else "Etc/GMT+12"
    game = tmp_path / "game.pgn"
    game.write_text(DATED)
    env = {**os.environ, "TZ": zone}
    script = (
        "import datetime, sys, iccf\n"
        "sent = iccf.card(open(sys.argv[1]).read(), 'Nf3')\n"
        "print(datetime.date.today().strftime('%Y.%m.%d'), sent.text)\n"
    )
    run = subprocess.run([sys.executable, "-c", script, str(game)], env=env, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    local, text = run.stdout.split(" ", 1)
    utc = datetime.datetime.now(datetime.timezone.utc).strftime("%Y.%m.%d")
    assert local != utc  # else the zone shows nothing
    assert f"2. 7163 (sent {local})" in text
    cli_run = subprocess.run([cli, "card", str(game), "--move", "7163"], env=env, capture_output=True, text=True)
    assert f"2. 7163 (sent {local})" in cli_run.stdout, cli_run.stderr


def test_card_refuses_a_date_before_the_game_s_as_the_cli_does(tmp_path, cli):
    with pytest.raises(ValueError) as refused:
        iccf.card(DATED, "Nf3", date=datetime.date(2020, 1, 1))
    assert str(refused.value) == "game: move 1.: sent 2026.12.01, after today (2020.01.01)"
    game = tmp_path / "game.pgn"
    game.write_text(DATED)
    run = subprocess.run(
        [cli, "card", str(game), "--move", "7163", "--date", "2020.01.01"], capture_output=True, text=True
    )
    assert run.returncode == 2
    assert run.stderr.strip() == f"iccf: {game}: move 1.: sent 2026.12.01, after today (2020.01.01)"


def test_card_on_the_real_everitt_wang_game(testdata):
    """A real ICCF game (SAN, as the server's download has it): the card
    repeats Black's last move and writes the whole record in numeric, which
    python-chess reads back as the same game."""
    import chess
    import chess.pgn
    import io

    pgn = (testdata / "pgn/iccf/ostinato-everitt-wang-iccf-1997.pgn").read_text()
    sent = iccf.card(pgn, None, side="white", date=datetime.date(1997, 5, 1))
    game = chess.pgn.read_game(io.StringIO(pgn))
    board = game.board()
    numbers = []
    for move in game.mainline_moves():
        numbers.append(iccf.numeric(board, move))
        board.push(move)
    assert f"Your move: 54... {numbers[-1]}" in sent.text
    game_part = sent.text.split("Game:")[1].split("Days used")[0]
    assert [tok for tok in game_part.split() if tok.isdigit()] == numbers


def test_a_move_with_a_resignation_is_refused_as_the_cli_refuses_it():
    # Resigning, or accepting their draw, goes instead of a move.
    for offer in ("resign", "accept_draw"):
        with pytest.raises(ValueError, match="goes instead of a move: a move sent with it is never played"):
            iccf.card(DATED, "Nf3", date=datetime.date(2026, 12, 3), **{offer: True})
    resigned = iccf.card(DATED, None, resign=True, date=datetime.date(2026, 12, 3))
    assert "0-1" in resigned.game or "1-0" in resigned.game
