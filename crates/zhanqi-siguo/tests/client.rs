//! The client contract (`ClientGame`): the testkit's properties over random games, and what the
//! board, tables, events, choices and the deployment editor hold.

use serde_json::{Value, json};
use zhanqi_core::testkit::{PlayoutConfig, check_client_contract};
use zhanqi_core::{ClientGame, Game, GameNotation, GameRng, Seat, Viewer};
use zhanqi_siguo::{Layout, Siguo, SiguoOptions};

use crate::common::{load, load_at, seat};

/// [`Siguo`] started some random plies into a game, with the client contract of `Siguo`.
#[path = "client/mid_game.rs"]
mod mid_game;

use mid_game::MidGame;

const DEMO: &str = "SSSSSS/SSSSSS/C...SS/....SS/....SS/G..RSS";

fn config(games: usize, max_plies: usize, seed: u64) -> PlayoutConfig {
    PlayoutConfig {
        games,
        max_plies,
        seed,
    }
}

fn json_of(value: impl serde::Serialize) -> Value {
    serde_json::to_value(value).unwrap()
}

#[test]
fn the_client_contract_from_the_deployment_on() {
    check_client_contract::<Siguo>(&SiguoOptions::default(), &config(6, 120, 0));
}

#[test]
fn the_client_contract_anywhere_in_random_games() {
    check_client_contract::<MidGame>(&SiguoOptions::default(), &config(400, 12, 900));
}

#[test]
fn the_client_contract_under_the_alternatives_of_the_rules() {
    // The option sets of the rules' properties: every §14 parameter changed at least once.
    for (index, options) in crate::properties::alternatives().into_iter().enumerate() {
        check_client_contract::<MidGame>(&options, &config(30, 10, 3000 + 100 * index as u64));
    }
}

#[test]
fn the_board_marks_border_bases_zones_and_the_deployment_boundary() {
    let board = json_of(Siguo::start(SiguoOptions::default()).board());
    assert_eq!(board["width"], 18);
    assert_eq!(board["border"], 9);
    let points = board["points"].as_array().unwrap();
    assert_eq!(points.len(), 324);
    let a1 = points.iter().find(|p| p["name"] == "a1").unwrap();
    assert_eq!(
        (a1["x"].clone(), a1["y"].clone(), a1["region"].clone()),
        (json!(0), json!(17), json!("1"))
    );
    assert_eq!(points.iter().filter(|p| p["zone"] == true).count(), 4 * 36);
    let bases = board["bases"].as_array().unwrap();
    assert_eq!(bases.len(), 8);
    let l14 = bases.iter().find(|b| b["name"] == "l14").unwrap();
    assert_eq!(l14["region"], "3");
    let mut around: Vec<&str> = l14["around"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_str().unwrap())
        .collect();
    around.sort_unstable();
    assert_eq!(
        around,
        ["k13", "k14", "k15", "l13", "l15", "m13", "m14", "m15"]
    );
    let mut zone: Vec<&str> = l14["zone"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_str().unwrap())
        .collect();
    zone.sort_unstable();
    assert_eq!(
        zone,
        [
            "j16", "j17", "j18", "k16", "k17", "k18", "l16", "l17", "l18"
        ]
    );
    let seats = board["seats"].as_array().unwrap();
    assert_eq!(seats[2]["corner"], "r18");
    assert_eq!(seats[0]["boundary"], json!(["a6", "f6", "f1"]));
    assert_eq!(seats[1]["turns"], 1);
}

/// Plays the given deployments (layouts) of seats 1–4 in order.
fn deployed(layouts: [&str; 4]) -> Siguo {
    let mut game = Siguo::start(SiguoOptions::default());
    for (index, layout) in layouts.iter().enumerate() {
        let seat = Seat::new(index);
        let text = game.setup_action(seat, layout).unwrap();
        let action = game.parse_action(seat, &text).unwrap();
        game.apply(seat, &action).unwrap();
    }
    game
}

#[test]
fn before_the_reveal_a_table_shows_only_the_viewers_own_deployment() {
    let mut game = Siguo::start(SiguoOptions::default());
    for index in [2, 0] {
        let seat = Seat::new(index);
        let text = game.setup_action(seat, DEMO).unwrap();
        let action = game.parse_action(seat, &text).unwrap();
        game.apply(seat, &action).unwrap();
    }
    for (viewer, owners) in [
        (Viewer::Seat(seat(1)), vec!["1"]),
        (Viewer::Seat(seat(3)), vec!["3"]),
        (Viewer::Seat(seat(2)), vec![]),
        (Viewer::Spectator, vec![]),
    ] {
        let table = json_of(game.table(viewer));
        let mut seen: Vec<&str> = table["cells"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["seat"].as_str().unwrap())
            .collect();
        seen.dedup();
        assert_eq!(seen, owners, "{viewer:?}");
        assert_eq!(table["phase"], "deployment");
        let deployed: Vec<bool> = table["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["deployed"].as_bool().unwrap())
            .collect();
        assert_eq!(deployed, [true, false, true, false]);
    }
    // The platform's probe is a game with every deployment drawn: it still has the editor.
    assert!(
        game.setup_editor(seat(1))
            .is_some_and(|editor| editor.before_start && !editor.public)
    );
}

#[test]
fn the_same_layout_deploys_every_seat_and_the_reveal_shows_all() {
    let game = deployed([DEMO; 4]);
    let table = json_of(game.table(Viewer::Spectator));
    assert_eq!(table["phase"], "play");
    assert_eq!(table["to_move"], "1");
    assert_eq!(table["cells"].as_array().unwrap().len(), 92);
    // §12.1's start position, except that seats 2 and 4 see R and C on mirrored points.
    assert!(
        table["position"]
            .as_str()
            .unwrap()
            .ends_with(" 1 4/2,4/2,4/2,4/2 - 0 0")
    );
}

#[test]
fn every_listed_action_is_clicked_as_the_module_documents() {
    // TV29: an exchange alone and with each first step of a redeployment.
    let game = load_at(
        "1:Ga1,Cg14,Sa5,Sb5 2:Gr1,Sk4 3:Gr18,Sl5,Sq15 4:Ga18,Sg13,Sh17",
        1,
        "-",
    );
    let mut actions = Vec::new();
    game.legal_actions(seat(1), &mut actions);
    let clicks: Vec<Vec<String>> = actions
        .iter()
        .map(|a| game.choice(seat(1), a).clicks)
        .collect();
    assert!(clicks.contains(&vec!["exchange:g14:l5".to_owned()]));
    assert!(clicks.contains(&vec![
        "exchange:g14:l5".to_owned(),
        "a5".to_owned(),
        "k5".to_owned()
    ]));
    assert!(clicks.contains(&vec!["a5".to_owned(), "a6".to_owned()]));
    // §12.2 after action 4: a bomb-free position with a right on l5.
    let game = load_at("1:Ga1,Rl5,Sa5,Sb5 2:Gr1,Sk2 3:Gr18 4:Ga18", 1, "1@l5");
    actions.clear();
    game.legal_actions(seat(1), &mut actions);
    let clicks: Vec<Vec<String>> = actions
        .iter()
        .map(|a| game.choice(seat(1), a).clicks)
        .collect();
    assert!(clicks.contains(&vec![
        "redeploy:l5".to_owned(),
        "a5".to_owned(),
        "k5".to_owned()
    ]));
    assert!(clicks.contains(&vec!["bomb:l5".to_owned()]));
}

#[test]
fn events_name_the_mover_the_capture_and_the_bombed_zone() {
    // TV12: a bomb that eliminates seat 2.
    let before = load("1:Ga1,Rl5 2:Gk1,Sm1,Sq9 3:Gr18 4:Ga18,Sk3");
    let mut after = before.clone();
    let action = after.parse_action(seat(1), "bomb l5").unwrap();
    let events = after.apply(seat(1), &action).unwrap();
    let shown = json_of(after.event_views(&before, &action, &events, Viewer::Spectator));
    let kinds: Vec<&str> = shown
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds[0], "bombed");
    assert!(kinds.contains(&"removed"));
    assert!(kinds.contains(&"bombed"));
    assert!(kinds.contains(&"eliminated"));
    let bombed = shown
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["kind"] == "bombed")
        .unwrap();
    assert_eq!(bombed["seat"], "1");
    assert_eq!(bombed["zone"].as_array().unwrap().len(), 9);
    let event = after.event_views(&before, &action, &events, Viewer::Seat(seat(3)));
    assert_eq!(json_of(&event), shown, "every event is public");
    let movers: Vec<Option<Seat>> = event.iter().map(|e| after.moved_by(e)).collect();
    assert!(movers.contains(&Some(seat(1))));
    // TV14: a capture onto an enemy base.
    let before = load("1:Ga1,Rl9 2:Gr1,Sl5 3:Gr18 4:Ga18");
    let mut after = before.clone();
    let action = after.parse_action(seat(1), "l9xl5").unwrap();
    let events = after.apply(seat(1), &action).unwrap();
    let shown = json_of(after.event_views(&before, &action, &events, Viewer::Spectator));
    let moved = shown
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["kind"] == "moved")
        .unwrap();
    assert_eq!(
        (
            moved["seat"].clone(),
            moved["piece"].clone(),
            moved["capture"].clone()
        ),
        (json!("1"), json!("R"), json!(true))
    );
    assert!(
        shown
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e["kind"] == "right_gained" && e["base"] == "l5")
    );
}

#[test]
fn the_editor_checks_swaps_and_draws_layouts_for_any_seat() {
    let game = Siguo::start(SiguoOptions::default());
    let mut rng = GameRng::from_seed(1);
    for index in 0..4 {
        let seat = Seat::new(index);
        let random = game.random_setup(seat, &mut rng).unwrap();
        assert_eq!(game.check_setup(seat, &random).unwrap(), random);
        let view = json_of(game.setup_view(seat, &random).unwrap());
        assert_eq!(view["cells"].as_array().unwrap().len(), 23);
        assert_eq!(view["zone"].as_array().unwrap().len(), 36);
    }
    // Seat 3: the chariot at the back (o18) swapped with the soldier at the front right (m13).
    let seat3 = seat(3);
    let view = json_of(game.setup_view(seat3, DEMO).unwrap());
    assert_eq!(view["corner"], "r18");
    let piece_at = |view: &Value, point: &str| {
        view["cells"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["point"] == point)
            .map(|c| c["piece"].clone())
    };
    assert_eq!(piece_at(&view, "o18"), Some(json!("R")));
    let swapped = game.swap_setup(seat3, DEMO, "o18", "m13").unwrap();
    assert_eq!(swapped, "SSSSSR/SSSSSS/C...SS/....SS/....SS/G..SSS");
    // Moving the general off its corner, or naming a point outside the zone, is refused.
    let error = game.swap_setup(seat3, DEMO, "r18", "o18").unwrap_err();
    assert_eq!(error.violations.len(), 2, "{error:?}");
    assert!(
        error
            .violations
            .iter()
            .all(|v| !v.contains("§") && !v.contains("(")),
        "{error:?}"
    );
    let error = game.swap_setup(seat3, DEMO, "a1", "q18").unwrap_err();
    assert_eq!(error.violations.len(), 1);
    assert!(error.violations[0].starts_with("a1 is not a point of your deployment zone"));
    // Every violation at once, each one sentence in English and Chinese.
    let error = game
        .check_setup(seat3, "SSSSSS/SSSSSS/SSSSSS/SSS.../....C./R.....")
        .unwrap_err();
    assert_eq!(error.violations.len(), 3, "{error:?}");
    for violation in &error.violations {
        assert!(violation.contains(" — "), "{violation}");
    }
    let error = game.check_setup(seat3, "not a layout").unwrap_err();
    assert!(!error.violations.is_empty());
}

/// A room keeps the layout and starts the game with the seat's deployment string (§11.4), the
/// only deployment `play` reads (§15.3.1).
#[test]
fn a_layout_becomes_the_seats_deployment_string_and_play_reads_only_that() {
    let game = Siguo::start(SiguoOptions::default());
    let layout = Layout::parse(DEMO).unwrap();
    for index in 0..4 {
        let seat = Seat::new(index);
        let text = game.setup_action(seat, DEMO).unwrap();
        assert_eq!(layout.deployment(seat).unwrap().to_string(), text);
        let action = game.parse_action(seat, &text).unwrap();
        assert_eq!(game.action_text(&action), text);
        assert!(
            game.parse_action(seat, DEMO).is_err(),
            "a layout is not a §11.4 string"
        );
    }
    let broken = game.setup_action(seat(1), "SSSSSS/SSSSSS/C...SS/....SS/....SS/...RSS");
    assert!(!broken.unwrap_err().violations.is_empty());
}

#[test]
fn options_fields_offer_every_parameter_with_its_standard_default() {
    let fields = Siguo::option_fields();
    let standard = json_of(SiguoOptions::default());
    let keys: Vec<&str> = fields.iter().map(|f| f.key).collect();
    assert_eq!(keys.len(), standard.as_object().unwrap().len());
    for field in &fields {
        assert_eq!(standard[field.key], field.default, "{}", field.key);
        assert!(!field.label_en.is_empty() && !field.label_zh.is_empty());
        let mut extra = serde_json::Map::new();
        extra.insert(field.key.to_owned(), field.default.clone());
        Siguo::options_for(None, Some(&Value::Object(extra))).unwrap();
    }
    assert_eq!(<Siguo as ClientGame>::profile_family(), "siguo");
}
