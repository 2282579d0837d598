//! What a browser client needs to draw 四國戰棋, as serde data: the board's geometry, what
//! one viewer sees, events by point and seat names, and a layout being arranged.
//!
//! Nothing here decides a rule: a table is built from [`Siguo::view_for`] alone, so it never
//! shows a viewer more than the rules let it see.

use serde::Serialize;
use zhanqi_core::{Seat, Viewer};

use crate::geometry::{Base, Point, SIDE, corner, in_deployment_zone, local};
use crate::layout::Layout;
use crate::position::Turn;
use crate::{Action, Event, Siguo};

/// The seats' names, as the engine protocol writes them (§15.1).
pub const SEAT_NAMES: [&str; 4] = ["1", "2", "3", "4"];

fn seat_name(seat: Seat) -> &'static str {
    SEAT_NAMES[seat.index()]
}

fn name(point: Point) -> String {
    point.to_string()
}

/// One point of the board as the client draws it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct PointUi {
    /// Its name (`e5`).
    pub name: String,
    /// Grid column, from 0 at the left (file `a`).
    pub x: u8,
    /// Grid row, from 0 at the top (rank 18).
    pub y: u8,
    /// The seat whose region holds it.
    pub region: &'static str,
    /// Whether it is in its region's deployment zone (§2.6).
    pub zone: bool,
}

/// A military base, with the zone it bombs and its neighbourhood.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct BaseUi {
    /// The base's point.
    pub name: String,
    /// The seat whose region holds it.
    pub region: &'static str,
    /// The 3×3 bombing zone paired with it (§2.6).
    pub zone: Vec<String>,
    /// N(b): the 8 points a redeployment fills (§7.3).
    pub around: Vec<String>,
}

/// Where a seat sits.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct SeatUi {
    /// The seat's name.
    pub seat: &'static str,
    /// Its team: `A` (seats 1 and 3) or `B` (seats 2 and 4), allies on the diagonal (§3.1).
    pub team: &'static str,
    /// Its outer corner, where its general stands.
    pub corner: String,
    /// Quarter turns clockwise that bring its region to the bottom left of the board.
    pub turns: u8,
    /// The deployment boundary (§2.6) as a line through three points: (1,6), (6,6), (6,1).
    pub boundary: [String; 3],
}

/// The board: an 18×18 grid of points split by a cross-shaped border into four regions.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct BoardUi {
    /// Always `siguo`.
    pub game: &'static str,
    /// Columns of the grid.
    pub width: u8,
    /// Rows of the grid.
    pub height: u8,
    /// The border runs between grid columns `border - 1` and `border`, and between grid rows
    /// `border - 1` and `border` (files i|j, ranks 9|10).
    pub border: u8,
    /// Every point.
    pub points: Vec<PointUi>,
    /// The eight military bases.
    pub bases: Vec<BaseUi>,
    /// The four seats.
    pub seats: Vec<SeatUi>,
}

/// One occupied point as a viewer sees it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct CellUi {
    /// The point.
    pub point: String,
    /// The owner.
    pub seat: &'static str,
    /// The piece letter: `G`, `R`, `C` or `S`.
    pub piece: char,
}

/// One seat's state in a view.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct SeatStateUi {
    /// The seat.
    pub seat: &'static str,
    /// Whether the seat still plays (its general stands).
    pub alive: bool,
    /// Bomb cards held.
    pub bombs: u8,
    /// Exchange cards held.
    pub exchanges: u8,
    /// Its pieces the viewer sees.
    pub pieces: usize,
    /// Whether it has deployed (or the deployment is over).
    pub deployed: bool,
}

/// A redeploy right (§7.2).
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct RightUi {
    /// Who holds it.
    pub seat: &'static str,
    /// The base it was gained on.
    pub base: String,
}

/// The redeployment in progress (§7.3).
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct PendingUi {
    /// The seat redeploying.
    pub seat: &'static str,
    /// The base it redeploys around.
    pub base: String,
    /// Steps made.
    pub steps: u8,
    /// The most steps (`redeploy_max`).
    pub max: u8,
}

/// What one viewer sees, ready to draw.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct ViewUi {
    /// The position string (§11.2) of the view.
    pub position: String,
    /// `deployment`, `play` or `over`.
    pub phase: &'static str,
    /// The seat to move in play.
    pub to_move: Option<&'static str>,
    /// Every occupied point the viewer sees.
    pub cells: Vec<CellUi>,
    /// Each seat's state.
    pub seats: Vec<SeatStateUi>,
    /// The redeploy rights.
    pub rights: Vec<RightUi>,
    /// The redeployment in progress.
    pub pending: Option<PendingUi>,
    /// Consecutive actions without a removal.
    pub quiet: u32,
    /// Actions played.
    pub actions: u32,
    /// The quiet actions that draw the game.
    pub quiet_limit: u32,
    /// The actions that draw the game.
    pub max_actions: u32,
}

/// An event with seats and points by name. Every event of 四國戰棋 is public: deployments
/// are announced by seat only, and after the reveal nothing is hidden.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum EventUi {
    /// A seat submitted its deployment (nothing of it is shown).
    Deployed {
        /// The seat.
        seat: &'static str,
    },
    /// Every deployment is revealed; play begins.
    Revealed {
        /// The first seat to move.
        first: &'static str,
    },
    /// A piece moved (a move, a capture, or a step of a redeployment).
    Moved {
        /// The seat that moved.
        seat: &'static str,
        /// From.
        from: String,
        /// To.
        to: String,
        /// The piece moved.
        piece: char,
        /// Whether it captured on `to`.
        capture: bool,
        /// The base of the redeployment this step belongs to.
        redeploy: Option<String>,
    },
    /// A piece was removed.
    Removed {
        /// Where it stood.
        point: String,
        /// Its owner.
        seat: &'static str,
        /// Its letter.
        piece: char,
    },
    /// A bomb card was played.
    Bombed {
        /// The seat that bombed.
        seat: &'static str,
        /// The base it bombed from.
        base: String,
        /// The zone it cleared of enemies.
        zone: Vec<String>,
    },
    /// An exchange card swapped two allies' pieces.
    Exchanged {
        /// The seat that played it.
        seat: &'static str,
        /// Its own piece's base before the swap.
        own: String,
        /// Its ally's piece's base before the swap.
        ally: String,
    },
    /// A seat gained a redeploy right.
    RightGained {
        /// The seat.
        seat: &'static str,
        /// The base.
        base: String,
    },
    /// A seat ended its redeployment.
    Stopped {
        /// The seat.
        seat: &'static str,
    },
    /// A seat passed.
    Passed {
        /// The seat.
        seat: &'static str,
    },
    /// A seat lost its general and every piece.
    Eliminated {
        /// The seat.
        seat: &'static str,
    },
    /// The game ended.
    GameOver {
        /// The winners (empty for a draw).
        winners: Vec<&'static str>,
        /// Why (§15.5).
        reason: &'static str,
    },
}

impl EventUi {
    /// The seat whose move this event shows, when it is drawn as that seat's last move.
    #[must_use]
    pub fn mover(&self) -> Option<&'static str> {
        match self {
            EventUi::Moved { seat, .. }
            | EventUi::Bombed { seat, .. }
            | EventUi::Exchanged { seat, .. }
            | EventUi::Passed { seat } => Some(seat),
            _ => None,
        }
    }
}

/// A layout being arranged, placed in its seat's zone.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct SetupUi {
    /// The layout text.
    pub layout: String,
    /// The pieces on the board.
    pub cells: Vec<CellUi>,
    /// The zone's points, where pieces may stand.
    pub zone: Vec<String>,
    /// The corner, the general's point.
    pub corner: String,
}

/// The board's geometry.
#[must_use]
pub fn board_ui() -> BoardUi {
    let points = Point::all()
        .map(|point| PointUi {
            name: name(point),
            x: (point.x() - 1) as u8,
            y: (SIDE - point.y()) as u8,
            region: seat_name(point.region()),
            zone: in_deployment_zone(point.region(), point),
        })
        .collect();
    let bases = Base::ALL
        .iter()
        .map(|base| BaseUi {
            name: name(base.point()),
            region: seat_name(base.region()),
            zone: base.zone().iter().map(|&point| name(point)).collect(),
            around: base.around().iter().map(|&point| name(point)).collect(),
        })
        .collect();
    let seats = (0..4)
        .map(Seat::new)
        .map(|seat| SeatUi {
            seat: seat_name(seat),
            team: ["A", "B"][seat.index() % 2],
            corner: name(corner(seat)),
            turns: seat.index() as u8,
            boundary: [
                name(local(seat, 1, 6)),
                name(local(seat, 6, 6)),
                name(local(seat, 6, 1)),
            ],
        })
        .collect();
    BoardUi {
        game: "siguo",
        width: SIDE as u8,
        height: SIDE as u8,
        border: (SIDE / 2) as u8,
        points,
        bases,
        seats,
    }
}

impl Siguo {
    /// What `viewer` sees, ready to draw: built from [`Siguo::view_for`] alone.
    #[must_use]
    pub fn view_ui(&self, viewer: Viewer) -> ViewUi {
        let view = self.view_for(viewer);
        let position = &view.position;
        let board = &position.board;
        let cells = board
            .pieces()
            .map(|(point, piece)| CellUi {
                point: name(point),
                seat: seat_name(piece.seat),
                piece: piece.kind.letter(),
            })
            .collect();
        let waiting = match position.turn {
            Turn::Deploying(waiting) => waiting,
            _ => zhanqi_core::SeatSet::EMPTY,
        };
        let seats = (0..4)
            .map(Seat::new)
            .map(|seat| {
                let cards = position.cards[seat];
                SeatStateUi {
                    seat: seat_name(seat),
                    alive: cards.is_some(),
                    bombs: cards.map_or(0, |cards| cards.bombs),
                    exchanges: cards.map_or(0, |cards| cards.exchanges),
                    pieces: board.pieces_of(seat).len(),
                    deployed: !waiting.contains(seat),
                }
            })
            .collect();
        ViewUi {
            position: position.write(),
            phase: match position.turn {
                Turn::Deploying(_) => "deployment",
                Turn::Seat(_) => "play",
                Turn::Over => "over",
            },
            to_move: match position.turn {
                Turn::Seat(seat) => Some(seat_name(seat)),
                _ => None,
            },
            cells,
            seats,
            rights: position
                .rights
                .iter()
                .map(|(seat, base)| RightUi {
                    seat: seat_name(seat),
                    base: name(base.point()),
                })
                .collect(),
            pending: position.pending.map(|pending| PendingUi {
                seat: seat_name(pending.seat),
                base: name(pending.base.point()),
                steps: pending.steps,
                max: self.options.redeploy_max,
            }),
            quiet: position.quiet,
            actions: position.actions,
            quiet_limit: self.options.quiet_limit,
            max_actions: self.options.max_actions,
        }
    }

    /// The events of `action`, played on `before` to give `self`, by name. Every event is
    /// public, so every viewer gets the same list.
    #[must_use]
    pub fn events_ui(&self, before: &Siguo, action: &Action, events: &[Event]) -> Vec<EventUi> {
        let mover = match before.position.turn {
            Turn::Seat(seat) => Some(seat),
            _ => None,
        };
        let redeploying = match *action {
            Action::Redeploy { base, .. } => Some(base),
            Action::Exchange {
                ally,
                follow_up: crate::FollowUp::Redeploy { .. },
                ..
            } => Some(ally),
            Action::Step { .. } => before.position.pending.map(|pending| pending.base),
            _ => None,
        };
        let mut shown = Vec::with_capacity(events.len() + 1);
        let mut removed_at: Option<Point> = None;
        for event in events {
            let seat = |seat: Option<Seat>| seat_name(seat.unwrap_or(Seat::new(0)));
            let ui = match *event {
                Event::Deployed(seat) => EventUi::Deployed {
                    seat: seat_name(seat),
                },
                Event::Revealed => EventUi::Revealed {
                    first: seat_name(self.options.first()),
                },
                Event::Moved { from, to } => {
                    let piece = before.position.board.get(from);
                    EventUi::Moved {
                        seat: seat(piece.map(|piece| piece.seat).or(mover)),
                        from: name(from),
                        to: name(to),
                        piece: piece.map_or('S', |piece| piece.kind.letter()),
                        capture: removed_at == Some(to),
                        redeploy: redeploying.map(|base| name(base.point())),
                    }
                }
                Event::Removed { at, piece } => {
                    removed_at = Some(at);
                    EventUi::Removed {
                        point: name(at),
                        seat: seat_name(piece.seat),
                        piece: piece.kind.letter(),
                    }
                }
                Event::Bombed(base) => EventUi::Bombed {
                    seat: seat(mover),
                    base: name(base.point()),
                    zone: base.zone().iter().map(|&point| name(point)).collect(),
                },
                Event::Exchanged(own, ally) => EventUi::Exchanged {
                    seat: seat(mover),
                    own: name(own.point()),
                    ally: name(ally.point()),
                },
                Event::RightGained(holder, base) => EventUi::RightGained {
                    seat: seat_name(holder),
                    base: name(base.point()),
                },
                Event::Eliminated(lost) => EventUi::Eliminated {
                    seat: seat_name(lost),
                },
                Event::Ended(reason) => EventUi::GameOver {
                    winners: self.outcome_winners(),
                    reason: reason.name(),
                },
            };
            shown.push(ui);
        }
        let announced = match action {
            Action::Pass => Some(EventUi::Passed {
                seat: seat_name(mover.unwrap_or(Seat::new(0))),
            }),
            Action::Stop => Some(EventUi::Stopped {
                seat: seat_name(mover.unwrap_or(Seat::new(0))),
            }),
            _ => None,
        };
        if let Some(announced) = announced {
            shown.insert(0, announced);
        }
        shown
    }

    fn outcome_winners(&self) -> Vec<&'static str> {
        zhanqi_core::Game::outcome(self)
            .map(|outcome| outcome.winners.iter().map(seat_name).collect())
            .unwrap_or_default()
    }

    /// A layout placed in `seat`'s zone, ready to draw.
    #[must_use]
    pub fn setup_ui(seat: Seat, layout: &Layout) -> SetupUi {
        let mut zone = Vec::with_capacity(36);
        for row in 0..crate::layout::ZONE_SIDE {
            for column in 0..crate::layout::ZONE_SIDE {
                zone.push(name(Layout::point(seat, row, column)));
            }
        }
        SetupUi {
            layout: layout.to_string(),
            cells: layout
                .pieces()
                .map(|(row, column, kind)| CellUi {
                    point: name(Layout::point(seat, row, column)),
                    seat: seat_name(seat),
                    piece: kind.letter(),
                })
                .collect(),
            zone,
            corner: name(corner(seat)),
        }
    }
}
