//! Position strings (JFEN, junqi.md §8): the worked examples of §8.4 round trip, views are
//! written as §8.4 writes them, malformed strings are refused with the right field and offset,
//! and no string makes the parser panic.

use proptest::prelude::*;
use zhanqi_core::{Game, GameNotation, NotationError, ToAct, Viewer};
use zhanqi_junqi::Junqi;
use zhanqi_junqi::notation::parse_position;

const EX_1: &str = "2p nCnPnMnFnM/nEnCnEnMnY/nP1nB1nT/nYnB1nLnD/nT1nJ1nE/nLnDnPnSnC/sCsSsPsDsL/sE1sJ1sT/sDsL1sBsY/sT1sB1sP/sYsMsEsCsE/sMsFsMsPsC s s+0n+0 - 0 0";
const EX_2: &str = "2p nCnPnMnFnM/nEnCnEnMnY/nP1nB1nT/nYnB1nLnD/nT1nJ1nE/nLnD2nC/sC2sDsL/sE1sJ1sT/sDsL1sBsY/sT1sB1sP/sYsMsEsCsE/sMsFsMsPsC s s+0n+0 sn 0 4";
const EX_2_SOUTH: &str = "2p n?n?n?nFn?/n?n?n?n?n?/n?1n?1n?/n?n?1n?n?/n?1n?1n?/n?n?2n?/sC2sDsL/sE1sJ1sT/sDsL1sBsY/sT1sB1sP/sYsMsEsCsE/sMsFsMsPsC s s+0n+0 sn 0 4";
const EX_3: &str = "4p nCnPnMnFnM/nEnCnEnMnY/nP1nB1nT/nYnB1nLnD/nT1nJ1nE/nLnDnPnSnC/wMwYwTwDwEwC3eLeTeYePeEeC/wFwM1wL1wSeD1eB1eCeP/wMwEwB1wJwP3ePeJ1eBeEeM/wPwC1wB1wDeS1eL1eMeF/wCwEwPwYwTwL3eCeEeDeTeYeM/sCsSsPsDsL/sE1sJ1sT/sDsL1sBsY/sT1sB1sP/sYsMsEsCsE/sMsFsMsPsC s s+0e+0n+0w+0 - 0 0";
const EX_4: &str = "4p 3nF1/5/5/5/5/2nS2/15/wF11/wM4wB3eT4eM/10sDeF/10eE3eM/5/5/sE4/5/1sM3/sMsF3 s s+0e+1n+0w+0 - 3 120";
const EX_5: &str = "dark ryrsrtusup/rdryudrcue/ue1re1um/rlub1ulrd/ud1uc1um/rjuprtreut/rbufrprmrf/up1uc1rl/rmub1rpuy/ue1rm1ut/rpuyreujrc/rbucumrcul s s+0n+0 - 0 0";
const EX_5_FLIPPED: &str = "dark ryrsrtusup/rdryudrcue/ue1re1um/rlub1ulrd/ud1uc1um/rjuprtreut/rbufrPrmrf/up1uc1rl/rmub1rpuy/ue1rm1ut/rpuyreujrc/rbucumrcul n s+0n+0 s=r 1 1";

const EXAMPLES: [&str; 6] = [EX_1, EX_2, EX_3, EX_4, EX_5, EX_5_FLIPPED];

/// A small legal position to break in the malformed-string tests (TV-03).
const BASE: &str = "2p 3nF1/5/5/5/5/5/2sE2/5/5/5/5/1sF3 s s+0n+0 - 0 0";

fn load(text: &str) -> Result<Junqi, NotationError> {
    <Junqi as GameNotation>::load(text, None, 0)
}

/// The position as `viewer` sees it, as a position string.
fn view(game: &Junqi, viewer: Viewer) -> String {
    <Junqi as GameNotation>::position(game, viewer)
}

fn refusal(text: &str) -> NotationError {
    match load(text) {
        Ok(_) => panic!("{text} should be refused"),
        Err(error) => error,
    }
}

/// `text` is refused with an error in `field` at `offset`.
fn assert_refused_at(text: &str, field: &str, offset: usize) {
    let error = refusal(text);
    assert_eq!(
        (error.field.as_str(), error.offset),
        (field, offset),
        "{text}: {error}"
    );
}

/// `BASE` with field `index` (0-based) replaced by `value`, and where that field starts.
fn with_field(index: usize, value: &str) -> (String, usize) {
    let mut fields: Vec<&str> = BASE.split(' ').collect();
    fields[index] = value;
    let offset = fields[..index].iter().map(|field| field.len() + 1).sum();
    (fields.join(" "), offset)
}

/// `BASE` with its placement edited by `edit`, and the offset of `marker` in the result.
fn with_placement(from: &str, to: &str, marker: &str) -> (String, usize) {
    assert!(BASE.contains(from));
    let text = BASE.replacen(from, to, 1);
    let offset = text.find(marker).expect("the marker is in the text");
    (text, offset)
}

// ----- the worked examples -----

#[test]
fn every_worked_example_round_trips() {
    for example in EXAMPLES {
        let game = load(example).unwrap_or_else(|error| panic!("{example}: {error}"));
        assert_eq!(view(&game, Viewer::Omniscient), example);
    }
}

#[test]
fn ex_2_as_south_sees_it() {
    let game = load(EX_2).expect("Ex 2 loads");
    let south = game.seat_by_name("s").expect("South plays");
    assert_eq!(view(&game, Viewer::Seat(south)), EX_2_SOUTH);
}

#[test]
fn ex_2_follows_from_ex_1() {
    let mut game = load(EX_1).expect("Ex 1 loads");
    for (who, text, record) in [
        ("s", "c6xc7", "c6xc7=X"),
        ("n", "d7-c7", "d7-c7"),
        ("s", "b6-c6", "b6-c6"),
        ("n", "c7xc6", "c7xc6=X"),
    ] {
        let seat = game.seat_by_name(who).expect("a seat");
        let action = game.parse_action(seat, text).expect("an action");
        let before = game.clone();
        let events = game
            .apply(seat, &action)
            .unwrap_or_else(|error| panic!("{text}: {error}"));
        assert_eq!(before.record_text(&action, &events), record);
    }
    assert_eq!(view(&game, Viewer::Omniscient), EX_2);
}

#[test]
fn ex_5_as_either_player_sees_it() {
    let game = load(EX_5).expect("Ex 5 loads");
    let hidden = "dark x?x?x?x?x?/x?x?x?x?x?/x?1x?1x?/x?x?1x?x?/x?1x?1x?/x?x?x?x?x?/x?x?x?x?x?/x?1x?1x?/x?x?1x?x?/x?1x?1x?/x?x?x?x?x?/x?x?x?x?x? s s+0n+0 - 0 0";
    for seat in game.seats().iter() {
        assert_eq!(view(&game, Viewer::Seat(seat)), hidden);
    }
}

#[test]
fn views_are_readable_position_strings() {
    let game = load(EX_2).expect("Ex 2 loads");
    let view = parse_position(EX_2_SOUTH).expect("a view parses");
    assert_eq!(
        view,
        game.view(Viewer::Seat(game.seat_by_name("s").expect("s")))
            .position
    );
    // A view is not a full position: it cannot be played from.
    assert_eq!(refusal(EX_2_SOUTH).field, "position");
}

// ----- malformed strings -----

#[test]
fn too_few_fields() {
    let text = &BASE[..BASE.rfind(' ').expect("fields")];
    assert_refused_at(text, "position", text.len());
}

#[test]
fn too_many_fields() {
    let text = format!("{BASE} 9");
    assert_refused_at(&text, "position", BASE.len() + 1);
}

#[test]
fn an_empty_field() {
    let (text, offset) = with_field(4, "");
    assert_refused_at(&text, "f5", offset);
}

#[test]
fn bad_variant() {
    for variant in ["3p", "2P", "Dark"] {
        let (text, offset) = with_field(0, variant);
        assert_refused_at(&text, "variant", offset);
    }
}

#[test]
fn wrong_number_of_ranks() {
    let text = BASE.replacen("/5", "", 1);
    assert_refused_at(&text, "placement", 3);
}

#[test]
fn rank_covering_too_few_posts() {
    // Rank 6 covers 4 of its 5 posts: the fault is where the missing post should be.
    let (text, start) = with_placement("/2sE2/", "/2sE1/", "2sE1");
    assert_refused_at(&text, "placement", start + "2sE1".len());
}

#[test]
fn rank_covering_too_many_posts_with_a_run() {
    let (text, start) = with_placement("/2sE2/", "/2sE3/", "2sE3");
    assert_refused_at(&text, "placement", start + "2sE".len());
}

#[test]
fn rank_covering_too_many_posts_with_a_piece() {
    let (text, start) = with_placement("/5/5/5/5/1sF3", "/5/5/5/5sP/1sF3", "5sP");
    assert_refused_at(&text, "placement", start + 1);
}

#[test]
fn bad_owner() {
    let (text, offset) = with_placement("2sE2", "2zE2", "zE");
    assert_refused_at(&text, "placement", offset);
}

#[test]
fn dark_owners_are_colours_not_seats() {
    let dark = "dark 3uF1/5/5/5/5/5/2rE2/5/5/5/5/1rF3 s s+0n+0 s=r 0 0";
    assert!(load(dark).is_ok());
    for owner in ["sE", "nE", "eE"] {
        let text = dark.replacen("rE", owner, 1);
        let offset = text.find(&format!("2{owner}")).expect("rank 6") + 1;
        assert_refused_at(&text, "placement", offset);
    }
}

#[test]
fn bad_piece_code() {
    let (text, offset) = with_placement("2sE2", "2sZ2", "sZ");
    assert_refused_at(&text, "placement", offset);
}

#[test]
fn face_down_piece_outside_dark() {
    let (text, offset) = with_placement("2sE2", "2se2", "se");
    assert_refused_at(&text, "placement", offset);
}

#[test]
fn half_a_token() {
    let (text, offset) = with_placement("/2sE2/5/5/5/5/", "/2sE2/5/5/5/4s/", "4s/");
    assert_refused_at(&text, "placement", offset + 1);
}

#[test]
fn a_zero_run() {
    let (text, offset) = with_placement("/2sE2/5/", "/2sE2/05/", "05");
    assert_refused_at(&text, "placement", offset);
    let (text, offset) = with_placement("/2sE2/5/", "/2sE2/0sE4/", "0sE4");
    assert_refused_at(&text, "placement", offset);
}

#[test]
fn bad_to_move() {
    for to_move in ["x", "e", "sn"] {
        let (text, offset) = with_field(2, to_move);
        assert_refused_at(&text, "to-move", offset);
    }
}

#[test]
fn bad_seat_state() {
    let (text, offset) = with_field(3, "s+0n*0");
    assert_refused_at(&text, "seats", offset + 4);
}

#[test]
fn bad_timeout_count() {
    let (text, offset) = with_field(3, "s+0n+6");
    assert_refused_at(&text, "seats", offset + 5);
}

#[test]
fn seats_out_of_order() {
    let (text, offset) = with_field(3, "n+0s+0");
    assert_refused_at(&text, "seats", offset + 3);
}

#[test]
fn a_seat_not_of_the_variant() {
    let (text, offset) = with_field(3, "s+0e+0");
    assert_refused_at(&text, "seats", offset + 3);
}

#[test]
fn a_missing_seat() {
    let (text, offset) = with_field(3, "s+0");
    assert_refused_at(&text, "seats", offset);
}

#[test]
fn four_player_seats_are_all_four_or_s_and_n() {
    let four = "4p 3nF1/5/5/5/5/5/15/wF11/15/11eF/15/5/5/sD4/5/5/1sF3 s s+0e+0n+0w+0 - 0 60";
    assert!(load(four).is_ok());
    let offset = four.find("s+0e").expect("the seats field");
    for seats in ["s+0e+0n+0", "s+0e+0w+0", "s+0w+0"] {
        let text = four.replace("s+0e+0n+0w+0", seats);
        assert_refused_at(&text, "seats", offset);
    }
}

#[test]
fn a_truncated_seat() {
    let (text, offset) = with_field(3, "s+0n+");
    assert_refused_at(&text, "seats", offset + 5);
}

#[test]
fn bad_f5() {
    let (text, offset) = with_field(4, "sq");
    assert_refused_at(&text, "f5", offset + 1);
    let (text, offset) = with_field(4, "ns");
    assert_refused_at(&text, "f5", offset + 1);
    let (text, offset) = with_field(4, "s=r"); // a dark colour assignment
    assert_refused_at(&text, "f5", offset + 1);
}

#[test]
fn bad_counters() {
    for (index, field) in [(5, "Q"), (6, "M")] {
        for value in ["x", "-1", "01", "1.5", "99999999999"] {
            let (text, offset) = with_field(index, value);
            assert_refused_at(&text, field, offset);
        }
    }
}

// ----- no panics -----

/// Characters that position strings are made of, so that edits reach deep into the parser.
const ALPHABET: &[u8] = b"0123456789/ -+!=?*sSeEnNwWrRuUxXjJdDlLtTyYcCpPbBmMfF";

/// Whatever `text` is, loading it either fails with an offset inside the text, or gives a
/// game whose position is written back as `text`, whose views parse and whose every listed
/// action applies.
fn check_any(text: &str) {
    let game = match load(text) {
        Err(error) => {
            assert!(error.offset <= text.len(), "{text}: {error}");
            return;
        }
        Ok(game) => game,
    };
    assert_eq!(view(&game, Viewer::Omniscient), text);
    let mut viewers = vec![Viewer::Spectator];
    viewers.extend(game.seats().iter().map(Viewer::Seat));
    for viewer in viewers {
        let view = view(&game, viewer);
        parse_position(&view).unwrap_or_else(|error| panic!("{view}: {error}"));
    }
    if let ToAct::Seats(seats) = game.to_act() {
        for seat in seats.iter() {
            let mut actions = Vec::new();
            game.legal_actions(seat, &mut actions);
            for action in actions {
                let mut next = game.clone();
                if let Err(error) = next.apply(seat, &action) {
                    panic!("{text}: {} refused: {error}", game.action_text(&action));
                }
            }
        }
    }
}

/// One edit of a string: replace, insert or delete a character at a position, or swap two
/// characters (which often keeps a string well formed, so the edit reaches the rules).
#[derive(Clone, Debug)]
enum Edit {
    Replace(prop::sample::Index, u8),
    Insert(prop::sample::Index, u8),
    Delete(prop::sample::Index),
    Swap(prop::sample::Index, prop::sample::Index),
}

fn edit() -> impl Strategy<Value = Edit> {
    let letter = prop::sample::select(ALPHABET.to_vec());
    prop_oneof![
        (any::<prop::sample::Index>(), letter.clone()).prop_map(|(at, c)| Edit::Replace(at, c)),
        (any::<prop::sample::Index>(), letter).prop_map(|(at, c)| Edit::Insert(at, c)),
        any::<prop::sample::Index>().prop_map(Edit::Delete),
        (any::<prop::sample::Index>(), any::<prop::sample::Index>())
            .prop_map(|(a, b)| Edit::Swap(a, b)),
    ]
}

fn apply_edits(text: &str, edits: &[Edit]) -> String {
    let mut bytes = text.as_bytes().to_vec();
    for edit in edits {
        match *edit {
            Edit::Replace(ref at, c) if !bytes.is_empty() => {
                let at = at.index(bytes.len());
                bytes[at] = c;
            }
            Edit::Insert(ref at, c) => {
                let at = at.index(bytes.len() + 1);
                bytes.insert(at, c);
            }
            Edit::Delete(ref at) if !bytes.is_empty() => {
                let at = at.index(bytes.len());
                bytes.remove(at);
            }
            Edit::Swap(ref a, ref b) if !bytes.is_empty() => {
                let (a, b) = (a.index(bytes.len()), b.index(bytes.len()));
                bytes.swap(a, b);
            }
            _ => {}
        }
    }
    String::from_utf8(bytes).expect("the examples and the alphabet are ASCII")
}

proptest! {
    #[test]
    fn random_garbage_never_panics(text in "\\PC{0,200}") {
        check_any(&text);
    }

    #[test]
    fn random_position_like_strings_never_panic(
        fields in prop::collection::vec("[0-9a-zA-Z/?*=+!-]{0,30}", 0..9)
    ) {
        check_any(&fields.join(" "));
    }

    #[test]
    fn edited_examples_never_panic(
        example in prop::sample::select(EXAMPLES.to_vec()),
        edits in prop::collection::vec(edit(), 1..4),
    ) {
        check_any(&apply_edits(example, &edits));
    }

    #[test]
    fn positions_reached_by_random_play_round_trip(
        example in prop::sample::select(EXAMPLES.to_vec()),
        choices in prop::collection::vec(any::<prop::sample::Index>(), 0..60),
    ) {
        let mut game = load(example).expect("the examples load");
        for choice in choices {
            let ToAct::Seats(seats) = game.to_act() else { break };
            let seat = seats.lowest().expect("a seat to act");
            let mut actions = Vec::new();
            game.legal_actions(seat, &mut actions);
            let action = &actions[choice.index(actions.len())];
            game.apply(seat, action).expect("a listed action applies");
            check_any(&view(&game, Viewer::Omniscient));
        }
    }
}
