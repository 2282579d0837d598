//! The card builder of §14 (table 301): combat value and logistics of an armour card from its
//! engine, chassis, suspension, transmission and armour.

use serde::{Deserialize, Serialize};

/// A recipe: one primary per group and the optional add-ons (§14.1), by their ids.
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Recipe {
    /// 发动机类型: `petrol`, `diesel`, `hp_diesel`, `gas_turbine`, `electric`.
    pub engine: String,
    /// Chassis: `tracked` or `wheeled`.
    pub chassis: String,
    /// 悬挂 primary.
    pub suspension: String,
    /// Suspension add-ons (`interleaved`).
    #[serde(default)]
    pub suspension_addons: Vec<String>,
    /// 传动制动 primary.
    pub transmission: String,
    /// Transmission add-ons (`retarder`).
    #[serde(default)]
    pub transmission_addons: Vec<String>,
    /// 装甲防护 primary.
    pub armour: String,
    /// Armour add-ons (`face_hardened`, `applique`, `reactive`, `passive`, `active`, `sloped`).
    #[serde(default)]
    pub armour_addons: Vec<String>,
}

/// What the builder gives: the points and the card's two numbers.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Built {
    /// Twice the combat points `P` (points come in halves).
    pub twice_points: u32,
    /// Combat value `floor(cv_base + cv_scale × P + 0.5)`.
    pub cv: u16,
    /// Logistics: chassis plus transmission.
    pub logistics: u16,
}

impl Built {
    /// `P` as a decimal (`2.5`).
    #[must_use]
    pub fn points_text(&self) -> String {
        if self.twice_points % 2 == 0 {
            format!("{}", self.twice_points / 2)
        } else {
            format!("{}.5", self.twice_points / 2)
        }
    }
}

/// Twice the combat points of each engine.
const ENGINES: [(&str, u32); 5] = [
    ("petrol", 0),
    ("diesel", 2),
    ("hp_diesel", 4),
    ("gas_turbine", 6),
    ("electric", 8),
];
/// The logistics of each chassis.
const CHASSIS: [(&str, u32); 2] = [("tracked", 4), ("wheeled", 2)];
const SUSPENSIONS: [(&str, u32); 9] = [
    ("simple", 0),
    ("christie", 2),
    ("wheel_track", 2),
    ("torsion_bar", 2),
    ("vvss", 2),
    ("bogie", 0),
    ("hydro_torsion", 4),
    ("high_mobility", 4),
    ("hydropneumatic", 6),
];
const SUSPENSION_ADDONS: [(&str, u32); 1] = [("interleaved", 2)];
const TRANSMISSIONS: [(&str, u32); 4] = [
    ("mechanical", 0),
    ("hydromech", 2),
    ("hydrostatic", 4),
    ("electric_drive", 8),
];
const TRANSMISSION_ADDONS: [(&str, u32); 1] = [("retarder", 4)];
const ARMOURS: [(&str, u32); 4] = [("iron", 0), ("cast", 2), ("rolled", 4), ("composite", 6)];
const ARMOUR_ADDONS: [(&str, u32); 6] = [
    ("face_hardened", 1),
    ("applique", 1),
    ("reactive", 6),
    ("passive", 4),
    ("active", 8),
    ("sloped", 2),
];

fn lookup(table: &[(&str, u32)], id: &str) -> Option<u32> {
    table.iter().find(|(name, _)| *name == id).map(|&(_, v)| v)
}

fn names(table: &[(&str, u32)]) -> String {
    let names: Vec<&str> = table.iter().map(|(name, _)| *name).collect();
    names.join(", ")
}

/// Builds a card from `recipe` with the scale of §14.2, reporting every problem at once.
///
/// # Errors
/// Every unknown option id and every add-on given twice, as sentences.
pub fn build(recipe: &Recipe, cv_base: i32, cv_scale: i32) -> Result<Built, Vec<String>> {
    let mut problems = Vec::new();
    let mut primary = |group: &str, table: &[(&str, u32)], id: &str| {
        lookup(table, id).unwrap_or_else(|| {
            problems.push(format!(
                "the {group} '{id}' is not in table 301; it is one of {}",
                names(table)
            ));
            0
        })
    };
    let engine = primary("engine", &ENGINES, &recipe.engine);
    let chassis = primary("chassis", &CHASSIS, &recipe.chassis);
    let suspension = primary("suspension", &SUSPENSIONS, &recipe.suspension);
    let transmission = primary("transmission", &TRANSMISSIONS, &recipe.transmission);
    let armour = primary("armour", &ARMOURS, &recipe.armour);
    let mut addons = |group: &str, table: &[(&str, u32)], ids: &[String]| {
        let mut sum = 0;
        for (index, id) in ids.iter().enumerate() {
            if ids[..index].contains(id) {
                problems.push(format!(
                    "the {group} add-on '{id}' is fitted twice; each add-on goes on at most once"
                ));
                continue;
            }
            match lookup(table, id) {
                Some(points) => sum += points,
                None => problems.push(format!(
                    "the {group} add-on '{id}' is not in table 301; it is one of {}",
                    names(table)
                )),
            }
        }
        sum
    };
    let twice_points = engine
        + suspension
        + addons("suspension", &SUSPENSION_ADDONS, &recipe.suspension_addons)
        + transmission
        + addons(
            "transmission",
            &TRANSMISSION_ADDONS,
            &recipe.transmission_addons,
        )
        + armour
        + addons("armour", &ARMOUR_ADDONS, &recipe.armour_addons);
    if !problems.is_empty() {
        return Err(problems);
    }
    // floor(base + scale × P + 0.5) = floor((2·base + scale × 2P + 1) / 2), in integers.
    let doubled = 2 * cv_base + cv_scale * twice_points as i32 + 1;
    let cv = doubled.div_euclid(2);
    let transmission_logistics = if recipe.transmission == "mechanical" {
        1
    } else {
        2
    };
    Ok(Built {
        twice_points,
        cv: u16::try_from(cv.max(0)).unwrap_or(u16::MAX),
        logistics: (chassis + transmission_logistics) as u16,
    })
}

/// One option of a group of table 301, as an editor lists it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
pub struct BuilderOption {
    /// Its id in a [`Recipe`].
    pub id: &'static str,
    /// Twice its combat points.
    pub twice_points: u32,
    /// The logistics it gives as a primary (chassis and transmission; 0 for the others).
    pub logistics: u32,
}

/// A group of table 301: its primaries (exactly one is fitted) and its add-ons (each at most
/// once), for an editor that shows `cv` and logistics as choices change.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct BuilderGroup {
    /// `engine`, `chassis`, `suspension`, `transmission` or `armour`, as in a [`Recipe`].
    pub group: &'static str,
    /// The primaries.
    pub primaries: Vec<BuilderOption>,
    /// The add-ons.
    pub addons: Vec<BuilderOption>,
}

/// Every group of table 301 with its options, in the order of §14.1; [`build`] gives the same
/// numbers: `2P` is the sum of the fitted options' `twice_points`, logistics the sum of the
/// primaries' `logistics`.
#[must_use]
pub fn groups() -> Vec<BuilderGroup> {
    // The chassis table holds logistics, every other table twice the combat points.
    let points = |table: &[(&'static str, u32)]| -> Vec<BuilderOption> {
        table
            .iter()
            .map(|&(id, twice_points)| BuilderOption {
                id,
                twice_points,
                logistics: 0,
            })
            .collect()
    };
    let chassis = CHASSIS
        .iter()
        .map(|&(id, logistics)| BuilderOption {
            id,
            twice_points: 0,
            logistics,
        })
        .collect();
    let transmissions = points(&TRANSMISSIONS)
        .into_iter()
        .map(|option| BuilderOption {
            logistics: if option.id == "mechanical" { 1 } else { 2 },
            ..option
        })
        .collect();
    let group = |group, primaries, addons| BuilderGroup {
        group,
        primaries,
        addons,
    };
    vec![
        group("engine", points(&ENGINES), Vec::new()),
        group("chassis", chassis, Vec::new()),
        group(
            "suspension",
            points(&SUSPENSIONS),
            points(&SUSPENSION_ADDONS),
        ),
        group("transmission", transmissions, points(&TRANSMISSION_ADDONS)),
        group("armour", points(&ARMOURS), points(&ARMOUR_ADDONS)),
    ]
}
