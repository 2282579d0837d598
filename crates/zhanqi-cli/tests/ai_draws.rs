//! How an AI seat answers a draw offer (`zhanqi_server::ai_seat::draw_answer`), on junqi
//! positions: it accepts when its evaluator judges it behind and refuses otherwise.

use zhanqi_core::PlatformAction;
use zhanqi_protocol::Registry;
use zhanqi_server::ai_seat::draw_answer;

/// South has every piece; North an engineer, a mine and its flag, 50 moves in.
const LOPSIDED: &str = "2p 2nMnF1/nE4/5/5/5/5/sCsSsPsDsL/sE1sJ1sT/sDsL1sBsY/sT1sB1sP/sYsMsEsCsE/sMsFsMsPsC s s+0n+0 - 0 50";

#[test]
fn an_ai_far_behind_accepts_a_draw_and_one_far_ahead_refuses() {
    let junqi = Registry::standard().find("junqi").unwrap();
    let mut game = junqi.load_game(LOPSIDED, None, 1).unwrap();
    game.play("s", "draw?").unwrap();
    for seed in [1, 2, 3] {
        assert_eq!(
            draw_answer(game.as_ref(), "n", seed),
            PlatformAction::AcceptDraw
        );
    }
    let mut game = junqi.load_game(LOPSIDED, None, 1).unwrap();
    game.play("s", "c6-c7").unwrap();
    game.play("n", "draw?").unwrap();
    for seed in [1, 2, 3] {
        assert_eq!(
            draw_answer(game.as_ref(), "s", seed),
            PlatformAction::RefuseDraw
        );
    }
}

#[test]
fn an_even_game_is_played_on() {
    let layout = "CSPDL/E.J.T/DL.BY/T.B.P/YMECE/MFMPC";
    let junqi = Registry::standard().find("junqi").unwrap();
    let game = junqi
        .new_game(Some("2p"), 4, &[("s", layout), ("n", layout)])
        .unwrap();
    assert_eq!(
        draw_answer(game.as_ref(), "s", 9),
        PlatformAction::RefuseDraw
    );
    assert_eq!(
        draw_answer(game.as_ref(), "n", 9),
        PlatformAction::RefuseDraw
    );
}
