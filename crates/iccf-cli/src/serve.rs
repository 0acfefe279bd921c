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
    // The banner goes out in one write (a pipe takes up to 4 KiB at once):
    // a reader that takes the address and closes its end, as
    // `iccf serve | head -1` does, has had all of it, and the server, which
    // writes nothing more, is not stopped by a broken pipe after it.
    let mut banner = format!("iccf: the page is at {}\n", config.page_address());
    if config.reachable_from_elsewhere() {
        banner.push_str(&format!(
            "iccf: listening on {bind}: other computers on the network can use the page\n"
        ));
    }
    if let Some(games) = &config.games {
        banner.push_str(&format!(
            "iccf: the desk keeps the games of {}\n",
            games.path().display()
        ));
    }
    banner.push_str("iccf: Ctrl-C stops the server\n");
    let mut out = iccf_stream::stdout::stdout();
    out.write_all(banner.as_bytes())?;
    out.flush()?;
    drop(out);
    iccf_web::run(listener, config).context("the web server stopped")?;
    Ok(true)
}
