//! The leak check: no frame may carry an identity its receiver may not see.

use std::collections::BTreeSet;

use serde_json::Value;

/// One known identity: (post, owner, piece).
pub type Fact = (String, String, char);

/// Every identity a frame shows, checked against what `me` (a seat, or `None` for a
/// spectator) may see; panics on a leak. Returns the identities shown during play, to be
/// compared with the omniscient record afterwards.
pub fn check_frame(frame: &Value, me: Option<&str>) -> Vec<Fact> {
    let mut shown = Vec::new();
    match frame["type"].as_str() {
        Some("room") if frame["room"]["game"] == "shengke" => check_shengke_room(frame, me),
        Some("room") => {
            let room = &frame["room"];
            if room["phase"] == "over" {
                return shown;
            }
            // Before sitting down a seat's person is a spectator; never anybody else.
            let seated = room["you"].as_str();
            assert!(
                seated.is_none() || seated == me,
                "a frame for the wrong receiver: {frame}"
            );
            let me = seated;
            let view = &room["view"];
            let public: BTreeSet<&str> = view["flags_public"]
                .as_array()
                .map(|flags| flags.iter().filter_map(Value::as_str).collect())
                .unwrap_or_default();
            for cell in view["cells"].as_array().into_iter().flatten() {
                let owner = cell["owner"].as_str().unwrap();
                let piece = cell["piece"].as_str().unwrap().chars().next().unwrap();
                if piece == '?' {
                    continue;
                }
                let visible = Some(owner) == me || (piece == 'F' && public.contains(owner));
                assert!(visible, "{me:?} was shown {cell} during play: {frame}");
                shown.push((
                    cell["post"].as_str().unwrap().to_owned(),
                    owner.to_owned(),
                    piece,
                ));
            }
            if let Some(position) = view["position"].as_str() {
                check_position(position, me, &public);
            }
            for cell in room["setup"]["cells"].as_array().into_iter().flatten() {
                assert_eq!(
                    cell["owner"].as_str(),
                    me,
                    "a layout of another seat: {frame}"
                );
            }
            if me.is_none() {
                assert_eq!(
                    room["legal"],
                    serde_json::json!([]),
                    "a spectator got moves"
                );
            }
            for last in room["last_moves"].as_object().into_iter().flatten() {
                assert_no_identity(last.1);
            }
        }
        Some("events") => {
            for event in frame["events"].as_array().into_iter().flatten() {
                if is_shengke_event(event) {
                    check_shengke_event(event);
                } else if event["kind"] != "flipped" {
                    assert_no_identity(event);
                }
            }
        }
        _ => {}
    }
    shown
}

/// Events and last moves carry posts, seats and battle letters only.
fn assert_no_identity(event: &Value) {
    let allowed = [
        "kind", "seat", "from", "to", "path", "battle", "first", "post", "count", "reason",
        "winners", "s",
    ];
    for key in event.as_object().into_iter().flatten().map(|(key, _)| key) {
        assert!(
            allowed.contains(&key.as_str()),
            "an event carries '{key}': {event}"
        );
    }
}

/// The placement field of a view's JFEN shows no identity the receiver may not see.
fn check_position(position: &str, me: Option<&str>, public: &BTreeSet<&str>) {
    let placement = position.split(' ').nth(1).expect("a placement field");
    let chars: Vec<char> = placement.chars().collect();
    let mut at = 0;
    while at < chars.len() {
        let c = chars[at];
        if c == '/' || c.is_ascii_digit() {
            at += 1;
            continue;
        }
        let (owner, code) = (c, chars[at + 1]);
        at += 2;
        if code == '?' {
            continue;
        }
        let owner = owner.to_string();
        let visible =
            Some(owner.as_str()) == me || (code == 'F' && public.contains(owner.as_str()));
        assert!(visible, "{me:?} sees {owner}{code} in {position}");
    }
}

/// Every identity that was true at some step of the game's replay.
pub fn true_facts(replay: &Value) -> BTreeSet<Fact> {
    let mut facts = BTreeSet::new();
    for step in replay["steps"].as_array().expect("steps") {
        for cell in step["cells"].as_array().into_iter().flatten() {
            facts.insert((
                cell["post"].as_str().unwrap().to_owned(),
                cell["owner"].as_str().unwrap().to_owned(),
                cell["piece"].as_str().unwrap().chars().next().unwrap(),
            ));
        }
    }
    facts
}

/// A shengke room frame: the opponent's hand (and both hands for a spectator) is a count,
/// every pile a count, in the view and in its state block.
fn check_shengke_room(frame: &Value, me: Option<&str>) {
    let room = &frame["room"];
    if room["phase"] == "over" || room["view"].is_null() {
        return;
    }
    let seated = room["you"].as_str();
    assert!(
        seated.is_none() || seated == me,
        "a frame for the wrong receiver: {frame}"
    );
    for player in room["view"]["players"].as_array().expect("players") {
        let seat = player["seat"].as_str().unwrap();
        if Some(seat) != seated {
            assert!(
                player["hand"].is_number(),
                "{seated:?} sees seat {seat}'s hand: {frame}"
            );
        }
        for (element, pile) in player["piles"].as_object().expect("piles") {
            assert!(
                pile.is_number(),
                "{seated:?} sees the order of {seat}'s {element} pile"
            );
        }
    }
    let position = room["view"]["position"].as_str().expect("a state block");
    for line in position.lines() {
        let mut words = line.split(' ');
        let (Some(label), Some(kind)) = (words.next(), words.next()) else {
            continue;
        };
        let seat = label.strip_prefix('p');
        if kind == "hand" && seat.is_some() && seat != seated {
            let rest = words.next().unwrap_or_default();
            assert!(rest.parse::<usize>().is_ok(), "{seated:?} sees '{line}'");
        }
        if kind == "piles" {
            for pile in words {
                let count = pile.split(':').nth(1).unwrap_or_default();
                assert!(count.parse::<usize>().is_ok(), "{seated:?} sees '{line}'");
            }
        }
    }
}

fn is_shengke_event(event: &Value) -> bool {
    let kind = event["kind"].as_str().unwrap_or_default();
    [
        "rolled",
        "chose",
        "drew",
        "placed",
        "judgement",
        "awaiting_recovery",
        "turn_ended",
    ]
    .contains(&kind)
        || (kind == "game_over" && event.get("scores").is_some())
}

/// A shengke event names no card drawn into a hand: draws by element and count only.
fn check_shengke_event(event: &Value) {
    match event["kind"].as_str() {
        Some("drew") => {
            for key in event.as_object().into_iter().flatten().map(|(key, _)| key) {
                assert!(
                    ["kind", "seat", "count", "elements"].contains(&key.as_str()),
                    "a draw carries '{key}': {event}"
                );
            }
        }
        Some("judgement") if event["step"] == "sx" => {
            assert!(
                event["card"].is_null() || event["card"]["card"].is_null(),
                "{event}"
            );
        }
        _ => {}
    }
}
