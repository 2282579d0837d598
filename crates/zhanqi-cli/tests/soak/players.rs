//! Pairs of guests playing 2p games with random legal moves, as fast as people who do not
//! think; some drop and reopen their socket mid-game. Their moves are timed and every
//! acknowledged one is kept to be checked against the store.

use std::net::IpAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use super::client::{Client, guest};
use super::{PACE, RECONNECT_EVERY, Role, Run, address, bump, hold};
use crate::common::my_turn;

/// The moves played in a room state, once the game is on.
fn progress(state: &Value) -> Option<u64> {
    if state["phase"] == "playing" || state["phase"] == "over" {
        state["view"]["moves"].as_u64()
    } else {
        None
    }
}

/// A small deterministic generator for choosing moves (xorshift).
struct Dice(u64);

impl Dice {
    fn roll(&mut self, below: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % below.max(1) as u64) as usize
    }
}

/// A pair of guests playing game after game until the run ends.
pub(super) async fn play_pair(run: Arc<Run>, index: usize, reconnecting: bool) {
    let label = if reconnecting {
        format!("reconnecting pair {index}")
    } else {
        format!("pair {index}")
    };
    if let Err(problem) = play_pair_games(&run, index, reconnecting).await {
        run.problem(format!("{label}: {problem}"));
    }
}

async fn play_pair_games(run: &Arc<Run>, index: usize, reconnecting: bool) -> Result<(), String> {
    let role = if reconnecting {
        Role::Reconnector
    } else {
        Role::Player
    };
    let from = [address(role, 2 * index), address(role, 2 * index + 1)];
    let cookies = [
        guest(run, from[0], &format!("p{index}s")).await?,
        guest(run, from[1], &format!("p{index}n")).await?,
    ];
    let mut sockets = [
        Client::open(run, from[0], &cookies[0]).await?,
        Client::open(run, from[1], &cookies[1]).await?,
    ];
    let mut dice = Dice(0x9E37_79B9_7F4A_7C15 ^ ((index as u64 + 1) * 7919));
    let mut game = 0;
    while run.going() {
        let room = open_game(run, &mut sockets, game % 2).await?;
        bump(&run.tally.games_started);
        // Half the timed rooms get a spectator that never reads.
        if !reconnecting && index % 2 == 0 {
            tokio::spawn(lurk_in_room(Arc::clone(run), room, index));
        }
        let seat = Seat {
            from,
            cookies: &cookies,
            room,
            reconnecting,
        };
        play_game(run, &seat, &mut sockets, &mut dice).await?;
        game += 1;
    }
    Ok(())
}

/// A pair's addresses, sessions and current room.
struct Seat<'a> {
    from: [IpAddr; 2],
    cookies: &'a [String; 2],
    room: i64,
    reconnecting: bool,
}

/// Creates a 2p room (by socket `creator`), seats both at `s` and `n` and gets them ready.
async fn open_game(run: &Run, sockets: &mut [Client; 2], creator: usize) -> Result<i64, String> {
    let created = sockets[creator]
        .ok(
            run,
            json!({"type": "create", "game": "junqi", "mode": "2p"}),
        )
        .await?;
    let room = created["room"]
        .as_i64()
        .ok_or_else(|| format!("a create answered without a room: {created}"))?;
    for (socket, seat) in sockets.iter_mut().zip(["s", "n"]) {
        socket.follow(room);
        socket
            .ok(run, json!({"type": "join", "room": room}))
            .await?;
        socket
            .ok(run, json!({"type": "sit", "room": room, "seat": seat}))
            .await?;
    }
    for socket in sockets.iter_mut() {
        socket
            .ok(run, json!({"type": "ready", "room": room}))
            .await?;
    }
    Ok(room)
}

/// Plays one game with random legal moves until it ends or the run does.
async fn play_game(
    run: &Run,
    seat: &Seat<'_>,
    sockets: &mut [Client; 2],
    dice: &mut Dice,
) -> Result<(), String> {
    let room = seat.room;
    let mut just_reconnected = false;
    while run.going() {
        // Both sockets have seen the latest position.
        let known = progress(&sockets[0].state)
            .max(progress(&sockets[1].state))
            .unwrap_or(0);
        let caught_up = |state: &Value| progress(state).is_some_and(|moves| moves >= known);
        let first = sockets[0].state_until(caught_up).await?;
        let second = sockets[1].state_until(caught_up).await?;
        if progress(&first) != progress(&second) {
            continue;
        }
        if first["phase"] == "over" {
            bump(&run.tally.games_finished);
            return Ok(());
        }
        let mover = match (my_turn(&first), my_turn(&second)) {
            (true, false) => 0,
            (false, true) => 1,
            _ => return Err(format!("room {room}: not one seat to move: {first}")),
        };
        let state = if mover == 0 { first } else { second };
        let legal = state["legal"].as_array().cloned().unwrap_or_default();
        let action = legal[dice.roll(legal.len())].clone();
        let moves = known;
        tokio::time::sleep(PACE).await;
        if seat.reconnecting && moves > 0 && moves % RECONNECT_EVERY == 0 && !just_reconnected {
            reconnect(run, seat, sockets, mover, &action, moves).await?;
            just_reconnected = true;
            continue;
        }
        let sent = Instant::now();
        let id = sockets[mover]
            .send(json!({"type": "act", "room": room, "action": action}))
            .await?;
        let watcher = 1 - mover;
        sockets[watcher]
            .state_until(|state| progress(state).is_some_and(|seen| seen > moves))
            .await?;
        let latency = sent.elapsed();
        let answer = sockets[mover].answer(id).await?;
        if answer["type"] != "ok" {
            if just_reconnected {
                // Sent on a position that a move of the dropped socket overtook.
                just_reconnected = false;
                continue;
            }
            return Err(format!(
                "room {room}: the move {action} was refused: {answer}"
            ));
        }
        just_reconnected = false;
        let action = action.as_str().unwrap_or_default().to_owned();
        run.tally
            .acknowledged
            .lock()
            .unwrap()
            .entry(room)
            .or_default()
            .push((moves, action));
        if !seat.reconnecting {
            run.tally.latencies.lock().unwrap().push(latency);
            let mut slowest = run.tally.slowest.lock().unwrap();
            if latency > slowest.0 {
                *slowest = (latency, sent - run.started, room);
            }
        }
    }
    Ok(())
}

/// The mover drops its socket mid-game, either right after sending its move (which may or
/// may not be played; it is not acknowledged) or before moving, and comes back on a new one.
async fn reconnect(
    run: &Run,
    seat: &Seat<'_>,
    sockets: &mut [Client; 2],
    mover: usize,
    action: &Value,
    moves: u64,
) -> Result<(), String> {
    if (moves / RECONNECT_EVERY) % 2 == 1 {
        sockets[mover]
            .send(json!({"type": "act", "room": seat.room, "action": action}))
            .await?;
    }
    let _ = sockets[mover].ws.close(None).await;
    // Lets a move still in flight on the old socket land before the new one looks.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let mut socket = Client::open(run, seat.from[mover], &seat.cookies[mover]).await?;
    socket.follow(seat.room);
    socket
        .ok(run, json!({"type": "join", "room": seat.room}))
        .await?;
    sockets[mover] = socket;
    bump(&run.tally.reconnects);
    Ok(())
}

/// A spectator of a timed room that reads nothing after its `join`, until the run ends.
async fn lurk_in_room(run: Arc<Run>, room: i64, index: usize) {
    let from = address(Role::RoomLurker, index);
    let Ok(cookie) = guest(&run, from, &format!("w{index}")).await else {
        bump(&run.tally.attacker_refused);
        return;
    };
    let Ok(mut client) = Client::open(&run, from, &cookie).await else {
        bump(&run.tally.attacker_refused);
        return;
    };
    if client
        .ok(&run, json!({"type": "join", "room": room}))
        .await
        .is_err()
    {
        bump(&run.tally.attacker_refused);
        return;
    }
    bump(&run.tally.room_lurkers);
    hold(&run, None).await;
    drop(client);
}
