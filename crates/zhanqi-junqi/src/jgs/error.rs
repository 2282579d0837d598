//! What can be wrong with a `.jgs` file.

/// Why bytes are not a well-formed `.jgs` file. Offsets are from the start of the file, in
/// decimal.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum JgsError {
    /// The file does not start with `QQGame JQS`.
    #[error("bytes 0-9 are \"{found}\", not the magic string \"QQGame JQS\" of a .jgs file")]
    BadMagic {
        /// The first bytes, escaped.
        found: String,
    },
    /// The file ends inside the header or the player blocks.
    #[error(
        "the file is {len} bytes long, but a .jgs file's header and player blocks take {needed} bytes"
    )]
    TooShort {
        /// The file's length.
        len: usize,
        /// The length of the header, player blocks and reserved area.
        needed: usize,
    },
    /// The record-area end at offset 18 disagrees with the record count at offset 26.
    #[error(
        "the record area ends at {found} + 16 by the header's offset 18, but the {records} records counted at offset 26 end it at {expected}"
    )]
    LengthMismatch {
        /// The `u16` at offset 18.
        found: u16,
        /// The record count at offset 26.
        records: u16,
        /// Where the records end: 412 + 10 × records.
        expected: usize,
    },
    /// The file ends before its records and the 8 trailer bytes do.
    #[error(
        "the file is {len} bytes long, but its {records} records and the 8 trailer bytes need {needed}: it is truncated"
    )]
    Truncated {
        /// The file's length.
        len: usize,
        /// The record count at offset 26.
        records: u16,
        /// The length the records and the trailer's first 8 bytes need.
        needed: usize,
    },
    /// A player block's first byte is neither its colour nor `0xFF`.
    #[error(
        "byte {value:#04x} at offset {offset} should be {colour} (the colour of player block {colour}) or 0xff (an empty seat)"
    )]
    BadBlockColour {
        /// Where the byte is.
        offset: usize,
        /// What it is.
        value: u8,
        /// The block's colour.
        colour: u8,
    },
    /// The header's player count (offset 25) is not the number of occupied blocks.
    #[error(
        "the header gives {declared} players at offset 25, but {occupied} player blocks are occupied (2 or 4 expected)"
    )]
    PlayerCount {
        /// The count at offset 25.
        declared: u8,
        /// The number of occupied player blocks.
        occupied: usize,
    },
    /// A deployment byte is not a piece code.
    #[error("byte {value:#04x} at offset {offset} is not a deployment piece code (0 or 2-13)")]
    BadPieceCode {
        /// Where the byte is.
        offset: usize,
        /// What it is.
        value: u8,
    },
    /// A position is not a post of the 4p board.
    #[error(
        "the position (row {row}, column {col}) at offset {offset} is not a post of the four-player board"
    )]
    OffBoard {
        /// Where the position's row byte is.
        offset: usize,
        /// The row byte.
        row: u8,
        /// The column byte.
        col: u8,
    },
    /// A colour names no occupied seat.
    #[error(
        "colour {value} at offset {offset} is not the colour of an occupied seat (occupied: {occupied})"
    )]
    NotASeat {
        /// Where the colour is (for a move's next seat, the flags byte).
        offset: usize,
        /// The colour.
        value: u8,
        /// The occupied colours, for example `0, 2`.
        occupied: String,
    },
    /// A record is neither a move nor an event.
    #[error(
        "record {index} at offset {offset} starts with {value:#04x}, neither a move (0x5f) nor an event (0xf5)"
    )]
    UnknownRecordKind {
        /// The record's number, from 0.
        index: usize,
        /// Where the record starts.
        offset: usize,
        /// Its first byte.
        value: u8,
    },
    /// An event record has an unknown kind.
    #[error(
        "event record {index} at offset {offset} has kind {value}, not 2 (timeout), 3 (defeat), 4 (left the table) or 5 (game over)"
    )]
    UnknownEventKind {
        /// The record's number, from 0.
        index: usize,
        /// Where the record starts.
        offset: usize,
        /// Its kind byte.
        value: u8,
    },
    /// A move follows a record that names no seat to act next, so its mover is unknown.
    #[error(
        "move record {index} at offset {offset} follows a record that names no seat to act next, so its mover is unknown"
    )]
    UnknownMover {
        /// The record's number, from 0.
        index: usize,
        /// Where the record starts.
        offset: usize,
    },
    /// A record follows the game-over record.
    #[error(
        "record {index} at offset {offset} follows the game-over record, which must be the last"
    )]
    RecordAfterGameOver {
        /// The record's number, from 0.
        index: usize,
        /// Where the record starts.
        offset: usize,
    },
    /// The records do not end with a game-over record.
    #[error(
        "the record area ends at offset {offset} without the game-over record that must end it"
    )]
    MissingGameOver {
        /// Where the record area ends.
        offset: usize,
    },
}
