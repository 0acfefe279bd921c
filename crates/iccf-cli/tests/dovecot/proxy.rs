//! A TCP proxy that cuts the connection after the server has sent a
//! given number of bytes: a connection dropped in the middle of a fetch.

use std::io::{Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::thread;

/// Listens on a free loopback port, forwards every connection to
/// `upstream`, and cuts each once `limit` bytes came back from it.
pub fn cutting_proxy(upstream: u16, limit: usize) -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    thread::spawn(move || {
        for client in listener.incoming() {
            let Ok(client) = client else { return };
            let server = TcpStream::connect(("127.0.0.1", upstream)).unwrap();
            let (c2, s2) = (client.try_clone().unwrap(), server.try_clone().unwrap());
            thread::spawn(move || copy(c2, s2, usize::MAX));
            thread::spawn(move || copy(server, client, limit));
        }
    });
    port
}

fn copy(mut from: TcpStream, mut to: TcpStream, limit: usize) {
    let mut buf = [0u8; 4096];
    let mut sent = 0;
    while sent < limit {
        let n = match from.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => n.min(limit - sent),
        };
        if to.write_all(&buf[..n]).is_err() {
            break;
        }
        sent += n;
    }
    let _ = from.shutdown(Shutdown::Both);
    let _ = to.shutdown(Shutdown::Both);
}
