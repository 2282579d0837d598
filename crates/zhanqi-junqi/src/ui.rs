//! What a browser client needs to draw junqi, as serde data: the board geometry, each
//! viewer's pieces, events with post names, and the deployment being arranged before play.
//!
//! Nothing here decides a rule: it only renders what the game and its views already hold, so
//! a client built on it never sees more than [`Junqi::view_for`] lets the viewer see.

use serde::Serialize;
use zhanqi_core::{GameRng, Progress, Seat, SeatProgress, Viewer};

use crate::board::{Board, Post, PostKind, Shape};
use crate::position::{BLUE, Status, Turn};
use crate::{
    Battle, Cell, DefeatReason, Deployment, DeploymentError, Event, Junqi, Malformed, Mode,
    Position,
};

/// One post of the board as the client draws it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct PostUi {
    /// The post's name (`c5`).
    pub name: String,
    /// Grid column, from 0 at the left.
    pub x: u8,
    /// Grid row, from 0 at the top (seat `s` sits at the bottom).
    pub y: u8,
    /// `station`, `camp` or `headquarters`.
    pub kind: &'static str,
    /// Whether a railway passes through the post.
    pub railway: bool,
    /// The seat whose area holds the post (`None` for the 4p centre).
    pub area: Option<&'static str>,
}

/// Where a seat sits at the table, as the client draws it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct SeatSide {
    /// The seat's name.
    pub seat: &'static str,
    /// `bottom`, `right`, `top` or `left`.
    pub side: &'static str,
}

/// The geometry of a mode's board: posts with grid coordinates, roads and railways.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct BoardUi {
    /// Always `junqi`.
    pub game: &'static str,
    /// The mode (`2p`, `4p`, `dark`).
    pub mode: &'static str,
    /// Columns of the grid.
    pub width: u8,
    /// Rows of the grid.
    pub height: u8,
    /// Every post.
    pub posts: Vec<PostUi>,
    /// Road edges (one step for every piece), each once, by post names.
    pub roads: Vec<[String; 2]>,
    /// Railway edges, each once, by post names.
    pub railways: Vec<[String; 2]>,
    /// Where each seat sits.
    pub seats: Vec<SeatSide>,
}

/// One occupied post as a viewer sees it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct CellUi {
    /// The post's name.
    pub post: String,
    /// The owner: a seat name, or in dark `r` (red), `u` (blue) or `x` (unknown colour).
    pub owner: &'static str,
    /// The piece letter, or `?` when the viewer may not see it.
    pub piece: char,
    /// Dark chess: the piece lies face down.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub face_down: bool,
}

/// The pending draw offer.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct DrawOfferUi {
    /// Who offered.
    pub by: &'static str,
    /// Who has accepted so far.
    pub accepted: Vec<&'static str>,
}

/// One seat's state in a view.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct SeatUi {
    /// The seat's name.
    pub seat: &'static str,
    /// `active`, `defeated` or `escaped`.
    pub status: &'static str,
    /// Timeouts so far.
    pub timeouts: u8,
    /// Dark chess: the colour the seat plays (`r` red, `u` blue) once the first flips decided
    /// it; absent before, and in the other modes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub colour: Option<&'static str>,
}

/// What one viewer sees of a game, ready to draw.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct ViewUi {
    /// The position string (JFEN) of the view, with `?` for hidden identities.
    pub position: String,
    /// The seat to move, or `None` while deploying or once over.
    pub to_move: Option<&'static str>,
    /// `M`: moves completed.
    pub moves: u32,
    /// `Q`: consecutive moves without an attack.
    pub no_attack: u32,
    /// The seats whose flag is public.
    pub flags_public: Vec<&'static str>,
    /// Each seat's state.
    pub seats: Vec<SeatUi>,
    /// Every occupied post.
    pub cells: Vec<CellUi>,
    /// The pending draw offer.
    pub draw_offer: Option<DrawOfferUi>,
}

/// One side of a battle as a viewer may know it: the piece of a seat the viewer may not see
/// stays `?` (IN-3: a battle shows its result, not the identities).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
pub struct FighterUi {
    /// The owner, as in [`CellUi::owner`].
    pub owner: &'static str,
    /// The seat whose piece it is (in dark chess, the seat playing its colour).
    pub seat: Option<&'static str>,
    /// The piece letter, or `?`.
    pub piece: char,
}

/// An event with seats and posts by name, carrying only what its viewer may know.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum EventUi {
    /// A seat submitted its deployment.
    Deployed {
        /// The seat.
        seat: &'static str,
    },
    /// Play began.
    Started {
        /// The first mover.
        first: &'static str,
    },
    /// A piece moved or attacked.
    Moved {
        /// The mover.
        seat: &'static str,
        /// Start post.
        from: String,
        /// End post.
        to: String,
        /// Every post passed, start and end included.
        path: Vec<String>,
        /// `A`, `D` or `X` for an attack.
        battle: Option<char>,
        /// An attack's attacking piece as the viewer knew it before the battle.
        #[serde(skip_serializing_if = "Option::is_none")]
        attacker: Option<FighterUi>,
        /// An attack's defending piece as the viewer knew it before the battle.
        #[serde(skip_serializing_if = "Option::is_none")]
        defender: Option<FighterUi>,
    },
    /// Dark chess: a piece was turned face up.
    Flipped {
        /// Who flipped.
        seat: &'static str,
        /// Where.
        post: String,
        /// Its colour, `r` or `u`.
        owner: &'static str,
        /// Its letter.
        piece: char,
    },
    /// Dark chess: the colours were decided.
    Colours {
        /// The colour of `s`: `r` or `u`.
        s: &'static str,
    },
    /// A commander died: the seat's flag is public.
    FlagRevealed {
        /// Whose flag.
        seat: &'static str,
        /// Where it stands.
        post: Option<String>,
    },
    /// A seat lost its turn to the clock.
    TimedOut {
        /// The seat.
        seat: &'static str,
        /// Its timeouts so far.
        count: u8,
    },
    /// A seat was defeated.
    Defeated {
        /// The seat.
        seat: &'static str,
        /// `flag_lost`, `no_moves`, `timeouts` or `surrender`.
        reason: &'static str,
    },
    /// A seat escaped.
    Escaped {
        /// The seat.
        seat: &'static str,
    },
    /// A seat offered a draw.
    DrawOffered {
        /// The seat.
        seat: &'static str,
    },
    /// A seat accepted the draw offer.
    DrawAccepted {
        /// The seat.
        seat: &'static str,
    },
    /// A seat refused the draw offer.
    DrawRefused {
        /// The seat.
        seat: &'static str,
    },
    /// The game ended.
    GameOver {
        /// The winners (empty for a draw).
        winners: Vec<&'static str>,
        /// Why.
        reason: &'static str,
    },
}

/// A deployment being arranged, placed in its seat's area.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct SetupUi {
    /// The deployment string (§8.3).
    pub layout: String,
    /// The pieces on the board.
    pub cells: Vec<CellUi>,
}

/// Why a change to a deployment being arranged was refused.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum SetupError {
    /// This mode has no deployment phase.
    #[error("{0} has no deployment to arrange")]
    NoDeployment(&'static str),
    /// A post is not in the seat's area.
    #[error("post '{post}' is not one of seat {seat}'s posts")]
    NotYourPost {
        /// The post named.
        post: String,
        /// The seat.
        seat: &'static str,
    },
    /// The text is not a deployment string.
    #[error("deployment at character {offset}: {mistake}")]
    Malformed {
        /// The character offset of the mistake.
        offset: usize,
        /// What is wrong.
        mistake: Malformed,
    },
    /// The result breaks the deployment rules.
    #[error(transparent)]
    Illegal(#[from] DeploymentError),
}

/// The geometry of a mode's board.
#[must_use]
pub fn board_ui(mode: Mode) -> BoardUi {
    let board = Board::get(mode.shape());
    let names = mode.seat_names();
    let posts = board
        .posts()
        .map(|post| {
            let info = board.info(post);
            let (x, y) = grid(mode.shape(), info.file, info.rank);
            PostUi {
                name: info.name.clone(),
                x,
                y,
                kind: match info.kind {
                    PostKind::Station => "station",
                    PostKind::Camp => "camp",
                    PostKind::Headquarters => "headquarters",
                },
                railway: info.on_railway,
                area: info.area.map(|(seat, _, _)| names[usize::from(seat)]),
            }
        })
        .collect();
    let edges = |neighbours: &dyn Fn(Post) -> Vec<Post>| {
        let mut edges = Vec::new();
        for post in board.posts() {
            for next in neighbours(post) {
                if post < next {
                    edges.push([board.name(post).to_owned(), board.name(next).to_owned()]);
                }
            }
        }
        edges
    };
    let (width, height) = match mode.shape() {
        Shape::TwoPlayer => (5, 13),
        Shape::FourPlayer => (17, 17),
    };
    let sides: &[&str] = match mode.shape() {
        Shape::TwoPlayer => &["bottom", "top"],
        Shape::FourPlayer => &["bottom", "right", "top", "left"],
    };
    BoardUi {
        game: "junqi",
        mode: mode.name(),
        width,
        height,
        posts,
        roads: edges(&|post| board.road_neighbours(post).to_vec()),
        railways: edges(&|post| board.rail_neighbours(post).to_vec()),
        seats: names
            .iter()
            .zip(sides)
            .map(|(&seat, &side)| SeatSide { seat, side })
            .collect(),
    }
}

/// Grid coordinates of a post: files left to right, ranks bottom to top, with an empty row
/// between the halves of the 2p board for the front.
fn grid(shape: Shape, file: u8, rank: u8) -> (u8, u8) {
    match shape {
        Shape::TwoPlayer => (file, 12 - rank + u8::from(rank <= 6)),
        Shape::FourPlayer => (file, 17 - rank),
    }
}

/// The name a cell's owner goes by in [`CellUi::owner`].
fn owner_name(position: &Position, cell: Cell) -> &'static str {
    match (position.mode, cell.owner()) {
        (_, None) => "x",
        (Mode::Dark, Some(colour)) => colour_name(colour),
        (mode, Some(owner)) => mode.seat_names()[usize::from(owner)],
    }
}

fn colour_name(colour: u8) -> &'static str {
    if colour == BLUE { "u" } else { "r" }
}

fn cell_ui(position: &Position, post: Post, cell: Cell) -> CellUi {
    CellUi {
        post: position.board().name(post).to_owned(),
        owner: owner_name(position, cell),
        piece: cell.kind().map_or('?', |kind| kind.letter()),
        face_down: cell.is_face_down(),
    }
}

/// A seat's standing as the views write it.
fn status_name(status: Status) -> &'static str {
    match status {
        Status::Active => "active",
        Status::Defeated => "defeated",
        Status::Escaped => "escaped",
    }
}

impl Junqi {
    /// How far the game has gone: the moves completed and each seat's standing and lost turns,
    /// which every view shows alike.
    #[must_use]
    pub fn progress(&self) -> Progress {
        let position = &self.position;
        Progress {
            moves: position.moves,
            seats: position
                .seats_in_play()
                .iter()
                .filter_map(|seat| {
                    let state = position.seats[seat]?;
                    Some(SeatProgress {
                        seat: position.seat_name(seat),
                        status: status_name(state.status),
                        timeouts: u32::from(state.timeouts),
                    })
                })
                .collect(),
        }
    }

    /// What `viewer` sees, ready to draw: built from [`Junqi::view_for`] alone.
    #[must_use]
    pub fn view_ui(&self, viewer: Viewer) -> ViewUi {
        let view = self.view_for(viewer);
        let position = &view.position;
        let cells = position
            .board()
            .posts()
            .filter(|&post| position.cell(post).is_piece())
            .map(|post| cell_ui(position, post, position.cell(post)))
            .collect();
        let seats = position
            .seats_in_play()
            .iter()
            .filter_map(|seat| {
                let state = position.seats[seat]?;
                Some(SeatUi {
                    seat: position.seat_name(seat),
                    status: status_name(state.status),
                    timeouts: state.timeouts,
                    colour: match position.mode {
                        Mode::Dark => position.owner_of(seat).map(colour_name),
                        _ => None,
                    },
                })
            })
            .collect();
        let draw = self.draw_offers();
        ViewUi {
            position: crate::notation::write_position(position),
            to_move: match position.turn {
                Turn::Seat(seat) => Some(position.seat_name(seat)),
                Turn::Deploying | Turn::Over => None,
            },
            moves: position.moves,
            no_attack: position.no_attack,
            flags_public: position
                .flags_public
                .iter()
                .map(|seat| position.seat_name(seat))
                .collect(),
            seats,
            cells,
            draw_offer: draw.pending().map(|by| DrawOfferUi {
                by: position.seat_name(by),
                accepted: draw
                    .accepted()
                    .iter()
                    .map(|seat| position.seat_name(seat))
                    .collect(),
            }),
        }
    }

    /// Events with seats and posts by name, as `viewer` may see them; `before` is the game
    /// before the action, whose pieces a battle's sides are read from as the viewer saw them.
    #[must_use]
    pub fn events_ui(&self, before: &Junqi, events: &[Event], viewer: Viewer) -> Vec<EventUi> {
        let position = &self.position;
        let board = position.board();
        let seat = |seat: Seat| position.seat_name(seat);
        let name = |post: Post| board.name(post).to_owned();
        let fighter = |post: Post| {
            let cell = before.cell_seen_by(viewer, post);
            FighterUi {
                owner: owner_name(&before.position, cell),
                seat: cell
                    .owner()
                    .and_then(|owner| before.position.seat_of_owner(owner))
                    .map(|seat| before.position.seat_name(seat)),
                piece: cell.kind().map_or('?', |kind| kind.letter()),
            }
        };
        events
            .iter()
            .map(|event| match event {
                Event::Deployed { seat: s } => EventUi::Deployed { seat: seat(*s) },
                Event::Started { first } => EventUi::Started {
                    first: seat(*first),
                },
                Event::Moved {
                    seat: s,
                    from,
                    to,
                    path,
                    battle,
                } => EventUi::Moved {
                    seat: seat(*s),
                    from: name(*from),
                    to: name(*to),
                    path: path.iter().map(|&post| name(post)).collect(),
                    battle: battle.map(Battle::letter),
                    attacker: battle.map(|_| fighter(*from)),
                    defender: battle.map(|_| fighter(*to)),
                },
                Event::Flipped {
                    seat: s,
                    post,
                    cell,
                } => EventUi::Flipped {
                    seat: seat(*s),
                    post: name(*post),
                    owner: cell.owner().map_or("x", colour_name),
                    piece: cell.kind().map_or('?', |kind| kind.letter()),
                },
                Event::ColoursDecided { south } => EventUi::Colours {
                    s: colour_name(*south),
                },
                Event::FlagRevealed { seat: s, post } => EventUi::FlagRevealed {
                    seat: seat(*s),
                    post: post.map(name),
                },
                Event::TimedOut { seat: s, count } => EventUi::TimedOut {
                    seat: seat(*s),
                    count: *count,
                },
                Event::Defeated { seat: s, reason } => EventUi::Defeated {
                    seat: seat(*s),
                    reason: match reason {
                        DefeatReason::FlagLost => "flag_lost",
                        DefeatReason::NoMoves => "no_moves",
                        DefeatReason::Timeouts => "timeouts",
                        DefeatReason::Surrender => "surrender",
                    },
                },
                Event::Escaped { seat: s } => EventUi::Escaped { seat: seat(*s) },
                Event::DrawOffered { seat: s } => EventUi::DrawOffered { seat: seat(*s) },
                Event::DrawAccepted { seat: s } => EventUi::DrawAccepted { seat: seat(*s) },
                Event::DrawRefused { seat: s } => EventUi::DrawRefused { seat: seat(*s) },
                Event::GameOver { winners, reason } => EventUi::GameOver {
                    winners: winners.iter().map(seat).collect(),
                    reason: reason.name(),
                },
            })
            .collect()
    }

    /// Whether `seat` arranges a deployment before play (not in dark chess).
    #[must_use]
    pub fn deploys(&self) -> bool {
        self.options.mode != Mode::Dark
    }

    /// A random legal deployment for a seat to start arranging from.
    ///
    /// # Errors
    /// [`SetupError::NoDeployment`] in dark chess.
    pub fn random_setup(&self, rng: &mut GameRng) -> Result<String, SetupError> {
        self.check_deploys()?;
        Ok(Deployment::random(rng).to_string())
    }

    /// Reads a deployment string and checks it against every deployment rule.
    ///
    /// # Errors
    /// If it is malformed, or every rule it breaks.
    pub fn check_setup(&self, layout: &str) -> Result<String, SetupError> {
        self.check_deploys()?;
        let deployment = Deployment::read(layout)
            .map_err(|(offset, mistake)| SetupError::Malformed { offset, mistake })?;
        Ok(deployment.validate()?.to_string())
    }

    /// The deployment with the pieces on two of `seat`'s posts (by name) swapped, if the
    /// result is legal.
    ///
    /// # Errors
    /// If a post is not the seat's, the layout is malformed, or every rule the swap breaks.
    pub fn swap_setup(
        &self,
        seat: Seat,
        layout: &str,
        a: &str,
        b: &str,
    ) -> Result<String, SetupError> {
        self.check_deploys()?;
        let deployment = Deployment::read(layout)
            .map_err(|(offset, mistake)| SetupError::Malformed { offset, mistake })?;
        let local = |name: &str| self.local_index(seat, name);
        Ok(deployment.swap(local(a)?, local(b)?)?.to_string())
    }

    /// A deployment placed in `seat`'s area, ready to draw.
    ///
    /// # Errors
    /// If the layout is malformed (legality is not required: it is only drawn).
    pub fn setup_ui(&self, seat: Seat, layout: &str) -> Result<SetupUi, SetupError> {
        self.check_deploys()?;
        let deployment = Deployment::read(layout)
            .map_err(|(offset, mistake)| SetupError::Malformed { offset, mistake })?;
        let area = self.board().area(seat.index() as u8);
        let owner = seat.index() as u8;
        let cells = deployment
            .cells()
            .iter()
            .zip(area)
            .filter_map(|(kind, &post)| {
                kind.map(|kind| cell_ui(&self.position, post, Cell::piece(owner, kind)))
            })
            .collect();
        Ok(SetupUi {
            layout: deployment.to_string(),
            cells,
        })
    }

    fn check_deploys(&self) -> Result<(), SetupError> {
        if self.deploys() {
            Ok(())
        } else {
            Err(SetupError::NoDeployment(self.options.mode.name()))
        }
    }

    /// The board's name (`e8`, as the edge labels and the notation call it) of the post at
    /// local index `at` of `seat`'s area.
    #[must_use]
    pub fn area_post_name(&self, seat: Seat, at: usize) -> String {
        let board = self.board();
        board
            .area(seat.index() as u8)
            .get(at)
            .map_or_else(String::new, |&post| board.info(post).name.clone())
    }

    fn local_index(&self, seat: Seat, name: &str) -> Result<usize, SetupError> {
        let not_yours = || SetupError::NotYourPost {
            post: name.to_owned(),
            seat: self.position.seat_name(seat),
        };
        let post = self.board().post(name).ok_or_else(not_yours)?;
        self.board()
            .area(seat.index() as u8)
            .iter()
            .position(|&own| own == post)
            .ok_or_else(not_yours)
    }
}

#[cfg(test)]
mod tests {
    use zhanqi_core::{Game, GameNotation};

    use super::*;
    use crate::JunqiOptions;

    const EXAMPLE: &str = "CSPDL/E.J.T/DL.BY/T.B.P/YMECE/MFMPC";

    #[test]
    fn boards_have_every_post_once_on_distinct_grid_points() {
        for (mode, posts) in [(Mode::TwoPlayer, 60), (Mode::FourPlayer, 129)] {
            let ui = board_ui(mode);
            assert_eq!(ui.posts.len(), posts);
            let mut points: Vec<(u8, u8)> = ui.posts.iter().map(|post| (post.x, post.y)).collect();
            points.sort_unstable();
            points.dedup();
            assert_eq!(points.len(), posts, "two posts share a grid point");
            assert!(
                ui.posts
                    .iter()
                    .all(|post| post.x < ui.width && post.y < ui.height)
            );
        }
        let two = board_ui(Mode::TwoPlayer);
        let a1 = two.posts.iter().find(|post| post.name == "a1").unwrap();
        assert_eq!((a1.x, a1.y, a1.area), (0, 12, Some("s")));
        let a12 = two.posts.iter().find(|post| post.name == "a12").unwrap();
        assert_eq!((a12.y, a12.area), (0, Some("n")));
        let has = |edges: &[[String; 2]], a: &str, b: &str| {
            edges
                .iter()
                .any(|[x, y]| (x == a && y == b) || (x == b && y == a))
        };
        assert!(has(&two.railways, "a2", "a3"));
        assert!(has(&two.roads, "a1", "a2"));
        assert!(!has(&two.railways, "a1", "a2"));
    }

    #[test]
    fn a_seat_sees_its_own_pieces_and_only_owners_of_the_others() {
        let mut game = Junqi::start(JunqiOptions::default(), 3);
        for seat in [Seat::new(0), Seat::new(1)] {
            let action = game.parse_action(seat, EXAMPLE).unwrap();
            game.apply(seat, &action).unwrap();
        }
        let ui = game.view_ui(Viewer::Seat(Seat::new(0)));
        assert_eq!(ui.cells.len(), 50);
        for cell in &ui.cells {
            assert_eq!(cell.piece == '?', cell.owner == "n", "{cell:?}");
        }
        let spectator = game.view_ui(Viewer::Spectator);
        assert!(spectator.cells.iter().all(|cell| cell.piece == '?'));
        assert!(spectator.to_move.is_some());
    }

    #[test]
    fn swaps_follow_the_deployment_rules_and_name_the_broken_rule() {
        let game = Junqi::start(JunqiOptions::default(), 0);
        let s = Seat::new(0);
        // Local 1.1 of seat s is a6 (its front line), 1.2 is b6.
        let swapped = game.swap_setup(s, EXAMPLE, "a6", "b6").unwrap();
        assert_eq!(swapped, "SCPDL/E.J.T/DL.BY/T.B.P/YMECE/MFMPC");
        // The bomb on 4.3 (c3) onto the front line (c6, 1.3) breaks DP-4.
        let error = game.swap_setup(s, EXAMPLE, "c3", "c6").unwrap_err();
        assert!(error.to_string().contains("DP-4"), "{error}");
        let error = game.swap_setup(s, EXAMPLE, "a6", "a7").unwrap_err();
        assert!(matches!(error, SetupError::NotYourPost { .. }), "{error}");
        let setup = game.setup_ui(s, EXAMPLE).unwrap();
        assert_eq!(setup.cells.len(), 25);
        let a6 = setup.cells.iter().find(|cell| cell.post == "a6").unwrap();
        assert_eq!((a6.owner, a6.piece), ("s", 'C'));
    }

    #[test]
    fn events_name_posts_and_battles() {
        let mut game = <Junqi as GameNotation>::load(
            "2p nP2nF1/3sE1/5/5/5/5/5/5/5/5/5/1sF2sP s s+0n+0 - 5 30",
            None,
            0,
        )
        .unwrap();
        let seat = Seat::new(0);
        let action = game.parse_action(seat, "d11xd12").unwrap();
        let before = game.clone();
        let events = game.apply(seat, &action).unwrap();
        let ui = game.events_ui(&before, &events, Viewer::Seat(seat));
        assert_eq!(
            ui[0],
            EventUi::Moved {
                seat: "s",
                from: "d11".into(),
                to: "d12".into(),
                path: vec!["d11".into(), "d12".into()],
                battle: Some('A'),
                attacker: Some(FighterUi {
                    owner: "s",
                    seat: Some("s"),
                    piece: 'E'
                }),
                defender: Some(FighterUi {
                    owner: "n",
                    seat: Some("n"),
                    piece: '?'
                }),
            }
        );
        assert!(matches!(ui.last(), Some(EventUi::GameOver { .. })));
        let json = serde_json::to_value(&ui[0]).unwrap();
        assert_eq!(json["kind"], "moved");
    }
}
