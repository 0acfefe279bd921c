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
    let token = iccf_web::Token::random().context("no random source for the page's token")?;
    let mut config = iccf_web::Config::new(bind, token);
    if let Some(dir) = &args.games {
        let games = iccf_web::games_dir::GamesDir::new(dir)
            .with_context(|| format!("cannot use {} as the games folder", dir.display()))?;
        config = config.with_games(games);
    }
    let mut out = std::io::stdout().lock();
    writeln!(out, "iccf: the page is at {}", config.page_address())?;
    if config.reachable_from_elsewhere() {
        writeln!(
            out,
            "iccf: listening on {bind}: other computers on the network can use the page"
        )?;
    }
    if let Some(games) = &config.games {
        writeln!(
            out,
            "iccf: the desk keeps the games of {}",
            games.path().display()
        )?;
    }
    writeln!(out, "iccf: Ctrl-C stops the server")?;
    out.flush()?;
    drop(out);
    iccf_web::run(listener, config).context("the web server stopped")?;
    Ok(true)
}
