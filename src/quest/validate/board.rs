//! The board: the board file the quest names (without it nothing else can be checked) and the
//! squares the quest marks as blocked.

use super::*;

/// The quest's board and the board file it came from; None (and a problem) when it cannot be had.
pub(super) fn load(raw: &RawQuest, dir: Option<&Path>, out: &mut Found) -> Option<(Board, Option<PathBuf>)> {
    match load_board(&raw.board, dir) {
        Ok(b) => Some(b),
        Err(e) => {
            out.err(vec![Field("board")], e);
            None
        }
    }
}

/// Blocked squares: on the board, each listed once.
pub(super) fn blocked(cx: &mut Ctx) {
    let raw = cx.raw;
    for (i, &b) in raw.blocked.iter().enumerate() {
        let p = pos(b);
        if !cx.on_board(p) {
            cx.out.err(
                vec![Field("blocked"), Index(i)],
                format!("blocked square {p} is off the board"),
            );
        } else if !cx.blocked.insert(p) {
            cx.out.err(
                vec![Field("blocked"), Index(i)],
                format!("square {p} is listed as blocked twice"),
            );
        }
    }
}
