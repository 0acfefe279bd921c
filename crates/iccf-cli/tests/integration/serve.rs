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
    try_http(addr, request).expect("the server answers")
}

fn try_http(addr: &str, request: &str) -> std::io::Result<String> {
    let mut stream = TcpStream::connect(addr)?;
    stream.write_all(request.as_bytes())?;
    let mut answer = String::new();
    stream.read_to_string(&mut answer)?;
    Ok(answer)
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

/// `iccf serve` started with its address space and open files limited;
/// the server and its address and token. Its standard output is closed
/// once the address is read, as `iccf serve | head -1` does.
fn limited_server(address_space: u64, files: u64) -> (Server, String, String) {
    use std::os::unix::process::CommandExt;
    let mut command = Command::cargo_bin("iccf").unwrap();
    command
        .args(["serve", "--port", "0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null());
    // SAFETY: setrlimit is async-signal-safe and touches only the child.
    unsafe {
        command.pre_exec(move || {
            for (resource, limit) in [
                (libc::RLIMIT_AS, address_space),
                (libc::RLIMIT_NOFILE, files),
            ] {
                let rlimit = libc::rlimit {
                    rlim_cur: limit,
                    rlim_max: limit,
                };
                if libc::setrlimit(resource, &rlimit) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
            }
            Ok(())
        });
    }
    let mut server = Server(command.spawn().expect("iccf serve starts"));
    let mut lines = BufReader::new(server.0.stdout.take().unwrap()).lines();
    let first = lines.next().unwrap().unwrap();
    let (port, token) = first
        .strip_prefix("iccf: the page is at http://127.0.0.1:")
        .and_then(|rest| rest.split_once("/?token="))
        .unwrap_or_else(|| panic!("no address in {first:?}"));
    (server, format!("127.0.0.1:{port}"), token.to_owned())
}

/// One request on a kept-alive connection: the status line and the body.
fn exchange(stream: &mut BufReader<TcpStream>, request: &[u8]) -> (String, Vec<u8>) {
    stream.get_mut().write_all(request).unwrap();
    let mut status = String::new();
    stream.read_line(&mut status).unwrap();
    let mut length = 0;
    loop {
        let mut line = String::new();
        stream.read_line(&mut line).unwrap();
        if line == "\r\n" || line.is_empty() {
            break;
        }
        if let Some(n) = line.to_ascii_lowercase().strip_prefix("content-length:") {
            length = n.trim().parse().unwrap();
        }
    }
    let mut body = vec![0; length];
    stream.read_exact(&mut body).unwrap();
    (status, body)
}

/// Whether the server has closed `stream` (within `wait`).
fn closed_within(stream: &mut TcpStream, wait: std::time::Duration) -> bool {
    stream.set_read_timeout(Some(wait)).unwrap();
    let mut buf = [0u8; 4096];
    loop {
        match stream.read(&mut buf) {
            Ok(0) => return true,
            Ok(_) => {}
            Err(err) => return err.kind() == std::io::ErrorKind::ConnectionReset,
        }
    }
}

/// `iccf serve | head -1`: the reader takes the address and closes its
/// end. The rest of the banner came after the first line, one write a
/// line, hit the closed pipe and stopped the server with status 0 and
/// nothing said (this made the test below fail four runs in five, with
/// "connection refused"); the banner is one write now.
#[test]
fn serve_goes_on_after_the_reader_of_its_address_leaves() {
    let (mut server, addr, _) = limited_server(300 << 20, 128);
    std::thread::sleep(std::time::Duration::from_millis(300));
    assert!(server.0.try_wait().unwrap().is_none(), "the server ended");
    let answer = http(
        &addr,
        &format!("GET /api/info HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"),
    );
    assert!(answer.starts_with("HTTP/1.1 200 OK"), "{answer}");
}

/// Issue 25: 200 connections trickling header bytes, 200 sending nothing
/// and 200 idle keep-alives were never closed, and with 128 open files
/// allowed, 200 idle sockets made the server unreachable. Here `iccf
/// serve` runs with 128 open files and 300 MB of address space: under the
/// 600 a new request is answered well before the header limit, the slow
/// and silent ones are closed (by the connection cap at once, else by the
/// 10 s header limit), and then 5,000 requests of the desk and the
/// translator are answered, the server still there.
#[test]
fn serve_under_600_slow_or_idle_connections_and_5000_requests() {
    use std::time::{Duration, Instant};
    let (mut server, addr, token) = limited_server(300 << 20, 128);
    let get = format!("GET /api/info HTTP/1.1\r\nHost: {addr}\r\n\r\n");
    let mut idle = Vec::new();
    for _ in 0..200 {
        let mut stream = TcpStream::connect(&addr).unwrap();
        stream.write_all(get.as_bytes()).unwrap();
        idle.push(stream);
    }
    let mut slow: Vec<TcpStream> = (0..200)
        .map(|_| TcpStream::connect(&addr).unwrap())
        .collect();
    for _ in 0..200 {
        let mut stream = TcpStream::connect(&addr).unwrap();
        stream
            .write_all(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: a")
            .unwrap();
        slow.push(stream);
    }
    let started = Instant::now();
    let request = format!("GET /api/info HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    // At the connection cap the server may close a connection it has just
    // accepted (a reset, seen once on a loaded machine) while it sheds the
    // slow ones: the request is tried again, within the same 5 s.
    let answer = loop {
        match try_http(&addr, &request) {
            Ok(answer) => break answer,
            Err(err) if started.elapsed() < Duration::from_secs(5) => {
                eprintln!("tried again after: {err}");
                std::thread::sleep(Duration::from_millis(50));
            }
            Err(err) => panic!("not answered within 5 s: {err}"),
        }
    };
    let took = started.elapsed();
    assert!(answer.starts_with("HTTP/1.1 200 OK"), "{answer}");
    // Well under the 10 s header limit, so not answered only once the
    // slow ones timed out; not a speed bound (1 s failed on a loaded
    // 2-core machine: 1.01 s).
    assert!(took < Duration::from_secs(5), "answered after {took:?}");
    // Every silent or trickling connection is closed within the header
    // limit (10 s), with some leeway.
    let deadline = Instant::now() + Duration::from_secs(20);
    for (n, stream) in slow.iter_mut().enumerate() {
        let left = deadline
            .saturating_duration_since(Instant::now())
            .max(Duration::from_millis(10));
        assert!(
            closed_within(stream, left),
            "slow connection {n} still open"
        );
    }
    drop(idle);

    let game =
        std::fs::read_to_string(iccf_testdata::path("corr/folder/games/everitt-wang.pgn")).unwrap();
    let bodies = [
        ("/api/desk/open", serde_json::json!({"game": game})),
        (
            "/api/desk/check",
            serde_json::json!({"game": game, "message": "Your move: 1. 4244\nMy move: 1... 7866"}),
        ),
        ("/api/load", serde_json::json!({"text": game})),
        (
            "/api/position",
            serde_json::json!({"moves": ["5254", "5755", "7163"], "notation": "san"}),
        ),
    ];
    let mut stream = BufReader::new(TcpStream::connect(&addr).unwrap());
    for i in 0..5000 {
        let (path, body) = &bodies[i % bodies.len()];
        let body = body.to_string();
        let request = format!(
            "POST {path} HTTP/1.1\r\nHost: {addr}\r\nAuthorization: Bearer {token}\r\n\
             Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        );
        let (status, answer) = exchange(&mut stream, request.as_bytes());
        assert!(
            status.starts_with("HTTP/1.1 200 "),
            "request {i} {path}: {status}{}",
            String::from_utf8_lossy(&answer)
        );
    }
    assert!(server.0.try_wait().unwrap().is_none(), "the server ended");
}
