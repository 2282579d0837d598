//! Plays uniform-random games with the standard decks and reports games per second and the
//! heap allocations made, per game and per action:
//! `cargo run --release -p zhanqi-qizhan --example random_games -- 20000`.
//!
//! The playout is `zhanqi bench`'s: every action listed with `legal_actions`, one picked with
//! `GameRng::stream(seed, 2)` and applied with `apply_unchecked`; random discards drawn with
//! `roll`. Issue 14 asks for no allocation per action on this path; the allocations of
//! `Game::new` (the game's own vectors) are counted apart.

// Counting allocations takes a global allocator, which only an `unsafe impl` can be; it passes
// every call on to the system allocator unchanged (see the SAFETY notes).
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use zhanqi_core::{Game, GameRng, ToAct};
use zhanqi_qizhan::{Action, Qizhan, QizhanOptions};

/// The system allocator, counting the allocations and reallocations made through it.
struct Counting;

static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);

// SAFETY: every call is passed on unchanged to the system allocator, which upholds the
// `GlobalAlloc` contract; the counter is a relaxed atomic and touches no memory handed out.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: the caller's layout is passed on as given.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` was allocated by `System` with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: `ptr` was allocated by `System` with this layout.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn allocations() -> u64 {
    ALLOCATIONS.load(Ordering::Relaxed)
}

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(10_000);
    let options = QizhanOptions::default();
    let mut actions: Vec<Action> = Vec::with_capacity(256);
    let (mut plies, mut rolls) = (0u64, 0u64);
    let (mut at_start, mut in_play) = (0u64, 0u64);
    let start = Instant::now();
    for seed in 0..games {
        let before = allocations();
        let mut game = Qizhan::new(&options, seed).expect("standard options");
        let mut rng = GameRng::stream(seed, 2);
        let started = allocations();
        at_start += started - before;
        loop {
            match game.to_act() {
                ToAct::Over => break,
                ToAct::Chance => {
                    game.roll().expect("a roll at a chance node");
                    rolls += 1;
                }
                ToAct::Seats(seats) => {
                    let seat = seats.lowest().expect("a seat acts");
                    actions.clear();
                    game.legal_actions(seat, &mut actions);
                    let action = actions[rng.below(actions.len())];
                    game.apply_unchecked(seat, &action);
                    plies += 1;
                }
            }
        }
        in_play += allocations() - started;
    }
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "{games} games, {plies} plies, {rolls} rolls, {:.0} games/s, {:.0} ns/ply",
        games as f64 / seconds,
        seconds * 1e9 / plies as f64
    );
    println!(
        "allocations: {:.2} a game in Game::new, {:.3} a game in play ({:.4} an action or roll)",
        at_start as f64 / games as f64,
        in_play as f64 / games as f64,
        in_play as f64 / (plies + rolls).max(1) as f64
    );
}
