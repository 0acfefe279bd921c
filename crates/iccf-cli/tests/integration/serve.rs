//! `iccf serve`: the address printed, the page answering on it, and the
//! addresses it refuses.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};

use assert_cmd::cargo::CommandCargoExt;

use crate::cli::run;

/// The server, stopped when the test ends, however it ends.
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A raw HTTP/1.1 exchange: no client library needed for one request.
fn http(addr: &str, request: &str) -> String {
    let mut stream = TcpStream::connect(addr).expect("the server accepts");
    stream.write_all(request.as_bytes()).unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    answer
}

#[test]
fn serve_prints_the_address_and_the_page_answers_there() {
    let child = Command::cargo_bin("iccf")
        .unwrap()
        .args(["serve", "--port", "0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("iccf serve starts");
    let mut server = Server(child);
    let mut lines = BufReader::new(server.0.stdout.take().unwrap()).lines();
    let first = lines.next().unwrap().unwrap();
    let (port, token) = first
        .strip_prefix("iccf: the page is at http://127.0.0.1:")
        .and_then(|rest| rest.split_once("/?token="))
        .unwrap_or_else(|| panic!("no address in {first:?}"));
    assert_eq!(token.len(), 32, "{first}");
    let addr = format!("127.0.0.1:{port}");
    let host = format!("Host: localhost:{port}\r\nConnection: close\r\n");
    let info = http(&addr, &format!("GET /api/info HTTP/1.1\r\n{host}\r\n"));
    assert!(info.starts_with("HTTP/1.1 200 OK\r\n"), "{info}");
    assert!(
        info.contains("\"reachable_from_elsewhere\":false"),
        "{info}"
    );
    let body = r#"{"text":"5254"}"#;
    let play = |extra: &str| {
        http(
            &addr,
            &format!(
                "POST /api/play HTTP/1.1\r\n{host}{extra}\
                 Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
                body.len()
            ),
        )
    };
    let played = play(&format!("Authorization: Bearer {token}\r\n"));
    assert!(played.contains("\"numeric\":\"5254\""), "{played}");
    // Without the token printed at start, nothing is done.
    let refused = play("");
    assert!(refused.starts_with("HTTP/1.1 403 "), "{refused}");
    let page = http(&addr, &format!("GET / HTTP/1.1\r\n{host}\r\n"));
    assert!(page.contains("<title>iccf"), "{page}");
    // A site that points its own name at this computer is refused.
    let rebound = http(
        &addr,
        "GET / HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n",
    );
    assert!(rebound.starts_with("HTTP/1.1 403 "), "{rebound}");
}

#[test]
fn serve_refuses_a_port_in_use_with_exit_2() {
    let taken = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let r = run(&["serve", "--port", &port], b"");
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(
        r.stderr
            .starts_with(&format!("iccf: cannot listen on 127.0.0.1:{port}: ")),
        "{}",
        r.stderr
    );
}

#[test]
fn serve_refuses_an_address_that_is_no_ip() {
    let r = run(&["serve", "--bind", "example.com"], b"");
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(r.stderr.contains("--bind"), "{}", r.stderr);
}

#[test]
fn serve_refuses_a_games_folder_that_is_not_one_with_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("game.pgn");
    std::fs::write(&file, "1. 5254 *\n").unwrap();
    for games in [file, dir.path().join("missing")] {
        let games = games.to_str().unwrap();
        let r = run(&["serve", "--port", "0", "--games", games], b"");
        assert_eq!(r.code, 2, "{}", r.stderr);
        assert!(
            r.stderr
                .starts_with(&format!("iccf: cannot use {games} as the games folder: ")),
            "{}",
            r.stderr
        );
    }
}
