//! The `.jgs` reader against the examples of `shared/rules/jgs-format.md`, the 300 real QQ
//! games of `shared/data/qq-jgs/`, and damaged input.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use proptest::prelude::*;
use zhanqi_junqi::jgs::{
    Combat, DefeatReason, JgsError, JgsGame, JgsPlayer, JgsRecord, JgsResult, parse,
};

/// The corpus, in `shared/` beside the repository root.
const CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/data/qq-jgs");

/// [`CORPUS`], or else the nearest `shared/data/qq-jgs` above the crate (a git worktree can
/// sit deeper than the main checkout), or `None` with a loud message.
fn corpus_dir(test: &str) -> Option<PathBuf> {
    let beside_the_root = PathBuf::from(CORPUS);
    if beside_the_root.is_dir() {
        return Some(beside_the_root);
    }
    let found = Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .map(|dir| dir.join("shared/data/qq-jgs"))
        .find(|dir| dir.is_dir());
    if found.is_none() {
        zhanqi_core::testkit::skip(
            test,
            &format!("the QQ corpus {CORPUS} is absent"),
            "ZHANQI_REQUIRE_CORPUS",
        );
    }
    found
}

/// The corpus files, sorted.
fn corpus_files(test: &str) -> Option<Vec<PathBuf>> {
    let entries = std::fs::read_dir(corpus_dir(test)?).expect("a readable corpus");
    let mut files: Vec<PathBuf> = entries
        .map(|entry| entry.expect("a readable directory entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "jgs"))
        .collect();
    files.sort();
    Some(files)
}

fn corpus_file(test: &str, name: &str) -> Option<Vec<u8>> {
    let path = corpus_dir(test)?.join(name);
    Some(std::fs::read(&path).unwrap_or_else(|error| panic!("{}: {error}", path.display())))
}

fn parse_ok(bytes: &[u8], what: &str) -> JgsGame {
    parse(bytes).unwrap_or_else(|error| panic!("{what}: {error}"))
}

#[test]
fn deployment_of_section_4_2() {
    let Some(bytes) = corpus_file("deployment_of_section_4_2", "000001.jgs") else {
        return;
    };
    let game = parse_ok(&bytes, "000001.jgs");
    let yellow = game.players.iter().find(|player| player.seat == 'n');
    assert_eq!(
        yellow.map(|player| player.deployment.as_str()),
        Some("SEDYP/T.E.Y/JC.EC/L.P.C/BMBTL/DFMMP")
    );
    let seats: Vec<char> = game.players.iter().map(|player| player.seat).collect();
    assert_eq!(seats, ['s', 'e', 'n', 'w']);
    assert_eq!(game.first_mover, 'n');
    assert!(!game.is_two_player());
}

#[test]
fn move_records_of_section_6() {
    let Some(bytes) = corpus_file("move_records_of_section_6", "000001.jgs") else {
        return;
    };
    let game = parse_ok(&bytes, "000001.jgs");
    assert_eq!(
        game.records[0],
        JgsRecord::Move {
            mover: 'n',
            from: "j14".into(),
            to: "j13".into(),
            outcome: None,
            attacker_flag_revealed: None,
            defender_flag_revealed: None,
            defender_commander_removed: false,
            next: 'w',
        }
    );
    assert_eq!(
        game.records[1],
        JgsRecord::Move {
            mover: 'w',
            from: "f7".into(),
            to: "g6".into(),
            outcome: Some(Combat::BothRemoved),
            attacker_flag_revealed: Some("a10".into()),
            defender_flag_revealed: Some("j1".into()),
            defender_commander_removed: true,
            next: 's',
        }
    );
    assert_eq!(game.record_lines()[..2], ["n: j14-j13", "w: f7xg6=X"]);
}

/// Totals over the corpus, to compare with `shared/data/qq-jgs/README.md`.
#[derive(Debug, Default, PartialEq, Eq)]
struct Totals {
    files: usize,
    two_player_files: usize,
    records: usize,
    moves: usize,
    attacks: usize,
    timeouts: usize,
    defeats: usize,
    left_table: usize,
    game_overs: usize,
    decided: usize,
    draws: usize,
    comments: usize,
}

impl Totals {
    fn add(&mut self, game: &JgsGame) {
        self.files += 1;
        self.two_player_files += usize::from(game.is_two_player());
        self.records += game.records.len();
        for record in &game.records {
            match record {
                JgsRecord::Move { outcome, .. } => {
                    self.moves += 1;
                    self.attacks += usize::from(outcome.is_some());
                }
                JgsRecord::Timeout { .. } => self.timeouts += 1,
                JgsRecord::Defeat { .. } => self.defeats += 1,
                JgsRecord::LeftTable { .. } => self.left_table += 1,
                JgsRecord::GameOver { .. } => self.game_overs += 1,
            }
        }
        match game.result {
            JgsResult::Decided => self.decided += 1,
            JgsResult::Draw => self.draws += 1,
            JgsResult::Unknown(_) => {}
        }
        self.comments += game.comments.len();
    }
}

#[test]
fn every_corpus_file_parses_with_the_documented_totals() {
    let Some(files) = corpus_files("every_corpus_file_parses_with_the_documented_totals") else {
        return;
    };
    let mut totals = Totals::default();
    for path in &files {
        let bytes = std::fs::read(path).expect("a readable file");
        let game = parse_ok(&bytes, &path.display().to_string());
        totals.add(&game);
    }
    assert_eq!(
        totals,
        Totals {
            files: 300,
            two_player_files: 1,
            records: 72_722,
            moves: 71_551,
            attacks: 15_526,
            timeouts: 187,
            defeats: 653,
            left_table: 31,
            game_overs: 300,
            decided: 272,
            draws: 28,
            comments: 47,
        }
    );
}

/// QQ's turn order in spec seats (jgs-format.md §5.3).
const QQ_ORDER: [char; 4] = ['n', 'w', 's', 'e'];

/// The seat after `seat` in QQ's order among `active`.
fn seat_after(seat: char, active: &[char]) -> Option<char> {
    let start = QQ_ORDER.iter().position(|&s| s == seat)?;
    (1..=4)
        .map(|step| QQ_ORDER[(start + step) % 4])
        .find(|candidate| active.contains(candidate))
}

/// The sequencing rules of jgs-format.md §6–§8, checked record by record.
fn check_sequencing(game: &JgsGame, what: &str) {
    let mut active: Vec<char> = game.players.iter().map(|player| player.seat).collect();
    let mut timeouts: HashMap<char, u8> = HashMap::new();
    let mut to_act = Some(game.first_mover);
    for (index, record) in game.records.iter().enumerate() {
        let at = format!("{what} record {index}");
        match record {
            JgsRecord::Move { mover, next, .. } => {
                assert_eq!(Some(*mover), to_act, "{at}: the mover is the seat to act");
                assert!(active.contains(mover), "{at}: a defeated seat moves");
                assert_eq!(Some(*next), seat_after(*mover, &active), "{at}: next seat");
            }
            JgsRecord::Timeout { seat, count, next } => {
                assert_eq!(Some(*seat), to_act, "{at}: only the seat to act times out");
                let so_far = timeouts.entry(*seat).or_default();
                *so_far += 1;
                assert_eq!(count, so_far, "{at}: timeout count");
                assert_eq!(Some(*next), seat_after(*seat, &active), "{at}: next seat");
            }
            JgsRecord::Defeat { seat, reason, next } => {
                assert!(active.contains(seat), "{at}: a seat is defeated twice");
                active.retain(|other| other != seat);
                if *reason == DefeatReason::Timeouts {
                    assert_eq!(timeouts.get(seat), Some(&4), "{at}: the fifth timeout");
                }
                if let Some(next) = next {
                    assert!(active.contains(next), "{at}: a defeated seat is next");
                }
            }
            JgsRecord::LeftTable { seat, .. } => {
                assert!(
                    !active.contains(seat),
                    "{at}: only a seat that is out leaves"
                );
            }
            JgsRecord::GameOver { .. } => {
                assert_eq!(index + 1, game.records.len(), "{at}: game over is last");
            }
        }
        to_act = record.next_to_act();
    }
    if game.result == JgsResult::Decided {
        let winners = game.winning_seats();
        assert!(!winners.is_empty(), "{what}: a decided game has winners");
        assert!(
            active.iter().all(|seat| winners.contains(seat)),
            "{what}: every undefeated seat ({active:?}) is among the winners ({winners:?})"
        );
    } else {
        assert!(game.winning_seats().is_empty(), "{what}: no winners");
    }
}

#[test]
fn corpus_records_follow_the_sequencing_rules() {
    let Some(files) = corpus_files("corpus_records_follow_the_sequencing_rules") else {
        return;
    };
    for path in &files {
        let bytes = std::fs::read(path).expect("a readable file");
        let what = path.display().to_string();
        check_sequencing(&parse_ok(&bytes, &what), &what);
    }
}

/// `junqi.md` §1.4: the global post of local `line.file` of `seat`.
fn global_post(seat: char, line: u32, file: u32) -> String {
    let (file_index, rank) = match seat {
        's' => (5 + file, 7 - line),
        'n' => (11 - file, 11 + line),
        'e' => (10 + line, 6 + file),
        'w' => (6 - line, 12 - file),
        other => panic!("no seat {other}"),
    };
    format!(
        "{}{rank}",
        char::from_u32(u32::from('a') + file_index).unwrap()
    )
}

/// Who stands where: post name → (owner, piece letter).
fn initial_board(players: &[JgsPlayer]) -> HashMap<String, (char, char)> {
    let mut board = HashMap::new();
    for player in players {
        let pieces = player.deployment.chars().filter(|&c| c != '/');
        for (k, piece) in (0u32..).zip(pieces) {
            if piece != '.' {
                board.insert(
                    global_post(player.seat, k / 5 + 1, k % 5 + 1),
                    (player.seat, piece),
                );
            }
        }
    }
    board
}

fn enemies(game: &JgsGame, a: char, b: char) -> bool {
    let team = |seat: char| "sn".contains(seat);
    a != b && (game.is_two_player() || team(a) != team(b))
}

/// Replays the records on a bare board (no rules, only who stands where) and checks what
/// the file says about each move: the mover's piece is on the from-post, a plain move goes
/// to an empty post, an attack to an enemy piece, and the flag fields point at flags.
fn check_replay(game: &JgsGame, what: &str) {
    let mut board = initial_board(&game.players);
    for (index, record) in game.records.iter().enumerate() {
        let at = format!("{what} record {index}");
        match record {
            JgsRecord::Move {
                mover,
                from,
                to,
                outcome,
                attacker_flag_revealed,
                defender_flag_revealed,
                defender_commander_removed,
                ..
            } => {
                let attacker = board
                    .remove(from)
                    .unwrap_or_else(|| panic!("{at}: empty {from}"));
                assert_eq!(
                    attacker.0, *mover,
                    "{at}: the piece on {from} is the mover's"
                );
                let flag_of = |seat: char, post: &Option<String>| {
                    post.as_ref().map(|post| {
                        assert_eq!(board.get(post), Some(&(seat, 'F')), "{at}: flag at {post}");
                    })
                };
                let Some(combat) = outcome else {
                    assert!(!board.contains_key(to), "{at}: a plain move onto {to}");
                    assert!(attacker_flag_revealed.is_none() && defender_flag_revealed.is_none());
                    board.insert(to.clone(), attacker);
                    continue;
                };
                let defender = *board
                    .get(to)
                    .unwrap_or_else(|| panic!("{at}: attack on empty {to}"));
                assert!(
                    enemies(game, attacker.0, defender.0),
                    "{at}: attack on a friend"
                );
                let attacker_dies = *combat != Combat::AttackerWins;
                let defender_dies = *combat != Combat::DefenderWins;
                assert_eq!(
                    attacker_flag_revealed.is_some(),
                    attacker_dies && attacker.1 == 'S',
                    "{at}: attacker's flag shown"
                );
                assert_eq!(
                    *defender_commander_removed,
                    defender_dies && defender.1 == 'S',
                    "{at}: defender's commander removed"
                );
                assert_eq!(
                    defender_flag_revealed.is_some(),
                    *defender_commander_removed
                );
                flag_of(attacker.0, attacker_flag_revealed);
                flag_of(defender.0, defender_flag_revealed);
                if defender_dies {
                    board.remove(to);
                    if defender.1 == 'F' {
                        assert!(
                            matches!(
                                game.records.get(index + 1),
                                Some(JgsRecord::Defeat { seat, reason: DefeatReason::FlagLost, .. })
                                    if *seat == defender.0
                            ),
                            "{at}: the flag's owner is defeated next"
                        );
                    }
                }
                if !attacker_dies {
                    board.insert(to.clone(), attacker);
                }
            }
            JgsRecord::Defeat { seat, .. } => board.retain(|_, (owner, _)| owner != seat),
            _ => {}
        }
    }
}

#[test]
fn corpus_moves_match_the_deployments() {
    let Some(files) = corpus_files("corpus_moves_match_the_deployments") else {
        return;
    };
    for path in &files {
        let bytes = std::fs::read(path).expect("a readable file");
        let what = path.display().to_string();
        check_replay(&parse_ok(&bytes, &what), &what);
    }
}

#[test]
fn record_lines_translate_events() {
    let Some(files) = corpus_files("record_lines_translate_events") else {
        return;
    };
    let (mut resigns, mut escapes, mut timeouts) = (0, 0, 0);
    for path in &files {
        let bytes = std::fs::read(path).expect("a readable file");
        let game = parse_ok(&bytes, &path.display().to_string());
        let lines = game.record_lines();
        let expected = game.records.iter().filter(|record| match record {
            JgsRecord::Move { .. } | JgsRecord::Timeout { .. } => true,
            JgsRecord::Defeat { reason, .. } => matches!(
                reason,
                DefeatReason::Timeouts | DefeatReason::Surrender | DefeatReason::Escape
            ),
            JgsRecord::LeftTable { .. } | JgsRecord::GameOver { .. } => false,
        });
        assert_eq!(lines.len(), expected.count());
        for line in &lines {
            let (seat, action) = line.split_once(": ").expect("<seat>: <action>");
            assert!(["s", "e", "n", "w"].contains(&seat), "{line}");
            match action {
                "resign" => resigns += 1,
                "escape" => escapes += 1,
                "T" => timeouts += 1,
                _ => assert!(action.contains('-') || action.contains('x'), "{line}"),
            }
        }
    }
    // jgs-format.md §7 and the corpus survey: 297 surrenders, 1 escape, 187 timeouts and
    // 2 defeats by the fifth timeout.
    assert_eq!((resigns, escapes, timeouts), (297, 1, 189));
}

#[test]
fn comments_are_read() {
    let Some(files) = corpus_files("comments_are_read") else {
        return;
    };
    let placeholder = "您这里可以写下对该步棋的评论！";
    let mut placeholders = 0;
    for path in &files {
        let bytes = std::fs::read(path).expect("a readable file");
        let game = parse_ok(&bytes, &path.display().to_string());
        placeholders += game
            .comments
            .iter()
            .filter(|c| c.text == placeholder)
            .count();
    }
    assert!(
        placeholders > 0,
        "the client's placeholder comment is found"
    );
}

/// The QQ colours of spec seats n, e, s, w are 0, 1, 2, 3.
fn colour_of(seat: char) -> u8 {
    match seat {
        'n' => 0,
        'e' => 1,
        's' => 2,
        'w' => 3,
        other => panic!("no seat {other}"),
    }
}

/// The bytes of the same game turned a quarter turn back (s → e, n → w, e → n, w → s), so that
/// a yellow/green game becomes a blue/purple one.
fn turned_back(bytes: &[u8]) -> Vec<u8> {
    let seat_of = ['n', 'e', 's', 'w'];
    let turn_seat = |seat: char| match seat {
        's' => 'e',
        'n' => 'w',
        'e' => 'n',
        _ => 's',
    };
    let colour = |c: u8| colour_of(turn_seat(seat_of[usize::from(c)]));
    let colour_or_none = |c: u8| if c == 0xFF { c } else { colour(c) };
    // (row, col) → (col, 16 − row): the inverse of the §11 quarter turn.
    let turn_post = |bytes: &mut [u8], at: usize| {
        let (row, col) = (bytes[at], bytes[at + 1]);
        if (row, col) != (0, 0) {
            bytes[at] = col;
            bytes[at + 1] = 16 - row;
        }
    };
    let mut out = bytes.to_vec();
    out[15] = colour(bytes[15]);
    out[24] = colour_or_none(bytes[24]);
    for c in 0..4u8 {
        let source = 32 + 88 * usize::from(c);
        let target = 32 + 88 * usize::from(colour(c));
        out[target..target + 88].copy_from_slice(&bytes[source..source + 88]);
        if bytes[source] != 0xFF {
            out[target] = colour(c);
        }
    }
    for record in out[412..records_end(bytes)].chunks_exact_mut(10) {
        if record[0] == 0x5F {
            let next = (record[1] >> 3) & 3;
            record[1] = (record[1] & !0x18) | (colour(next) << 3);
            for at in [2, 4, 6, 8] {
                turn_post(record, at);
            }
        } else if (2..=4).contains(&record[1]) {
            record[2] = colour(record[2]);
            record[4] = colour_or_none(record[4]);
        }
    }
    out
}

#[test]
fn an_east_west_game_turns_to_south_north() {
    // The sample's only 2-player game is yellow/green; turn it into a blue/purple one.
    let Some(bytes) = corpus_file("an_east_west_game_turns_to_south_north", "000029.jgs") else {
        return;
    };
    let south_north = parse_ok(&bytes, "000029.jgs");
    let seats = |game: &JgsGame| game.players.iter().map(|p| p.seat).collect::<Vec<_>>();
    assert!(south_north.is_two_player());
    assert_eq!(seats(&south_north), ['s', 'n']);
    assert_eq!(south_north.rotated_to_south_north(), south_north);

    let east_west = parse_ok(&turned_back(&bytes), "000029.jgs turned");
    assert!(east_west.is_two_player());
    assert_eq!(seats(&east_west), ['e', 'w']);
    assert_eq!(east_west.first_mover, 'w', "purple moves first (§5.3)");
    check_sequencing(&east_west, "000029.jgs turned");
    check_replay(&east_west, "000029.jgs turned");

    assert_eq!(east_west.rotated_to_south_north(), south_north);
}

#[test]
fn four_player_games_are_not_rotated() {
    let Some(bytes) = corpus_file("four_player_games_are_not_rotated", "000001.jgs") else {
        return;
    };
    let game = parse_ok(&bytes, "000001.jgs");
    assert_eq!(game.rotated_to_south_north(), game);
}

#[test]
fn every_truncation_is_an_error() {
    let Some(bytes) = corpus_file("every_truncation_is_an_error", "000001.jgs") else {
        return;
    };
    let records_end = records_end(&bytes);
    assert!(
        bytes.len() > records_end + 8,
        "000001.jgs has a comment block"
    );
    for len in 0..records_end + 8 {
        let result = parse(&bytes[..len]);
        assert!(result.is_err(), "{len} bytes parse");
        if len >= 412 {
            assert!(
                matches!(result, Err(JgsError::Truncated { .. })),
                "{len} bytes: {result:?}"
            );
        }
    }
    for len in records_end + 8..bytes.len() {
        let game = parse(&bytes[..len]).unwrap_or_else(|error| panic!("{len} bytes: {error}"));
        assert!(game.comments.is_empty(), "a cut comment block is ignored");
    }
    assert_eq!(parse_ok(&bytes, "000001.jgs").comments.len(), 2);
}

/// Where the record area ends, by the record count at offset 26.
fn records_end(bytes: &[u8]) -> usize {
    412 + 10 * usize::from(u16::from_le_bytes([bytes[26], bytes[27]]))
}

#[test]
fn byte_flips_never_panic() {
    let Some(bytes) = corpus_file("byte_flips_never_panic", "000001.jgs") else {
        return;
    };
    for at in 0..bytes.len() {
        for flip in [0x01, 0x10, 0x80, 0xFF] {
            let mut damaged = bytes.clone();
            damaged[at] ^= flip;
            if let Ok(game) = parse(&damaged) {
                let _ = game.record_lines();
                let _ = game.rotated_to_south_north();
                let _ = game.winning_seats();
            }
        }
    }
}

#[test]
fn damaged_files_name_the_offset() {
    let Some(bytes) = corpus_file("damaged_files_name_the_offset", "000001.jgs") else {
        return;
    };
    let damaged = |edits: &[(usize, u8)]| {
        let mut copy = bytes.clone();
        for &(at, value) in edits {
            copy[at] = value;
        }
        match parse(&copy) {
            Ok(_) => panic!("{edits:?} parses"),
            Err(error) => error.to_string(),
        }
    };
    let last = records_end(&bytes) - 10;
    let cases: [(&[(usize, u8)], &str); 12] = [
        (&[(3, b'x')], "bytes 0-9"),
        (&[(18, 0)], "offset 18"),
        (&[(25, 3)], "offset 25"),
        (&[(32, 7)], "offset 32"),
        (&[(32 + 28 + 4, 14)], "offset 64"),
        (&[(15, 9)], "offset 15"),
        (&[(412, 0x42)], "record 0 at offset 412"),
        (&[(422, 0xF5), (423, 9)], "record 1 at offset 422"),
        (&[(414, 17)], "offset 414"),
        (&[(412 + 10 * 7 + 2, 0x20)], "offset 484"),
        (&[(427, 1)], "offset 426"),
        (&[(last + 1, 3)], "without the game-over record"),
    ];
    for (edits, expected) in cases {
        let message = damaged(edits);
        assert!(message.contains(expected), "{edits:?}: {message}");
        assert!(!message.contains('\n'), "one sentence: {message}");
    }
}

#[test]
fn misplaced_records_are_errors() {
    let game_over = [0xF5, 5, 0, 4, 0xFF, 0, 0, 0, 0, 0];
    let plain_move = [0x5F, 2 << 3, 13, 9, 12, 9, 0, 0, 0, 0];
    let final_defeat = [0xF5, 3, 0, 4, 0xFF, 0, 0, 0, 0, 0];
    assert_eq!(
        parse(&synthetic_file(&[game_over])),
        Err(JgsError::RecordAfterGameOver {
            index: 1,
            offset: 422
        })
    );
    assert_eq!(
        parse(&synthetic_file(&[final_defeat, plain_move])),
        Err(JgsError::UnknownMover {
            index: 1,
            offset: 422
        })
    );
    let blue_next = [0x5F, 1 << 3, 13, 9, 12, 9, 0, 0, 0, 0];
    assert!(matches!(
        parse(&synthetic_file(&[blue_next])),
        Err(JgsError::NotASeat {
            offset: 413,
            value: 1,
            ..
        })
    ));
}

/// A small well-formed file: yellow and green, with `records` and a game-over record.
fn synthetic_file(records: &[[u8; 10]]) -> Vec<u8> {
    let deployment: [u8; 30] = [
        5, 13, 7, 10, 12, 9, 0, 13, 0, 10, 6, 11, 0, 13, 11, 8, 0, 12, 0, 11, 4, 3, 4, 9, 8, 7, 2,
        3, 3, 12,
    ];
    let n = records.len() + 1;
    let mut bytes = vec![0; 412 + 10 * n + 8];
    bytes[..10].copy_from_slice(b"QQGame JQS");
    bytes[15] = 0;
    let end = u16::try_from(396 + 10 * n).expect("small");
    bytes[18..20].copy_from_slice(&end.to_le_bytes());
    bytes[25] = 2;
    bytes[26..28].copy_from_slice(&u16::try_from(n).expect("small").to_le_bytes());
    for colour in 0..4u8 {
        let block = 32 + 88 * usize::from(colour);
        if colour % 2 == 0 {
            bytes[block] = colour;
            bytes[block + 8..block + 11].copy_from_slice(b"abc");
            bytes[block + 28..block + 58].copy_from_slice(&deployment);
        } else {
            bytes[block] = 0xFF;
        }
    }
    for (i, record) in records.iter().enumerate() {
        bytes[412 + 10 * i..422 + 10 * i].copy_from_slice(record);
    }
    bytes[412 + 10 * (n - 1)..422 + 10 * (n - 1)]
        .copy_from_slice(&[0xF5, 5, 0, 4, 0xFF, 0, 0, 0, 0, 0]);
    bytes
}

#[test]
fn a_synthetic_file_parses() {
    // n: j14-j13, then s: i6xi7=D, then n resigns.
    let bytes = synthetic_file(&[
        [0x5F, 2 << 3, 13, 9, 12, 9, 0, 0, 0, 0],
        [0x5F, 2, 5, 8, 6, 8, 0, 0, 0, 0], // outcome D, next colour 0
        [0xF5, 3, 0, 4, 0xFF, 0, 0, 0, 0, 0],
    ]);
    let game = parse_ok(&bytes, "synthetic");
    assert_eq!(game.viewer, 'n');
    assert_eq!(game.players.len(), 2);
    assert_eq!(game.players[0].name, "abc");
    assert_eq!(game.result, JgsResult::Decided);
    assert_eq!(game.winning_seats(), ['s']);
    assert_eq!(
        game.record_lines(),
        ["n: j14-j13", "s: i6xi7=D", "n: resign"]
    );
}

fn arbitrary_record() -> impl Strategy<Value = [u8; 10]> {
    (
        prop_oneof![Just(0x5Fu8), Just(0xF5u8), any::<u8>()],
        prop_oneof![0u8..8, any::<u8>()],
        proptest::array::uniform8(prop_oneof![0u8..17, Just(0xFFu8), any::<u8>()]),
    )
        .prop_map(|(kind, second, rest)| {
            let mut record = [kind, second, 0, 0, 0, 0, 0, 0, 0, 0];
            record[2..].copy_from_slice(&rest);
            record
        })
}

proptest! {
    #[test]
    fn arbitrary_records_never_panic(
        records in proptest::collection::vec(arbitrary_record(), 0..12),
        cut in any::<prop::sample::Index>(),
        extra in proptest::collection::vec(any::<u8>(), 0..64),
    ) {
        let mut bytes = synthetic_file(&records);
        if let Ok(game) = parse(&bytes) {
            prop_assert_eq!(game.records.len(), records.len() + 1);
            let _ = game.record_lines();
            let _ = game.rotated_to_south_north();
            let _ = game.winning_seats();
        }
        let len = cut.index(bytes.len());
        prop_assert!(parse(&bytes[..len]).is_err());
        bytes.extend_from_slice(&extra);
        let _ = parse(&bytes);
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..1200)) {
        let _ = parse(&bytes);
        let mut with_magic = b"QQGame JQS".to_vec();
        with_magic.extend_from_slice(&bytes);
        let _ = parse(&with_magic);
    }
}
