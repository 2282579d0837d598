//! The leak check: no frame may carry an identity its receiver may not see.
//!
//! Two layers. [`check_frame`] reads the fields the protocol documents (cells, position,
//! layouts, events). [`Secrets`] knows, from the omniscient replay, every identity that was
//! hidden and when; [`Secrets::check_frames`] then reads every string of every frame, under
//! any key, for a claim of one: an object that names a post and a piece letter, a position
//! string (JFEN) anywhere, or a deployment string other than the receiver's own.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::Value;

/// One known identity: (post, owner, piece).
pub type Fact = (String, String, char);

/// Every identity a frame shows, checked against what `me` (a seat, or `None` for a
/// spectator) may see; panics on a leak. Returns the identities shown during play, to be
/// compared with the omniscient record afterwards.
pub fn check_frame(frame: &Value, me: Option<&str>) -> Vec<Fact> {
    check_frame_of_mode(frame, me, &mut false)
}

/// [`check_frame`] for the frames of one connection in order: `dark` remembers, from the last
/// room frame, whether the room plays dark chess (events frames do not say).
pub fn check_frame_of_mode(frame: &Value, me: Option<&str>, dark: &mut bool) -> Vec<Fact> {
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
            *dark = room["mode"] == "dark";
            let dark = *dark;
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
                // In dark chess a face-up piece is everybody's knowledge.
                let face_up = dark && cell["face_down"] != true;
                let visible =
                    Some(owner) == me || (piece == 'F' && public.contains(owner)) || face_up;
                assert!(visible, "{me:?} was shown {cell} during play: {frame}");
                shown.push((
                    cell["post"].as_str().unwrap().to_owned(),
                    owner.to_owned(),
                    piece,
                ));
            }
            if let Some(position) = view["position"].as_str() {
                check_position(position, me, &public, dark);
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
                assert_no_identity(last.1, me, dark);
            }
        }
        Some("events") => {
            for event in frame["events"].as_array().into_iter().flatten() {
                if is_shengke_event(event) {
                    check_shengke_event(event);
                } else if event["kind"] != "flipped" {
                    assert_no_identity(event, me, *dark);
                }
            }
        }
        _ => {}
    }
    shown
}

/// Events and last moves carry posts, seats and battle letters, and a battle's two sides
/// (`attacker`, `defender`: owner, seat, piece) with a piece only the receiver may know: its
/// own, a flag (shown once public), or in dark chess (`dark`) a face-up piece; else `?`.
fn assert_no_identity(event: &Value, me: Option<&str>, dark: bool) {
    let allowed = [
        "kind", "seat", "from", "to", "path", "battle", "first", "post", "count", "reason",
        "winners", "s",
    ];
    for (key, value) in event.as_object().into_iter().flatten() {
        if key == "attacker" || key == "defender" {
            let owner = value["owner"].as_str();
            let piece = value["piece"].as_str().unwrap_or_default();
            let known = piece == "?" || owner == me || piece == "F" || dark;
            assert!(known, "{me:?} was told the {key}'s piece: {event}");
            continue;
        }
        assert!(
            allowed.contains(&key.as_str()),
            "an event carries '{key}': {event}"
        );
    }
}

/// The placement field of a view's JFEN shows no identity the receiver may not see.
fn check_position(position: &str, me: Option<&str>, public: &BTreeSet<&str>, dark: bool) {
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
        // Dark chess writes face-up pieces in capitals, face-down ones (known) in small letters.
        let visible = Some(owner.as_str()) == me
            || (code == 'F' && public.contains(owner.as_str()))
            || (dark && code.is_ascii_uppercase());
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

/// The piece letters (junqi.md §8.1).
const PIECE_LETTERS: &str = "SJDLTYCPEBMF";

/// The names a piece's owner goes by: seats, and dark chess's colours.
const OWNERS: [&str; 6] = ["s", "e", "n", "w", "r", "u"];

/// Keys whose single letters are public and name no piece: an attack's outcome class.
const PUBLIC_LETTER_KEYS: [&str; 1] = ["battle"];

/// Every identity hidden during a game, and from whom, as the omniscient replay tells.
pub struct Secrets {
    dark: bool,
    /// Every identity that was ever true (2p and 4p: never shown to other seats in play).
    ever: BTreeSet<Fact>,
    /// By moves completed: identities hidden from everyone then (flags not yet public,
    /// face-down pieces).
    hidden_at: BTreeMap<u64, BTreeSet<Fact>>,
    /// Every post a piece ever stood on.
    posts: BTreeSet<String>,
}

impl Secrets {
    /// Reads the steps of a finished game's replay (`/api/games/ID/replay`).
    pub fn from_replay(replay: &Value) -> Secrets {
        let dark = replay["mode"] == "dark";
        let mut secrets = Secrets {
            dark,
            ever: BTreeSet::new(),
            hidden_at: BTreeMap::new(),
            posts: BTreeSet::new(),
        };
        for step in replay["steps"].as_array().expect("steps") {
            let view = &step["view"];
            let moves = view["moves"].as_u64().expect("a move count in every step");
            let public: BTreeSet<&str> = view["flags_public"]
                .as_array()
                .map(|flags| flags.iter().filter_map(Value::as_str).collect())
                .unwrap_or_default();
            for cell in view["cells"].as_array().expect("cells") {
                let owner = cell["owner"].as_str().unwrap();
                let piece = cell["piece"].as_str().unwrap().chars().next().unwrap();
                let fact = (
                    cell["post"].as_str().unwrap().to_owned(),
                    owner.to_owned(),
                    piece,
                );
                let hidden_from_all = if dark {
                    cell["face_down"] == true
                } else {
                    piece == 'F' && !public.contains(owner)
                };
                if hidden_from_all {
                    secrets
                        .hidden_at
                        .entry(moves)
                        .or_default()
                        .insert(fact.clone());
                }
                secrets.posts.insert(fact.0.clone());
                secrets.ever.insert(fact);
            }
        }
        assert!(!secrets.ever.is_empty(), "a replay with pieces");
        secrets
    }

    /// Whether `me` (a seat, or `None` for a spectator) may not know `fact` after `moves`
    /// moves.
    fn is_secret(&self, fact: &Fact, me: Option<&str>, moves: u64) -> bool {
        let own = !self.dark && Some(fact.1.as_str()) == me;
        if own {
            return false;
        }
        let others_identity = !self.dark && fact.2 != 'F' && self.ever.contains(fact);
        others_identity
            || self
                .hidden_at
                .get(&moves)
                .is_some_and(|hidden| hidden.contains(fact))
    }

    /// One secret of the first position.
    fn first_secret(&self) -> &Fact {
        self.hidden_at
            .get(&0)
            .and_then(|hidden| hidden.iter().next())
            .or_else(|| self.ever.iter().find(|fact| fact.2 != 'F'))
            .expect("a secret at the start")
    }

    /// Frames that tell a spectator one secret of the first position, under keys no frame
    /// uses and in a position string (2p and dark boards), to show that
    /// [`Secrets::check_frames`] finds what it was not told to look for.
    pub fn planted_leaks(&self) -> Vec<Value> {
        let (post, owner, piece) = self.first_secret();
        let rumour = serde_json::json!({"type": "events", "events": [
            {"kind": "rumour", "where": post, "what": piece.to_string()},
        ]});
        let (file, rank) = post.split_at(1);
        let rank: usize = rank.parse().expect("a post is a file and a rank");
        let file = usize::from(file.as_bytes()[0] - b'a');
        let placement: Vec<String> = (1..=12)
            .rev()
            .map(|at| {
                if at == rank {
                    let before = if file > 0 {
                        file.to_string()
                    } else {
                        String::new()
                    };
                    let after = if file < 4 {
                        (4 - file).to_string()
                    } else {
                        String::new()
                    };
                    format!("{before}{owner}{piece}{after}")
                } else {
                    "5".to_owned()
                }
            })
            .collect();
        let variant = if self.dark { "dark" } else { "2p" };
        let position = format!("{variant} {} s s+0n+0 - 0 0", placement.join("/"));
        let gossip = serde_json::json!({"type": "gossip", "whisper": {"text": position}});
        vec![rumour, gossip]
    }

    /// Reads every frame one receiver got, in order; panics on any claim of a secret.
    pub fn check_frames(&self, frames: &[Value], me: Option<&str>) {
        // A frame belongs to the position of the next room frame (events come just before it).
        let mut times = vec![None; frames.len()];
        let mut next = None;
        for (index, frame) in frames.iter().enumerate().rev() {
            if frame["type"] == "room" {
                next = frame["room"]["view"]["moves"].as_u64().or(next);
            }
            times[index] = next;
        }
        for (frame, moves) in frames.iter().zip(times) {
            let moves = moves.unwrap_or(0);
            if frame["type"] == "room" && frame["room"]["phase"] == "over" {
                continue;
            }
            let own_layout = frame["room"]["setup"]["layout"].as_str();
            let mut claims = Vec::new();
            self.claims(frame, &mut claims, own_layout, frame);
            for fact in claims {
                assert!(
                    !self.is_secret(&fact, me, moves),
                    "{me:?} was told {fact:?} after {moves} moves: {frame}"
                );
            }
        }
    }

    /// Collects every identity `value` claims, at any depth, under any key.
    fn claims(&self, value: &Value, out: &mut Vec<Fact>, own_layout: Option<&str>, frame: &Value) {
        match value {
            Value::String(text) => {
                out.extend(position_claims(text));
                if is_deployment(text) {
                    assert_eq!(Some(text.as_str()), own_layout, "a layout in {frame}");
                }
            }
            Value::Array(items) => {
                for item in items {
                    self.claims(item, out, own_layout, frame);
                }
            }
            Value::Object(fields) => {
                self.object_claims(fields, out);
                for item in fields.values() {
                    self.claims(item, out, own_layout, frame);
                }
            }
            _ => {}
        }
    }

    /// An object that names a post and a piece letter claims that piece stands there (for the
    /// owner it names, or for any owner if it names none).
    fn object_claims(&self, fields: &serde_json::Map<String, Value>, out: &mut Vec<Fact>) {
        let strings: Vec<&str> = fields
            .iter()
            .filter(|(key, _)| !PUBLIC_LETTER_KEYS.contains(&key.as_str()))
            .flat_map(|(_, value)| match value {
                Value::String(text) => vec![text.as_str()],
                Value::Array(items) => items.iter().filter_map(Value::as_str).collect(),
                _ => Vec::new(),
            })
            .collect();
        let posts: Vec<&str> = strings
            .iter()
            .copied()
            .filter(|text| self.posts.contains(*text))
            .collect();
        let letters: Vec<char> = strings
            .iter()
            .filter_map(|text| single_char(text))
            // Small letters are seats and colours; a piece letter is a capital.
            .filter(|&c| PIECE_LETTERS.contains(c))
            .collect();
        let mut owners: Vec<&str> = strings
            .iter()
            .copied()
            .filter(|text| OWNERS.contains(text))
            .collect();
        if owners.is_empty() {
            owners = OWNERS.to_vec();
        }
        for post in &posts {
            for owner in &owners {
                for &letter in &letters {
                    out.push((
                        (*post).to_owned(),
                        (*owner).to_owned(),
                        letter.to_ascii_uppercase(),
                    ));
                }
            }
        }
    }
}

fn single_char(text: &str) -> Option<char> {
    let mut chars = text.chars();
    let c = chars.next()?;
    chars.next().is_none().then_some(c)
}

/// A deployment string: six rows of five pieces or `.` (junqi.md §8.3).
fn is_deployment(text: &str) -> bool {
    let rows: Vec<&str> = text.split('/').collect();
    rows.len() == 6
        && rows.iter().all(|row| {
            row.chars().count() == 5 && row.chars().all(|c| c == '.' || PIECE_LETTERS.contains(c))
        })
}

/// The files of one rank of a position string, in order (junqi.md §8.1).
fn files_of(variant: &str, rank: usize) -> &'static str {
    match (variant, rank) {
        ("4p", 7 | 9 | 11) => "abcdefgiklmnopq",
        ("4p", 8 | 10) => "abcdeflmnopq",
        ("4p", _) => "ghijk",
        _ => "abcde",
    }
}

/// The identities a position string (JFEN) shows, wherever it stands; panics on a face-down
/// piece written with its identity (only an omniscient string may).
fn position_claims(text: &str) -> Vec<Fact> {
    let fields: Vec<&str> = text.split(' ').collect();
    let ranks = match fields.first() {
        Some(&"4p") => 17,
        Some(&"2p" | &"dark") => 12,
        _ => return Vec::new(),
    };
    if fields.len() != 7 {
        return Vec::new();
    }
    let mut claims = Vec::new();
    for (row, placement) in fields[1].split('/').enumerate() {
        let rank = ranks - row;
        let files: Vec<char> = files_of(fields[0], rank).chars().collect();
        let (mut file, mut chars) = (0, placement.chars().peekable());
        while let Some(c) = chars.next() {
            if let Some(run) = c.to_digit(10) {
                let mut run = run as usize;
                while let Some(digit) = chars.peek().and_then(|d| d.to_digit(10)) {
                    run = run * 10 + digit as usize;
                    chars.next();
                }
                file += run;
                continue;
            }
            let code = chars.next().expect("a token has two characters");
            assert!(
                !code.is_ascii_lowercase(),
                "a face-down identity in the position {text}"
            );
            let post = format!("{}{rank}", files[file]);
            if code != '?' {
                claims.push((post, c.to_string(), code));
            }
            file += 1;
        }
    }
    claims
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
