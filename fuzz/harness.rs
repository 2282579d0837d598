//! The stable harness of the fuzz targets, for `cargo test` on a stable toolchain: a target's
//! check runs over every file of `fuzz/corpus/<target>/` and `fuzz/regressions/<target>/`, then
//! over proptest's inputs, arbitrary bytes and mutations of the corpus files (characters
//! replaced, inserted, deleted, swapped, pieces cut or repeated). Included by the test binaries
//! that run the targets (`#[path]`), so that it needs no crate of its own.
//!
//! `ZHANQI_FUZZ_CASES` sets the number of generated inputs per target (default: the test's
//! own), `ZHANQI_FUZZ_SEED` the seed (default: a fixed one, so that CI runs are reproducible).
//! A failing input is shrunk, written under the test's temporary directory and named in the
//! panic: copy it into `fuzz/regressions/<target>/` with the fix (docs/fuzzing.md).

#![allow(dead_code)] // each test binary uses its own part

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};

use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestError, TestRng, TestRunner};

/// The `fuzz/` directory.
pub fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz")
}

/// The files of `fuzz/<kind>/<target>/` (kind `corpus` or `regressions`), sorted; none when the
/// directory is absent.
pub fn files(kind: &str, target: &str) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(fuzz_dir().join(kind).join(target)) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .map(|entry| entry.expect("a readable directory entry").path())
        .filter(|path| path.is_file())
        .collect();
    files.sort();
    files
}

/// Runs `check` over the corpus and regressions of `target`, then over `cases` generated
/// inputs (or `ZHANQI_FUZZ_CASES`).
pub fn run(target: &str, check: fn(&[u8]), cases: u32) {
    let corpus: Vec<Vec<u8>> = files("corpus", target)
        .iter()
        .map(|path| std::fs::read(path).expect("a readable corpus file"))
        .collect();
    assert!(
        !corpus.is_empty(),
        "fuzz/corpus/{target}/ holds no seed input"
    );
    for path in files("corpus", target)
        .into_iter()
        .chain(files("regressions", target))
    {
        let data = std::fs::read(&path).expect("a readable input file");
        if catch_unwind(AssertUnwindSafe(|| check(&data))).is_err() {
            panic!("{target}: {} breaks an invariant (above)", path.display());
        }
    }

    let cases = std::env::var("ZHANQI_FUZZ_CASES")
        .ok()
        .and_then(|cases| cases.parse().ok())
        .unwrap_or(cases);
    let seed = std::env::var("ZHANQI_FUZZ_SEED")
        .ok()
        .and_then(|seed| seed.parse::<u64>().ok())
        .unwrap_or(0x7a68_616e_7169);
    let mut seed_bytes = [0u8; 32];
    seed_bytes[..8].copy_from_slice(&seed.to_le_bytes());
    let config = Config {
        cases,
        failure_persistence: None,
        max_shrink_iters: 2000,
        ..Config::default()
    };
    let mut runner = TestRunner::new_with_rng(
        config,
        TestRng::from_seed(RngAlgorithm::ChaCha, &seed_bytes),
    );
    let result = runner.run(&input(corpus), |data| {
        check(&data);
        Ok(())
    });
    match result {
        Ok(()) => {}
        Err(TestError::Fail(reason, data)) => {
            let found = Path::new(env!("CARGO_TARGET_TMPDIR"))
                .join("fuzz-found")
                .join(target);
            std::fs::create_dir_all(&found).expect("a writable target directory");
            let file = found.join(format!("input-{:016x}", fnv(&data)));
            std::fs::write(&file, &data).expect("a writable target directory");
            panic!(
                "{target}: {reason}\ninput {:?}\nsaved as {}: fix the bug, then copy it into fuzz/regressions/{target}/",
                String::from_utf8_lossy(&data),
                file.display()
            );
        }
        Err(TestError::Abort(reason)) => panic!("{target}: {reason}"),
    }
}

/// Arbitrary bytes, or one of `corpus` with a few edits.
pub fn input(corpus: Vec<Vec<u8>>) -> impl Strategy<Value = Vec<u8>> {
    let mut alphabet: Vec<u8> = corpus.iter().flatten().copied().collect();
    alphabet.sort_unstable();
    alphabet.dedup();
    let byte = prop_oneof![
        3 => prop::sample::select(alphabet),
        1 => any::<u8>(),
    ];
    // Swaps often keep a text well formed (two pieces exchanged), so that the edit reaches
    // the rules behind the parser.
    let edit = prop_oneof![
        2 => (any::<prop::sample::Index>(), byte.clone()).prop_map(|(at, b)| Edit::Replace(at, b)),
        1 => (any::<prop::sample::Index>(), byte).prop_map(|(at, b)| Edit::Insert(at, b)),
        1 => any::<prop::sample::Index>().prop_map(Edit::Delete),
        4 => (any::<prop::sample::Index>(), any::<prop::sample::Index>())
            .prop_map(|(a, b)| Edit::Swap(a, b)),
        1 => (any::<prop::sample::Index>(), 1..40usize).prop_map(|(at, n)| Edit::Cut(at, n)),
        1 => (
            any::<prop::sample::Index>(),
            1..40usize,
            any::<prop::sample::Index>()
        )
            .prop_map(|(from, n, to)| Edit::Repeat(from, n, to)),
    ];
    let edited = (
        prop::sample::select(corpus),
        prop::collection::vec(edit, 1..4),
    )
        .prop_map(|(seed, edits)| apply(seed, &edits));
    prop_oneof![
        1 => prop::collection::vec(any::<u8>(), 0..256),
        6 => edited,
    ]
}

/// One edit of an input.
#[derive(Clone, Debug)]
enum Edit {
    Replace(prop::sample::Index, u8),
    Insert(prop::sample::Index, u8),
    Delete(prop::sample::Index),
    Swap(prop::sample::Index, prop::sample::Index),
    /// Delete up to n bytes from a place.
    Cut(prop::sample::Index, usize),
    /// Copy up to n bytes from one place to another.
    Repeat(prop::sample::Index, usize, prop::sample::Index),
}

fn apply(mut bytes: Vec<u8>, edits: &[Edit]) -> Vec<u8> {
    for edit in edits {
        let len = bytes.len();
        match *edit {
            Edit::Insert(ref at, b) => bytes.insert(at.index(len + 1), b),
            _ if len == 0 => {}
            Edit::Replace(ref at, b) => bytes[at.index(len)] = b,
            Edit::Delete(ref at) => {
                bytes.remove(at.index(len));
            }
            Edit::Swap(ref a, ref b) => bytes.swap(a.index(len), b.index(len)),
            Edit::Cut(ref at, n) => {
                let at = at.index(len);
                bytes.drain(at..(at + n).min(len));
            }
            Edit::Repeat(ref from, n, ref to) => {
                let from = from.index(len);
                let piece = bytes[from..(from + n).min(len)].to_vec();
                let to = to.index(len + 1);
                bytes.splice(to..to, piece);
            }
        }
    }
    bytes
}

/// A short stable name for an input.
fn fnv(data: &[u8]) -> u64 {
    data.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    })
}
