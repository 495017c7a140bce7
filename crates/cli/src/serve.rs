//! `gridpuzzle serve`: the web page and JSON API of `gridpuzzle-server`.
//!
//! All of the server lives in that crate (axum on tokio), so the other
//! commands and the library crates carry no async runtime; this file only
//! reads the address and hands over. It binds to loopback unless told
//! otherwise: the API runs searches for whoever can reach it.

use std::net::IpAddr;

use anyhow::{Context, Result};
use clap::Args;

use crate::Exit;

#[derive(Debug, Args)]
#[command(
    after_help = "The page: draw a board (or open a judge input, or generate one), Solve and\n\
    watch the optimal moves, Play it with undo and exact hints; the URL holds the board.\n\
    The API (JSON in, JSON out): POST /api/solve, /api/verify, /api/generate, /api/render,\n\
    /api/cases, /api/play; see the README. Each search is bounded in time and states,\n\
    bodies are capped at 1 MB, and only as many searches run at once as there are cores\n\
    (others wait, then get 503).\n\n\
    Examples:\n  gridpuzzle serve\n  gridpuzzle serve --port 3000\n  \
    gridpuzzle serve --bind 0.0.0.0 --port 8080   # reachable from other machines"
)]
pub struct ServeCommand {
    /// TCP port to listen on (0 picks a free one)
    #[arg(long, default_value_t = 8080)]
    pub port: u16,

    /// Address to listen on; the default is reachable from this machine only
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1")]
    pub bind: IpAddr,
}

pub fn run(cmd: ServeCommand) -> Result<Exit> {
    gridpuzzle_server::run(cmd.bind, cmd.port, gridpuzzle_server::Config::default())
        .with_context(|| format!("cannot serve on {}, port {}", cmd.bind, cmd.port))?;
    Ok(Exit::Ok)
}
