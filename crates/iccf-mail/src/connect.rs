//! The connection to the IMAP server: TLS (rustls) from the first byte,
//! STARTTLS, or plain on this computer only, with a timeout on every read
//! and write.

use std::io::{BufRead, Read, Write};
use std::net::{IpAddr, SocketAddr, TcpStream, ToSocketAddrs};
use std::sync::Arc;
use std::time::Duration;

use rustls::pki_types::ServerName;
use rustls::{ClientConfig, ClientConnection, StreamOwned};

use crate::config::{Account, Security};
use crate::{MailError, tls};

/// The byte stream the IMAP client talks over.
#[derive(Debug)]
pub enum Stream {
    /// Unencrypted: only on loopback, only when asked for.
    Plain(TcpStream),
    /// TLS over TCP.
    Tls(Box<StreamOwned<ClientConnection, TcpStream>>),
}

impl Read for Stream {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        match self {
            Stream::Plain(s) => s.read(buf),
            Stream::Tls(s) => s.read(buf),
        }
    }
}

impl Write for Stream {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        match self {
            Stream::Plain(s) => s.write(buf),
            Stream::Tls(s) => s.write(buf),
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        match self {
            Stream::Plain(s) => s.flush(),
            Stream::Tls(s) => s.flush(),
        }
    }
}

/// An IMAP client not yet logged in, its greeting read.
pub type Client = imap::Client<Stream>;

/// Connects as the account says. `allow_plain_loopback`: the player's
/// explicit consent to a plain connection, which is still refused unless
/// the server is this computer.
pub fn connect(account: &Account, allow_plain_loopback: bool) -> Result<Client, MailError> {
    if account.security == Security::Plain && !(allow_plain_loopback && is_loopback(&account.host))
    {
        return Err(MailError::PlainRefused {
            host: account.host.clone(),
        });
    }
    let tcp = tcp(account)?;
    let greeting = |during: &str, mut client: Client| {
        client
            .read_greeting()
            .map_err(|e| MailError::imap(during, e))?;
        Ok(client)
    };
    match account.security {
        Security::Plain => greeting(
            "reading the greeting",
            imap::Client::new(Stream::Plain(tcp)),
        ),
        Security::Tls => {
            let tls = handshake(account, tcp)?;
            greeting("reading the greeting", imap::Client::new(tls))
        }
        Security::StartTls => start_tls(account, tcp),
    }
}

/// STARTTLS: the greeting and the command in the clear, then the
/// handshake; the login only after it. The imap crate does not offer
/// STARTTLS over a stream of ours, so the two commands are spoken here.
fn start_tls(account: &Account, tcp: TcpStream) -> Result<Client, MailError> {
    let lost = |during: &str, err: std::io::Error| MailError::imap(during, imap::Error::Io(err));
    let mut reader = std::io::BufReader::new(tcp.try_clone().map_err(|e| lost("connecting", e))?);
    let greeting = read_line(&mut reader).map_err(|e| lost("reading the greeting", e))?;
    if !greeting.starts_with("* OK") {
        return Err(MailError::Server {
            during: "connecting".to_owned(),
            said: greeting.trim().to_owned(),
        });
    }
    let caps = command(&tcp, &mut reader, "s1 CAPABILITY")
        .map_err(|e| lost("asking for the capabilities", e))?;
    let offered = caps.iter().any(|line| {
        line.starts_with("* CAPABILITY")
            && line
                .split_ascii_whitespace()
                .any(|w| w.eq_ignore_ascii_case("STARTTLS"))
    });
    if !offered {
        return Err(MailError::Tls {
            server: account.server(),
            reason: "the server offers no STARTTLS; use security = \"tls\" (port 993)".to_owned(),
        });
    }
    let done = command(&tcp, &mut reader, "s2 STARTTLS").map_err(|e| lost("starting TLS", e))?;
    let last = done.last().map(String::as_str).unwrap_or("");
    if !last.starts_with("s2 OK") {
        return Err(MailError::Server {
            during: "starting TLS (STARTTLS)".to_owned(),
            said: last.trim().to_owned(),
        });
    }
    let mut client = imap::Client::new(handshake(account, tcp)?);
    client.greeting_read = true;
    Ok(client)
}

/// Sends `line` and reads the answer up to its tagged line.
fn command(
    mut tcp: &TcpStream,
    reader: &mut impl BufRead,
    line: &str,
) -> std::io::Result<Vec<String>> {
    tcp.write_all(format!("{line}\r\n").as_bytes())?;
    let tag = line.split(' ').next().unwrap_or_default();
    let mut lines = Vec::new();
    loop {
        let answer = read_line(reader)?;
        let tagged = answer.starts_with(tag) && answer[tag.len()..].starts_with(' ');
        lines.push(answer);
        if tagged {
            return Ok(lines);
        }
        // Still in the clear: whoever is on the wire could send lines
        // for ever, and each is kept.
        if lines.len() >= MAX_CLEAR_LINES {
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                format!("more than {MAX_CLEAR_LINES} lines before the answer to {tag}"),
            ));
        }
    }
}

/// Untagged lines taken before a command's answer, before TLS: a
/// CAPABILITY answer is one or two.
const MAX_CLEAR_LINES: usize = 256;

/// One line of the server's, at most 64 KiB.
fn read_line(reader: &mut impl BufRead) -> std::io::Result<String> {
    let mut line = Vec::new();
    let n = reader.take(64 * 1024).read_until(b'\n', &mut line)?;
    if n == 0 || !line.ends_with(b"\n") {
        return Err(std::io::ErrorKind::UnexpectedEof.into());
    }
    Ok(String::from_utf8_lossy(&line).into_owned())
}

fn tcp(account: &Account) -> Result<TcpStream, MailError> {
    let server = account.server();
    let fail = |source| MailError::Connect {
        server: server.clone(),
        source,
    };
    let timeout = Duration::from_secs(account.timeout_secs.max(1));
    let addrs = (account.host.as_str(), account.port())
        .to_socket_addrs()
        .map_err(fail)?;
    let mut last = std::io::Error::new(std::io::ErrorKind::NotFound, "no address for the name");
    for addr in addrs.filter(|addr| allowed(account.security, addr)) {
        match TcpStream::connect_timeout(&addr, timeout) {
            Ok(tcp) => {
                tcp.set_read_timeout(Some(timeout)).map_err(fail)?;
                tcp.set_write_timeout(Some(timeout)).map_err(fail)?;
                return Ok(tcp);
            }
            Err(err) => last = err,
        }
    }
    Err(fail(last))
}

/// Whether `addr` may be connected to: any with TLS, only this computer's
/// in plain (`localhost` is a name, which a resolver may answer with
/// another address).
fn allowed(security: Security, addr: &SocketAddr) -> bool {
    security != Security::Plain || addr.ip().is_loopback()
}

/// The TLS handshake, completed here so that its failure is told as such
/// (and not as a lost connection at the first command).
fn handshake(account: &Account, mut tcp: TcpStream) -> Result<Stream, MailError> {
    let fail = |reason: String| MailError::Tls {
        server: account.server(),
        reason,
    };
    let config: Arc<ClientConfig> = tls::config(account.ca_file.as_deref()).map_err(fail)?;
    let name = ServerName::try_from(account.host.clone())
        .map_err(|_| fail(format!("`{}` is not a server name", account.host)))?;
    let mut conn = ClientConnection::new(config, name).map_err(|e| fail(e.to_string()))?;
    while conn.is_handshaking() {
        if let Err(err) = conn.complete_io(&mut tcp) {
            return Err(fail(tls::explain(&err)));
        }
    }
    Ok(Stream::Tls(Box::new(StreamOwned::new(conn, tcp))))
}

/// 127.0.0.1, ::1, localhost: a connection that never leaves the computer.
fn is_loopback(host: &str) -> bool {
    if host.eq_ignore_ascii_case("localhost") {
        return true;
    }
    host.trim_matches(['[', ']'])
        .parse::<IpAddr>()
        .is_ok_and(|ip| ip.is_loopback())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Review of issue 25: before TLS, the lines before a command's
    /// answer were all kept, however many came; a server (or anyone on
    /// the wire) sending lines for ever grew the memory for ever.
    #[test]
    fn endless_lines_before_tls_were_all_kept() {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = listener.local_addr().unwrap();
        let server = std::thread::spawn(move || {
            let (mut peer, _) = listener.accept().unwrap();
            // Ten times the bound; the client stops reading long before.
            for _ in 0..MAX_CLEAR_LINES * 10 {
                if peer.write_all(b"* CAPABILITY IMAP4rev1\r\n").is_err() {
                    break;
                }
            }
        });
        let tcp = TcpStream::connect(addr).unwrap();
        let mut reader = std::io::BufReader::new(tcp.try_clone().unwrap());
        let err = command(&tcp, &mut reader, "s1 CAPABILITY").unwrap_err();
        assert_eq!(err.kind(), std::io::ErrorKind::InvalidData, "{err}");
        assert!(err.to_string().contains("more than 256 lines"), "{err}");
        drop((tcp, reader));
        server.join().unwrap();
    }

    #[test]
    fn only_this_computer_is_loopback() {
        for host in ["127.0.0.1", "::1", "[::1]", "localhost", "127.3.4.5"] {
            assert!(is_loopback(host), "{host}");
        }
        for host in [
            "192.168.1.2",
            "imap.example.org",
            "localhost.example.org",
            "0.0.0.0",
        ] {
            assert!(!is_loopback(host), "{host}");
        }
    }

    #[test]
    fn plain_connects_to_no_address_off_this_computer_whatever_localhost_resolves_to() {
        let off: SocketAddr = "192.0.2.7:143".parse().unwrap();
        let on: SocketAddr = "127.0.0.1:143".parse().unwrap();
        let on6: SocketAddr = "[::1]:143".parse().unwrap();
        assert!(!allowed(Security::Plain, &off));
        assert!(allowed(Security::Plain, &on) && allowed(Security::Plain, &on6));
        assert!(allowed(Security::Tls, &off) && allowed(Security::StartTls, &off));
    }
}
