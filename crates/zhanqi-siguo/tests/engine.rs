//! `zhanqi engine` serving 四國戰棋: every request of §15.5 through the registry, as a bot
//! writer sees it.

use serde_json::{Value, json};
use zhanqi_protocol::EngineSession as Session;

const EMPTY: &str =
    "18/18/18/18/18/18/18/18/18/18/18/18/18/18/18/18/18/18 d1234 4/2,4/2,4/2,4/2 - 0 0";

const DEMO: [&str; 4] = [
    "Ga1 Rd1 Ca4 Sa5 Sa6 Sb5 Sb6 Sc5 Sc6 Sd5 Sd6 Se1 Se2 Se3 Se4 Se5 Se6 Sf1 Sf2 Sf3 Sf4 Sf5 Sf6",
    "Gr1 Ro1 Cr4 Sm1 Sm2 Sm3 Sm4 Sm5 Sm6 Sn1 Sn2 Sn3 Sn4 Sn5 Sn6 So5 So6 Sp5 Sp6 Sq5 Sq6 Sr5 Sr6",
    "Gr18 Ro18 Cr15 Sm13 Sm14 Sm15 Sm16 Sm17 Sm18 Sn13 Sn14 Sn15 Sn16 Sn17 Sn18 So13 So14 Sp13 Sp14 Sq13 Sq14 Sr13 Sr14",
    "Ga18 Rd18 Ca15 Sa13 Sa14 Sb13 Sb14 Sc13 Sc14 Sd13 Sd14 Se13 Se14 Se15 Se16 Se17 Se18 Sf13 Sf14 Sf15 Sf16 Sf17 Sf18",
];

const START: &str = "G42R4S4S46S3S3R32G3/4S4S46S3S34/4S4S46S3S34/C43S4S46S3S33C3/S4S4S4S4S4S46S3S3S3S3S3S3/S4S4S4S4S4S46S3S3S3S3S3S3/18/18/18/18/18/18/S1S1S1S1S1S16S2S2S2S2S2S2/S1S1S1S1S1S16S2S2S2S2S2S2/C13S1S16S2S23C2/4S1S16S2S24/4S1S16S2S24/G12R1S1S16S2S2R22G2 1 4/2,4/2,4/2,4/2 - 0 0";

#[test]
fn games_lists_siguo_with_its_one_mode() {
    let games = Session::new().ok(&json!({"op":"games"}));
    let entry = games["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|game| game["game"] == "siguo")
        .cloned();
    assert_eq!(entry, Some(json!({"game":"siguo","modes":["standard"]})));
}

#[test]
fn new_starts_after_the_reveal_with_given_or_seeded_deployments() {
    let mut session = Session::new();
    let deployments = json!({"1":DEMO[0],"2":DEMO[1],"3":DEMO[2],"4":DEMO[3]});
    let answer = session.ok(&json!({"op":"new","game":"siguo","seed":3,"deployments":deployments}));
    assert_eq!(answer["position"], START);
    let first = session.ok(&json!({"op":"new","game":"siguo","seed":5}));
    let again = session.ok(&json!({"op":"new","game":"siguo","seed":5}));
    let other = session.ok(&json!({"op":"new","game":"siguo","seed":6}));
    assert_eq!(first, again);
    assert_ne!(first, other);
    assert!(
        first["position"]
            .as_str()
            .unwrap()
            .ends_with(" 1 4/2,4/2,4/2,4/2 - 0 0")
    );
    // A seat's random deployment does not depend on the others being given.
    let given =
        session.ok(&json!({"op":"new","game":"siguo","seed":5,"deployments":{"2":DEMO[1]}}));
    let rank_1 = |position: &Value| {
        position["position"]
            .as_str()
            .unwrap()
            .split('/')
            .nth(17)
            .unwrap()[..3]
            .to_owned()
    };
    assert_eq!(rank_1(&given), rank_1(&first));
    // Seat 1's deployment is no deployment of seat 2; a key that is no seat is refused.
    let refusal =
        session.refused(&json!({"op":"new","game":"siguo","seed":5,"deployments":{"2":DEMO[0]}}));
    assert!(refusal.contains("outer corner r1"), "{refusal}");
    session.refused(&json!({"op":"new","game":"siguo","seed":5,"deployments":{"5":DEMO[0]}}));
    session.refused(&json!({"op":"new","game":"siguo","mode":"2p","seed":5}));
}

#[test]
fn the_deployment_phase_of_tv27_through_the_engine() {
    let mut session = Session::new();
    assert_eq!(session.load("siguo", EMPTY)["position"], EMPTY);
    assert_eq!(
        session.ok(&json!({"op":"legal"})),
        json!({"ok":true,"to_move":["1","2","3","4"],"moves":{"1":null,"2":null,"3":null,"4":null}})
    );
    let played = session.play("3", DEMO[2]);
    assert_eq!(played["record"], format!("deploy {}", DEMO[2]));
    let after = "12S3S3R32G3/12S3S34/12S3S34/12S3S33C3/12S3S3S3S3S3S3/12S3S3S3S3S3S3/18/18/18/18/18/18/18/18/18/18/18/18 d124 4/2,4/2,4/2,4/2 - 0 0";
    assert_eq!(played["position"], after);
    assert_eq!(
        session.ok(&json!({"op":"view","seat":"3"}))["position"],
        after
    );
    assert_eq!(
        session.ok(&json!({"op":"view","seat":"1"}))["position"],
        EMPTY.replace("d1234", "d124")
    );
    assert_eq!(
        session.ok(&json!({"op":"legal"}))["moves"],
        json!({"1":null,"2":null,"4":null})
    );
    session.refused(&json!({"op":"play","seat":"3","move":DEMO[2]}));
    session.refused(&json!({"op":"play","seat":"1","move":DEMO[0].replace("Rd1 Ca4", "Ca4 Rd1")}));
    session.refused(&json!({"op":"perft","depth":1}));
    for seat in ["1", "2", "4"] {
        session.play(seat, DEMO[seat.parse::<usize>().unwrap() - 1]);
    }
    assert_eq!(session.ok(&json!({"op":"position"}))["position"], START);
    assert_eq!(
        session.ok(&json!({"op":"view","seat":"2"}))["position"],
        START
    );
}

#[test]
fn play_records_and_refusals_follow_the_opening_of_12_1() {
    let mut session = Session::new();
    session.load("siguo", START);
    for (seat, action, record) in [
        ("1", "f6-h6", "f6-h6"),
        ("2", "m6-k6", "m6-k6"),
        ("3", "m13-m11", "m13-m11"),
        ("4", "f13-f11", "f13-f11"),
        ("1", "h6-j6", "h6-j6"),
        ("2", "k6xj6", "k6xj6"),
    ] {
        assert_eq!(session.play(seat, action)["record"], record);
    }
    assert!(
        session.ok(&json!({"op":"position"}))["position"]
            .as_str()
            .unwrap()
            .ends_with(" 3 4/2,4/2,4/2,4/2 - 0 6")
    );
    // Not seat 1's turn; not a legal move; not notation.
    session.refused(&json!({"op":"play","seat":"1","move":"e6-e7"}));
    session.refused(&json!({"op":"play","seat":"3","move":"m14-m9"}));
    session.refused(&json!({"op":"play","seat":"3","move":"zz"}));
    session.refused(&json!({"op":"roll"}));
    let legal = session.ok(&json!({"op":"legal"}));
    let moves: Vec<&str> = legal["moves"]["3"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    let mut sorted = moves.clone();
    sorted.sort_unstable();
    assert_eq!(moves, sorted, "legal lists in byte order");
    assert_eq!(
        session.ok(&json!({"op":"outcome"})),
        json!({"ok":true,"outcome":null})
    );
}

#[test]
fn a_redeployment_and_a_bomb_through_the_engine_as_12_2() {
    let mut session = Session::new();
    session.load(
        "siguo",
        "1:Ga1,Rl8,Sa5,Sb5,Sc5,Sd5,Se5 2:Gr1,Sk4,Sm6,Sk2,Sj3 3:Gr18,Sk1 4:Ga18,Cl2",
    );
    for (seat, action) in [
        ("1", "l8-l5"),
        ("2", "r1-q1"),
        ("3", "r18-r17"),
        ("4", "a18-a17"),
    ] {
        session.play(seat, action);
    }
    let legal = session.ok(&json!({"op":"legal"}));
    assert_eq!(legal["moves"]["1"].as_array().unwrap().len(), 83);
    assert_eq!(
        session.play("1", "redeploy l5 a5>k5")["record"],
        "redeploy l5 a5>k5"
    );
    for step in ["b5>m5", "c5>k6"] {
        assert_eq!(session.play("1", step)["record"], step);
    }
    assert_eq!(
        session.ok(&json!({"op":"legal"}))["moves"]["1"]
            .as_array()
            .unwrap()
            .len(),
        16
    );
    let last = session.play("1", "d5>l6");
    assert_eq!(
        last["position"],
        "18/G416G3/18/18/18/18/18/18/18/18/18/18/10S1S1S25/4S15S1R1S15/10S27/9S28/10S2C46/G19S35G21 2 4/2,4/2,4/2,4/2 - 5 5"
    );
    for (seat, action) in [("2", "q1-r1"), ("3", "r17-r18"), ("4", "a17-a18")] {
        session.play(seat, action);
    }
    assert_eq!(
        session.ok(&json!({"op":"perft","depth":1}))["nodes"],
        session.ok(&json!({"op":"legal"}))["moves"]["1"]
            .as_array()
            .unwrap()
            .len()
    );
    let bombed = session.play("1", "bomb l5");
    assert_eq!(
        bombed["position"],
        "G416G3/18/18/18/18/18/18/18/18/18/18/18/10S1S1S25/4S15S1R1S15/10S27/18/18/G19S36G2 2 3/2,4/2,4/2,4/2 - 0 9"
    );
}

#[test]
fn outcome_and_game_over_of_tv28() {
    let mut session = Session::new();
    session.load("siguo", "1:Ga1,Rr5 2:Gr1 3:Gr18");
    session.play("1", "r5xr1");
    assert_eq!(
        session.ok(&json!({"op":"position"}))["position"],
        "17G3/18/18/18/18/18/18/18/18/18/18/18/18/18/18/18/18/G116R1 - 4/2,-,4/2,- - 0 1"
    );
    assert_eq!(
        session.ok(&json!({"op":"legal"})),
        json!({"ok":true,"to_move":[],"moves":{}})
    );
    assert_eq!(
        session.ok(&json!({"op":"outcome"}))["outcome"],
        json!({"result":"win","winners":["1","3"],"reason":"generals_captured"})
    );
    session.refused(&json!({"op":"play","seat":"3","move":"r18-r17"}));
    session.refused(&json!({"op":"think","seat":"3","player":"random"}));
    // The quiet limit: 199 quiet actions, then one more.
    session.load("siguo", "1:Ga1,Se5 2:Gr1 3:Gr18 4:Ga18");
    let position = session.ok(&json!({"op":"position"}))["position"]
        .as_str()
        .unwrap()
        .replace(" - 0 0", " - 199 199");
    session.load("siguo", &position);
    session.play("1", "e5-e6");
    assert_eq!(
        session.ok(&json!({"op":"outcome"}))["outcome"],
        json!({"result":"draw","winners":[],"reason":"quiet_limit"})
    );
}

#[test]
fn load_answers_the_canonical_string_and_refuses_every_problem() {
    let mut session = Session::new();
    let answer = session.load("siguo", "1:Ga1,Rl9 2:Gr1,Sl5 3:Gr18 4:Ga18");
    assert!(
        answer["position"]
            .as_str()
            .unwrap()
            .ends_with(" 1 4/2,4/2,4/2,4/2 - 0 0")
    );
    let refusal = session.refused(
        &json!({"op":"load","game":"siguo","position":START.replace(" 1 4/2", " d1234 4/2")}),
    );
    assert!(refusal.contains("position"), "{refusal}");
    session.refused(&json!({"op":"load","game":"siguo","position":"18/18 1"}));
}

#[test]
fn think_gives_a_whole_deployment_then_listed_moves() {
    let mut session = Session::new();
    session.load("siguo", EMPTY);
    let answer = session.ok(&json!({"op":"think","seat":"2","player":"heuristic","seed":1}));
    let deployment = answer["move"].as_str().unwrap().to_owned();
    assert!(deployment.starts_with("Gr1 "), "{deployment}");
    session.play("2", &deployment);
    session.load("siguo", START);
    for player in ["random", "heuristic", "ismcts:iters=30"] {
        let answer = session.ok(&json!({"op":"think","seat":"1","player":player,"seed":2}));
        let legal = session.ok(&json!({"op":"legal"}));
        assert!(
            legal["moves"]["1"]
                .as_array()
                .unwrap()
                .contains(&answer["move"]),
            "{player}: {answer}"
        );
    }
}

#[test]
fn the_engine_refuses_options_and_plays_the_default_rules() {
    // §15.5: "A `load` or `new` with a non-empty "options" is refused", though rooms offer
    // every §14 parameter.
    let mut session = Session::new();
    let position = "1:Ga1,Rl9 2:Gr1,Sl5 3:Gr18 4:Ga18";
    for options in [json!({"quiet_limit":50}), json!({"general_captures":false})] {
        for request in [
            json!({"op":"new","game":"siguo","seed":5,"options":options}),
            json!({"op":"load","game":"siguo","position":position,"options":options}),
        ] {
            let refusal = session.refused(&request);
            assert!(refusal.contains("takes no options"), "{refusal}");
            assert!(!refusal.contains('§'), "{refusal}");
        }
    }
    // A refused request leaves no game behind.
    session.refused(&json!({"op":"legal"}));
    // No options, null and the empty object are the default game, the same each way.
    let plain = session.ok(&json!({"op":"new","game":"siguo","seed":5}));
    for options in [Value::Null, json!({})] {
        let again = session.ok(&json!({"op":"new","game":"siguo","seed":5,"options":options}));
        assert_eq!(again, plain);
        let loaded =
            session.ok(&json!({"op":"load","game":"siguo","position":position,"options":options}));
        assert!(
            loaded["position"]
                .as_str()
                .unwrap()
                .ends_with(" 1 4/2,4/2,4/2,4/2 - 0 0")
        );
    }
}

#[test]
fn rooms_still_offer_every_option_of_14() {
    let entry = zhanqi_protocol::Registry::standard().find("siguo").unwrap();
    assert!(!entry.engine_options());
    assert_eq!(entry.option_fields(None).len(), 17);
    // Rooms (and records) create games with options: the registry itself takes them.
    let options = json!({"quiet_limit":50});
    assert!(entry.new_game_with(None, Some(&options), 5, &[]).is_ok());
}

/// §15.3.1: `new` and `play` read a deployment only as its deployment string (§11.4); a
/// room's layout (the lobby's editor form) reaches the game through the registry's
/// `new_game_from_setups`, never through the engine protocol.
#[test]
fn the_engine_refuses_a_layout_and_rooms_start_from_theirs() {
    // §12.1's demo is this layout for seats 1 and 3; seats 2 and 4 see their zones mirrored
    // (layout.rs), so the same layout is a different deployment for them.
    const DEMO_LAYOUT: &str = "SSSSSS/SSSSSS/C...SS/....SS/....SS/G..RSS";
    let mut session = Session::new();
    let layouts = json!({"1":DEMO_LAYOUT,"2":DEMO[1],"3":DEMO[2],"4":DEMO[3]});
    let error = session.refused(&json!({"op":"new","game":"siguo","seed":3,"deployments":layouts}));
    assert!(error.contains("deploy"), "{error}");
    session.load("siguo", EMPTY);
    session.refused(&json!({"op":"play","seat":"3","move":DEMO_LAYOUT}));
    let played = session.ok(&json!({"op":"play","seat":"3","move":DEMO[2]}));
    assert_eq!(played["record"], format!("deploy {}", DEMO[2]));

    let entry = zhanqi_protocol::Registry::standard().find("siguo").unwrap();
    let setups = [
        ("1", DEMO_LAYOUT),
        ("2", DEMO_LAYOUT),
        ("3", DEMO_LAYOUT),
        ("4", DEMO_LAYOUT),
    ];
    let game = entry.new_game_from_setups(None, None, 3, &setups).unwrap();
    let position = game.position(zhanqi_core::Viewer::Spectator);
    assert!(position.contains(" 1 4/2,4/2,4/2,4/2 - 0 0"), "{position}");
    let broken = [("1", "SSSSSS/SSSSSS/C...SS/....SS/....SS/...RSS")];
    assert!(entry.new_game_from_setups(None, None, 3, &broken).is_err());
}
