//! Progress on a terminal, for the long runs (`generate`, `stress`): one
//! look for both, drawn by `indicatif` on standard error, and nothing at
//! all when standard error is not a terminal (a hidden bar), so a pipe, a
//! file or a test never gets a progress line between its bytes. indicatif
//! redraws at most a few times a second whatever the updates cost, which
//! a hand-written line had to do itself.

use std::io::IsTerminal;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// A bar of `len` steps drawn with indicatif's `template`.
pub fn bar(len: u64, template: &str) -> ProgressBar {
    shown(ProgressBar::new(len), template)
}

/// A spinner drawn with indicatif's `template`, turning by itself while
/// the work it waits for gives no step to count.
pub fn spinner(template: &str) -> ProgressBar {
    let spinner = shown(ProgressBar::new_spinner(), template);
    spinner.enable_steady_tick(Duration::from_millis(120));
    spinner
}

/// `bar` on standard error in `template`, or hidden off a terminal.
fn shown(bar: ProgressBar, template: &str) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    bar.set_draw_target(ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template(template)
            .expect("a valid template")
            .progress_chars("=> "),
    );
    bar
}
