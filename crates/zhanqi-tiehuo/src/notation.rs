//! The notation of §17: positions (17.3) for every viewer (17.8), their parser for `load`
//! (17.10), and actions and chance outcomes (17.5, 17.7).

use std::fmt::Write as _;
use std::sync::Arc;

use smallvec::SmallVec;
use zhanqi_core::{GameRng, NotationError, Viewer};

use crate::action::Action;
use crate::catalog::{CardIndex, Catalog};
use crate::engine::insert_sorted;
use crate::options::{LogisticsMode, Mode, TiehuoOptions};
use crate::state::{
    AttackStage, AttackStep, Cards, Environment, Finish, Flag, Focus, Pending, Phase, PlayerState,
    Reason, Tiehuo,
};
use crate::token::{BattleCard, Class, FocusMark, Player, parse_token, write_focus};

fn phase_name(phase: Phase) -> &'static str {
    match phase {
        Phase::Environment => "env",
        Phase::Logistics => "logistics",
        Phase::Deploy => "deploy",
        Phase::Play => "play",
        Phase::Between => "between",
        Phase::Over => "over",
    }
}

fn write_list(out: &mut String, items: &[String]) {
    if items.is_empty() {
        out.push('-');
    } else {
        out.push_str(&items.join(","));
    }
}

fn opts_text<T: Copy>(opts: &[T], text: impl Fn(T) -> String) -> String {
    if opts.is_empty() {
        "-".to_owned()
    } else {
        opts.iter().map(|&k| text(k)).collect::<Vec<_>>().join(",")
    }
}

impl Tiehuo {
    /// The ids of cards, in order.
    fn ids(&self, cards: &[CardIndex]) -> Vec<String> {
        cards.iter().map(|&c| self.card(c).id.clone()).collect()
    }

    /// Whether `viewer` sees `player`'s hidden information.
    pub(crate) fn sees(viewer: Viewer, player: Player) -> bool {
        match viewer {
            Viewer::Omniscient => true,
            Viewer::Seat(seat) => seat == player.seat(),
            Viewer::Spectator => false,
        }
    }

    /// The position as `viewer` may see it (17.3, 17.8).
    #[must_use]
    pub fn write_position(&self, viewer: Viewer) -> String {
        let catalog = self.catalog();
        let mut out = String::with_capacity(512);
        let _ = write!(
            out,
            "tiehuo mode={} logistics={} fog={}\nphase {} round {}/{} turn {}",
            self.options.mode.name(),
            self.options.logistics_mode.name(),
            if self.fog() { "on" } else { "off" },
            phase_name(self.phase),
            self.round,
            self.rounds,
            self.turn.map_or("-", Player::name)
        );
        if let Some(finish) = self.finish {
            let _ = write!(
                out,
                " result {} {}",
                finish.winner.map_or("draw", Player::name),
                finish.reason.name()
            );
        }
        let _ = write!(
            out,
            "\nenv {}",
            self.environment.map_or("-", Environment::name)
        );
        for player in Player::BOTH {
            let state = &self.players[player.index()];
            let prefix = if player == Player::One { "p1" } else { "p2" };
            let flag = match state.flag {
                Flag::None => "-",
                Flag::Done => "done",
                Flag::Ready => "ready",
            };
            let _ = write!(
                out,
                "\n{prefix} L {} next {} {flag}\n{prefix} battle ",
                state
                    .logistics
                    .map_or_else(|| "-".to_owned(), |l| l.to_string()),
                state.next
            );
            let sees = Tiehuo::sees(viewer, player);
            if !sees && self.phase == Phase::Deploy {
                let _ = write!(out, "hidden\n{prefix} reserve hidden");
            } else {
                let mut tokens: Vec<String> = state
                    .battle
                    .iter()
                    .map(|c| {
                        if c.face_down && !sees {
                            let mut text = c.class(self.card(c.card).cv()).text();
                            write_focus(c.focus, &mut text);
                            text
                        } else {
                            c.token(catalog)
                        }
                    })
                    .collect();
                if !sees {
                    tokens.sort();
                }
                write_list(&mut out, &tokens);
                let _ = write!(out, "\n{prefix} reserve ");
                if sees {
                    write_list(&mut out, &self.ids(&state.reserve));
                } else {
                    let _ = write!(out, "?{}", state.reserve.len());
                }
            }
            let _ = write!(out, "\n{prefix} discard ");
            write_list(&mut out, &self.ids(&state.discard));
        }
        out.push_str("\nfocus ");
        out.push_str(&self.focus_text());
        out.push_str("\npending ");
        out.push_str(&self.pending_text());
        out
    }

    fn focus_text(&self) -> String {
        let number = |k: u8| k.to_string();
        match &self.focus {
            Focus::None => "-".to_owned(),
            Focus::Declare { flip, opts } => {
                let list = opts_text(opts, |k: Option<u8>| k.map_or("?".to_owned(), number));
                match flip {
                    None => format!("declare opts {list}"),
                    Some(flip) => format!("declare flip {} opts {list}", u8::from(*flip)),
                }
            }
            Focus::Wait { left, opts } => {
                format!("wait left {left} opts {}", opts_text(opts, number))
            }
            Focus::Resolve { bonus, opts } => {
                format!("resolve bonus {bonus} opts {}", opts_text(opts, number))
            }
        }
    }

    fn pending_text(&self) -> String {
        let catalog = self.catalog();
        let token = |c: &BattleCard| c.token(catalog);
        match &self.pending {
            Pending::None => "-".to_owned(),
            Pending::Resupply(n) => format!("resupply {n}"),
            Pending::Cutoff => "cutoff".to_owned(),
            Pending::Attack(step) => {
                let head = format!("attack {}.{}", token(&step.attacker), step.option);
                match &step.stage {
                    AttackStage::RollTargets => format!("{head} roll T"),
                    AttackStage::ChooseTargets(n) => format!("{head} T {n}"),
                    AttackStage::RollHits(targets) => {
                        let list: Vec<String> = targets.iter().map(token).collect();
                        format!("{head} roll N @{}", list.join(","))
                    }
                    AttackStage::Damage { q, hits } => {
                        let list: Vec<String> = hits
                            .iter()
                            .map(|(c, n)| format!("{}/{n}", token(c)))
                            .collect();
                        format!("{head} q {q} hits {}", list.join(","))
                    }
                }
            }
            Pending::Name(class) => format!("name {}", class.text()),
            Pending::Named { card, flips, flip } => {
                let mut text = format!("named {} flips {flips}", token(card));
                if let Some((side, class)) = flip {
                    let _ = write!(text, " flip {}{}", side.name(), class.text());
                }
                text
            }
            Pending::Flip(side, class) => format!("flip {}{}", side.name(), class.text()),
        }
    }

    /// The text of an action or chance outcome (17.5, 17.7).
    #[must_use]
    pub fn text_of(&self, action: &Action) -> String {
        let catalog = self.catalog();
        let token = |c: &BattleCard| c.token(catalog);
        match action {
            Action::Environment(face) => face.to_string(),
            Action::Logistics(faces) => faces
                .iter()
                .map(u8::to_string)
                .collect::<Vec<_>>()
                .join("+"),
            Action::Value(value) => value.to_string(),
            Action::Draw(c) | Action::Name(c) => token(c),
            Action::Deploy(cards) => self.ids(cards).join(","),
            Action::Done => "done".to_owned(),
            Action::Attack(c, k) => format!("{}.{k}", token(c)),
            Action::FocusOn(c) => format!("F@{}", token(c)),
            Action::Fire => "fire".to_owned(),
            Action::FocusFog => "F".to_owned(),
            Action::NameClass(class) => class.text(),
            Action::Option(k) => format!(".{k}"),
            Action::Designate(side, class) => format!("{}{}", side.name(), class.text()),
            Action::Pass => "pass".to_owned(),
            Action::FocusTarget(c) => format!("@{}", token(c)),
            Action::Targets(list) => {
                format!("@{}", list.iter().map(token).collect::<Vec<_>>().join(","))
            }
            Action::End => "end".to_owned(),
            Action::Resupply(c) => format!("+{}", self.card(*c).id),
            Action::CutOff(c) => format!("-{}", token(c)),
            Action::Concede => "concede".to_owned(),
        }
    }

    /// Reads an action or chance outcome in the context of this position.
    ///
    /// # Errors
    /// If the text is no action of this game here, naming the offset.
    pub fn parse_action_text(&self, text: &str) -> Result<Action, NotationError> {
        let catalog = self.catalog();
        let field = format!("action '{text}'");
        let bad = |offset: usize, message: &str| Err(NotationError::new(&field, offset, message));
        let tok = |body: &str, offset: usize| {
            parse_token(body, catalog).ok_or_else(|| {
                NotationError::new(
                    &field,
                    offset,
                    format!("'{body}' is not a card token ID[:D][a][c][f][m][*N|*t] of a card of this game"),
                )
            })
        };
        let number = |body: &str, offset: usize| {
            body.parse::<u8>().map_err(|_| {
                NotationError::new(
                    &field,
                    offset,
                    format!("'{body}' is not a number from 0 to 255"),
                )
            })
        };
        match text {
            "concede" => return Ok(Action::Concede),
            "done" => return Ok(Action::Done),
            "fire" => return Ok(Action::Fire),
            "F" => return Ok(Action::FocusFog),
            "pass" => return Ok(Action::Pass),
            "end" => return Ok(Action::End),
            "" => return bad(0, "the action is empty"),
            _ => {}
        }
        match self.phase {
            Phase::Environment => {
                let face = text.split_once('=').map_or(text, |(face, _)| face);
                return match face.parse::<u8>() {
                    Ok(face @ 1..=6) => Ok(Action::Environment(face)),
                    _ => bad(0, "the environment roll is a die face from 1 to 6"),
                };
            }
            Phase::Logistics => {
                let mut faces = Vec::new();
                let mut offset = 0;
                for part in text.split('+') {
                    match part.parse::<u8>() {
                        Ok(face @ 1..=6) => faces.push(face),
                        _ => {
                            return bad(
                                offset,
                                "a logistics roll is die faces 1 to 6 joined by '+', as in 3+5",
                            );
                        }
                    }
                    offset += part.len() + 1;
                }
                return Ok(Action::Logistics(faces));
            }
            Phase::Deploy => {
                let mut cards = Vec::new();
                let mut offset = 0;
                for id in text.split(',') {
                    match catalog.index_of(id) {
                        Some(index) => cards.push(index),
                        None => {
                            return bad(
                                offset,
                                &format!(
                                    "'{id}' is no card id; a deployment is card ids separated by commas, as in DE05,DE01"
                                ),
                            );
                        }
                    }
                    offset += id.len() + 1;
                }
                cards.sort_unstable();
                return Ok(Action::Deploy(cards));
            }
            _ => {}
        }
        if self.at_chance() {
            if let Pending::Attack(_) = self.pending {
                return number(text, 0).map(Action::Value);
            }
            return tok(text, 0).map(Action::Draw);
        }
        let first = text.as_bytes()[0];
        if let Some(rest) = text.strip_prefix("F@") {
            return tok(rest, 2).map(Action::FocusOn);
        }
        if let Some(rest) = text.strip_prefix('@') {
            let mut list = Cards::new();
            let mut offset = 1;
            for part in rest.split(',') {
                list.push(tok(part, offset)?);
                offset += part.len() + 1;
            }
            let in_declaration = matches!(self.focus, Focus::Declare { flip: Some(_), .. })
                && !matches!(self.pending, Pending::Attack(_));
            return if in_declaration && list.len() == 1 {
                Ok(Action::FocusTarget(list[0]))
            } else {
                Ok(Action::Targets(list))
            };
        }
        if let Some(rest) = text.strip_prefix('+') {
            return match catalog.index_of(rest) {
                Some(index) => Ok(Action::Resupply(index)),
                None => bad(1, &format!("'{rest}' is no card id")),
            };
        }
        if let Some(rest) = text.strip_prefix('-') {
            return tok(rest, 1).map(Action::CutOff);
        }
        if let Some(rest) = text.strip_prefix('.') {
            return number(rest, 1).map(Action::Option);
        }
        if first == b'?' {
            return Class::parse(text)
                .map(Action::NameClass)
                .ok_or_else(|| NotationError::new(&field, 0, "a class reads ?[h][c][m]"));
        }
        if first == b'1' || first == b'2' {
            let side = if first == b'1' {
                Player::One
            } else {
                Player::Two
            };
            return Class::parse(&text[1..])
                .map(|class| Action::Designate(side, class))
                .ok_or_else(|| {
                    NotationError::new(&field, 1, "a designation reads <seat>?[h][c][m], as in 2?h")
                });
        }
        if let Some(dot) = text.rfind('.') {
            let x = tok(&text[..dot], 0)?;
            let k = number(&text[dot + 1..], dot + 1)?;
            return Ok(Action::Attack(x, k));
        }
        tok(text, 0).map(Action::Name)
    }
}

/// A line being read: its text and its offset in the whole position.
struct Line<'a> {
    text: &'a str,
    offset: usize,
    field: &'static str,
}

impl<'a> Line<'a> {
    fn error(&self, at: usize, message: impl Into<String>) -> NotationError {
        NotationError::new(self.field, self.offset + at, message)
    }

    /// The words with their offsets.
    fn words(&self) -> Vec<(usize, &'a str)> {
        let mut out = Vec::new();
        let mut at = 0;
        for word in self.text.split(' ') {
            out.push((at, word));
            at += word.len() + 1;
        }
        out
    }

    fn expect(
        &self,
        words: &[(usize, &str)],
        index: usize,
        literal: &str,
    ) -> Result<(), NotationError> {
        match words.get(index) {
            Some((_, word)) if *word == literal => Ok(()),
            Some((at, word)) => {
                Err(self.error(*at, format!("expected '{literal}', found '{word}'")))
            }
            None => Err(self.error(
                self.text.len(),
                format!("expected '{literal}' at the end of the line"),
            )),
        }
    }

    fn word(
        &self,
        words: &[(usize, &'a str)],
        index: usize,
        what: &str,
    ) -> Result<(usize, &'a str), NotationError> {
        words.get(index).copied().ok_or_else(|| {
            self.error(
                self.text.len(),
                format!("the line ends where {what} should follow"),
            )
        })
    }
}

fn number<T: std::str::FromStr>(
    line: &Line<'_>,
    at: usize,
    text: &str,
    what: &str,
) -> Result<T, NotationError> {
    let canonical = text == "0"
        || (!text.starts_with('0') && !text.starts_with("-0") && !text.starts_with('+'));
    match text.parse::<T>() {
        Ok(value) if canonical => Ok(value),
        _ => Err(line.error(
            at,
            format!("{what} must be a number without leading zeros, not '{text}'"),
        )),
    }
}

/// Reads a position (17.3) into a game with `options` (whose mode, fog and logistics mode are
/// taken from line 1).
pub(crate) fn parse_position(
    text: &str,
    mut options: TiehuoOptions,
    given: (bool, bool),
    seed: u64,
) -> Result<Tiehuo, NotationError> {
    let mut lines = Vec::new();
    let mut offset = 0;
    const FIELDS: [&str; 13] = [
        "header",
        "phase",
        "env",
        "p1 line",
        "p1 battle",
        "p1 reserve",
        "p1 discard",
        "p2 line",
        "p2 battle",
        "p2 reserve",
        "p2 discard",
        "focus",
        "pending",
    ];
    for (index, line) in text.split('\n').enumerate() {
        if index >= 13 {
            return Err(NotationError::new(
                "position",
                offset,
                "a position has exactly 13 lines",
            ));
        }
        lines.push(Line {
            text: line,
            offset,
            field: FIELDS[index],
        });
        offset += line.len() + 1;
    }
    if lines.len() != 13 {
        return Err(NotationError::new(
            "position",
            text.len(),
            format!("a position has exactly 13 lines, this one {}", lines.len()),
        ));
    }
    // Line 1.
    let header = &lines[0];
    let words = header.words();
    header.expect(&words, 0, "tiehuo")?;
    let (at, mode) = header.word(&words, 1, "mode=")?;
    options.mode = match mode {
        "mode=formation" => Mode::Formation,
        "mode=alt_history" => Mode::AltHistory,
        _ => return Err(header.error(at, "expected mode=formation or mode=alt_history")),
    };
    let (at, logistics) = header.word(&words, 2, "logistics=")?;
    let logistics = match logistics {
        "logistics=individual" => LogisticsMode::Individual,
        "logistics=shared" => LogisticsMode::Shared,
        _ => return Err(header.error(at, "expected logistics=individual or logistics=shared")),
    };
    if given.1 && logistics != options.logistics_mode {
        return Err(header.error(at, "the option logistics_mode disagrees with line 1"));
    }
    options.logistics_mode = logistics;
    let (at, fog) = header.word(&words, 3, "fog=")?;
    let fog = match fog {
        "fog=on" => true,
        "fog=off" => false,
        _ => return Err(header.error(at, "expected fog=on or fog=off")),
    };
    if given.0 && fog != options.fog_of_war {
        return Err(header.error(at, "the option fog_of_war disagrees with line 1"));
    }
    options.fog_of_war = fog;
    if words.len() > 4 {
        return Err(header.error(words[4].0, "line 1 has 4 fields"));
    }
    let resolved = options
        .resolve(false)
        .map_err(|problems| NotationError::new("options", 0, problems.join("; ")))?;
    let mut game = Tiehuo::from_options(options, &resolved, seed);
    // Line 2.
    let line = &lines[1];
    let words = line.words();
    line.expect(&words, 0, "phase")?;
    let (at, phase) = line.word(&words, 1, "the phase")?;
    game.phase = match phase {
        "env" => Phase::Environment,
        "logistics" => Phase::Logistics,
        "deploy" => Phase::Deploy,
        "play" => Phase::Play,
        "between" => Phase::Between,
        "over" => Phase::Over,
        _ => {
            return Err(line.error(
                at,
                "the phase is env, logistics, deploy, play, between or over",
            ));
        }
    };
    line.expect(&words, 2, "round")?;
    let (at, rounds) = line.word(&words, 3, "r/R")?;
    let Some((r, total)) = rounds.split_once('/') else {
        return Err(line.error(at, "the round reads r/R"));
    };
    game.round = number(line, at, r, "the round")?;
    game.rounds = number(line, at + r.len() + 1, total, "the number of rounds")?;
    line.expect(&words, 4, "turn")?;
    let (at, turn) = line.word(&words, 5, "the turn")?;
    game.turn = match turn {
        "1" => Some(Player::One),
        "2" => Some(Player::Two),
        "-" => None,
        _ => return Err(line.error(at, "the turn is 1, 2 or -")),
    };
    if words.len() > 6 {
        line.expect(&words, 6, "result")?;
        if game.phase != Phase::Over {
            return Err(line.error(words[6].0, "a result is written only in phase over"));
        }
        let (at, winner) = line.word(&words, 7, "the winner")?;
        let winner = match winner {
            "1" => Some(Player::One),
            "2" => Some(Player::Two),
            "draw" => None,
            _ => return Err(line.error(at, "the result is 1, 2 or draw")),
        };
        let (at, reason) = line.word(&words, 8, "the reason")?;
        let reason = match reason {
            "annihilation" => Reason::Annihilation,
            "settlement" => Reason::Settlement,
            "concede" => Reason::Concede,
            _ => return Err(line.error(at, "the reason is annihilation, settlement or concede")),
        };
        if words.len() > 9 {
            return Err(line.error(words[9].0, "line 2 ends after the reason"));
        }
        game.finish = Some(Finish { winner, reason });
    } else if game.phase == Phase::Over {
        return Err(line.error(
            line.text.len(),
            "phase over needs ' result <1|2|draw> <reason>'",
        ));
    }
    // Line 3.
    let line = &lines[2];
    game.environment = match line.text {
        "env -" => None,
        "env normal" => Some(Environment::Normal),
        "env mountain" => Some(Environment::Mountain),
        "env city" => Some(Environment::City),
        _ => return Err(line.error(0, "line 3 reads env normal|mountain|city|-")),
    };
    // Players.
    for player in Player::BOTH {
        let base = 3 + 4 * player.index();
        let prefix = if player == Player::One { "p1" } else { "p2" };
        game.players[player.index()] = parse_player(&lines[base..base + 4], prefix, &game)?;
        game.refresh(player);
    }
    game.focus = parse_focus(&lines[11], fog)?;
    game.pending = parse_pending(&lines[12], &game.catalog)?;
    check_focus_and_pending(&game, &lines[11])?;
    for player in Player::BOTH {
        game.sort_battle(player);
    }
    let _ = GameRng::from_seed(seed);
    Ok(game)
}

fn parse_player(
    lines: &[Line<'_>],
    prefix: &str,
    game: &Tiehuo,
) -> Result<PlayerState, NotationError> {
    let catalog = game.catalog();
    let mut state = PlayerState::default();
    let line = &lines[0];
    let words = line.words();
    line.expect(&words, 0, prefix)?;
    line.expect(&words, 1, "L")?;
    let (at, l) = line.word(&words, 2, "L")?;
    state.logistics = if l == "-" {
        None
    } else {
        Some(number(line, at, l, "L")?)
    };
    line.expect(&words, 3, "next")?;
    let (at, next) = line.word(&words, 4, "next")?;
    state.next = number(line, at, next, "next")?;
    let (at, flag) = line.word(&words, 5, "the flag")?;
    state.flag = match flag {
        "-" => Flag::None,
        "done" => Flag::Done,
        "ready" => Flag::Ready,
        _ => return Err(line.error(at, "the flag is done, ready or -")),
    };
    if words.len() > 6 {
        return Err(line.error(words[6].0, "the line ends after the flag"));
    }
    let list = |line: &Line<'_>, name: &str| -> Result<Vec<(usize, String)>, NotationError> {
        let head = format!("{prefix} {name} ");
        let Some(body) = line.text.strip_prefix(&head) else {
            return Err(line.error(0, format!("the line must start with '{head}'")));
        };
        if body == "hidden" || body.starts_with('?') {
            return Err(line.error(
                head.len(),
                "this is a view, not a position: hidden cards cannot be loaded",
            ));
        }
        if body == "-" {
            return Ok(Vec::new());
        }
        let mut out = Vec::new();
        let mut at = head.len();
        for item in body.split(',') {
            out.push((at, item.to_owned()));
            at += item.len() + 1;
        }
        Ok(out)
    };
    for (at, text) in list(&lines[1], "battle")? {
        let line = &lines[1];
        if text.starts_with('?') {
            return Err(line.error(
                at,
                "this is a view, not a position: face-down classes cannot be loaded",
            ));
        }
        let c = parse_token(&text, catalog).ok_or_else(|| {
            line.error(
                at,
                format!(
                    "'{text}' is not a canonical token ID[:D][a][c][f][m][*N|*t] of a card of this game"
                ),
            )
        })?;
        let this = game.card(c.card);
        if this.is_battle() {
            if game.destroys(c.damage, this.cv()) {
                return Err(line.error(
                    at,
                    format!(
                        "{text}: D must stay below the destruction point of cv {}",
                        this.cv()
                    ),
                ));
            }
        } else if c.damage > 0
            || c.attacked
            || c.face_down
            || c.marked
            || c.focus != FocusMark::None
        {
            return Err(line.error(
                at,
                format!("{text}: a special-ability card carries only the flag c"),
            ));
        }
        if c.face_down && !game.fog() {
            return Err(line.error(at, format!("{text}: f (face down) needs fog=on")));
        }
        if c.marked && !c.face_down {
            return Err(line.error(at, format!("{text}: m needs f")));
        }
        state.battle.push(c);
    }
    for (index, name) in [(2, "reserve"), (3, "discard")] {
        for (at, id) in list(&lines[index], name)? {
            let card = catalog
                .index_of(&id)
                .ok_or_else(|| lines[index].error(at, format!("'{id}' is no card id of this game (a §15 card or one of the options' built_cards)")))?;
            let target = if index == 2 {
                &mut state.reserve
            } else {
                &mut state.discard
            };
            insert_sorted(target, card);
        }
    }
    Ok(state)
}

fn parse_opts<T>(
    line: &Line<'_>,
    at: usize,
    text: &str,
    item: impl Fn(&str) -> Option<T>,
) -> Result<Vec<T>, NotationError> {
    if text == "-" {
        return Ok(Vec::new());
    }
    let mut out = Vec::new();
    let mut offset = at;
    for part in text.split(',') {
        out.push(
            item(part)
                .ok_or_else(|| line.error(offset, format!("'{part}' is not an option index")))?,
        );
        offset += part.len() + 1;
    }
    Ok(out)
}

fn option_index(text: &str) -> Option<u8> {
    (!text.starts_with('0'))
        .then(|| text.parse().ok())
        .flatten()
        .filter(|&k| k > 0)
}

fn parse_focus(line: &Line<'_>, fog: bool) -> Result<Focus, NotationError> {
    let words = line.words();
    line.expect(&words, 0, "focus")?;
    let (at, kind) = line.word(&words, 1, "the focus")?;
    let tail = |index: usize, expected: usize| -> Result<(), NotationError> {
        if words.len() != expected {
            return Err(line.error(
                words.get(index).map_or(line.text.len(), |w| w.0),
                "the focus line has the wrong number of fields",
            ));
        }
        Ok(())
    };
    match kind {
        "-" => {
            tail(2, 2)?;
            Ok(Focus::None)
        }
        "declare" => {
            let (mut index, mut flip) = (2, None);
            if words.get(2).map(|w| w.1) == Some("flip") {
                let (at, value) = line.word(&words, 3, "0 or 1")?;
                flip = Some(match value {
                    "0" => false,
                    "1" => true,
                    _ => return Err(line.error(at, "flip is 0 or 1")),
                });
                index = 4;
            }
            if flip.is_some() != fog {
                return Err(line.error(
                    words[1].0,
                    if fog {
                        "a declaration under fog needs 'flip 0' or 'flip 1'"
                    } else {
                        "'flip' belongs only to a declaration under fog"
                    },
                ));
            }
            line.expect(&words, index, "opts")?;
            let (at, list) = line.word(&words, index + 1, "the options")?;
            tail(index + 2, index + 2)?;
            let opts = parse_opts(line, at, list, |text| {
                if text == "?" {
                    Some(None)
                } else {
                    option_index(text).map(Some)
                }
            })?;
            if opts.iter().any(Option::is_none) && flip.is_none() {
                return Err(line.error(at, "'?' belongs only to a declaration under fog"));
            }
            Ok(Focus::Declare { flip, opts })
        }
        "wait" => {
            line.expect(&words, 2, "left")?;
            let (at, left) = line.word(&words, 3, "left")?;
            let left = number(line, at, left, "left")?;
            line.expect(&words, 4, "opts")?;
            let (at, list) = line.word(&words, 5, "the options")?;
            tail(6, 6)?;
            Ok(Focus::Wait {
                left,
                opts: parse_opts(line, at, list, option_index)?,
            })
        }
        "resolve" => {
            line.expect(&words, 2, "bonus")?;
            let (at, bonus) = line.word(&words, 3, "the bonus")?;
            let bonus = number(line, at, bonus, "the bonus")?;
            line.expect(&words, 4, "opts")?;
            let (at, list) = line.word(&words, 5, "the options")?;
            tail(6, 6)?;
            Ok(Focus::Resolve {
                bonus,
                opts: parse_opts(line, at, list, option_index)?,
            })
        }
        _ => Err(line.error(at, "the focus is -, declare, wait or resolve")),
    }
}

fn parse_class_of_seat(
    line: &Line<'_>,
    at: usize,
    text: &str,
) -> Result<(Player, Class), NotationError> {
    let side = match text.as_bytes().first() {
        Some(b'1') => Player::One,
        Some(b'2') => Player::Two,
        _ => return Err(line.error(at, "a designated class reads <seat>?[h][c][m]")),
    };
    let class =
        Class::parse(&text[1..]).ok_or_else(|| line.error(at + 1, "a class reads ?[h][c][m]"))?;
    Ok((side, class))
}

fn parse_pending(line: &Line<'_>, catalog: &Catalog) -> Result<Pending, NotationError> {
    let words = line.words();
    line.expect(&words, 0, "pending")?;
    let (at, kind) = line.word(&words, 1, "the pending step")?;
    let token = |at: usize, text: &str| {
        parse_token(text, catalog)
            .ok_or_else(|| line.error(at, format!("'{text}' is not a canonical card token")))
    };
    let end = |count: usize| -> Result<(), NotationError> {
        if words.len() > count {
            Err(line.error(words[count].0, "the pending line ends earlier"))
        } else {
            Ok(())
        }
    };
    let pending = match kind {
        "-" => {
            end(2)?;
            Pending::None
        }
        "resupply" => {
            let (at, n) = line.word(&words, 2, "the count")?;
            end(3)?;
            Pending::Resupply(number(line, at, n, "the resupply count")?)
        }
        "cutoff" => {
            end(2)?;
            Pending::Cutoff
        }
        "attack" => {
            let (at, head) = line.word(&words, 2, "X.k")?;
            let Some(dot) = head.rfind('.') else {
                return Err(line.error(at, "the attacker reads X.k"));
            };
            let attacker = token(at, &head[..dot])?;
            let option = option_index(&head[dot + 1..])
                .ok_or_else(|| line.error(at + dot + 1, "k is an option index"))?;
            if usize::from(option) > catalog.card(attacker.card).attacks().len() {
                return Err(line.error(at + dot + 1, "the card has no such option"));
            }
            let (at, stage) = line.word(&words, 3, "the stage")?;
            let stage = match stage {
                "roll" => {
                    let (at, what) = line.word(&words, 4, "T or N")?;
                    match what {
                        "T" => {
                            end(5)?;
                            AttackStage::RollTargets
                        }
                        "N" => {
                            let (at, list) = line.word(&words, 5, "the targets")?;
                            end(6)?;
                            let Some(list) = list.strip_prefix('@') else {
                                return Err(line.error(at, "the targets read @t1,t2"));
                            };
                            let mut targets = Cards::new();
                            let mut offset = at + 1;
                            for part in list.split(',') {
                                targets.push(token(offset, part)?);
                                offset += part.len() + 1;
                            }
                            AttackStage::RollHits(targets)
                        }
                        _ => return Err(line.error(at, "expected roll T or roll N")),
                    }
                }
                "T" => {
                    let (at, n) = line.word(&words, 4, "T")?;
                    end(5)?;
                    AttackStage::ChooseTargets(number(line, at, n, "T")?)
                }
                "q" => {
                    let (at, q) = line.word(&words, 4, "q")?;
                    let q = number(line, at, q, "q")?;
                    line.expect(&words, 5, "hits")?;
                    let (at, list) = line.word(&words, 6, "the hits")?;
                    end(7)?;
                    let mut hits = SmallVec::new();
                    let mut offset = at;
                    for part in list.split(',') {
                        let Some((t, n)) = part.rsplit_once('/') else {
                            return Err(line.error(offset, "a hit entry reads token/n"));
                        };
                        hits.push((
                            token(offset, t)?,
                            number(line, offset + t.len() + 1, n, "hits left")?,
                        ));
                        offset += part.len() + 1;
                    }
                    AttackStage::Damage { q, hits }
                }
                _ => return Err(line.error(at, "the attack stage is roll T, T n, roll N or q")),
            };
            Pending::Attack(AttackStep {
                attacker,
                option,
                stage,
            })
        }
        "name" => {
            let (at, class) = line.word(&words, 2, "the class")?;
            end(3)?;
            Pending::Name(
                Class::parse(class).ok_or_else(|| line.error(at, "a class reads ?[h][c][m]"))?,
            )
        }
        "named" => {
            let (at, x) = line.word(&words, 2, "the named card")?;
            let card = token(at, x)?;
            line.expect(&words, 3, "flips")?;
            let (at, flips) = line.word(&words, 4, "the designations left")?;
            let flips = number(line, at, flips, "flips")?;
            let flip = if words.len() > 5 {
                line.expect(&words, 5, "flip")?;
                let (at, class) = line.word(&words, 6, "the class")?;
                end(7)?;
                Some(parse_class_of_seat(line, at, class)?)
            } else {
                None
            };
            Pending::Named { card, flips, flip }
        }
        "flip" => {
            let (at, class) = line.word(&words, 2, "the class")?;
            end(3)?;
            let (side, class) = parse_class_of_seat(line, at, class)?;
            Pending::Flip(side, class)
        }
        _ => return Err(line.error(at, "unknown pending step")),
    };
    Ok(pending)
}

fn check_focus_and_pending(game: &Tiehuo, focus_line: &Line<'_>) -> Result<(), NotationError> {
    let wrong = |message: &str| Err(focus_line.error(0, message));
    match (&game.focus, game.phase) {
        (Focus::None, _) => {}
        (_, Phase::Play) => {}
        _ => return wrong("a focus exists only in phase play"),
    }
    match (&game.pending, game.phase) {
        (Pending::None, _) | (Pending::Resupply(_) | Pending::Cutoff, Phase::Between) => {}
        (Pending::Resupply(_) | Pending::Cutoff, _) => {
            return Err(NotationError::new(
                "pending",
                focus_line.offset + focus_line.text.len() + 1,
                "a resupply or cut-off is pending only in phase between",
            ));
        }
        (_, Phase::Play) => {}
        _ => {
            return Err(NotationError::new(
                "pending",
                focus_line.offset + focus_line.text.len() + 1,
                "an attack or a fog step is pending only in phase play",
            ));
        }
    }
    let needs_turn = matches!(game.phase, Phase::Play | Phase::Between);
    if needs_turn != game.turn.is_some() {
        return Err(NotationError::new(
            "phase",
            0,
            "turn is 1 or 2 exactly in phases play and between",
        ));
    }
    Ok(())
}

impl Tiehuo {
    /// An empty game with these options: phase env, every card where `new` puts it is left to
    /// the caller.
    pub(crate) fn from_options(
        options: TiehuoOptions,
        resolved: &crate::options::Resolved,
        seed: u64,
    ) -> Tiehuo {
        let mut banned = [0u64; 4];
        for (index, &is_banned) in resolved.banned.iter().enumerate() {
            if is_banned {
                banned[index / 64] |= 1 << (index % 64);
            }
        }
        Tiehuo {
            options,
            catalog: Arc::clone(&resolved.catalog),
            banned,
            rng: GameRng::from_seed(seed),
            phase: Phase::Environment,
            round: 0,
            rounds: 0,
            turn: None,
            finish: None,
            environment: None,
            players: Default::default(),
            focus: Focus::None,
            pending: Pending::None,
            derived: Default::default(),
            turn_changed: false,
            quiet_turn: None,
        }
    }
}
