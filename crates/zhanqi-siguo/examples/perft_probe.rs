use zhanqi_core::{Game, GameNotation, Viewer};
use zhanqi_siguo::Siguo;
fn main() {
    for line in std::io::stdin().lines() {
        let line = line.unwrap();
        let parts: Vec<&str> = line.split('|').collect();
        let mut game = <Siguo as GameNotation>::load(parts[1], None, 0).unwrap();
        for text in parts
            .get(2)
            .map(|m| m.split(',').collect::<Vec<_>>())
            .unwrap_or_default()
        {
            let seat = match game.to_act() {
                zhanqi_core::ToAct::Seats(s) => s.lowest().unwrap(),
                _ => panic!(),
            };
            let action = game.parse_action(seat, text).unwrap();
            game.apply(seat, &action).unwrap();
        }
        println!("position {}", game.position(Viewer::Omniscient));
        let depth: u32 = parts[0].parse().unwrap();
        for d in 1..=depth {
            println!("perft {d} {}", game.perft(d).unwrap());
        }
    }
}
