//! The notation of §12: canonical round trips, `load`'s reordering and refusals (each naming
//! its line, field and offset), and actions.

use zhanqi_core::{Game, GameNotation, Seat, Viewer};
use zhanqi_qizhan::{Action, Qizhan, QizhanOptions};

const CANONICAL: &str = "qizhan main A turn 6 spent 0 bonus 0 played 0 last 11 seq 40\n\
A hand AZ03#4,AZ03#12,AZ17#9 deck AZ09,AZ01 discard -/AZ05/-/AZ12,AZ14 exile AZ16\n\
A board FL=AZ03#31:3/1/1 F1=AZ06#27:6/1/1!+AZ12+AZ13[armour+1:rA][atk+2:t],AZ04#33:4/0/0\n\
B hand CW08#21 deck - discard -/-/-/- exile -\n\
B board L1=CW06#35:2/0/0[atk-1:p][guard:rB]\n\
stack -";

fn load(text: &str) -> Result<Qizhan, String> {
    Qizhan::load(text, None, 0).map_err(|e| e.to_string())
}

#[test]
fn a_canonical_position_reads_back_byte_for_byte() {
    let game = load(CANONICAL).unwrap();
    assert_eq!(game.position(Viewer::Omniscient), CANONICAL);
}

#[test]
fn load_orders_what_may_come_in_any_order() {
    let shuffled = CANONICAL
        .replace("AZ03#4,AZ03#12,AZ17#9", "AZ17#9,AZ03#12,AZ03#4")
        .replace("AZ12,AZ14", "AZ14,AZ12")
        .replace(
            "FL=AZ03#31:3/1/1 F1=AZ06#27:6/1/1!+AZ12+AZ13[armour+1:rA][atk+2:t],AZ04#33:4/0/0",
            "F1=AZ04#33:4/0/0,AZ06#27:6/1/1!+AZ12+AZ13[atk+2:t][armour+1:rA] FL=AZ03#31:3/1/1",
        );
    assert_ne!(shuffled, CANONICAL);
    assert_eq!(
        load(&shuffled).unwrap().position(Viewer::Omniscient),
        CANONICAL
    );
}

/// `load` refuses `text`, naming `field` at character `offset`.
fn refuses(text: &str, field: &str, offset: usize, part: &str) {
    let error = Qizhan::load(text, None, 0).expect_err("load refuses");
    assert_eq!(error.field, field, "{error}");
    assert_eq!(error.offset, offset, "{error}");
    assert!(
        error.message.contains(part),
        "'{part}' missing from {error}"
    );
}

#[test]
fn load_refuses_with_line_field_and_offset() {
    let offset = |needle: &str| CANONICAL.find(needle).unwrap();
    refuses(
        &CANONICAL.replace("qizhan main", "qizhan mian"),
        "line 1 phase",
        7,
        "not a phase",
    );
    refuses(
        &CANONICAL.replace("AZ09,AZ01", "AZ09,ZZ01"),
        "line 2 deck",
        offset("AZ01"),
        "not a card id",
    );
    refuses(
        &CANONICAL.replace("FL=AZ03#31", "FL=AZ14#31"),
        "line 3 board",
        offset("AZ03#31"),
        "not a main card",
    );
    refuses(
        &CANONICAL.replace("AZ04#33", "AZ04#31"),
        "line 3 entry",
        offset("AZ04#33"),
        "used twice",
    );
    refuses(
        &CANONICAL.replace("seq 40", "seq 34"),
        "line 5 entry",
        offset("CW06#35"),
        "above seq",
    );
    refuses(
        &CANONICAL.replace("AZ03#31:3/1/1", "AZ03#31:4/1/1"),
        "line 3 board",
        offset("AZ03#31"),
        "outside 1 … 3",
    );
    refuses(
        &CANONICAL.replace("+AZ12+AZ13", "+AZ12+AZ13+AZ12"),
        "line 3 board",
        offset("AZ06#27"),
        "equip_limit",
    );
    refuses(
        &CANONICAL.replace("+AZ12+AZ13", "+AZ12+AZ14"),
        "line 3 board",
        offset("AZ06#27"),
        "not equipment",
    );
    refuses(
        &CANONICAL.replace("turn 6", "turn 31"),
        "line 1 turn",
        offset("6 spent"),
        "outside 1 … 30",
    );
    refuses(
        &CANONICAL.replace("seq 40", "seq 40 result A no_cards"),
        "line 1 result",
        CANONICAL.find('\n').unwrap() + " result A no_cards".len(),
        "only phase over",
    );
    refuses(
        &CANONICAL.replace("main A", "over A"),
        "line 1 result",
        CANONICAL.find('\n').unwrap(),
        "needs a result",
    );
    refuses(
        &CANONICAL.replace(
            "L1=CW06",
            "L1=CW10#36:5/1/0,CW10#37:5/1/0,CW10#38:5/1/0,CW06",
        ),
        "line 5 board",
        offset("L1=CW06"),
        "over zone_capacity",
    );
    refuses(
        &CANONICAL.replace("L1=CW06#35", "FL=CW10#35"),
        "line 5 board",
        offset("CW06#35"),
        "may not be in a front zone",
    );
    refuses(
        &CANONICAL.replace("stack -", "stack destroyed:CW06:B:B.L2#35:0"),
        "line 6 stack",
        offset("stack -") + 6,
        "another zone",
    );
    refuses(
        &CANONICAL.replace("stack -", "stack destroyed:CW06:B:B.L2#50:2"),
        "line 6 stack",
        offset("stack -") + 6 + "destroyed:CW06:B:B.L2#50:".len(),
        "past the end",
    );
    refuses(
        &CANONICAL
            .replace("main A", "swap A")
            .replace("stack -", "stack destroyed:CW06:B:B.L2#50:0"),
        "line 1 phase",
        7,
        "cannot have a stack",
    );
    refuses(
        &CANONICAL.replace("main A", "discard A"),
        "line 1 phase",
        7,
        "7.3(c)",
    );
    refuses(
        &CANONICAL.replace("main A", "trim A"),
        "line 1 phase",
        7,
        "hand_limit",
    );
    refuses(
        &CANONICAL.replace("stack -", "stack play:AZ14:A:A.FL#31:1"),
        "line 1 phase",
        7,
        "does not wait for a choice",
    );
    refuses(
        &CANONICAL.replace("hand CW08#21", "hand ?1"),
        "line 4 hand",
        offset("CW08#21"),
        "hidden hand",
    );
    refuses(
        &CANONICAL.replace("\nstack -", ""),
        "line 1 position",
        CANONICAL.len() - 8,
        "6 lines",
    );
}

#[test]
fn a_view_does_not_load() {
    let game = load(CANONICAL).unwrap();
    assert!(load(&game.position(Viewer::Seat(Seat::new(0)))).is_err());
}

#[test]
fn every_action_form_reads_back() {
    let game = Qizhan::new(&QizhanOptions::default(), 0).unwrap();
    for text in [
        "discard AZ03",
        "noswap",
        "swap AZ17",
        "end",
        "play AZ03 A.L1",
        "play AZ14 A.F2#28",
        "play CW18",
        "move A.L1#23 A.F1",
        "attack A.F1#27 B.F1#33",
        "target A.F4#27",
        "target B.F2",
        "to B.FL",
        "revive CW06 B.L2",
        "CW03#14",
        "concede",
    ] {
        let action = game.parse_action(Seat::new(0), text).expect(text);
        assert_eq!(game.action_text(&action), text);
        assert_eq!(game.record_text(&action, &[]), text);
    }
    let concede = game.parse_action(Seat::new(0), "concede").unwrap();
    assert_eq!(concede, Action::Concede);
}

#[test]
fn action_errors_name_the_offset() {
    let game = Qizhan::new(&QizhanOptions::default(), 0).unwrap();
    for (text, offset, part) in [
        ("play ZZ01 A.L1", 5, "not a card id"),
        ("play AZ03 A.L9", 10, "not a zone"),
        ("move A.L1#0 A.F1", 10, "entry number"),
        ("attack A.F1#27", 14, "takes 2 word"),
        ("fly away", 0, "not an action"),
        ("end  ", 4, "single spaces"),
    ] {
        let error = game.parse_action(Seat::new(0), text).expect_err(text);
        assert_eq!(error.offset, offset, "{text}: {error}");
        assert!(error.message.contains(part), "{text}: {error}");
        assert!(error.field.contains(text));
    }
}

#[test]
fn concession_is_refused_only_after_the_end() {
    let mut game = load(CANONICAL).unwrap();
    game.apply(Seat::new(1), &Action::Concede)
        .expect("B may concede on A's turn");
    assert_eq!(game.outcome().unwrap().reason, "concede");
    assert!(game.apply(Seat::new(0), &Action::Concede).is_err());
}
