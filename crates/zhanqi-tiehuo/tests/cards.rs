//! The card data of §15: both deck files load, their armour recipes match §15.3, and a broken
//! deck file is refused with every violation named.

use zhanqi_tiehuo::Catalog;
use zhanqi_tiehuo::cards::{AttackOption, Category};
use zhanqi_tiehuo::catalog::{CV_BASE, CV_SCALE, GERMANY_TOML, USSR_TOML, parse_deck_file};

#[test]
fn both_default_decks_hold_thirty_cards_in_the_section_15_mix() {
    for text in [GERMANY_TOML, USSR_TOML] {
        let deck = parse_deck_file(text, CV_BASE, CV_SCALE).expect("valid deck file");
        let count = |category: Option<Category>| -> u16 {
            deck.cards
                .iter()
                .filter(|(card, _)| card.category() == category)
                .map(|(_, copies)| copies)
                .sum()
        };
        assert_eq!(count(Some(Category::Infantry)), 11, "{}", deck.name);
        assert_eq!(count(Some(Category::Armour)), 8, "{}", deck.name);
        assert_eq!(count(Some(Category::Ranged)), 4, "{}", deck.name);
        assert_eq!(count(Some(Category::Aviation)), 3, "{}", deck.name);
        assert_eq!(count(None), 4, "{}", deck.name);
    }
    let catalog = Catalog::standard();
    assert_eq!(catalog.cards.len(), 38);
    assert_eq!(catalog.deck("germany").map(<[u8]>::len), Some(30));
    assert_eq!(catalog.deck("ussr").map(<[u8]>::len), Some(30));
}

#[test]
fn every_armour_card_carries_a_section_15_3_recipe_that_the_loader_checks() {
    let catalog = Catalog::standard();
    for card in &catalog.cards {
        if card.category() == Some(Category::Armour) {
            let file = if card.id.starts_with("DE") {
                GERMANY_TOML
            } else {
                USSR_TOML
            };
            let block = file
                .split("[[card]]")
                .find(|b| b.contains(&format!("id = \"{}\"", card.id)));
            assert!(
                block.is_some_and(|b| b.contains("builder = {")),
                "{} has no recipe",
                card.id
            );
        }
    }
    // A Tiger with the wrong combat value is refused with the numbers its recipe gives.
    let wrong = GERMANY_TOML.replace("cv = 17", "cv = 18");
    let problems = parse_deck_file(&wrong, CV_BASE, CV_SCALE).expect_err("cv does not match");
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(
        problems[0].contains("DE06") && problems[0].contains("cv 17"),
        "{problems:?}"
    );
}

#[test]
fn a_broken_deck_file_names_every_violation() {
    let text = r#"
deck = "broken"

[[card]]
id = "X1"
name = "Nothing"
name_zh = "无"
nationality = "none"
category = "cavalry"
cv = 0
logistics = 1
attacks = ["Charge vs inf 1~2", "Heal: own inf 1~2 c2"]
abilities = [{ ability = "flight", mode = "latent" }]
copies = 1

[[card]]
id = "X1"
name = "Both"
name_zh = "两"
nationality = "none"
category = "infantry"
ability = "shock"
logistics = 1
copies = 0
"#;
    let problems = parse_deck_file(text, CV_BASE, CV_SCALE).expect_err("broken");
    let all = problems.join("\n");
    for needle in [
        "'cavalry' is not a category",
        "cv of at least 1",
        "no ':' after its label",
        "heals, so its damage must read",
        "may not set logistics fields",
        "'flight' is not an ability",
        "listed twice",
        "both a category and an ability",
        "copies must be at least 1",
    ] {
        assert!(all.contains(needle), "missing '{needle}' in\n{all}");
    }
}

#[test]
fn attack_options_read_and_write_the_table_notation() {
    for text in [
        "HE: vs inf,rng 2~3 t1~2",
        "Aid: own inf -1~-2 t1~2",
        "Barrage: vs inf,arm,rng 2~3 h2~2 t1~2 c2",
        "Interdict: vs inf,rng 1~2 t1~2 opp-2",
    ] {
        let option = AttackOption::parse(text).expect("valid");
        assert_eq!(option.to_string(), text);
    }
}
