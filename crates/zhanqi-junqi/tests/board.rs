//! The boards against §1: totals (TV-01, TV-02), Appendix A, the local area table and the
//! railway lines.

use std::collections::BTreeMap;

use zhanqi_junqi::board::{Board, PostKind, Shape};

fn degree_histogram(board: &Board) -> BTreeMap<usize, usize> {
    let mut histogram = BTreeMap::new();
    for post in board.posts() {
        *histogram
            .entry(board.road_neighbours(post).len() + board.rail_neighbours(post).len())
            .or_insert(0) += 1;
    }
    histogram
}

fn count(board: &Board, kind: PostKind) -> usize {
    board
        .posts()
        .filter(|&post| board.kind(post) == kind)
        .count()
}

fn edges(board: &Board, rail: bool) -> usize {
    board
        .posts()
        .map(|post| {
            if rail {
                board.rail_neighbours(post).len()
            } else {
                board.road_neighbours(post).len()
            }
        })
        .sum::<usize>()
        / 2
}

#[test]
fn tv_01_two_player_board_totals() {
    let board = Board::get(Shape::TwoPlayer);
    assert_eq!(board.len(), 60);
    assert_eq!(count(board, PostKind::Station), 46);
    assert_eq!(count(board, PostKind::Camp), 10);
    assert_eq!(count(board, PostKind::Headquarters), 4);
    assert_eq!(
        board.posts().filter(|&post| board.on_railway(post)).count(),
        32
    );
    assert_eq!(edges(board, false), 98);
    assert_eq!(edges(board, true), 35);
    assert_eq!(board.lines().len(), 7);
    assert_eq!(
        degree_histogram(board),
        BTreeMap::from([(2, 4), (3, 18), (4, 20), (5, 4), (6, 4), (8, 10)])
    );
    let degree_sum: usize = degree_histogram(board)
        .iter()
        .map(|(degree, posts)| degree * posts)
        .sum();
    assert_eq!(degree_sum, 266);
}

#[test]
fn tv_02_four_player_board_totals() {
    let board = Board::get(Shape::FourPlayer);
    assert_eq!(board.len(), 129);
    assert_eq!(count(board, PostKind::Station), 101);
    assert_eq!(
        board
            .posts()
            .filter(|&post| board.info(post).area.is_none())
            .count(),
        9
    );
    assert_eq!(count(board, PostKind::Camp), 20);
    assert_eq!(count(board, PostKind::Headquarters), 8);
    assert_eq!(
        board.posts().filter(|&post| board.on_railway(post)).count(),
        73
    );
    assert_eq!(edges(board, false), 196);
    assert_eq!(edges(board, true), 92);
    assert_eq!(board.lines().len(), 18);
    assert_eq!(
        degree_histogram(board),
        BTreeMap::from([(2, 8), (3, 36), (4, 41), (5, 16), (6, 8), (8, 20)])
    );
    let degree_sum: usize = degree_histogram(board)
        .iter()
        .map(|(degree, posts)| degree * posts)
        .sum();
    assert_eq!(degree_sum, 576);
}

fn names(board: &Board, posts: &[u8]) -> Vec<String> {
    let mut names: Vec<String> = posts
        .iter()
        .map(|&post| board.name(post).to_string())
        .collect();
    names.sort();
    names
}

fn listed(text: &str) -> Vec<String> {
    let mut names: Vec<String> = text
        .split_whitespace()
        .filter(|&name| name != "-")
        .map(String::from)
        .collect();
    names.sort();
    names
}

#[test]
fn appendix_a_two_player_adjacency() {
    let board = Board::get(Shape::TwoPlayer);
    let table = include_str!("data/adjacency-2p.txt");
    assert_eq!(table.lines().count(), 60);
    for line in table.lines() {
        let name = line.split_whitespace().next().unwrap();
        let post = board
            .post(name)
            .unwrap_or_else(|| panic!("{name} is a post"));
        let (before_road, after_road) = line.split_once("road:").unwrap();
        let (road, rail) = after_road.split_once("rail:").unwrap();
        assert_eq!(
            names(board, board.road_neighbours(post)),
            listed(road),
            "road neighbours of {name}"
        );
        assert_eq!(
            names(board, board.rail_neighbours(post)),
            listed(rail),
            "rail neighbours of {name}"
        );
        let words: Vec<&str> = before_road.split_whitespace().collect();
        let (_, line_number, file_number, _) = board
            .info(post)
            .area
            .map(|(s, l, f)| (s, l, f, ()))
            .unwrap();
        assert_eq!(
            words[2],
            format!("{line_number}.{file_number}"),
            "local name of {name}"
        );
        let kind = match words[3] {
            "CAMP" => PostKind::Camp,
            "HQ" => PostKind::Headquarters,
            _ => PostKind::Station,
        };
        assert_eq!(board.kind(post), kind, "kind of {name}");
        assert_eq!(
            board.on_railway(post),
            words.get(4) == Some(&"rail"),
            "railway flag of {name}"
        );
    }
}

#[test]
fn local_area_table_maps_onto_both_boards() {
    let two = Board::get(Shape::TwoPlayer);
    let four = Board::get(Shape::FourPlayer);
    for row in include_str!("data/local-area.txt").lines() {
        let words: Vec<&str> = row.split_whitespace().collect();
        let globals = &words[words.len() - 6..];
        let local: Vec<u8> = words[0].split('.').map(|n| n.parse().unwrap()).collect();
        let index = usize::from((local[0] - 1) * 5 + local[1] - 1);
        for (seat, name) in globals[..2].iter().enumerate() {
            assert_eq!(
                two.name(two.area(seat as u8)[index]),
                *name,
                "2p seat {seat} local {}",
                words[0]
            );
        }
        for (seat, name) in globals[2..].iter().enumerate() {
            assert_eq!(
                four.name(four.area(seat as u8)[index]),
                *name,
                "4p seat {seat} local {}",
                words[0]
            );
        }
    }
}

#[test]
fn every_railway_segment_lies_on_a_line_and_no_road_joins_two_railway_posts() {
    for shape in [Shape::TwoPlayer, Shape::FourPlayer] {
        let board = Board::get(shape);
        for post in board.posts() {
            for &next in board.rail_neighbours(post) {
                let on_line = board.lines().iter().any(|line| {
                    line.windows(2)
                        .any(|pair| pair == [post, next] || pair == [next, post])
                });
                assert!(
                    on_line,
                    "{}-{} lies on no line",
                    board.name(post),
                    board.name(next)
                );
            }
            for &next in board.road_neighbours(post) {
                assert!(
                    !(board.on_railway(post) && board.on_railway(next)),
                    "road {}-{}",
                    board.name(post),
                    board.name(next)
                );
            }
        }
    }
}

#[test]
fn pairs_on_several_lines_share_one_path() {
    for (shape, expected) in [(Shape::TwoPlayer, 0), (Shape::FourPlayer, 80)] {
        let board = Board::get(shape);
        let mut pairs = 0;
        for a in board.posts() {
            for b in board.posts().filter(|&b| b > a) {
                let paths: Vec<Vec<u8>> = board
                    .lines()
                    .iter()
                    .filter_map(|line| {
                        let i = line.iter().position(|&p| p == a)?;
                        let j = line.iter().position(|&p| p == b)?;
                        Some(if i < j {
                            line[i..=j].to_vec()
                        } else {
                            line[j..=i].iter().rev().copied().collect()
                        })
                    })
                    .collect();
                if paths.len() > 1 {
                    pairs += 1;
                    assert!(
                        paths.windows(2).all(|w| w[0] == w[1]),
                        "{} {}",
                        board.name(a),
                        board.name(b)
                    );
                }
            }
        }
        assert_eq!(pairs, expected, "{shape:?}");
    }
}

#[test]
fn post_names_round_trip() {
    for shape in [Shape::TwoPlayer, Shape::FourPlayer] {
        let board = Board::get(shape);
        for post in board.posts() {
            assert_eq!(board.post(board.name(post)), Some(post));
        }
        assert_eq!(board.post("z1"), None);
        assert_eq!(board.post("a0"), None);
        assert_eq!(board.post("a"), None);
        assert_eq!(board.post("a01"), None);
    }
    assert_eq!(
        Board::get(Shape::FourPlayer).post("h7"),
        None,
        "h7 is not a post of the palace"
    );
}
