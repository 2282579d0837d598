//! Turning a game whose players sit at `e` and `w` so that they sit at `s` and `n`.

use super::board::{Post, quarter_turned_seat};
use super::{JgsGame, JgsPlayer, JgsRecord};

pub(super) fn rotated_to_south_north(game: &JgsGame) -> JgsGame {
    let seats: Vec<char> = game.players.iter().map(|player| player.seat).collect();
    if seats != ['e', 'w'] {
        return game.clone();
    }
    let seat = quarter_turned_seat;
    let mut players: Vec<JgsPlayer> = game
        .players
        .iter()
        .map(|player| JgsPlayer {
            seat: seat(player.seat),
            ..player.clone()
        })
        .collect();
    players.sort_by_key(|player| seat_order(player.seat));
    JgsGame {
        viewer: seat(game.viewer),
        players,
        first_mover: seat(game.first_mover),
        records: game.records.iter().map(rotated_record).collect(),
        result: game.result,
        comments: game.comments.clone(),
    }
}

fn rotated_record(record: &JgsRecord) -> JgsRecord {
    let seat = quarter_turned_seat;
    match record {
        JgsRecord::Move {
            mover,
            from,
            to,
            outcome,
            attacker_flag_revealed,
            defender_flag_revealed,
            defender_commander_removed,
            next,
        } => JgsRecord::Move {
            mover: seat(*mover),
            from: rotated_post(from),
            to: rotated_post(to),
            outcome: *outcome,
            attacker_flag_revealed: attacker_flag_revealed.as_deref().map(rotated_post),
            defender_flag_revealed: defender_flag_revealed.as_deref().map(rotated_post),
            defender_commander_removed: *defender_commander_removed,
            next: seat(*next),
        },
        JgsRecord::Timeout {
            seat: who,
            count,
            next,
        } => JgsRecord::Timeout {
            seat: seat(*who),
            count: *count,
            next: seat(*next),
        },
        JgsRecord::Defeat {
            seat: who,
            reason,
            next,
        } => JgsRecord::Defeat {
            seat: seat(*who),
            reason: *reason,
            next: next.map(seat),
        },
        JgsRecord::LeftTable { seat: who, next } => JgsRecord::LeftTable {
            seat: seat(*who),
            next: seat(*next),
        },
        JgsRecord::GameOver { code } => JgsRecord::GameOver { code: *code },
    }
}

/// The quarter-turned name of a post; a string that names no post is kept as it is.
fn rotated_post(name: &str) -> String {
    Post::from_name(name).map_or_else(|| name.to_owned(), |post| post.quarter_turned().name())
}

fn seat_order(seat: char) -> usize {
    "senw".find(seat).unwrap_or(usize::MAX)
}
