//! Every QQ record of `shared/data/qq-jgs/` replays through the engine: every deployment
//! legal, every move legal, every combat result and flag reveal as recorded, every result
//! the engine's.

use std::path::PathBuf;

use zhanqi_junqi::jgs::{self, Ending};

/// The corpus beside the repository (`../shared`), or `None` with a loud message. With
/// `ZHANQI_REQUIRE_CORPUS=1` (CI) a missing corpus fails the test instead.
pub(crate) fn corpus() -> Option<Vec<PathBuf>> {
    let dir = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/data/qq-jgs"
    ));
    if !dir.is_dir() {
        zhanqi_core::testkit::skip(
            "the QQ record replays",
            &format!("the QQ corpus {} is absent", dir.display()),
            "ZHANQI_REQUIRE_CORPUS",
        );
        return None;
    }
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("a readable corpus")
        .map(|entry| entry.expect("a readable entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "jgs"))
        .collect();
    files.sort();
    Some(files)
}

#[test]
fn every_qq_record_replays_legally() {
    let Some(files) = corpus() else { return };
    assert_eq!(files.len(), 300);
    let (mut decided, mut drawn, mut abandoned, mut moves) = (0, 0, 0, 0);
    let mut failures = Vec::new();
    for path in &files {
        let bytes = std::fs::read(path).expect("a readable file");
        let record =
            jgs::parse(&bytes).unwrap_or_else(|error| panic!("{}: {error}", path.display()));
        match jgs::replay(&record) {
            Ok(replay) => {
                moves += replay.moves;
                match replay.ending {
                    Ending::Decided => decided += 1,
                    Ending::Draw => drawn += 1,
                    Ending::Abandoned => abandoned += 1,
                }
            }
            Err(error) => failures.push(format!(
                "{}: {error}",
                path.file_name().unwrap().to_string_lossy()
            )),
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} files fail:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
    assert_eq!(moves, 71_551, "every move of the corpus is replayed");
    assert_eq!(decided + drawn + abandoned, 300);
    assert_eq!((decided, drawn), (272, 28));
}
