//! The junqi game state and its rules of play (§4, §5, §7).

use std::ops::ControlFlow;

use zhanqi_core::platform::{DrawOffers, DrawProgress};
use zhanqi_core::{BySeat, GameRng, PlatformAction, Seat, SeatResult, SeatSet, Team};

use crate::action::{EventSink, NoEvents};
use crate::belief::Dealing;
use crate::board::{Board, Post, PostSet};
use crate::combat::{Battle, battle};
use crate::knowledge::{Announced, Knowledge};
use crate::movegen::{MoveRules, for_each_move, has_move, move_path, qq_camp_leniency};
use crate::notation::action_text;
use crate::position::{BLUE, RED, Status, Turn};
use crate::{
    Action, Cell, Compat, DefeatReason, Deployment, EndReason, Event, Illegal, JunqiOptions, Kind,
    Mode, Position, platform,
};

/// Moves without an attack after which the game is drawn (END-2).
pub const NO_ATTACK_LIMIT: u32 = 71;

/// A game of junqi: the position plus what a position string does not hold (options, draw
/// offers, what each observer knows of the hidden identities, the RNG, the result).
#[derive(Clone, Debug, PartialEq)]
pub struct Junqi {
    pub(crate) position: Position,
    pub(crate) options: JunqiOptions,
    pub(crate) rules: MoveRules,
    /// The posts holding each owner's pieces (kept in step with the cells by [`Junqi::set`]).
    pub(crate) owned: [PostSet; 4],
    pub(crate) draw: DrawOffers,
    /// What each observer knows of the identities it cannot see (see [`crate::knowledge`]).
    pub(crate) knowledge: Knowledge,
    /// Dark chess with `two_same`: the colour each seat flipped on its last turn.
    pub(crate) last_flip: BySeat<Option<u8>>,
    /// How determinization deals what each seat cannot see: the beliefs, unless a measurement
    /// set another (see [`Junqi::set_dealing`]).
    pub(crate) dealing: BySeat<Dealing>,
    pub(crate) end: Option<End>,
    pub(crate) rng: GameRng,
}

/// How the game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) struct End {
    /// The winning team, or `None` for a draw.
    pub winner: Option<Team>,
    pub reason: EndReason,
}

impl Junqi {
    /// A game at the start: the deployment phase in 2p and 4p; in dark chess the 50 pieces
    /// shuffled face down and the first player drawn.
    #[must_use]
    pub fn start(options: JunqiOptions, seed: u64) -> Junqi {
        let mut game = Junqi::from_position(
            options,
            Position::empty(options.mode, options.seats()),
            seed,
        );
        if options.mode == Mode::Dark {
            let board = game.position.board();
            let mut pieces: Vec<Cell> = [RED, BLUE]
                .into_iter()
                .flat_map(|colour| {
                    Kind::ALL.into_iter().flat_map(move |kind| {
                        std::iter::repeat_n(
                            Cell::piece(colour, kind).face_down(),
                            usize::from(kind.count()),
                        )
                    })
                })
                .collect();
            game.rng.shuffle(&mut pieces);
            let posts = board.posts().filter(|&post| !board.is_camp(post));
            for (post, cell) in posts.zip(pieces) {
                game.position.cells[usize::from(post)] = cell;
            }
            game.recount_owned();
            let first = Seat::new(game.rng.below(2));
            game.position.turn = Turn::Seat(first);
        }
        game
    }

    /// A game at a given position. The caller has checked the position (see
    /// [`crate::notation`]).
    pub(crate) fn from_position(options: JunqiOptions, position: Position, seed: u64) -> Junqi {
        let mut enemies = [0u8; 4];
        for (owner, mask) in enemies.iter_mut().enumerate() {
            for other in 0..4 {
                let enemy = match options.mode {
                    Mode::Dark | Mode::TwoPlayer => other != owner && other < 2 && owner < 2,
                    Mode::FourPlayer => !options.allies(Seat::new(owner), Seat::new(other)),
                };
                if enemy {
                    *mask |= 1 << other;
                }
            }
        }
        let rules = MoveRules {
            board: position.board(),
            enemies,
            dark: options.mode == Mode::Dark,
            flag_engineer_only: options.flag_engineer_only,
        };
        let end = None;
        let mut game = Junqi {
            position,
            options,
            rules,
            draw: DrawOffers::default(),
            owned: [PostSet::default(); 4],
            knowledge: Knowledge::new(&options, position.board()),
            last_flip: BySeat::splat(None),
            dealing: BySeat::splat(Dealing::Belief),
            end,
            rng: GameRng::from_seed(seed),
        };
        game.recount_owned();
        game.learn_position();
        if position.turn == Turn::Over {
            game.end = Some(game.settle_finished_position());
        }
        game
    }

    /// The position.
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The options.
    #[must_use]
    pub fn junqi_options(&self) -> &JunqiOptions {
        &self.options
    }

    /// The board.
    #[must_use]
    pub fn board(&self) -> &'static Board {
        self.position.board()
    }

    /// The draw offers in progress.
    #[must_use]
    pub fn draw_offers(&self) -> &DrawOffers {
        &self.draw
    }

    /// The team of a seat.
    #[must_use]
    pub fn team_of(&self, seat: Seat) -> Team {
        match self.options.mode {
            Mode::FourPlayer if !self.options.two_players_on_4p => Team((seat.index() % 2) as u8),
            Mode::FourPlayer => Team(u8::from(seat.index() == 2)),
            _ => Team(seat.index() as u8),
        }
    }

    /// Calls `visit` with every move of `seat` (dark chess: every move of its colour; flips
    /// are not moves).
    pub fn for_each_move<B>(
        &self,
        seat: Seat,
        visit: impl FnMut(Post, Post) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        match self.position.owner_of(seat) {
            Some(owner) => for_each_move(&self.position, &self.rules, owner, &self.owned, visit),
            None => ControlFlow::Continue(()),
        }
    }

    /// Appends every legal action of the seat to move (moves, and in dark chess flips).
    pub(crate) fn push_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        if self.position.turn != Turn::Seat(seat) {
            return;
        }
        if self.options.mode == Mode::Dark {
            let board = self.board();
            for post in board.posts() {
                if self.position.cell(post).is_face_down() {
                    out.push(Action::Flip(post));
                }
            }
        }
        let _ = self.for_each_move(seat, |from, to| {
            out.push(Action::Move { from, to });
            ControlFlow::<()>::Continue(())
        });
    }

    /// Whether the seat has any legal action on its turn (EL-2, DK-6).
    #[must_use]
    pub fn has_legal_action(&self, seat: Seat) -> bool {
        if self.options.mode == Mode::Dark {
            let face_down = self
                .board()
                .posts()
                .any(|post| self.position.cell(post).is_face_down());
            if face_down {
                return true;
            }
        }
        let owner = self.position.owner_of(seat);
        if owner.is_some_and(|owner| has_move(&self.position, &self.rules, owner, &self.owned)) {
            return true;
        }
        self.options.compat == Compat::Qq
            && self
                .position
                .owner_of(seat)
                .is_some_and(|owner| qq_camp_leniency(&self.position, &self.rules, owner))
    }

    // ----- applying actions -----

    /// Applies a move known to be legal.
    pub(crate) fn play_move(
        &mut self,
        seat: Seat,
        from: Post,
        to: Post,
        events: &mut impl EventSink,
    ) {
        let attacker = self.position.cell(from);
        let defender = self.position.cell(to);
        let is_attack = defender.is_piece();
        let path = if events.wanted() {
            move_path(&self.position, from, to)
        } else {
            Vec::new()
        };
        let mut result = None;
        let mut flag_lost = None;
        let mut commanders_removed: [Option<u8>; 2] = [None, None];
        let mut announced = [Announced::Nothing; 2];
        if is_attack {
            let (Some(attacking), Some(defending)) = (attacker.kind(), defender.kind()) else {
                unreachable!("the full position knows every piece")
            };
            let outcome = battle(attacking, defending);
            result = Some(outcome);
            self.set(from, Cell::EMPTY);
            match outcome {
                Battle::AttackerWins => self.set(to, attacker),
                Battle::DefenderWins => self.set(to, defender),
                Battle::BothRemoved => self.set(to, Cell::EMPTY),
            }
            if attacking == Kind::Commander && outcome != Battle::AttackerWins {
                commanders_removed[0] = attacker.owner();
            }
            if defending == Kind::Commander && outcome != Battle::DefenderWins {
                commanders_removed[1] = defender.owner();
            }
            if defending == Kind::Flag {
                flag_lost = defender
                    .owner()
                    .and_then(|owner| self.position.seat_of_owner(owner));
            }
            announced = [
                self.announced(attacker, outcome != Battle::AttackerWins),
                self.announced(defender, outcome != Battle::DefenderWins),
            ];
        } else {
            self.set(from, Cell::EMPTY);
            self.set(to, attacker);
        }
        self.learn_move(from, to, attacker, defender, result, announced);
        events.push_with(|| Event::Moved {
            seat,
            from,
            to,
            path,
            battle: result,
        });
        if self.options.mode != Mode::Dark {
            for owner in commanders_removed.into_iter().flatten() {
                self.reveal_flag(Seat::new(usize::from(owner)), events);
            }
        }
        let defender_seat = if is_attack {
            defender
                .owner()
                .and_then(|owner| self.position.seat_of_owner(owner))
        } else {
            None
        };
        if let Some(loser) = flag_lost {
            self.defeat(loser, DefeatReason::FlagLost, events);
        }
        self.position.moves += 1;
        self.position.no_attack = if is_attack {
            0
        } else {
            self.position.no_attack + 1
        };
        self.draw.move_completed(seat);
        if self.check_victory(EndReason::FlagCaptured, events) {
            return;
        }
        if self.options.mode != Mode::Dark {
            // TN-4: the defender's owner first, then the mover. A mover whose piece now stands
            // on `to`, outside a headquarters, can always step back to the empty post it came
            // from (or passed last), so it needs no search.
            let mover_can_step_back =
                self.position.cell(to) == attacker && !self.board().is_headquarters(to);
            let can_act = |game: &Junqi, participant: Seat| {
                (participant == seat && mover_can_step_back) || game.has_legal_action(participant)
            };
            for participant in [defender_seat, Some(seat)].into_iter().flatten() {
                if self.position.status(participant) == Some(Status::Active)
                    && !can_act(self, participant)
                {
                    self.defeat(participant, DefeatReason::NoMoves, events);
                    let reason = if Some(participant) == defender_seat
                        && self.position.status(seat) == Some(Status::Active)
                        && !can_act(self, seat)
                    {
                        EndReason::LastPieces
                    } else {
                        EndReason::NoMoves
                    };
                    if self.check_victory(reason, events) {
                        return;
                    }
                }
            }
        }
        if self.position.no_attack >= NO_ATTACK_LIMIT {
            self.finish(None, EndReason::NoAttackLimit, events);
            return;
        }
        self.pass_turn(seat, events);
    }

    /// Dark chess: turns a face-down piece over.
    pub(crate) fn play_flip(&mut self, seat: Seat, post: Post, events: &mut impl EventSink) {
        let cell = self.position.cell(post).face_up();
        self.set(post, cell);
        events.push_with(|| Event::Flipped { seat, post, cell });
        if self.position.south_colour.is_none() {
            let colour = cell.owner().expect("the full position knows every owner");
            let decided = match self.options.colour_rule {
                crate::ColourRule::FirstFlip => true,
                crate::ColourRule::TwoSame => self.last_flip[seat] == Some(colour),
            };
            self.last_flip[seat] = Some(colour);
            if decided {
                let south = if seat.index() == 0 {
                    colour
                } else {
                    1 - colour
                };
                self.position.south_colour = Some(south);
                events.push_with(|| Event::ColoursDecided { south });
            }
        }
        self.position.moves += 1;
        self.position.no_attack += 1;
        self.draw.move_completed(seat);
        if self.position.no_attack >= NO_ATTACK_LIMIT {
            self.finish(None, EndReason::NoAttackLimit, events);
            return;
        }
        self.pass_turn(seat, events);
    }

    /// Places a seat's deployment; the game starts when every seat has deployed.
    pub(crate) fn play_deploy(
        &mut self,
        seat: Seat,
        deployment: &Deployment,
        events: &mut impl EventSink,
    ) {
        let area = *self.board().area(seat.index() as u8);
        for (post, kind) in area.iter().zip(deployment.cells()) {
            let cell = kind.map_or(Cell::EMPTY, |kind| Cell::piece(seat.index() as u8, kind));
            self.set(*post, cell);
        }
        self.learn_deployment(seat);
        events.push_with(|| Event::Deployed { seat });
        self.start_when_deployed(events);
    }

    /// Starts play once every active seat has deployed: the first mover is drawn at random.
    fn start_when_deployed(&mut self, events: &mut impl EventSink) {
        if self.position.turn == Turn::Deploying && self.undeployed().is_empty() {
            let seats: Vec<Seat> = self.position.active().iter().collect();
            let first = seats[self.rng.below(seats.len())];
            self.position.turn = Turn::Seat(first);
            events.push_with(|| Event::Started { first });
        }
    }

    /// The active seats that have not deployed yet (an empty area means not deployed).
    #[must_use]
    pub fn undeployed(&self) -> SeatSet {
        if self.position.turn != Turn::Deploying {
            return SeatSet::EMPTY;
        }
        let board = self.board();
        self.position
            .active()
            .iter()
            .filter(|seat| {
                board
                    .area(seat.index() as u8)
                    .iter()
                    .all(|&post| self.position.cell(post).is_empty())
            })
            .collect()
    }

    /// A platform action, known to be allowed.
    pub(crate) fn play_platform(
        &mut self,
        seat: Seat,
        action: PlatformAction,
        events: &mut impl EventSink,
    ) {
        match action {
            PlatformAction::Timeout => {
                let state = self.position.seats[seat]
                    .as_mut()
                    .expect("only seats in play time out");
                state.timeouts += 1;
                let count = state.timeouts;
                events.push_with(|| Event::TimedOut { seat, count });
                self.draw.turn_lost();
                if platform::TIMEOUT_LIMIT.defeats(count) {
                    self.defeat(seat, DefeatReason::Timeouts, events);
                    if self.check_victory(EndReason::Timeouts, events) {
                        return;
                    }
                }
                self.pass_turn(seat, events);
            }
            PlatformAction::Resign | PlatformAction::Escape => {
                let was_to_move = self.position.turn == Turn::Seat(seat);
                let reason = if action == PlatformAction::Resign {
                    self.defeat(seat, DefeatReason::Surrender, events);
                    EndReason::Surrender
                } else {
                    self.escape(seat, events);
                    EndReason::Escape
                };
                if self.check_victory(reason, events) {
                    return;
                }
                if self.draw.seat_left(seat, self.position.active()) == DrawProgress::Agreed {
                    self.finish(None, EndReason::DrawAgreed, events);
                    return;
                }
                if was_to_move {
                    self.pass_turn(seat, events);
                }
                self.start_when_deployed(events);
            }
            PlatformAction::OfferDraw | PlatformAction::AcceptDraw | PlatformAction::RefuseDraw => {
                let active = self.position.active();
                let progress = match action {
                    PlatformAction::OfferDraw => {
                        events.push_with(|| Event::DrawOffered { seat });
                        self.draw
                            .offer(seat, active, self.position.moves, &platform::MOVE_FLOORS)
                    }
                    PlatformAction::AcceptDraw => {
                        events.push_with(|| Event::DrawAccepted { seat });
                        self.draw.accept(seat, active)
                    }
                    _ => {
                        events.push_with(|| Event::DrawRefused { seat });
                        self.draw
                            .refuse(seat, active)
                            .map(|()| DrawProgress::Pending)
                    }
                };
                if progress == Ok(DrawProgress::Agreed) {
                    self.finish(None, EndReason::DrawAgreed, events);
                }
            }
        }
    }

    fn set(&mut self, post: Post, cell: Cell) {
        let old = self.position.cells[usize::from(post)];
        if old.is_piece() {
            self.owned[usize::from(old.owner_bits())].remove(post);
        }
        if cell.is_piece() {
            self.owned[usize::from(cell.owner_bits())].insert(post);
        }
        self.position.cells[usize::from(post)] = cell;
    }

    /// Rebuilds the owner sets from the cells, after the cells were written directly.
    pub(crate) fn recount_owned(&mut self) {
        self.owned = [PostSet::default(); 4];
        for post in self.board().posts() {
            let cell = self.position.cell(post);
            if cell.is_piece() {
                self.owned[usize::from(cell.owner_bits())].insert(post);
            }
        }
    }

    /// What everyone learns of a piece that took part in a battle (CB-6): when it was removed
    /// and its owner's flag was not public yet, whether a flag reveal follows tells whether it
    /// was the commander. Dark chess reveals no flags.
    fn announced(&self, piece: Cell, removed: bool) -> Announced {
        let seat = piece
            .owner()
            .and_then(|owner| self.position.seat_of_owner(owner));
        match seat {
            Some(seat)
                if removed
                    && self.options.mode != Mode::Dark
                    && !self.position.flags_public.contains(seat) =>
            {
                if piece.kind() == Some(Kind::Commander) {
                    Announced::Commander
                } else {
                    Announced::NotCommander
                }
            }
            _ => Announced::Nothing,
        }
    }

    /// CB-6: the seat's commander is gone, so its flag becomes public.
    fn reveal_flag(&mut self, seat: Seat, events: &mut impl EventSink) {
        if self.position.flags_public.contains(seat) {
            return;
        }
        self.position.flags_public.insert(seat);
        let flag = Cell::piece(seat.index() as u8, Kind::Flag);
        let post = self
            .board()
            .posts()
            .find(|&post| self.position.cell(post) == flag);
        self.learn_flag(seat, post);
        events.push_with(|| Event::FlagRevealed { seat, post });
    }

    /// Defeats a seat (EL-1 … EL-4); in 2p and 4p its pieces leave the board (EL-5).
    fn defeat(&mut self, seat: Seat, reason: DefeatReason, events: &mut impl EventSink) {
        if let Some(state) = self.position.seats[seat].as_mut() {
            state.status = Status::Defeated;
        }
        self.remove_pieces(seat);
        events.push_with(|| Event::Defeated { seat, reason });
    }

    fn escape(&mut self, seat: Seat, events: &mut impl EventSink) {
        if let Some(state) = self.position.seats[seat].as_mut() {
            state.status = Status::Escaped;
        }
        self.remove_pieces(seat);
        events.push_with(|| Event::Escaped { seat });
    }

    fn remove_pieces(&mut self, seat: Seat) {
        if self.options.mode == Mode::Dark {
            return; // CL-4: the game is over and the pieces stay.
        }
        let owner = seat.index() as u8;
        for post in self.board().posts() {
            if self.position.cell(post).owner() == Some(owner) {
                self.set(post, Cell::EMPTY);
                self.knowledge.forget(post);
            }
        }
    }

    /// END-1: when every seat of a team is out, the other team wins. Returns whether the game
    /// ended.
    fn check_victory(&mut self, reason: EndReason, events: &mut impl EventSink) -> bool {
        // Teams are 0 and 1: a bit each.
        let teams_left = self
            .position
            .active()
            .iter()
            .fold(0u8, |teams, seat| teams | 1 << self.team_of(seat).0);
        match teams_left {
            0b01 | 0b10 => {
                self.finish(
                    Some(Team(teams_left.trailing_zeros() as u8)),
                    reason,
                    events,
                );
                true
            }
            0 => {
                self.finish(None, reason, events);
                true
            }
            _ => false,
        }
    }

    fn finish(&mut self, winner: Option<Team>, reason: EndReason, events: &mut impl EventSink) {
        self.position.turn = Turn::Over;
        self.end = Some(End { winner, reason });
        let winners = self.winners();
        events.push_with(|| Event::GameOver { winners, reason });
    }

    /// Step 7 of §5.5: the turn passes to the next active seat, which is checked for a legal
    /// action at the start of its turn (TN-1, DK-6).
    fn pass_turn(&mut self, from: Seat, events: &mut impl EventSink) {
        let in_play = self.position.seats_in_play();
        let mut seat = from;
        loop {
            seat = next_seat(seat, in_play);
            if self.position.status(seat) != Some(Status::Active) {
                if seat == from {
                    return;
                }
                continue;
            }
            self.position.turn = Turn::Seat(seat);
            if self.options.compat == Compat::Qq || self.has_legal_action(seat) {
                return;
            }
            self.defeat(seat, DefeatReason::NoMoves, events);
            if self.check_victory(EndReason::NoMoves, events) {
                return;
            }
        }
    }

    /// The seats that won: the winning team's seats that did not escape.
    #[must_use]
    pub fn winners(&self) -> SeatSet {
        let Some(End {
            winner: Some(team), ..
        }) = self.end
        else {
            return SeatSet::EMPTY;
        };
        self.position
            .seats_in_play()
            .iter()
            .filter(|&seat| {
                self.team_of(seat) == team && self.position.status(seat) != Some(Status::Escaped)
            })
            .collect()
    }

    /// Each seat's result, once the game is over.
    pub(crate) fn results(&self) -> BySeat<SeatResult> {
        let Some(end) = self.end else {
            return BySeat::splat(SeatResult::Absent);
        };
        BySeat::from_fn(|seat| match self.position.status(seat) {
            None => SeatResult::Absent,
            Some(Status::Escaped) => SeatResult::Escaped,
            Some(_) => match end.winner {
                None => SeatResult::Draw,
                Some(team) if team == self.team_of(seat) => SeatResult::Win,
                Some(_) => SeatResult::Loss,
            },
        })
    }

    /// The result of a position loaded as already over: the one team with an active seat wins;
    /// otherwise it was a draw.
    fn settle_finished_position(&self) -> End {
        let mut teams: Vec<Team> = self
            .position
            .active()
            .iter()
            .map(|seat| self.team_of(seat))
            .collect();
        teams.sort_unstable();
        teams.dedup();
        match teams.as_slice() {
            [winner] if self.position.seats_in_play().len() > 1 => End {
                winner: Some(*winner),
                reason: EndReason::NoMoves,
            },
            _ => End {
                winner: None,
                reason: EndReason::NoAttackLimit,
            },
        }
    }

    // ----- checking actions -----

    /// Checks an action for `seat` without applying it.
    pub(crate) fn check(&self, seat: Seat, action: &Action) -> Result<(), Illegal> {
        let name = self.position.seat_name(seat);
        if self.end.is_some() {
            return Err(Illegal::GameOver);
        }
        if self.position.status(seat) != Some(Status::Active) {
            return Err(Illegal::NotPlaying { seat: name });
        }
        match action {
            Action::Deploy(deployment) => {
                if self.position.turn != Turn::Deploying {
                    return Err(Illegal::CannotDeploy {
                        seat: name,
                        why: "the deployment phase is over",
                    });
                }
                if !self.undeployed().contains(seat) {
                    return Err(Illegal::CannotDeploy {
                        seat: name,
                        why: "it has deployed already",
                    });
                }
                deployment.validate()?;
                Ok(())
            }
            Action::Move { .. } | Action::Flip(_) | Action::Platform(PlatformAction::Timeout) => {
                match self.position.turn {
                    Turn::Deploying => Err(Illegal::StillDeploying),
                    Turn::Seat(to_move) if to_move != seat => {
                        Err(Illegal::NotYourTurn { seat: name })
                    }
                    _ => match action {
                        Action::Move { from, to } => self.check_move(seat, *from, *to),
                        Action::Flip(post) => self.check_flip(*post),
                        _ => Ok(()),
                    },
                }
            }
            Action::Platform(platform) => self.check_platform(seat, *platform),
        }
    }

    fn check_platform(&self, seat: Seat, action: PlatformAction) -> Result<(), Illegal> {
        let moves = self.position.moves;
        let active = self.position.active();
        let deploying = self.position.turn == Turn::Deploying;
        match action {
            PlatformAction::Escape => Ok(()),
            PlatformAction::Resign => {
                let floor = if self.options.compat == Compat::Qq {
                    0
                } else {
                    platform::MOVE_FLOORS.surrender
                };
                if deploying || moves < floor {
                    return Err(Illegal::SurrenderTooEarly { moves, floor });
                }
                Ok(())
            }
            PlatformAction::OfferDraw => {
                Ok(self
                    .draw
                    .can_offer(seat, active, moves, &platform::MOVE_FLOORS)?)
            }
            PlatformAction::AcceptDraw => {
                let mut draw = self.draw;
                let _ = draw.accept(seat, active)?;
                Ok(())
            }
            PlatformAction::RefuseDraw => {
                let mut draw = self.draw;
                draw.refuse(seat, active)?;
                Ok(())
            }
            PlatformAction::Timeout => Ok(()),
        }
    }

    fn check_flip(&self, post: Post) -> Result<(), Illegal> {
        let action = action_text(&self.position, &Action::Flip(post));
        if self.options.mode != Mode::Dark {
            return Err(Illegal::NotInThisMode("flips exist only in dark chess"));
        }
        if !self.position.cell(post).is_face_down() {
            return Err(Illegal::Move {
                action,
                why: "there is no face-down piece there".into(),
            });
        }
        Ok(())
    }

    fn check_move(&self, seat: Seat, from: Post, to: Post) -> Result<(), Illegal> {
        let found = self.for_each_move(seat, |f, t| {
            if (f, t) == (from, to) {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        if found.is_break() {
            return Ok(());
        }
        let board = self.board();
        let (from_name, to_name) = (board.name(from), board.name(to));
        let action = action_text(&self.position, &Action::Move { from, to });
        let cell = self.position.cell(from);
        let own = self.position.owner_of(seat);
        let why = if self.options.mode == Mode::Dark && own.is_none() {
            "colours are not decided yet, so only flips are legal".to_string()
        } else if cell.is_empty() {
            format!("there is no piece on {from_name}")
        } else if cell.is_face_down() {
            format!("the piece on {from_name} is face down; it can only be flipped")
        } else if cell.owner() != own {
            format!("the piece on {from_name} is not yours")
        } else if !cell.kind().is_some_and(Kind::is_movable) {
            format!(
                "the {} on {from_name} never moves",
                if cell.kind() == Some(Kind::Flag) {
                    "flag"
                } else {
                    "mine"
                }
            )
        } else if self.options.mode != Mode::Dark && board.is_headquarters(from) {
            format!("a piece on a headquarters ({from_name}) never moves again")
        } else if from == to {
            "a move must go somewhere else".to_string()
        } else if self.position.cell(to).is_piece()
            && self.position.cell(to).owner() == cell.owner()
        {
            format!("{to_name} holds one of your own pieces")
        } else if self.position.cell(to).is_piece() && board.is_camp(to) {
            format!("the piece on {to_name} stands on a camp and cannot be attacked")
        } else if self.position.cell(to).is_piece()
            && self.position.cell(to).owner().is_some_and(|other| {
                self.rules.enemies[usize::from(cell.owner_bits())] & (1 << other) == 0
            })
            && !self.position.cell(to).is_face_down()
        {
            format!("the piece on {to_name} is an ally's")
        } else if self.options.mode == Mode::Dark && self.position.cell(to).is_piece() {
            format!(
                "the piece on {to_name} cannot be attacked from {from_name} (face down, a certain loss, or a flag still guarded by mines)"
            )
        } else {
            format!("{to_name} cannot be reached from {from_name}")
        };
        Err(Illegal::Move { action, why })
    }
}

/// The seat after `seat` in seat order (s → e → n → w, counter-clockwise), among `in_play`.
fn next_seat(seat: Seat, in_play: SeatSet) -> Seat {
    let mut index = seat.index();
    loop {
        index = (index + 1) % zhanqi_core::MAX_SEATS;
        if in_play.contains(Seat::new(index)) {
            return Seat::new(index);
        }
    }
}

/// Applies an action known to be legal. Shared by the checked and unchecked paths.
pub(crate) fn play(game: &mut Junqi, seat: Seat, action: &Action, events: &mut impl EventSink) {
    match *action {
        Action::Move { from, to } => game.play_move(seat, from, to, events),
        Action::Flip(post) => game.play_flip(seat, post, events),
        Action::Deploy(ref deployment) => game.play_deploy(seat, deployment, events),
        Action::Platform(platform) => game.play_platform(seat, platform, events),
    }
}

/// Plays without collecting events.
pub(crate) fn play_quietly(game: &mut Junqi, seat: Seat, action: &Action) {
    play(game, seat, action, &mut NoEvents);
}
