//! 军棋 / 四国军棋 / 翻棋 (junqi) for zhanqi, after `shared/rules/junqi.md`.
//!
//! Modes: `2p` (the standard two-player board), `4p` (四国军棋, two teams of two) and `dark`
//! (翻棋, face-down pieces on the two-player board).

pub mod jgs;
