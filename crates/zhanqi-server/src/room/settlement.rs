//! The end of a game: results, points and gold settled and stored in one transaction, and the
//! gold a seat at a gold table needs.

use zhanqi_core::Reason;
use zhanqi_core::platform::{gold_multiplier, multiplier, settle_gold, stake};
use zhanqi_core::{BySeat, Seat, SeatResult};
use zhanqi_protocol::DynGame;
use zhanqi_store::{GameResult, Settlement, UnixMillis, UserId};

use super::{Person, Phase, Room, Sitter};
use crate::error::ApiError;

/// A seat that lost by leaving the table, in a game without platform actions of its own.
#[derive(Clone, Copy, Debug)]
pub(super) struct Forfeit {
    pub(super) seat: &'static str,
    /// Escaped (left or lost the connection) or a loss (too many timeouts).
    pub(super) result: SeatResult,
    /// The reason the result gives: `escaped` or `timeouts`.
    pub(super) reason: &'static str,
}

impl Room {
    /// Settles a finished game: results, points and gold, stored in one transaction.
    pub(super) async fn finish(&mut self) -> Result<(), ApiError> {
        self.settle(None).await
    }

    /// Settles the game as the game ended it, or with `forfeit`'s seat losing by leaving the
    /// table (games without escape or timeout actions of their own).
    pub(super) async fn settle(&mut self, forfeit: Option<Forfeit>) -> Result<(), ApiError> {
        let Some(game) = &self.game else {
            return Ok(());
        };
        let (result_word, winners, reason, results) = match (forfeit, game.outcome()) {
            (Some(forfeit), _) => (
                "win",
                self.seats
                    .iter()
                    .map(|slot| slot.name)
                    .filter(|&name| name != forfeit.seat)
                    .collect(),
                forfeit.reason,
                self.seats
                    .iter()
                    .map(|slot| {
                        if slot.name == forfeit.seat {
                            forfeit.result
                        } else {
                            SeatResult::Win
                        }
                    })
                    .collect(),
            ),
            (None, Some(outcome)) => (
                outcome.result,
                outcome.winners,
                outcome.reason,
                game.seat_results().unwrap_or_default(),
            ),
            (None, None) => return Ok(()),
        };
        let (points, notes): (Vec<i64>, Vec<_>) = game
            .points_settlement(&self.points_at_start)
            .filter(|_| forfeit.is_none())
            .unwrap_or_else(|| vec![(0, None); results.len()])
            .into_iter()
            .unzip();
        let gold = if self.stake > 0 {
            game.gold_change(self.stake, &self.points_at_start)
                .filter(|_| forfeit.is_none())
                .map(|(gold, _house)| gold)
                .or_else(|| self.gold_by_results(game.as_ref(), &results))
        } else {
            None
        }
        .unwrap_or_else(|| vec![0; results.len()]);
        let mut settlements = Vec::new();
        let mut seats_json = serde_json::Map::new();
        for (index, slot) in self.seats.iter().enumerate() {
            let result = results.get(index).copied().unwrap_or(SeatResult::Absent);
            let seat_id = game
                .seat(slot.name)
                .map_err(|e| ApiError::internal("seat", e))?;
            let settlement = Settlement {
                result,
                points: points.get(index).copied().unwrap_or(0),
                gold: gold.get(index).copied().unwrap_or(0),
            };
            if slot.sitter.is_some() {
                settlements.push((seat_id, settlement));
            }
            let mut line = serde_json::json!({
                "result": result,
                "points": settlement.points,
                "gold": settlement.gold,
            });
            // Why the points are not the table's (a short game's win scores 0), typed so that
            // the page words it without comparing numbers.
            if let Some(note) = notes.get(index).copied().flatten() {
                line["note"] = serde_json::to_value(note).unwrap_or_default();
            }
            seats_json.insert(slot.name.to_owned(), line);
        }
        let summary = serde_json::json!({
            "result": result_word,
            "winners": winners,
            "reason": reason,
            "seats": seats_json,
        });
        self.app
            .store
            .finish_game(
                self.id,
                &GameResult {
                    family: self.probe.profile_family(),
                    outcome: &summary.to_string(),
                    seats: &settlements,
                },
                UnixMillis::now(),
            )
            .await?;
        for (slot, change) in self.seats.iter_mut().zip(&points) {
            if let Some(points) = &mut slot.points {
                *points += change;
            }
        }
        crate::metrics::game_finished();
        self.result = Some(summary);
        self.phase = Phase::Over;
        self.clock = None;
        self.ai_at = None;
        Ok(())
    }

    /// The stake each seat of this gold room freezes with players of these points seated (GD-2):
    /// the base stake times the gold multiplier the game family's ranks give the table.
    pub(super) fn frozen_stake(&self, points: &[i64]) -> i64 {
        let ladder = self.probe.ladder();
        stake(
            self.stake,
            gold_multiplier(ladder, multiplier(ladder, points)),
        )
    }

    /// The gold change of each seat (in seat order) by results alone, for a game that settles
    /// no gold itself: the frozen stakes of losers and escapees go to the winners.
    fn gold_by_results(&self, game: &dyn DynGame, results: &[SeatResult]) -> Option<Vec<i64>> {
        let frozen = self.frozen_stake(&self.points_at_start);
        let seat_ids: Vec<Seat> = self
            .seats
            .iter()
            .filter_map(|slot| game.seat(slot.name).ok())
            .collect();
        let by_seat = BySeat::from_fn(|seat| {
            seat_ids
                .iter()
                .position(|&id| id == seat)
                .and_then(|index| results.get(index))
                .map_or(SeatResult::Absent, |result| *result)
        });
        let settlement = settle_gold(frozen, &by_seat);
        Some(
            seat_ids
                .iter()
                .map(|&seat| settlement.change[seat])
                .collect(),
        )
    }

    /// Refuses a seat in a gold room to a person with less gold than the stake the table would
    /// freeze with them seated (GD-2): the base stake times the gold multiplier of the points
    /// of everyone seated so far and theirs. More people sitting down can only lower it.
    pub(super) async fn check_gold(&self, person: &Person) -> Result<(), ApiError> {
        let mut points = self.seated_points().await?;
        points.push(self.points_of(person.id).await?);
        let frozen = self.frozen_stake(&points);
        let gold = self.app.store.account(person.id).await?.gold;
        if gold < frozen {
            return Err(ApiError::new(
                "not_enough_gold",
                format!(
                    "a seat at this table freezes {frozen} gold (stake {} × {}) and you have {gold}",
                    self.stake,
                    frozen / self.stake.max(1)
                ),
            )
            .because(
                Reason::new("stake_needs_gold")
                    .with("frozen", frozen)
                    .with("gold", gold),
            ));
        }
        Ok(())
    }

    /// A person's points in this room's game family.
    pub(super) async fn points_of(&self, user: UserId) -> Result<i64, ApiError> {
        Ok(self
            .app
            .store
            .profile(user, self.probe.profile_family())
            .await?
            .points)
    }

    /// The points of every taken seat, in seat order (an AI counts as a new player, 0).
    pub(super) async fn seated_points(&self) -> Result<Vec<i64>, ApiError> {
        let mut points = Vec::with_capacity(self.seats.len());
        for slot in &self.seats {
            points.push(match &slot.sitter {
                Some(Sitter::Person(person)) => self.points_of(person.id).await?,
                Some(Sitter::Ai(_)) => 0,
                None => continue,
            });
        }
        Ok(points)
    }
}
