//! Platform rules that several games share, as pure functions parameterised per game.
//!
//! The rules live here once; the numbers are each game's own, held by its crate (junqi's in
//! `zhanqi_junqi::platform`, from `shared/rules/junqi.md` §5.6, §5.7, TN-2 and §6).

mod draw;
mod gold;
mod levels;
mod moves;
mod points;
mod timeouts;

pub use draw::{DrawError, DrawOffers, DrawProgress};
pub use gold::{GoldSettlement, settle_gold, stake};
pub use levels::{Ladder, Level, Rank, gold_multiplier, multiplier};
pub use moves::MoveFloors;
pub use points::{PointsNote, PointsSettlement, PointsTable, points_change, points_settlement};
pub use timeouts::TimeoutLimit;
