//! `iccf serve`: the local web page.

use std::io::Write;
use std::net::{SocketAddr, TcpListener};

use anyhow::Context;

use crate::args::ServeArgs;

/// Listens, prints the address to open, and serves until Ctrl-C.
pub fn run(args: &ServeArgs) -> anyhow::Result<bool> {
    let wanted = SocketAddr::new(args.bind, args.port);
    let listener =
        TcpListener::bind(wanted).with_context(|| format!("cannot listen on {wanted}"))?;
    let bind = listener.local_addr()?;
    let config = iccf_web::Config { bind };
    let mut out = std::io::stdout().lock();
    writeln!(out, "iccf: the page is at http://{}/", open_address(bind))?;
    if config.reachable_from_elsewhere() {
        writeln!(
            out,
            "iccf: listening on {bind}: other computers on the network can use the page"
        )?;
    }
    writeln!(out, "iccf: Ctrl-C stops the server")?;
    out.flush()?;
    drop(out);
    iccf_web::run(listener, config).context("the web server stopped")?;
    Ok(true)
}

/// The address a browser on this computer opens: a wildcard bind
/// (0.0.0.0, ::) is reached through loopback.
fn open_address(bind: SocketAddr) -> SocketAddr {
    match bind.ip() {
        ip if ip.is_unspecified() && ip.is_ipv4() => {
            SocketAddr::new(std::net::Ipv4Addr::LOCALHOST.into(), bind.port())
        }
        ip if ip.is_unspecified() => {
            SocketAddr::new(std::net::Ipv6Addr::LOCALHOST.into(), bind.port())
        }
        _ => bind,
    }
}
