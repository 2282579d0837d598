//! The data reader on the toy game.

use std::panic::{self, AssertUnwindSafe};
use std::path::PathBuf;

use super::*;
use crate::testkit::toy::HiddenRace;
use crate::{Game, GameNotation, Seat, ToAct, Viewer};

/// A file in the temporary directory holding `text`, removed when dropped.
struct TempFile(PathBuf);

impl TempFile {
    fn new(name: &str, text: &str) -> TempFile {
        let path =
            std::env::temp_dir().join(format!("zhanqi-testkit-{}-{name}", std::process::id()));
        std::fs::write(&path, text).expect("the temporary directory is writable");
        TempFile(path)
    }

    fn path(&self) -> &str {
        self.0.to_str().expect("a UTF-8 temporary path")
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// The panic message of `run`, which must panic.
fn panic_message(run: impl FnOnce()) -> String {
    let payload = panic::catch_unwind(AssertUnwindSafe(run)).expect_err("a panic");
    match payload.downcast::<String>() {
        Ok(text) => *text,
        Err(payload) => (*payload.downcast::<&str>().expect("a text")).to_owned(),
    }
}

/// `a` to play with C and K at the ends of its row and room to draw: three actions; each play
/// is followed by four die outcomes, the draw by `b`'s three actions.
const TURN: &str = "20 a CAK/DEF BGHIJL - 0/0 0/0";

const PERFT: &str = "\
# The toy game.
case turn
position 20 a CAK/DEF BGHIJL - 0/0 0/0
perft 1 3
perft 2 11

case options-and-a-block
options {\"target\": 30}
position
  30 b CAK/DEF BGHIJL - 0/0 0/0
perft 1 3

case new-game
seed 4
perft 1 0
";

#[test]
fn perft_counts_listed_actions_and_each_chance_outcome_once() {
    let game = HiddenRace::load(TURN, None, 0).unwrap();
    assert_eq!(perft(&game, 0), Ok(1));
    assert_eq!(perft(&game, 1), Ok(3));
    assert_eq!(perft(&game, 2), Ok(2 * 4 + 3));
}

#[test]
fn perft_refuses_a_choice_too_large_to_list() {
    let game = HiddenRace::load("20 order:ab CAK/DEF BGHIJL - 0/0 0/0", None, 0).unwrap();
    assert_eq!(perft(&game, 1), Err(PerftError { seat: Seat::new(0) }));
}

#[test]
fn a_perft_file_is_read_and_checked() {
    let file = TempFile::new("good.perft", PERFT);
    let message = panic_message(|| check_perft_file::<HiddenRace>(file.path()));
    // The last case is a new game still ordering its rows: perft cannot count it.
    assert!(message.starts_with("1 perft case(s) fail:\n"), "{message}");
    assert!(
        message.contains(&format!(
            "{}:15: perft: case 'new-game': the seat with index 0 must",
            file.path()
        )),
        "{message}"
    );
    let cases = perft_cases::<HiddenRace>(file.path());
    let names: Vec<&str> = cases.iter().map(|case| case.name.as_str()).collect();
    assert_eq!(names, ["turn", "options-and-a-block", "new-game"]);
    assert_eq!(cases[0].counts, [(1, 3), (2, 11)]);
    assert_eq!(cases[1].game.options().target, 30);
    assert_eq!(cases[1].line, 7);
}

#[test]
fn a_wrong_count_names_the_file_the_line_and_the_case() {
    let text = PERFT.replace("perft 2 11", "perft 2 12");
    let file = TempFile::new("wrong.perft", &text[..text.find("\ncase options").unwrap()]);
    let message = panic_message(|| check_perft_file::<HiddenRace>(file.path()));
    assert_eq!(
        message,
        format!(
            "1 perft case(s) fail:\n{}:5: perft: case 'turn' at depth 2 has 11 sequences, the \
             file says 12",
            file.path()
        )
    );
}

#[test]
fn every_fault_of_a_file_is_reported_at_once() {
    // The form of the lines is checked first.
    let file = TempFile::new("form.perft", "perft 1 3\ncase a\n\n  indented\n");
    let message = panic_message(|| drop(perft_cases::<HiddenRace>(file.path())));
    let at = |line: usize, rest: &str| format!("{}:{line}: {rest}", file.path());
    assert_eq!(
        message,
        format!(
            "2 fault(s) in a perft file:\n{}\n{}",
            at(1, "perft: 'perft' comes before any 'case <name>' line"),
            at(
                4,
                "indented line: an indented line must continue the line right above it"
            ),
        )
    );
    // Then the cases, once the lines are in form.
    let text = "\
case broken
mode standard
position 20 a CAK/DEF
perft one 3
perft 2
colour red

case empty
options {target}
seed 1
seed 2
";
    let file = TempFile::new("cases.perft", text);
    let message = panic_message(|| drop(perft_cases::<HiddenRace>(file.path())));
    let at = |line: usize, rest: &str| format!("{}:{line}: {rest}", file.path());
    assert!(
        message.starts_with("7 fault(s) in a perft file:\n"),
        "{message}"
    );
    for expected in [
        at(6, "colour: unknown key 'colour'"),
        at(4, "perft: the depth 'one' is not a whole number"),
        at(5, "perft: expected 2 number(s), depth nodes, but found '2'"),
        at(3, "position: hiddenrace refused it"),
        at(9, "options: not a JSON object"),
        at(11, "seed: case 'empty' has a second start"),
        at(8, "empty: the case has no 'perft <depth> <nodes>' line"),
    ] {
        assert!(message.contains(&expected), "{expected}\nnot in\n{message}");
    }
}

#[test]
fn a_regenerated_perft_file_keeps_everything_but_the_counts() {
    let text = PERFT
        .replace("perft 2 11", "perft 2 0")
        .replace("case new-game\nseed 4\nperft 1 0\n", "");
    let file = TempFile::new("regenerate.perft", &text);
    assert_eq!(
        regenerated_perft_file::<HiddenRace>(file.path()),
        text.replace("perft 2 0", "perft 2 11")
    );
}

const DIGESTS: &str = "\
# Playouts of the toy game.
case standard
playout 1 0 position -
playout 1 3 position -
playout 2 40 fnv1a64 0

case far-target
options {\"target\": 45}
playout 3 6 position
  -
";

#[test]
fn a_digest_file_is_regenerated_and_then_checked() {
    let file = TempFile::new("toy.digests", DIGESTS);
    let regenerated = regenerated_digest_file::<HiddenRace>(file.path());
    let position = |seed, plies, target| {
        let options = HiddenRace::options_for(None, Some(&serde_json::json!({"target": target})));
        let (game, played) =
            playout::<HiddenRace>(&options.unwrap(), seed, plies, &Playout::default()).unwrap();
        (game.position(Viewer::Omniscient), played)
    };
    let (start, _) = position(1, 0, 20);
    let (after_three, three) = position(1, 3, 20);
    let (ended, played) = position(2, 40, 20);
    let (far, six) = position(3, 6, 45);
    assert_eq!((three, six), (3, 6));
    assert!(played < 40, "a toy game ends within 40 plies");
    let expected = format!(
        "# Playouts of the toy game.\ncase standard\nplayout 1 0 position {start}\nplayout 1 3 \
         position {after_three}\nplayout 2 40 fnv1a64 {:016x}\n\ncase far-target\n\
         options {{\"target\": 45}}\nplayout 3 6 position {far}\n",
        fnv1a64(&ended)
    );
    assert_eq!(regenerated, expected);
    let file = TempFile::new("toy.digests", &regenerated);
    check_digest_file::<HiddenRace>(file.path());
    let drifted = regenerated.replace("playout 1 3 ", "playout 1 4 ");
    let file = TempFile::new("toy.digests", &drifted);
    let message = panic_message(|| check_digest_file::<HiddenRace>(file.path()));
    assert!(
        message.starts_with(&format!(
            "1 playout digest(s) fail:\n{}:4: playout: case 'standard': the playout now reaches\n\
             playout 1 4 position ",
            file.path()
        )),
        "{message}"
    );
}

#[test]
fn unlisted_choices_count_as_plies_and_may_have_their_own_stream() {
    let options = Default::default();
    let shared = Playout::<HiddenRace>::default();
    let own = Playout::<HiddenRace> {
        unlisted_stream: 0,
        ..Playout::default()
    };
    // Both seats order their rows: two plies.
    let (game, plies) = playout::<HiddenRace>(&options, 5, 2, &shared).unwrap();
    assert_eq!(plies, 2);
    assert!(matches!(game.to_act(), ToAct::Seats(_)));
    let ordered = |playout| {
        let (game, _) = super::playout::<HiddenRace>(&options, 5, 2, playout).unwrap();
        game.position(Viewer::Omniscient)
    };
    assert_ne!(ordered(&shared), ordered(&own));
}

#[test]
fn fnv1a64_is_the_standard_hash() {
    assert_eq!(fnv1a64(""), 0xcbf2_9ce4_8422_2325);
    assert_eq!(fnv1a64("a"), 0xaf63_dc4c_8601_ec8c);
}
