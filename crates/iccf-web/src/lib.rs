//! A local web page over the iccf engine: a board with the ICCF numeric
//! grid, moves typed as digits, clicked or dragged, a translator for pasted
//! games, and the correspondence desk of `iccf check` and `iccf card`.
//!
//! The page is plain HTML, CSS and JavaScript modules built into the
//! binary ([`assets`]); it asks a small JSON API for everything chess:
//! legal moves, reading and writing moves, converting games and checking
//! messages all happen here, in the engine's crates. Nothing is stored on
//! the server: each request carries the line or game file it is about.
//!
//! | endpoint | what |
//! | --- | --- |
//! | `GET /api/info` | languages, notations, whether reachable from elsewhere ([`info`]) |
//! | `POST /api/position` | a line replayed: its moves and one position with its legal moves ([`position`]) |
//! | `POST /api/play` | one more move, in any notation, or the reason it is refused ([`play`]) |
//! | `POST /api/load` | pasted games read into numeric trees with comments, NAGs, variations and problems ([`load`]) |
//! | `POST /api/export` | the line or the whole tree as PGN or a one-line record in any notation ([`export`]) |
//! | `POST /api/diagram` | a position as an SVG diagram with the numeric grid ([`diagram`]) |
//! | `POST /api/desk/open` | a game file read ([`desk_open`]) |
//! | `POST /api/desk/check` | a received message checked, optionally recorded ([`desk_check`]) |
//! | `POST /api/desk/card` | our move recorded and the next message composed ([`desk_card`]) |
//! | `POST /api/games/list` | the `--games` folder as `iccf status` shows it ([`games`]) |
//! | `POST /api/games/open` | a game file of the folder read ([`games`]) |
//! | `POST /api/games/save` | a game file of the folder written back atomically ([`games`]) |
//!
//! `docs/web-api.md` gives each request and answer. Every request must
//! name this server in its `Host`, and every `POST` must be JSON and carry
//! the token printed at start ([`guard`]); every request and connection is
//! bounded ([`limits`], [`server`]); every error is `{"error": "..."}` with
//! a 4xx status for bad input, a 5xx only when the server gives up.
//!
//! ```no_run
//! let listener = std::net::TcpListener::bind("127.0.0.1:0")?;
//! let config = iccf_web::Config::new(listener.local_addr()?, iccf_web::token::Token::random()?);
//! println!("open {}", config.page_address());
//! iccf_web::run(listener, config)?;
//! # Ok::<_, std::io::Error>(())
//! ```

#![warn(missing_docs)]

use std::net::{Ipv4Addr, Ipv6Addr, SocketAddr};
use std::sync::Arc;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::{Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use tokio::sync::Semaphore;
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::timeout::TimeoutLayer;

pub mod assets;
pub mod blocking;
pub mod body;
pub mod desk;
pub mod desk_card;
pub mod desk_check;
pub mod desk_open;
pub mod diagram;
pub mod display;
pub mod error;
pub mod export;
pub mod games;
pub mod games_dir;
pub mod guard;
pub mod info;
mod json_errors;
pub mod limits;
pub mod line;
pub mod load;
pub mod message_moves;
pub mod move_json;
pub mod pasted;
pub mod play;
pub mod position;
pub mod server;
pub mod token;
pub mod tree;

pub use error::ApiError;
pub use server::ConnLimits;
pub use token::Token;

/// How the server was started.
#[derive(Clone, Debug)]
pub struct Config {
    /// The address it listens on.
    pub bind: SocketAddr,
    /// The secret every `POST` must carry ([`guard`]).
    pub token: Token,
    /// Time and number limits of connections.
    pub conns: ConnLimits,
    /// The folder of game files the desk lists, opens and writes
    /// (`--games DIR`); none when absent.
    pub games: Option<games_dir::GamesDir>,
}

impl Config {
    /// A server on `bind` with `token` and the usual connection limits.
    pub fn new(bind: SocketAddr, token: Token) -> Config {
        Config {
            bind,
            token,
            conns: ConnLimits::default(),
            games: None,
        }
    }

    /// The same server with the desk on the game files of `games`.
    #[must_use]
    pub fn with_games(self, games: games_dir::GamesDir) -> Config {
        Config {
            games: Some(games),
            ..self
        }
    }

    /// The address to open in a browser on this computer, with the token:
    /// `http://127.0.0.1:8080/?token=...` (a wildcard bind is reached
    /// through loopback).
    pub fn page_address(&self) -> String {
        let ip = match self.bind.ip() {
            ip if ip.is_unspecified() && ip.is_ipv4() => Ipv4Addr::LOCALHOST.into(),
            ip if ip.is_unspecified() => Ipv6Addr::LOCALHOST.into(),
            ip => ip,
        };
        format!(
            "http://{}/?token={}",
            SocketAddr::new(ip, self.bind.port()),
            self.token.as_str()
        )
    }

    /// Whether other computers can reach the page: not bound to loopback.
    pub fn reachable_from_elsewhere(&self) -> bool {
        !self.bind.ip().is_loopback()
    }
}

/// What every handler shares.
#[derive(Clone, Debug)]
pub struct AppState {
    /// How the server was started.
    pub config: Arc<Config>,
    /// Permits for engine work, [`limits::WORKERS`] at once.
    pub workers: Arc<Semaphore>,
}

/// The page and its API, with every limit in place.
pub fn router(config: Config) -> Router {
    let state = AppState {
        config: Arc::new(config),
        workers: Arc::new(Semaphore::new(limits::WORKERS)),
    };
    Router::new()
        .route("/api/info", get(info::handle))
        .route("/api/position", post(position::handle))
        .route("/api/play", post(play::handle))
        .route("/api/load", post(load::handle))
        .route("/api/export", post(export::handle))
        .route("/api/diagram", post(diagram::handle))
        .route("/api/desk/open", post(desk_open::handle))
        .route("/api/desk/check", post(desk_check::handle))
        .route("/api/desk/card", post(desk_card::handle))
        .route("/api/games/list", post(games::list))
        .route("/api/games/open", post(games::open))
        .route("/api/games/save", post(games::save))
        .fallback(fallback)
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            guard::check,
        ))
        .with_state(state)
        .layer(DefaultBodyLimit::max(limits::MAX_BODY_BYTES))
        .layer(RequestBodyLimitLayer::new(limits::MAX_BODY_BYTES))
        .layer(TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            limits::REQUEST_TIME,
        ))
        .layer(axum::middleware::map_response(json_errors::to_json))
}

/// Any path without a route: a page file for `GET`, else a JSON 404 (an
/// unknown `/api/` path) or 405.
async fn fallback(method: Method, uri: Uri) -> Response {
    let path = uri.path();
    if path == "/api" || path.starts_with("/api/") {
        return ApiError::new(
            StatusCode::NOT_FOUND,
            format!("no such endpoint: {}", limits::printable(path)),
        )
        .into_response();
    }
    if method == Method::GET || method == Method::HEAD {
        return assets::handle(uri).await;
    }
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        "the page's files are read with GET",
    )
    .into_response()
}

/// Serves the page on `listener` until Ctrl-C.
///
/// # Errors
///
/// When the listener fails.
pub async fn serve(listener: tokio::net::TcpListener, config: Config) -> std::io::Result<()> {
    serve_until(listener, config, async {
        let _ = tokio::signal::ctrl_c().await;
    })
    .await
}

/// Serves the page on `listener` until `shutdown` completes.
///
/// # Errors
///
/// When the listener fails.
pub async fn serve_until(
    listener: tokio::net::TcpListener,
    config: Config,
    shutdown: impl std::future::Future<Output = ()>,
) -> std::io::Result<()> {
    let conns = config.conns;
    server::serve(listener, router(config), conns, shutdown).await
}

/// Serves the page on a bound standard listener, on a runtime of its own:
/// for callers that are not async (the `iccf serve` command).
///
/// # Errors
///
/// When the runtime cannot start or the listener fails.
pub fn run(listener: std::net::TcpListener, config: Config) -> std::io::Result<()> {
    listener.set_nonblocking(true)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .max_blocking_threads(limits::WORKERS * 2)
        .enable_all()
        .build()?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::from_std(listener)?;
        serve(listener, config).await
    })
}
