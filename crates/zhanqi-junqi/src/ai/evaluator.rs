//! The junqi evaluator: material, flag safety and threats, summed per team.

use zhanqi_core::ai::{Evaluator, outcome_values};
use zhanqi_core::{BySeat, Game, Seat};

use super::distance::Distances;
use crate::board::{Board, Post};
use crate::{Junqi, Kind, Mode, Status};

/// Scores a full junqi state (a determinization) for both teams.
///
/// Each team's strength is the sum over its seats of
///
/// * **material**: officers by rank; engineers worth more while the enemy has mines, the
///   last one most; bombs worth a share of the strongest enemy officer they can still trade
///   for; mines more when they guard their flag (in dark chess, while any mine of a colour
///   lives its flag cannot be attacked, so mines are worth more there, the last one most);
/// * **threats**: pieces within a few moves of an enemy flag (weighted by distance), less
///   when the flag is hidden from them (they must guess between two headquarters) or guarded
///   by pieces around it;
/// * **advance**: a little for each movable piece near the enemy headquarters, so that a
///   quiet position still has a direction.
///
/// A team's value is `0.9 × (own − enemy) / (own + enemy)`: trades favour the side ahead,
/// and no position in play scores like a won game.
#[derive(Clone, Copy, Debug, Default)]
pub struct JunqiEvaluator;

/// The most owners a position has (four seats; two colours in dark chess).
const OWNERS: usize = 4;

/// Threat weight of a piece `d` moves from a flag, by `d`.
const THREAT_BY_DISTANCE: [f32; 4] = [0.0, 1.0, 0.35, 0.12];
/// Points for a threat weight of 1.
const THREAT_POINTS: f32 = 5.0;
/// Threat weights beyond this add nothing: one sure threat is what matters.
const THREAT_CAP: f32 = 2.5;
/// A flag the attackers have not seen is threatened only this much: they must guess.
const HIDDEN_FLAG: f32 = 0.6;
/// Each guard beside a flag takes this share off the threats to it.
const GUARD_SHARE: f32 = 0.15;
/// Guards never take more than this off.
const GUARD_FLOOR: f32 = 0.4;
/// Points per move nearer the enemy headquarters, for each movable piece.
const ADVANCE_POINTS: f32 = 0.03;
/// Distances beyond this earn no advance.
const ADVANCE_HORIZON: u8 = 8;

/// What one owner (a seat, or a colour in dark chess) has on the board.
#[derive(Clone, Copy)]
struct Side {
    /// Pieces alive, by [`Kind`] code (1–12).
    counts: [u8; 13],
    flag: Option<Post>,
    /// Whether the flag's post is known to the enemy (CB-6, or face up in dark chess).
    flag_seen: bool,
    /// Pieces that can move now (posts).
    movers: [Post; 25],
    mover_count: usize,
    /// The owner's team index (0 or 1), `None` for an owner not playing.
    team: Option<usize>,
}

impl Side {
    const EMPTY: Side = Side {
        counts: [0; 13],
        flag: None,
        flag_seen: false,
        movers: [0; 25],
        mover_count: 0,
        team: None,
    };

    fn count(&self, kind: Kind) -> u8 {
        self.counts[kind as usize]
    }

    fn movers(&self) -> &[Post] {
        &self.movers[..self.mover_count]
    }
}

/// The base worth of an officer; the others' worth depends on the position.
fn officer_value(kind: Kind) -> f32 {
    match kind {
        Kind::Commander => 9.0,
        Kind::Corps => 7.0,
        Kind::Division => 5.5,
        Kind::Brigade => 4.0,
        Kind::Regiment => 3.0,
        Kind::Battalion => 2.0,
        Kind::Company => 1.5,
        Kind::Platoon => 1.0,
        _ => 0.0,
    }
}

impl Evaluator<Junqi> for JunqiEvaluator {
    fn evaluate(&self, game: &Junqi) -> BySeat<f32> {
        if let Some(outcome) = game.outcome() {
            return outcome_values(&outcome);
        }
        let Some(sides) = census(game) else {
            // Dark chess before the colours are decided: nothing to tell the seats apart.
            return BySeat::splat(0.0);
        };
        let board = game.board();
        let distances = Distances::of(board);
        let mut strength = [0.0f32; 2];
        for side in &sides {
            if let Some(team) = side.team {
                strength[team] += material(side, &sides, team, game.junqi_options().mode);
                strength[team] += advance(game, side, &sides, team, distances);
            }
        }
        for (owner, defender) in sides.iter().enumerate() {
            let (Some(team), Some(flag)) = (defender.team, defender.flag) else {
                continue;
            };
            let attackers = 1 - team;
            let threat = flag_threat(game, board, distances, &sides, owner, flag, attackers);
            strength[attackers] += THREAT_POINTS * threat;
        }
        let total = strength[0] + strength[1];
        let team_value = |team: usize| {
            if total <= 0.0 {
                0.0
            } else {
                0.9 * (strength[team] - strength[1 - team]) / total
            }
        };
        let mut values = BySeat::splat(0.0);
        for seat in game.seats().iter() {
            values[seat] = team_value(team_index(game, seat));
        }
        values
    }
}

fn team_index(game: &Junqi, seat: Seat) -> usize {
    usize::from(game.team(seat).0 & 1)
}

/// Each owner's pieces, or `None` in dark chess before the colours are decided.
fn census(game: &Junqi) -> Option<[Side; OWNERS]> {
    let position = game.position();
    let board = game.board();
    let dark = position.mode == Mode::Dark;
    let mut sides = [Side::EMPTY; OWNERS];
    for seat in game.seats().iter() {
        if position.status(seat) != Some(Status::Active) {
            continue;
        }
        let owner = position.owner_of(seat)?;
        let side = &mut sides[usize::from(owner)];
        side.team = Some(team_index(game, seat));
        side.flag_seen = position.flags_public.contains(seat);
    }
    for post in board.posts() {
        let cell = position.cell(post);
        let (Some(owner), Some(kind)) = (cell.owner(), cell.kind()) else {
            continue;
        };
        let side = &mut sides[usize::from(owner)];
        side.counts[kind as usize] += 1;
        if kind == Kind::Flag {
            side.flag = Some(post);
            if dark {
                side.flag_seen = !cell.is_face_down();
            }
        }
        let locked = if dark {
            cell.is_face_down()
        } else {
            board.is_headquarters(post)
        };
        if kind.is_movable() && !locked && side.mover_count < side.movers.len() {
            side.movers[side.mover_count] = post;
            side.mover_count += 1;
        }
    }
    Some(sides)
}

/// The worth of one side's pieces.
fn material(side: &Side, sides: &[Side; OWNERS], team: usize, mode: Mode) -> f32 {
    let enemies = sides.iter().filter(|other| other.team == Some(1 - team));
    let mut enemy_mines = 0;
    let mut enemy_best: f32 = 0.0;
    for enemy in enemies {
        enemy_mines += enemy.count(Kind::Mine);
        for kind in [Kind::Commander, Kind::Corps, Kind::Division] {
            if enemy.count(kind) > 0 {
                enemy_best = enemy_best.max(officer_value(kind));
            }
        }
    }
    let mut value: f32 = Kind::ALL
        .iter()
        .map(|&kind| officer_value(kind) * f32::from(side.count(kind)))
        .sum();
    let engineers = side.count(Kind::Engineer);
    value += 2.0 * f32::from(engineers);
    if engineers > 0 && enemy_mines > 0 {
        // Clearing mines is a job someone must be left to do: the last engineer counts most.
        value += 2.0;
    }
    value += f32::from(side.count(Kind::Bomb)) * (0.6 * enemy_best).max(3.0);
    let mines = side.count(Kind::Mine);
    if mode == Mode::Dark {
        value += 1.5 * f32::from(mines) + if mines > 0 { 2.0 } else { 0.0 };
    } else {
        value += f32::from(mines);
    }
    value
}

/// How threatened `owner`'s flag at `flag` is by the pieces of team `attackers`, as a weight
/// (1 for one piece next to a seen, unguarded flag).
fn flag_threat(
    game: &Junqi,
    board: &Board,
    distances: &Distances,
    sides: &[Side; OWNERS],
    owner: usize,
    flag: Post,
    attackers: usize,
) -> f32 {
    let defender = &sides[owner];
    let position = game.position();
    let exposure = if position.mode == Mode::Dark {
        // DK-5: a face-down flag cannot be attacked, nor one whose colour still has a mine.
        if !defender.flag_seen || defender.count(Kind::Mine) > 0 {
            return 0.0;
        }
        1.0
    } else if defender.flag_seen {
        1.0
    } else {
        HIDDEN_FLAG
    };
    let guards = board
        .road_neighbours(flag)
        .iter()
        .chain(board.rail_neighbours(flag))
        .filter(|&&post| {
            position
                .cell(post)
                .owner()
                .is_some_and(|guard| sides[usize::from(guard)].team == defender.team)
        })
        .count();
    let guarded = (1.0 - GUARD_SHARE * guards as f32).max(GUARD_FLOOR);
    let mut threat = 0.0;
    for side in sides.iter().filter(|side| side.team == Some(attackers)) {
        for &post in side.movers() {
            let distance = usize::from(distances.between(post, flag));
            threat += THREAT_BY_DISTANCE.get(distance).copied().unwrap_or(0.0);
        }
    }
    threat.min(THREAT_CAP) * exposure * guarded
}

/// A little for each movable piece (bombs aside) near the nearest enemy headquarters.
fn advance(
    game: &Junqi,
    side: &Side,
    sides: &[Side; OWNERS],
    team: usize,
    distances: &Distances,
) -> f32 {
    if game.junqi_options().mode == Mode::Dark {
        return 0.0;
    }
    let board = game.board();
    let mut targets = [0 as Post; 2 * OWNERS];
    let mut target_count = 0;
    for (owner, enemy) in sides.iter().enumerate() {
        if enemy.team == Some(1 - team) {
            let area = board.area(owner as u8);
            // Local 6.2 and 6.4: the two headquarters.
            for post in [area[26], area[28]] {
                targets[target_count] = post;
                target_count += 1;
            }
        }
    }
    let targets = &targets[..target_count];
    let position = game.position();
    side.movers()
        .iter()
        .filter(|&&post| position.cell(post).kind() != Some(Kind::Bomb))
        .map(|&post| {
            let nearest = targets
                .iter()
                .map(|&target| distances.between(post, target))
                .min()
                .unwrap_or(ADVANCE_HORIZON);
            ADVANCE_POINTS * f32::from(ADVANCE_HORIZON - nearest.min(ADVANCE_HORIZON))
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use zhanqi_core::GameNotation;

    fn value(position: &str, seat: usize) -> f32 {
        let game = Junqi::load(position, None, 1).unwrap();
        JunqiEvaluator.evaluate(&game)[Seat::new(seat)]
    }

    const EX1: &str = "2p nCnPnMnFnM/nEnCnEnMnY/nP1nB1nT/nYnB1nLnD/nT1nJ1nE/nLnDnPnSnC/sCsSsPsDsL/sE1sJ1sT/sDsL1sBsY/sT1sB1sP/sYsMsEsCsE/sMsFsMsPsC s s+0n+0 - 0 0";

    #[test]
    fn a_mirrored_opening_is_even_and_values_are_opposite() {
        assert!(value(EX1, 0).abs() < 1e-4, "{}", value(EX1, 0));
        assert!((value(EX1, 0) + value(EX1, 1)).abs() < 1e-6);
    }

    #[test]
    fn losing_the_commander_costs() {
        // South's commander (b6) is gone.
        let without = EX1.replacen("sCsSsPsDsL", "sC1sPsDsL", 1);
        assert!(value(&without, 0) < -0.02, "{}", value(&without, 0));
        assert!(value(&without, 1) > 0.02);
    }

    #[test]
    fn a_piece_next_to_a_seen_flag_is_a_threat() {
        // Both commanders are gone, so both flags are public, and north's mine on e12 beside
        // its flag (d12) is gone. The same position with south's regiment moved from e5 to
        // e12, next to the flag.
        let rest = "/nEnCnEnMnY/nP1nB1nT/nYnB1nLnD/nT1nJ1nE/nLnD2nC/sC2sDsL/";
        let tail = "/sDsL1sBsY/sT1sB1sP/sYsMsEsCsE/sMsFsMsPsC s s+0n+0 sn 0 4";
        let home = format!("2p nCnPnMnF1{rest}sE1sJ1sT{tail}");
        let near = format!("2p nCnPnMnFsT{rest}sE1sJ2{tail}");
        let before = value(&home, 0);
        let after = value(&near, 0);
        assert!(after > before + 0.02, "{before} -> {after}");
    }
}
