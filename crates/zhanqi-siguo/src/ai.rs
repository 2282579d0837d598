//! The AI's knowledge of 四國戰棋: its evaluator and its deployment, and the [`AiGame`]
//! implementation through which the generic players of `zhanqi-ai` use them.
//!
//! * [`SiguoEvaluator`]: seats alive, material, the generals' safety (attackers and guards),
//!   base control, the threat of bombs on the zones, cards in hand, the pressure of pieces
//!   drawing near the enemy generals, and the best capture of the seat to move, summed per
//!   team.
//! * [`ai_deployment`]: the general walled in by soldiers, the chariot and the cannon on clear
//!   lanes to the two bases in front of the zone.

use zhanqi_core::ai::{AiGame, Evaluator, Observation, outcome_values};
use zhanqi_core::{BySeat, Game, GameRng, Seat};

use crate::geometry::{Base, DIRECTIONS, Point, corner, enemies, is_enemy_base, local};
use crate::position::Turn;
use crate::{Action, Board, Deployment, Kind, Siguo};

impl AiGame for Siguo {
    fn evaluator() -> Box<dyn Evaluator<Siguo>> {
        Box::new(SiguoEvaluator)
    }

    fn ai_unlisted_action(
        observation: &Observation<'_, Siguo>,
        rng: &mut GameRng,
    ) -> Option<Action> {
        observation
            .has_unlisted_actions()
            .then(|| Action::Deploy(Box::new(ai_deployment(observation.seat(), rng))))
    }
}

/// Points for a seat still in play: losing the general loses every piece with it.
const SEAT_POINTS: f32 = 30.0;
/// Points of each piece kind on the board.
const CHARIOT_POINTS: f32 = 6.0;
const CANNON_POINTS: f32 = 4.5;
const SOLDIER_POINTS: f32 = 1.0;
/// Points of a card in hand.
const BOMB_CARD_POINTS: f32 = 1.5;
const EXCHANGE_CARD_POINTS: f32 = 0.8;
/// Points lost for each enemy piece that could capture the general next move.
const GENERAL_ATTACKED_POINTS: f32 = 9.0;
/// Points for each own piece beside the general (at most [`GUARDS_COUNTED`]).
const GUARD_POINTS: f32 = 0.6;
const GUARDS_COUNTED: usize = 4;
/// Points for holding an enemy base, and lost for an enemy on one of the team's bases.
const BASE_POINTS: f32 = 2.0;
/// Share of the material in a zone that an enemy holding its base with a bomb card threatens.
const BOMB_THREAT_SHARE: f32 = 0.5;
/// Points for a chariot or cannon at an enemy general, falling with its distance to the nearest
/// one: a one-ply player otherwise has no reason to come closer, and games end by the quiet
/// limit.
const HEAVY_PRESS_POINTS: f32 = 2.5;
/// The same for a soldier.
const SOLDIER_PRESS_POINTS: f32 = 0.3;
/// Points for each enemy chariot or cannon on a line through the general, blocked or not: the
/// attack one capture or one screen away.
const LINE_PRESSURE_POINTS: f32 = 1.2;
/// Share of its best capture (the victim less the attacker when the victim is defended) that
/// the seat to move is counted as having made: a one-ply player sees the reply it leaves.
const TEMPO_SHARE: f32 = 0.8;
/// Distance beyond which pressure no longer counts (the width of the board, in steps).
const PRESS_RANGE: f32 = 34.0;
/// The team difference that scores about three quarters of a win.
const SCALE: f32 = 40.0;

/// Scores a full state (a determinization) for both teams; see the module's list.
#[derive(Clone, Copy, Debug, Default)]
pub struct SiguoEvaluator;

impl Evaluator<Siguo> for SiguoEvaluator {
    fn evaluate(&self, state: &Siguo) -> BySeat<f32> {
        if let Some(outcome) = state.outcome() {
            return outcome_values(&outcome);
        }
        if matches!(state.state().turn, Turn::Deploying(_)) {
            return BySeat::splat(0.0);
        }
        let mut teams = [0.0_f32; 2];
        let mut material = BySeat::splat(0.0_f32);
        for seat in (0..4).map(Seat::new) {
            let (strength, pieces) = seat_strength(state, seat);
            teams[seat.index() % 2] += strength;
            material[seat] = pieces;
        }
        if let Turn::Seat(mover) = state.state().turn {
            teams[mover.index() % 2] += TEMPO_SHARE * best_capture(state, mover, &material);
        }
        let lead = (teams[0] - teams[1]) / SCALE;
        let value = 0.95 * lead.tanh();
        BySeat::from_fn(|seat| if seat.index() % 2 == 0 { value } else { -value })
    }
}

/// What one seat adds to its team, and what taking its general would take (the seat and its
/// pieces).
fn seat_strength(state: &Siguo, seat: Seat) -> (f32, f32) {
    let position = state.state();
    let Some(cards) = position.cards[seat] else {
        return (0.0, 0.0);
    };
    let board = &position.board;
    let mut strength = SEAT_POINTS
        + f32::from(cards.bombs) * BOMB_CARD_POINTS
        + f32::from(cards.exchanges) * EXCHANGE_CARD_POINTS;
    let targets = enemy_generals(board, seat);
    let mut pieces = SEAT_POINTS;
    for point in board.pieces_of(seat).iter() {
        let Some(piece) = board.get(point) else {
            continue;
        };
        pieces += piece_points(piece.kind);
        let press = match piece.kind {
            Kind::Chariot | Kind::Cannon => HEAVY_PRESS_POINTS,
            Kind::Soldier => SOLDIER_PRESS_POINTS,
            Kind::General => 0.0,
        };
        if press > 0.0 {
            strength += press * closeness(point, &targets);
        }
    }
    strength += pieces - SEAT_POINTS;
    if let Some(general) = board.general_of(seat) {
        strength -= GENERAL_ATTACKED_POINTS * attackers(board, general, seat) as f32;
        strength -= LINE_PRESSURE_POINTS * heavy_lines(board, general, seat) as f32;
        let guards = (0..DIRECTIONS)
            .filter_map(|direction| general.step(direction))
            .filter(|&point| board.seat_at(point) == Some(seat))
            .count()
            .min(GUARDS_COUNTED);
        strength += GUARD_POINTS * guards as f32;
    }
    for base in Base::ALL {
        let Some(holder) = board.seat_at(base.point()) else {
            continue;
        };
        if holder == seat && is_enemy_base(seat, base) {
            strength += BASE_POINTS;
        }
        if enemies(holder, seat) {
            // An enemy on a base with a bomb card in hand threatens this seat's pieces in the
            // base's zone; an enemy on this seat's own base is an invader.
            if position.cards[holder].is_some_and(|cards| cards.bombs > 0) {
                strength -= BOMB_THREAT_SHARE * zone_material(board, base, seat);
            }
            if base.region() == seat {
                strength -= BASE_POINTS;
            }
        }
    }
    (strength, pieces)
}

/// The points of a piece on the board (a general counts as its seat, elsewhere).
fn piece_points(kind: Kind) -> f32 {
    match kind {
        Kind::General => 0.0,
        Kind::Chariot => CHARIOT_POINTS,
        Kind::Cannon => CANNON_POINTS,
        Kind::Soldier => SOLDIER_POINTS,
    }
}

/// The points of the living enemy generals of `seat` (two enemies, each with one general).
fn enemy_generals(board: &Board, seat: Seat) -> [Option<Point>; 2] {
    let mut generals = [None; 2];
    let others = (0..4).map(Seat::new).filter(|&other| enemies(other, seat));
    for (slot, other) in generals.iter_mut().zip(others) {
        *slot = board.general_of(other);
    }
    generals
}

/// 1 on an enemy general, falling to 0 at [`PRESS_RANGE`] steps from the nearest one.
fn closeness(point: Point, targets: &[Option<Point>; 2]) -> f32 {
    let nearest = targets
        .iter()
        .flatten()
        .map(|target| point.x().abs_diff(target.x()) + point.y().abs_diff(target.y()))
        .min();
    nearest.map_or(0.0, |steps| (1.0 - steps as f32 / PRESS_RANGE).max(0.0))
}

/// How many enemy chariots and cannons of `seat` stand on a line through `target`, whatever
/// stands between.
fn heavy_lines(board: &Board, target: Point, seat: Seat) -> usize {
    let mut count = 0;
    for direction in 0..DIRECTIONS {
        let mut point = target;
        while let Some(next) = point.step(direction) {
            point = next;
            if let Some(piece) = board.get(point)
                && enemies(piece.seat, seat)
                && matches!(piece.kind, Kind::Chariot | Kind::Cannon)
            {
                count += 1;
            }
        }
    }
    count
}

/// The best capture `mover` has now: the victim's points (a general: its seat and every piece
/// that goes with it), less the capturing piece's when the victim's side could take back.
fn best_capture(state: &Siguo, mover: Seat, material: &BySeat<f32>) -> f32 {
    let board = &state.state().board;
    let mut moves = Vec::with_capacity(96);
    state.push_moves(mover, &mut moves);
    let mut best = 0.0_f32;
    for action in &moves {
        let Action::Move {
            from,
            to,
            capture: true,
        } = *action
        else {
            continue;
        };
        let (Some(attacker), Some(victim)) = (board.get(from), board.get(to)) else {
            continue;
        };
        let gain = if victim.kind == Kind::General {
            material[victim.seat]
        } else {
            let taken = piece_points(victim.kind);
            // Recaptured when a piece of the victim's side attacks the point (the victim's
            // side are the enemies of the mover).
            if attackers(board, to, mover) > 0 {
                taken - piece_points(attacker.kind).max(SOLDIER_POINTS)
            } else {
                taken
            }
        };
        best = best.max(gain);
    }
    best
}

/// The material of `seat` in the zone that `base` bombs, its general counted as the seat.
fn zone_material(board: &Board, base: Base, seat: Seat) -> f32 {
    base.zone()
        .iter()
        .filter_map(|&point| board.get(point))
        .filter(|piece| piece.seat == seat)
        .map(|piece| match piece.kind {
            Kind::General => SEAT_POINTS,
            kind => piece_points(kind),
        })
        .sum()
}

/// How many enemy pieces of `seat` could capture on `target` next move under the standard
/// rules: a chariot with a clear line, a soldier one or two clear steps away, a cannon behind
/// exactly one screen. (An enemy general never leaves its own region, so it never reaches a
/// general in another.)
fn attackers(board: &Board, target: Point, seat: Seat) -> usize {
    let mut count = 0;
    for direction in 0..DIRECTIONS {
        let mut screens = 0;
        let mut distance = 0;
        let mut point = target;
        while let Some(next) = point.step(direction) {
            point = next;
            distance += 1;
            let Some(piece) = board.get(point) else {
                continue;
            };
            let enemy = enemies(piece.seat, seat);
            let threatens = match (screens, piece.kind) {
                (0, Kind::Chariot) => true,
                (0, Kind::Soldier) => distance <= 2,
                (1, Kind::Cannon) => true,
                _ => false,
            };
            if enemy && threatens {
                count += 1;
            }
            screens += 1;
            if screens > 1 {
                break;
            }
        }
    }
    count
}

/// The AI's deployment for `seat`: always legal under every option set.
///
/// * the three points beside the general's corner hold soldiers, so no piece reaches it by
///   walking in;
/// * the chariot and the cannon each stand on one of the two lanes to the bases in front of
///   the zone (the line v = 5 leads to Base A at (7,5), u = 5 to Base B at (5,7)), up to two
///   points back from the zone's edge, with the points between them and the edge left empty;
/// * the other soldiers fill the points nearest the corner (by u + v, ties at random).
#[must_use]
pub fn ai_deployment(seat: Seat, rng: &mut GameRng) -> Deployment {
    // Local points (u, v); Base A's lane is v = 5, Base B's is u = 5.
    let chariot_lane_a = rng.below(2) == 0;
    let lane_point = |on_a: bool, back: usize| {
        if on_a { (6 - back, 5) } else { (5, 6 - back) }
    };
    let chariot_back = rng.below(3);
    let cannon_back = rng.below(3);
    let chariot = lane_point(chariot_lane_a, chariot_back);
    let cannon = lane_point(!chariot_lane_a, cannon_back);
    // Both lanes meet at (5,5): keep the two pieces apart from it and each other.
    let (chariot, cannon) = if chariot == (5, 5) || cannon == (5, 5) || chariot == cannon {
        (
            lane_point(chariot_lane_a, 0),
            lane_point(!chariot_lane_a, 0),
        )
    } else {
        (chariot, cannon)
    };
    let mut empty: Vec<(usize, usize)> = Vec::new();
    for (on_a, piece) in [(chariot_lane_a, chariot), (!chariot_lane_a, cannon)] {
        for back in 0..6 {
            let point = lane_point(on_a, back);
            if point == piece {
                break;
            }
            empty.push(point);
        }
    }
    let guards = [(2, 1), (1, 2), (2, 2)];
    let mut rest: Vec<((usize, usize), u64)> = Vec::with_capacity(36);
    for u in 1..=6 {
        for v in 1..=6 {
            let point = (u, v);
            if point == (1, 1)
                || point == chariot
                || point == cannon
                || empty.contains(&point)
                || guards.contains(&point)
            {
                continue;
            }
            // Nearer the corner first (ties at random): the wall forms around the general.
            let key = rng.below(100) as u64 + 120 * (u + v) as u64;
            rest.push((point, key));
        }
    }
    rest.sort_by_key(|&(_, key)| key);
    let at = |(u, v): (usize, usize)| local(seat, u, v);
    let soldiers = guards
        .iter()
        .copied()
        .chain(rest.iter().map(|&(point, _)| point))
        .take(20)
        .map(at)
        .collect();
    Deployment::new(corner(seat), at(chariot), at(cannon), soldiers)
}

#[cfg(test)]
mod tests {
    use zhanqi_core::GameNotation;

    use super::*;
    use crate::SiguoOptions;

    #[test]
    fn ai_deployments_are_legal_guarded_and_open_lanes_to_the_bases() {
        let mut rng = GameRng::from_seed(7);
        for round in 0..400 {
            let seat = Seat::new(round % 4);
            let deployment = ai_deployment(seat, &mut rng);
            assert!(
                deployment
                    .violations(seat, &SiguoOptions::default())
                    .is_empty(),
                "{deployment}"
            );
            for guard in [(2, 1), (1, 2), (2, 2)] {
                assert!(deployment.soldiers.contains(&local(seat, guard.0, guard.1)));
            }
            let mut game = Siguo::start(SiguoOptions::default());
            for other in (0..4).map(Seat::new) {
                let mine = if other == seat {
                    deployment.clone()
                } else {
                    Deployment::demo(other)
                };
                game.apply(other, &Action::Deploy(Box::new(mine))).unwrap();
            }
            // Chariot and cannon each reach a base of their region in one move.
            let bases = [local(seat, 7, 5), local(seat, 5, 7)];
            for piece in [deployment.chariot, deployment.cannon] {
                let reaches = bases.iter().any(|&base| clear_line(&game, piece, base));
                assert!(reaches, "{deployment}: {piece} reaches no base");
            }
        }
    }

    fn clear_line(game: &Siguo, from: Point, to: Point) -> bool {
        let board = &game.state().board;
        if from.x() != to.x() && from.y() != to.y() {
            return false;
        }
        let (dx, dy) = (
            (to.x() as i32 - from.x() as i32).signum(),
            (to.y() as i32 - from.y() as i32).signum(),
        );
        let mut point = from;
        while point != to {
            point = Point::at(
                (point.x() as i32 + dx) as usize,
                (point.y() as i32 + dy) as usize,
            );
            if board.get(point).is_some() {
                return false;
            }
        }
        true
    }

    #[test]
    fn an_attacked_general_and_a_threatened_zone_cost_their_team() {
        let quiet = Siguo::load("1:Ga1 2:Gr1 3:Gr18 4:Ga18", None, 0).unwrap();
        let attacked = Siguo::load("1:Ga1 2:Gr1,Ra9 3:Gr18 4:Ga18", None, 0).unwrap();
        let values = |game: &Siguo| SiguoEvaluator.evaluate(game);
        // The chariot adds to team B, and attacks G1 too: team A is worse off by more than
        // the chariot's worth.
        assert!(values(&attacked)[Seat::new(0)] < values(&quiet)[Seat::new(0)]);
        let plain = Siguo::load("1:Ga1,Rg5,Sh2 2:Gr1 3:Gr18 4:Ga18,Sk2", None, 0).unwrap();
        let bombable = Siguo::load("1:Ga1,Rl5,Sh2 2:Gr1 3:Gr18 4:Ga18,Sk2", None, 0).unwrap();
        assert!(values(&bombable)[Seat::new(0)] > values(&plain)[Seat::new(0)]);
        // A chariot near an enemy general presses it, with nothing else changed.
        let home = Siguo::load("1:Ga1,Rc5 2:Gr1 3:Gr18 4:Ga18", None, 0).unwrap();
        let pressing = Siguo::load("1:Ga1,Rp5 2:Gr1 3:Gr18 4:Ga18", None, 0).unwrap();
        assert!(values(&pressing)[Seat::new(0)] > values(&home)[Seat::new(0)]);
        // Seat 1 is to move: a chariot of seat 2 left where seat 1 takes it for nothing counts
        // for seat 1's team almost as if taken.
        let hanging = Siguo::load("1:Ga1,Rc5 2:Gr1,Rc9 3:Gr18 4:Ga18", None, 0).unwrap();
        let apart = Siguo::load("1:Ga1,Rd5 2:Gr1,Rc9 3:Gr18 4:Ga18", None, 0).unwrap();
        let swing = values(&hanging)[Seat::new(0)] - values(&apart)[Seat::new(0)];
        assert!(swing > 0.05, "{swing}");
        for game in [
            &quiet, &attacked, &plain, &bombable, &home, &pressing, &hanging,
        ] {
            let v = values(game);
            assert_eq!(v[Seat::new(0)], v[Seat::new(2)]);
            assert_eq!(v[Seat::new(0)], -v[Seat::new(1)]);
            assert!(v[Seat::new(0)].abs() < 1.0);
        }
    }
}
