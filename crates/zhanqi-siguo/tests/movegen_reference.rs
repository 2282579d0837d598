//! The fast move generator (neighbour tables, walks along rays) against a slow and obviously
//! right one written from the words of §6: for every own piece and every point of the board,
//! may the piece go there? Checked at thousands of positions of random games, under the
//! standard options and under the §14 alternatives that change movement.

use zhanqi_core::{BySeat, Game, GameRng, Seat, ToAct};
use zhanqi_siguo::{Action, Board, CannonScreen, Kind, Point, Siguo, SiguoOptions, SoldierPath};

fn enemies(a: Seat, b: Seat) -> bool {
    a.index() % 2 != b.index() % 2
}

/// The points strictly between two points on one file or rank.
fn between(from: Point, to: Point) -> Vec<Point> {
    let (x0, y0, x1, y1) = (
        from.x() as i32,
        from.y() as i32,
        to.x() as i32,
        to.y() as i32,
    );
    let steps = (x1 - x0).abs().max((y1 - y0).abs());
    let (dx, dy) = ((x1 - x0).signum(), (y1 - y0).signum());
    (1..steps)
        .map(|i| Point::at((x0 + dx * i) as usize, (y0 + dy * i) as usize))
        .collect()
}

fn distance(a: Point, b: Point) -> usize {
    a.x().abs_diff(b.x()) + a.y().abs_diff(b.y())
}

fn same_line(a: Point, b: Point) -> bool {
    a != b && (a.x() == b.x() || a.y() == b.y())
}

/// Whether the piece of `seat` on `from` may go to `to` (move or capture), by §6 alone.
fn may_go(options: &SiguoOptions, board: &Board, seat: Seat, from: Point, to: Point) -> bool {
    let kind = board.get(from).expect("a piece").kind;
    let target = board.seat_at(to);
    let capturable = target.is_none_or(|owner| enemies(owner, seat));
    let clear = |a: Point, b: Point| between(a, b).iter().all(|&p| board.is_empty(p));
    match kind {
        Kind::General => {
            distance(from, to) == 1
                && to.region() == seat
                && (target.is_none() || (options.general_captures && capturable))
        }
        Kind::Chariot => same_line(from, to) && clear(from, to) && capturable,
        Kind::Cannon => {
            if !same_line(from, to) {
                return false;
            }
            let screens: Vec<Point> = between(from, to)
                .into_iter()
                .filter(|&p| !board.is_empty(p))
                .collect();
            match target {
                None => screens.is_empty(),
                Some(owner) => {
                    enemies(owner, seat)
                        && screens.len() == 1
                        && (options.cannon_screen == CannonScreen::Any
                            || !enemies(board.seat_at(screens[0]).unwrap(), seat))
                }
            }
        }
        Kind::Soldier => {
            if !capturable {
                return false;
            }
            match (distance(from, to), options.soldier_path) {
                (1, _) => true,
                (2, SoldierPath::Straight) => same_line(from, to) && clear(from, to),
                (2, SoldierPath::AnyPath) => Point::all().any(|middle| {
                    distance(from, middle) == 1
                        && distance(middle, to) == 1
                        && board.is_empty(middle)
                }),
                _ => false,
            }
        }
    }
}

fn reference_moves(game: &Siguo, seat: Seat) -> Vec<(Point, Point, bool)> {
    let board = &game.state().board;
    let mut moves = Vec::new();
    for from in board.pieces_of(seat).iter() {
        for to in Point::all() {
            if may_go(game.rules(), board, seat, from, to) {
                moves.push((from, to, !board.is_empty(to)));
            }
        }
    }
    moves.sort();
    moves
}

fn listed_moves(game: &Siguo, seat: Seat) -> Vec<(Point, Point, bool)> {
    let mut actions = Vec::new();
    game.legal_actions(seat, &mut actions);
    let mut moves: Vec<(Point, Point, bool)> = actions
        .into_iter()
        .filter_map(|action| match action {
            Action::Move { from, to, capture } => Some((from, to, capture)),
            _ => None,
        })
        .collect();
    moves.sort();
    moves
}

fn compare_along_random_games(options: &SiguoOptions, games: u64, every: usize) -> usize {
    let mut compared = 0;
    let mut actions = Vec::new();
    for seed in 0..games {
        let none = BySeat::from_fn(|_| None);
        let mut game = Siguo::deployed(options.clone(), seed, &none).unwrap();
        let mut rng = GameRng::stream(seed, 7);
        let mut ply = 0;
        while let ToAct::Seats(seats) = game.to_act() {
            let seat = seats.lowest().unwrap();
            if ply % every == 0 && game.state().pending.is_none() {
                let listed = listed_moves(&game, seat);
                assert_eq!(
                    listed,
                    reference_moves(&game, seat),
                    "seed {seed}, ply {ply}: {}",
                    game.state().write()
                );
                compared += 1;
            }
            actions.clear();
            game.legal_actions(seat, &mut actions);
            let action = actions[rng.below(actions.len())].clone();
            game.apply_unchecked(seat, &action);
            ply += 1;
        }
    }
    compared
}

#[test]
fn fast_moves_equal_the_reference_under_the_standard_rules() {
    let compared = compare_along_random_games(&SiguoOptions::default(), 20, 7);
    assert!(compared > 1000, "only {compared} positions compared");
}

#[test]
fn fast_moves_equal_the_reference_under_the_movement_alternatives() {
    let options = SiguoOptions {
        general_captures: false,
        cannon_screen: CannonScreen::NotEnemy,
        soldier_path: SoldierPath::AnyPath,
        ..SiguoOptions::default()
    };
    let compared = compare_along_random_games(&options, 6, 29);
    assert!(compared > 300, "only {compared} positions compared");
}
