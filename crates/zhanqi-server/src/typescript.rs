//! The protocol's typed messages as TypeScript, for the browser client's JSDoc (DESIGN.md §4).
//!
//! `web/gen/` holds the output of [`export_types`]; a test fails when it is out of date. After
//! changing a message type, regenerate it with
//! `ZHANQI_WRITE_TS=1 cargo test -p zhanqi-server --lib typescript`.

use std::path::Path;

use ts_rs::TS;

use crate::history::{GameSummary, History};
use crate::view::{RoomState, RoomSummary, User};
use crate::wire::ClientMessage;

/// Writes the TypeScript declarations of the client's messages and everything they use into
/// `dir`, one file per type (`RoomState.ts`, `serde_json/JsonValue.ts`, …).
///
/// # Errors
/// If a file cannot be written.
pub fn export_types(dir: &Path) -> Result<(), ts_rs::ExportError> {
    ClientMessage::export_all_to(dir)?;
    RoomState::export_all_to(dir)?;
    RoomSummary::export_all_to(dir)?;
    User::export_all_to(dir)?;
    GameSummary::export_all_to(dir)?;
    History::export_all_to(dir)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;
    use std::path::PathBuf;

    use super::*;

    /// Every file under `dir`, by its path relative to `dir`, with its text.
    fn files(dir: &Path) -> BTreeMap<PathBuf, String> {
        let mut found = BTreeMap::new();
        let mut pending = vec![dir.to_path_buf()];
        while let Some(folder) = pending.pop() {
            let Ok(entries) = std::fs::read_dir(&folder) else {
                continue;
            };
            for entry in entries {
                let path = entry.expect("a folder entry").path();
                if path.is_dir() {
                    pending.push(path);
                } else {
                    let text = std::fs::read_to_string(&path).expect("a readable file");
                    let relative = path.strip_prefix(dir).expect("inside the folder");
                    found.insert(relative.to_path_buf(), text);
                }
            }
        }
        found
    }

    #[test]
    fn web_gen_holds_the_types_the_server_exports() {
        let generated = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web/gen");
        if std::env::var_os("ZHANQI_WRITE_TS").is_some() {
            // Regenerate from scratch, so a removed type leaves no file behind.
            let _ = std::fs::remove_dir_all(&generated);
            export_types(&generated).expect("write web/gen");
        }
        let fresh = tempfile::tempdir().expect("a temporary folder");
        export_types(fresh.path()).expect("export the types");
        let expected = files(fresh.path());
        assert!(expected.contains_key(Path::new("RoomState.ts")));
        let actual = files(&generated);
        let stale: Vec<&PathBuf> = expected
            .keys()
            .chain(actual.keys())
            .filter(|path| expected.get(*path) != actual.get(*path))
            .collect();
        assert!(
            stale.is_empty(),
            "web/gen is out of date ({stale:?}); regenerate it with \
             ZHANQI_WRITE_TS=1 cargo test -p zhanqi-server --lib typescript"
        );
    }
}
