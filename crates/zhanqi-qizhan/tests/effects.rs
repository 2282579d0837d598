//! Each primitive of the effect vocabulary (§5.3) on its own, with custom cards given through
//! the `cards` option (§12.11), and the durations, floors and keywords of §5.6–5.10.

use zhanqi_core::{Game, GameNotation, Seat, ToAct, Viewer};
use zhanqi_qizhan::{Qizhan, Side};

const A: Seat = Seat::new(0);
const B: Seat = Seat::new(1);

/// Options with one custom skill `XS` (cost 0) carrying `effects`.
fn options_with(kind: &str, effects: &[&str]) -> serde_json::Value {
    serde_json::json!({"cards": [{"id": "XS", "kind": kind, "cost": 0, "effects": effects}]})
}

/// A's turn with `XS` in hand and the given boards; B holds a card in hand.
fn position(a_board: &str, b_board: &str, b_hand: &str) -> String {
    format!(
        "qizhan main A turn 5 spent 0 bonus 0 played 0 last 11 seq 40\n\
         A hand XS#1 deck AZ03 discard -/-/-/- exile -\n\
         A board {a_board}\n\
         B hand {b_hand} deck - discard -/-/-/- exile -\n\
         B board {b_board}\n\
         stack -"
    )
}

fn load_with(options: &serde_json::Value, text: &str) -> Qizhan {
    let game = Qizhan::load(text, Some(options), 0).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(game.position(Viewer::Omniscient), text);
    game
}

fn play(game: &mut Qizhan, seat: Seat, text: &str) {
    let action = game.parse_action(seat, text).expect("reads");
    game.apply(seat, &action).unwrap_or_else(|e| {
        panic!(
            "'{text}' refused: {e}\n{}",
            game.position(Viewer::Omniscient)
        )
    });
}

fn line(game: &Qizhan, index: usize) -> String {
    game.position(Viewer::Omniscient)
        .lines()
        .nth(index)
        .unwrap()
        .to_owned()
}

fn legal(game: &Qizhan, seat: Seat) -> Vec<String> {
    let mut actions = Vec::new();
    game.legal_actions(seat, &mut actions);
    let mut texts: Vec<String> = actions.iter().map(|a| game.action_text(a)).collect();
    texts.sort();
    texts
}

/// Casts `XS` (a skill with `effects`) from the caster A.L1#10.
fn cast(effects: &[&str], a_board: &str, b_board: &str) -> Qizhan {
    let options = options_with("skill", effects);
    let mut game = load_with(&options, &position(a_board, b_board, "CW08#2"));
    play(&mut game, A, "play XS A.L1#10");
    game
}

#[test]
fn damage_hits_every_target_in_range() {
    let game = cast(
        &["play>damage(2)@all_enemies:r1"],
        "L1=AZ03#10:3/1/1",
        "F2=CW06#20:5/1/1 L1=CW06#21:5/1/1",
    );
    assert_eq!(line(&game, 4), "B board F2=CW06#20:5/1/1 L1=CW06#21:3/1/1");
}

#[test]
fn heal_stops_at_the_maximum() {
    let game = cast(
        &["play>heal(5)@self"],
        "L1=AZ06#10:2/1/1",
        "L1=CW06#21:5/1/1",
    );
    assert_eq!(line(&game, 2), "A board L1=AZ06#10:6/1/1");
}

#[test]
fn a_turn_buff_lasts_to_the_end_of_the_turn() {
    let mut game = cast(
        &["play>buff(atk,2)@self"],
        "L1=AZ03#10:3/1/1",
        "L1=CW06#21:5/1/1",
    );
    assert_eq!(line(&game, 2), "A board L1=AZ03#10:3/1/1[atk+2:t]");
    let card = game.side(Side::A).board[0];
    assert_eq!(game.effective(Side::A, &card).atk, 4);
    play(&mut game, A, "end");
    assert_eq!(line(&game, 2), "A board L1=AZ03#10:3/1/1");
}

#[test]
fn a_round_buff_lasts_to_the_controllers_next_turn_start() {
    let mut game = cast(
        &["play>buff(armour,1):round@all_enemies"],
        "L1=AZ03#10:3/1/1",
        "L1=CW06#21:5/1/1",
    );
    assert_eq!(line(&game, 4), "B board L1=CW06#21:5/1/1[armour+1:rA]");
    play(&mut game, A, "end");
    play(&mut game, B, "noswap");
    assert_eq!(line(&game, 4), "B board L1=CW06#21:5/1/1[armour+1:rA]");
    play(&mut game, B, "end");
    assert_eq!(line(&game, 4), "B board L1=CW06#21:5/1/1");
}

#[test]
fn a_perm_buff_stays_and_buffs_stack() {
    let game = cast(
        &[
            "play>buff(range,1):perm@self",
            "play>buff(range,1):perm@self",
        ],
        "L1=AZ03#10:3/1/1",
        "L1=CW06#21:5/1/1",
    );
    assert_eq!(
        line(&game, 2),
        "A board L1=AZ03#10:3/1/1[range+1:p][range+1:p]"
    );
    let card = game.side(Side::A).board[0];
    assert_eq!(game.effective(Side::A, &card).range, 3);
}

#[test]
fn negative_buffs_stop_at_the_floors() {
    let game = cast(
        &[
            "play>buff(atk,-5)@self",
            "play>buff(range,-5)@self",
            "play>buff(max_troops,-10)@self",
        ],
        "L1=AZ06#10:6/1/1",
        "L1=CW06#21:5/1/1",
    );
    let card = game.side(Side::A).board[0];
    let stats = game.effective(Side::A, &card);
    assert_eq!((stats.atk, stats.range, stats.max_troops), (0, 1, 1));
    assert_eq!(card.troops, 1, "troops fall with max_troops");
    assert!(!legal(&game, A).iter().any(|a| a.starts_with("attack")));
}

#[test]
fn reinforce_raises_both_maximum_and_troops() {
    let game = cast(
        &["play>reinforce(2)@self"],
        "L1=AZ03#10:2/1/1",
        "L1=CW06#21:5/1/1",
    );
    assert_eq!(line(&game, 2), "A board L1=AZ03#10:4/1/1[max_troops+2:p]");
}

#[test]
fn points_add_action_and_movement() {
    let game = cast(
        &["play>points(1,2)@self"],
        "L1=AZ03#10:3/1/1",
        "L1=CW06#21:5/1/1",
    );
    assert_eq!(line(&game, 2), "A board L1=AZ03#10:3/2/3");
}

#[test]
fn draw_stops_when_the_deck_runs_out() {
    let game = cast(
        &["play>draw(3)@player"],
        "L1=AZ03#10:3/1/1",
        "L1=CW06#21:5/1/1",
    );
    assert_eq!(
        line(&game, 1),
        "A hand AZ03#41 deck - discard -/-/-/XS exile -"
    );
}

#[test]
fn discard_takes_cards_one_chance_node_at_a_time() {
    let options = options_with("skill", &["play>discard(2)@opponent"]);
    let mut game = load_with(
        &options,
        &position(
            "L1=AZ03#10:3/1/1",
            "L1=CW06#21:5/1/1",
            "CW03#3,CW04#4,CW08#2",
        ),
    );
    play(&mut game, A, "play XS A.L1#10");
    assert_eq!(game.to_act(), ToAct::Chance);
    let mut outcomes = Vec::new();
    game.chance_outcomes(&mut outcomes);
    assert_eq!(outcomes.len(), 3);
    assert!(outcomes.iter().all(|(_, weight)| *weight == 1));
    play(&mut game, A, "CW04#4");
    assert_eq!(line(&game, 5), "stack play:XS:A:A.L1#10:0:left=1");
    let (taken, _) = game.roll().expect("a chance node");
    assert!(matches!(
        game.action_text(&taken).as_str(),
        "CW03#3" | "CW08#2"
    ));
    assert!(game.stack().is_empty());
    assert_eq!(game.side(Side::B).hand.len(), 1);
    assert_eq!(game.side(Side::B).discard[3].len(), 2);
}

#[test]
fn destroy_marks_weak_cards_and_their_triggers_fire() {
    let game = cast(
        &["play>destroy(2)@all_enemies"],
        "L1=AZ03#10:3/1/1",
        "L1=CW06#21:2/1/1,CW06#22:5/1/1",
    );
    assert_eq!(line(&game, 4), "B board L1=CW06#22:5/1/1");
    // The Berserkers' trigger had one target in range: the caster.
    assert_eq!(line(&game, 2), "A board L1=AZ03#10:1/1/1");
}

#[test]
fn shift_moves_a_chosen_enemy_to_a_zone_of_the_controllers_choice() {
    let mut game = cast(
        &["play>shift()@enemy"],
        "L1=AZ03#10:3/1/1",
        "F1=CW06#21:5/1/1 L2=CW04#22:2/1/1",
    );
    assert_eq!(legal(&game, A), ["target B.F1#21", "target B.L2#22"]);
    play(&mut game, A, "target B.F1#21");
    assert_eq!(line(&game, 5), "stack play:XS:A:A.L1#10:0:shift=B.F1#21");
    assert_eq!(legal(&game, A), ["to B.FL", "to B.L1"]);
    play(&mut game, A, "to B.FL");
    assert_eq!(line(&game, 4), "B board FL=CW06#21:5/1/1 L2=CW04#22:2/1/1");
}

#[test]
fn shift_of_all_enemies_moves_them_one_at_a_time() {
    let mut game = cast(
        &["play>shift()@all_enemies"],
        "L1=AZ03#10:3/1/1",
        "F1=CW06#21:5/1/1 L2=CW04#22:2/1/1",
    );
    assert_eq!(
        line(&game, 5),
        "stack play:XS:A:A.L1#10:0:shift=B.F1#21,B.L2#22"
    );
    play(&mut game, A, "to B.L1");
    // B.L2's only neighbour is B.F2: taken at once.
    assert_eq!(line(&game, 4), "B board F2=CW04#22:2/1/1 L1=CW06#21:5/1/1");
    assert!(game.stack().is_empty());
}

#[test]
fn exile_removes_a_card_without_its_destroyed_trigger() {
    let options = options_with("skill", &["play>exile()@enemy"]);
    let mut game = load_with(
        &options,
        &position(
            "L1=AZ03#10:3/1/1",
            "L1=CW06#21:5/1/1+CW12 L2=CW04#22:2/1/1",
            "CW08#2",
        ),
    );
    play(&mut game, A, "play XS A.L1#10");
    play(&mut game, A, "target B.L1#21");
    assert_eq!(
        line(&game, 3),
        "B hand CW08#2 deck - discard -/-/-/CW12 exile CW06"
    );
    assert_eq!(line(&game, 2), "A board L1=AZ03#10:3/1/1");
}

#[test]
fn revive_brings_back_a_main_card_with_a_new_entry_number() {
    let options = options_with("event", &["play>revive(3)@player"]);
    let text = "qizhan main A turn 5 spent 0 bonus 0 played 0 last 11 seq 40\n\
         A hand XS#1 deck - discard -/AZ03,AZ09/AZ05/- exile -\n\
         A board L1=AZ03#10:3/1/1,AZ04#11:4/1/1,AZ06#12:6/1/1 L2=AZ04#13:4/1/1,AZ06#14:6/1/1,AZ06#15:6/1/1 L3=AZ04#16:4/1/1,AZ06#17:6/1/1,AZ06#18:6/1/1\n\
         B hand CW08#2 deck - discard -/-/-/- exile -\n\
         B board L1=CW06#21:5/1/1\n\
         stack -";
    let mut game = load_with(&options, text);
    play(&mut game, A, "play XS");
    let options = legal(&game, A);
    assert!(options.contains(&"revive AZ03 A.F1".to_owned()));
    assert!(options.contains(&"revive AZ05 A.L4".to_owned()));
    assert!(!options.iter().any(|o| o.contains("AZ09")), "cost 4 > 3");
    assert!(!options.iter().any(|o| o.contains("A.L1")), "L1 is full");
    play(&mut game, A, "revive AZ03 A.F2");
    assert!(line(&game, 2).contains("F2=AZ03#41:3/0/0"));
    assert_eq!(
        line(&game, 1),
        "A hand - deck - discard -/AZ09/AZ05/XS exile -"
    );
}

#[test]
fn cost_raises_the_budget_of_the_side_on_turn_only() {
    let game = cast(
        &["play>cost(2)@player", "play>cost(5)@opponent"],
        "L1=AZ03#10:3/1/1",
        "L1=CW06#21:5/1/1",
    );
    assert_eq!(game.budget(), 5 + 2);
    assert!(line(&game, 0).contains("bonus 2"));
}

#[test]
fn grant_gives_a_keyword_for_its_duration() {
    let game = cast(
        &["play>grant(guard)@self"],
        "L1=AZ03#10:3/1/1,AZ05#11:2/1/1",
        "L1=CW06#21:5/1/1",
    );
    assert_eq!(
        line(&game, 2),
        "A board L1=AZ03#10:3/1/1[guard:t],AZ05#11:2/1/1"
    );
    let guarded = game.side(Side::A).board[1];
    assert!(game.guarded(Side::A, &guarded));
}

#[test]
fn stun_stops_attacks_and_counters_until_the_owners_next_reset() {
    let mut game = cast(
        &["play>stun()@enemy"],
        "L1=AZ03#10:3/1/1",
        "L1=CW06#21:5/1/1",
    );
    assert_eq!(line(&game, 4), "B board L1=CW06#21:5/0/0!");
    play(&mut game, A, "attack A.L1#10 B.L1#21");
    assert_eq!(line(&game, 2), "A board L1=AZ03#10:3/0/1", "no counter");
    play(&mut game, A, "end");
    play(&mut game, B, "noswap");
    assert_eq!(line(&game, 4), "B board L1=CW06#21:3/0/0");
    assert!(!legal(&game, B).iter().any(|a| a.starts_with("attack")));
}

#[test]
fn a_skill_with_no_target_in_range_cannot_be_played() {
    let options = options_with("skill", &["play>damage(1)@enemy:r1"]);
    let game = load_with(
        &options,
        &position("L1=AZ03#10:3/1/1", "L3=CW06#21:5/1/1", "CW08#2"),
    );
    assert!(!legal(&game, A).iter().any(|a| a.starts_with("play XS")));
}

#[test]
fn an_equipment_with_play_effects_uses_its_host_as_source() {
    let options = options_with(
        "equipment",
        &["play>damage(1)@enemy:r1", "static>buff(atk,1)@self"],
    );
    let mut game = load_with(
        &options,
        &position("L1=AZ03#10:3/1/1", "L1=CW06#21:5/1/1", "CW08#2"),
    );
    play(&mut game, A, "play XS A.L1#10");
    assert_eq!(line(&game, 2), "A board L1=AZ03#10:3/1/1+XS");
    assert_eq!(line(&game, 4), "B board L1=CW06#21:4/1/1");
    let host = game.side(Side::A).board[0];
    assert_eq!(game.effective(Side::A, &host).atk, 3);
}

#[test]
fn the_round_of_an_effect_on_an_enemy_runs_to_its_controllers_turn() {
    let game = cast(
        &["play>grant(swift):round@all_friends"],
        "L1=AZ03#10:3/1/1",
        "L1=CW06#21:5/1/1",
    );
    assert_eq!(line(&game, 2), "A board L1=AZ03#10:3/1/1[swift:rA]");
}

#[test]
fn exile_of_an_enemy_zone_takes_every_card_of_it() {
    let options = options_with("skill", &["play>exile()@enemy_zone"]);
    let mut game = load_with(
        &options,
        &position(
            "L1=AZ03#10:3/1/1",
            "L1=CW06#21:5/1/1,CW04#22:2/1/1,CW03#23:3/1/2 L2=CW04#24:2/1/1",
            "CW08#2",
        ),
    );
    play(&mut game, A, "play XS A.L1#10");
    play(&mut game, A, "target B.L1");
    assert_eq!(line(&game, 4), "B board L2=CW04#24:2/1/1");
    assert_eq!(
        line(&game, 3),
        "B hand CW08#2 deck - discard -/-/-/- exile CW03,CW04,CW06"
    );
}
