//! The games zhanqi knows, by name: adding a game is adding one line to the [`registry!`]
//! below (and its crate in `Cargo.toml`). From that one list come [`GAMES`] (the dyn layer:
//! engine protocol, server, client game list) and [`visit`] (typed code: `zhanqi sim`,
//! `bench`, `match`).

use serde_json::Value;
use zhanqi_ai::AiGame;
use zhanqi_core::platform::Ladder;
use zhanqi_core::{
    ClientGame, GameNotation, GameRng, ImportError, ImportedRecord, OptionField, Seat,
};

use crate::dyn_game::{DynGame, Erased};
use crate::error::{GameError, join};

/// What a game needs to be registered: rules and notation, AI knowledge, client contract.
pub trait RegisteredGame: GameNotation + AiGame + ClientGame {}

impl<G: GameNotation + AiGame + ClientGame> RegisteredGame for G {}

/// Typed code run for a game found by name ([`visit`]): a simulation, a benchmark, a match.
pub trait GameVisitor {
    /// What the visit gives.
    type Output;

    /// Runs for the game `G`.
    fn visit<G: RegisteredGame>(self) -> Self::Output;
}

/// Defines [`GAMES`] and [`visit`] from one list of game types.
macro_rules! registry {
    ($($game:ty),* $(,)?) => {
        /// Every game zhanqi plays, in the order the engine protocol's `games` answer lists
        /// them.
        pub static GAMES: &[GameEntry] = &[$(entry::<$game>()),*];

        /// Runs `visitor` for the game named `name`, typed.
        ///
        /// # Errors
        /// [`GameError::UnknownGame`] if no game has this name.
        pub fn visit<V: GameVisitor>(name: &str, visitor: V) -> Result<V::Output, GameError> {
            $(
                if name == <$game as GameNotation>::NAME {
                    return Ok(visitor.visit::<$game>());
                }
            )*
            Err(GameError::UnknownGame {
                name: name.to_owned(),
                known: join(GAMES.iter().map(GameEntry::name)),
            })
        }
    };
}

// Every game zhanqi plays: one line each.
registry! {
    zhanqi_junqi::Junqi,
    zhanqi_shengke::Shengke,
    zhanqi_siguo::Siguo,
    zhanqi_qizhan::Qizhan,
    zhanqi_tiehuo::Tiehuo,
}

/// The stream of a game's seed from which `new` draws the deployments it is not given, beside
/// the game's own RNG (stream 0).
pub const DEPLOYMENT_STREAM: u64 = 1;

/// A game created through the dyn layer, or why it could not be.
type Created = Result<Box<dyn DynGame>, GameError>;

/// A record of another program imported by a game, behind the dyn layer.
pub type ImportedGame = ImportedRecord<Box<dyn DynGame>>;

/// [`GameEntry::new_game_with`] of one game.
type StartFn = fn(Option<&str>, Option<&Value>, u64, &[(&str, &str)], Given) -> Created;

/// What the texts given to [`start`] are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Given {
    /// Actions in the game's notation (the engine protocol's deployments).
    Actions,
    /// Arrangements from the setup editor ([`ClientGame::check_setup`]'s form), which the
    /// game turns into its action with [`ClientGame::setup_action`].
    Setups,
}

/// [`GameEntry::load_game`] of one game.
type LoadFn = fn(&str, Option<&Value>, u64) -> Created;

/// [`GameEntry::option_fields`] of one game.
type OptionFieldsFn = fn() -> Vec<OptionField>;

/// [`GameEntry::seat_count`] of one game.
type SeatCountFn = fn(Option<&str>) -> Result<usize, GameError>;

/// [`GameEntry::import_record`] of one game.
type ImportFn = fn(&str, &[u8]) -> Option<Result<ImportedGame, ImportError>>;

/// The registry entry of one game: its name, its modes and how to create it.
#[derive(Clone, Copy, Debug)]
pub struct GameEntry {
    name: &'static str,
    family: fn() -> &'static str,
    ladder: fn() -> Option<&'static Ladder>,
    modes: &'static [&'static str],
    protocol_modes: &'static [&'static str],
    engine_options: bool,
    start: StartFn,
    load: LoadFn,
    option_fields: OptionFieldsFn,
    seat_count: SeatCountFn,
    import: ImportFn,
}

/// The registry entry of the game `G`.
#[must_use]
pub const fn entry<G: RegisteredGame>() -> GameEntry {
    GameEntry {
        name: G::NAME,
        family: G::profile_family,
        ladder: G::ladder,
        modes: G::MODES,
        protocol_modes: G::PROTOCOL_MODES,
        engine_options: G::ENGINE_OPTIONS,
        start: start::<G>,
        load: load::<G>,
        option_fields: G::option_fields,
        seat_count: seat_count::<G>,
        import: import::<G>,
    }
}

impl GameEntry {
    /// The game's name in the engine protocol (`junqi`).
    #[must_use]
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// The family of games whose points and rank a player's profile keeps for this game.
    #[must_use]
    pub fn family(&self) -> &'static str {
        (self.family)()
    }

    /// The ranks of the game's family and the multipliers they give a table; `None` for a family
    /// without ranks.
    #[must_use]
    pub fn ladder(&self) -> Option<&'static Ladder> {
        (self.ladder)()
    }

    /// The game's modes, the first being the default.
    #[must_use]
    pub fn modes(&self) -> &'static [&'static str] {
        self.modes
    }

    /// The modes the engine protocol's `games` answer lists (none for a game whose
    /// specification names no mode).
    #[must_use]
    pub fn protocol_modes(&self) -> &'static [&'static str] {
        self.protocol_modes
    }

    /// Whether the engine protocol's `new` and `load` take options (rooms always do).
    #[must_use]
    pub fn engine_options(&self) -> bool {
        self.engine_options
    }

    /// A new standard game in `mode`: [`GameEntry::new_game_with`] without options.
    ///
    /// # Errors
    /// As [`GameEntry::new_game_with`].
    pub fn new_game(&self, mode: Option<&str>, seed: u64, deployments: &[(&str, &str)]) -> Created {
        self.new_game_with(mode, None, seed, deployments)
    }

    /// A new game in `mode` (the default mode when `None`) with `options` on top of the
    /// mode's (the engine protocol's `"options"` object, checked by the game; `None` for the
    /// standard game), drawn from `seed`, with the given deployments (seat name, deployment
    /// text).
    ///
    /// Every seat that must first make a choice too large to list (a hidden deployment) gets,
    /// in seat order, its given deployment or else one drawn with the game's
    /// `random_unlisted_action` from stream [`DEPLOYMENT_STREAM`] of `seed`. A draw is made for
    /// every such seat, given or not, so a seat's random deployment does not depend on which
    /// other seats were given theirs: same seed, same game.
    ///
    /// A game that takes its seats' arrangements as options (shengke's decks) gets them on
    /// top of `options`.
    ///
    /// # Errors
    /// If the mode is unknown, an option is unknown or has a bad value (with the game's
    /// reason), a seat name is unknown, or a deployment is malformed or illegal (with every
    /// rule it breaks, as the game reports them).
    pub fn new_game_with(
        &self,
        mode: Option<&str>,
        options: Option<&Value>,
        seed: u64,
        deployments: &[(&str, &str)],
    ) -> Created {
        (self.start)(mode, options, seed, deployments, Given::Actions)
    }

    /// As [`GameEntry::new_game_with`], with each seat's arrangement as the setup editor
    /// keeps it ([`ClientGame::check_setup`]'s form: a room's layouts and decks) rather than
    /// as the game's action.
    ///
    /// # Errors
    /// As [`GameEntry::new_game_with`].
    pub fn new_game_from_setups(
        &self,
        mode: Option<&str>,
        options: Option<&Value>,
        seed: u64,
        setups: &[(&str, &str)],
    ) -> Created {
        (self.start)(mode, options, seed, setups, Given::Setups)
    }

    /// The game at `position` (canonical or not), with `options` that a position cannot hold
    /// (default: the standard game) and `seed` for any chance still to come.
    ///
    /// # Errors
    /// If the position or the options cannot be read, naming the field and offset.
    pub fn load_game(&self, position: &str, options: Option<&Value>, seed: u64) -> Created {
        (self.load)(position, options, seed)
    }

    /// The options a player may set when opening a room in `mode` (every mode's when
    /// `None`), for the lobby's form.
    #[must_use]
    pub fn option_fields(&self, mode: Option<&str>) -> Vec<OptionField> {
        let mut fields = (self.option_fields)();
        if let Some(mode) = mode {
            fields.retain(|field| field.applies_to(mode));
        }
        fields
    }

    /// The seats in play in the standard game of `mode` (the default mode when `None`).
    ///
    /// # Errors
    /// If the mode is unknown.
    pub fn seat_count(&self, mode: Option<&str>) -> Result<usize, GameError> {
        (self.seat_count)(mode)
    }

    /// The record of another program in `bytes` (named `file_name`), read and replayed, if it
    /// is this game's to import; `None` if it is not.
    ///
    /// # Errors
    /// Inside the `Some`: the file cannot be read or replayed.
    #[must_use]
    pub fn import_record(
        &self,
        file_name: &str,
        bytes: &[u8],
    ) -> Option<Result<ImportedGame, ImportError>> {
        (self.import)(file_name, bytes)
    }
}

/// The mode asked for, if the game has it.
fn check_mode<G: GameNotation>(mode: Option<&str>) -> Result<(), GameError> {
    match mode {
        Some(mode) if !G::MODES.contains(&mode) => Err(GameError::UnknownMode {
            game: G::NAME,
            mode: mode.to_owned(),
            known: join(G::MODES),
        }),
        _ => Ok(()),
    }
}

fn seat_count<G: RegisteredGame>(mode: Option<&str>) -> Result<usize, GameError> {
    check_mode::<G>(mode)?;
    let options = G::options_for(mode, None)?;
    Ok(G::new(&options, 0)?.seats().len())
}

fn import<G: RegisteredGame>(
    file_name: &str,
    bytes: &[u8],
) -> Option<Result<ImportedGame, ImportError>> {
    let imported = G::import_record(file_name, bytes)?;
    Some(imported.map(|record| ImportedRecord {
        game: Erased::boxed(record.game),
        start: record.start,
        players: record.players,
        actions: record.actions,
        moves: record.moves,
    }))
}

fn start<G: RegisteredGame>(
    mode: Option<&str>,
    extra: Option<&Value>,
    seed: u64,
    deployments: &[(&str, &str)],
    given_as: Given,
) -> Created {
    check_mode::<G>(mode)?;
    let options = G::options_for(mode, extra)?;
    let mut game = G::new(&options, seed)?;
    let mut given: Vec<(Seat, &str)> = Vec::with_capacity(deployments.len());
    for &(name, text) in deployments {
        let seat = game
            .seat_by_name(name)
            .ok_or_else(|| GameError::UnknownSeat {
                seat: name.to_owned(),
                known: join(game.seats().iter().map(|seat| game.seat_name(seat))),
            })?;
        given.push((seat, text));
    }
    if let Some(options) = setup_options(&game, mode, extra, &given)? {
        // The setups are options of the game (shengke decks): no first action to play.
        return Ok(Erased::boxed(G::new(&options, seed)?));
    }
    let mut rng = GameRng::stream(seed, DEPLOYMENT_STREAM);
    for seat in game.seats().iter() {
        let drawn = game.random_unlisted_action(seat, &mut rng);
        let action = match given.iter().find(|(given_seat, _)| *given_seat == seat) {
            Some(&(_, text)) => {
                let action;
                let text = match given_as {
                    Given::Actions => text,
                    Given::Setups => {
                        action = game.setup_action(seat, text).map_err(|error| {
                            GameError::DeploymentIllegal {
                                seat: game.seat_name(seat).to_owned(),
                                reason: error.to_string(),
                            }
                        })?;
                        &action
                    }
                };
                game.parse_action(seat, text)
                    .map_err(|error| GameError::DeploymentMalformed {
                        seat: game.seat_name(seat).to_owned(),
                        error,
                    })?
            }
            None => match drawn {
                Some(action) => action,
                None => continue,
            },
        };
        deploy(&mut game, seat, &action)?;
    }
    Ok(Erased::boxed(game))
}

/// The game's options with the setups given on top of `extra`, for a game that takes its
/// setups as options.
fn setup_options<G: RegisteredGame>(
    game: &G,
    mode: Option<&str>,
    extra: Option<&Value>,
    given: &[(Seat, &str)],
) -> Result<Option<G::Options>, GameError> {
    let setups = game
        .setup_options(given)
        .map_err(|error| GameError::DeploymentIllegal {
            seat: given
                .first()
                .map_or("-", |(seat, _)| game.seat_name(*seat))
                .to_owned(),
            reason: error.to_string(),
        })?;
    let Some(setups) = setups else {
        return Ok(None);
    };
    let mut options = extra
        .cloned()
        .unwrap_or_else(|| Value::Object(Default::default()));
    if let (Some(options), Value::Object(setups)) = (options.as_object_mut(), setups) {
        options.extend(setups);
    }
    Ok(Some(G::options_for(mode, Some(&options))?))
}

fn deploy<G: GameNotation>(
    game: &mut G,
    seat: Seat,
    deployment: &G::Action,
) -> Result<(), GameError> {
    game.apply(seat, deployment)
        .map(drop)
        .map_err(|illegal| GameError::DeploymentIllegal {
            seat: game.seat_name(seat).to_owned(),
            reason: illegal.to_string(),
        })
}

fn load<G: RegisteredGame>(position: &str, options: Option<&Value>, seed: u64) -> Created {
    Ok(Erased::boxed(G::load(position, options, seed)?))
}

/// A list of games to look up by name: [`Registry::standard`] for zhanqi's games, or any
/// other list (tests register toy games).
#[derive(Clone, Copy, Debug)]
pub struct Registry {
    entries: &'static [GameEntry],
}

impl Registry {
    /// A registry of these games.
    #[must_use]
    pub const fn new(entries: &'static [GameEntry]) -> Registry {
        Registry { entries }
    }

    /// Every game zhanqi plays ([`GAMES`]).
    #[must_use]
    pub const fn standard() -> Registry {
        Registry::new(GAMES)
    }

    /// The games, in order.
    #[must_use]
    pub fn entries(&self) -> &'static [GameEntry] {
        self.entries
    }

    /// The game of this name.
    ///
    /// # Errors
    /// [`GameError::UnknownGame`] if no game has this name.
    pub fn find(&self, name: &str) -> Result<&'static GameEntry, GameError> {
        self.entries
            .iter()
            .find(|entry| entry.name == name)
            .ok_or_else(|| GameError::UnknownGame {
                name: name.to_owned(),
                known: join(self.entries.iter().map(GameEntry::name)),
            })
    }
}

impl Registry {
    /// The record of another program in `bytes` (named `file_name`), imported by the first
    /// game whose record it is; `None` if no game imports it.
    ///
    /// # Errors
    /// Inside the `Some`: the game's importer could not read or replay the file.
    #[must_use]
    pub fn import_record(
        &self,
        file_name: &str,
        bytes: &[u8],
    ) -> Option<Result<ImportedGame, ImportError>> {
        self.entries
            .iter()
            .find_map(|entry| entry.import_record(file_name, bytes))
    }
}

impl Default for Registry {
    fn default() -> Registry {
        Registry::standard()
    }
}
