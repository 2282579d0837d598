//! Reading the bytes of a `.jgs` file (jgs-format.md §2–§9).

use encoding_rs::GB18030;

use super::board::{Post, seat_of_colour};
use super::{Combat, DefeatReason, JgsComment, JgsError, JgsGame, JgsPlayer, JgsRecord, JgsResult};

pub(super) const MAGIC: &[u8] = b"QQGame JQS";
const VIEWER_OFFSET: usize = 15;
const RECORD_AREA_END_OFFSET: usize = 18;
const PLAYER_COUNT_OFFSET: usize = 25;
const RECORD_COUNT_OFFSET: usize = 26;
/// The header's record-area offsets are 16 less than the file's.
const HEADER_OFFSET_BIAS: usize = 16;

const BLOCKS_OFFSET: usize = 32;
const BLOCK_LEN: usize = 88;
const EMPTY_SEAT: u8 = 0xFF;
const NAME_OFFSET: usize = 8;
const NAME_LEN: usize = 20;
const DEPLOYMENT_OFFSET: usize = 28;
const DEPLOYMENT_LEN: usize = 30;
/// Piece letters of codes 2–13 (jgs-format.md §4.1); code 0 is an empty post.
const PIECE_LETTERS: &[u8; 12] = b"FMBSJDLTYCPE";

const RECORDS_OFFSET: usize = 412;
const RECORD_LEN: usize = 10;
const MOVE_KIND: u8 = 0x5F;
const EVENT_KIND: u8 = 0xF5;
const OUTCOME_MASK: u8 = 0x03;
const NEXT_SHIFT: u8 = 3;
const NEXT_MASK: u8 = 0x03;
const DEFENDER_COMMANDER_REMOVED: u8 = 0x40;
const TIMEOUT: u8 = 2;
const DEFEAT: u8 = 3;
const LEFT_TABLE: u8 = 4;
const GAME_OVER: u8 = 5;
const NO_NEXT_SEAT: u8 = 0xFF;

const TRAILER_FIXED_LEN: usize = 8;
const COMMENT_HEADER_LEN: usize = 4 + 16;
const COMMENT_LEN: usize = 216;

/// QQ's turn order, yellow → purple → green → blue: the first occupied colour moves first.
const QQ_TURN_ORDER: [u8; 4] = [0, 3, 2, 1];
/// The spec's seat order of colours: green (`s`), blue (`e`), yellow (`n`), purple (`w`).
const SEAT_ORDER: [u8; 4] = [2, 1, 0, 3];

/// The colours of the occupied seats.
struct Occupied([bool; 4]);

impl Occupied {
    /// The seat of the colour at `offset`, which must be occupied.
    fn seat(&self, colour: u8, offset: usize) -> Result<char, JgsError> {
        seat_of_colour(colour)
            .filter(|_| self.0[usize::from(colour)])
            .ok_or_else(|| JgsError::NotASeat {
                offset,
                value: colour,
                occupied: self.describe(),
            })
    }

    fn describe(&self) -> String {
        let colours: Vec<String> = (0..4u8)
            .filter(|&colour| self.0[usize::from(colour)])
            .map(|colour| colour.to_string())
            .collect();
        colours.join(", ")
    }

    fn count(&self) -> usize {
        self.0.iter().filter(|&&occupied| occupied).count()
    }
}

pub(super) fn parse(bytes: &[u8]) -> Result<JgsGame, JgsError> {
    let record_count = check_lengths(bytes)?;
    let records_end = RECORDS_OFFSET + RECORD_LEN * usize::from(record_count);

    let occupied = read_occupied(bytes)?;
    let declared = bytes[PLAYER_COUNT_OFFSET];
    if usize::from(declared) != occupied.count() || !matches!(declared, 2 | 4) {
        return Err(JgsError::PlayerCount {
            declared,
            occupied: occupied.count(),
        });
    }
    let mut players = Vec::new();
    for colour in SEAT_ORDER {
        if occupied.0[usize::from(colour)] {
            players.push(read_player(bytes, colour)?);
        }
    }
    let viewer = occupied.seat(bytes[VIEWER_OFFSET], VIEWER_OFFSET)?;
    let first_mover = QQ_TURN_ORDER
        .into_iter()
        .find(|&colour| occupied.0[usize::from(colour)])
        .and_then(seat_of_colour)
        .unwrap_or('n');

    let records = read_records(&bytes[RECORDS_OFFSET..records_end], first_mover, &occupied)?;
    let result = match records.last() {
        Some(&JgsRecord::GameOver { code }) => JgsResult::from_code(code),
        _ => {
            return Err(JgsError::MissingGameOver {
                offset: records_end,
            });
        }
    };
    let comments = read_comments(&bytes[records_end + TRAILER_FIXED_LEN..]);
    Ok(JgsGame {
        viewer,
        players,
        first_mover,
        records,
        result,
        comments,
    })
}

/// Checks the magic string and the lengths (jgs-format.md §3); returns the record count.
/// Afterwards the header, the blocks, the records and 8 trailer bytes are all in `bytes`.
fn check_lengths(bytes: &[u8]) -> Result<u16, JgsError> {
    let magic_len = bytes.len().min(MAGIC.len());
    if bytes[..magic_len] != MAGIC[..magic_len] {
        return Err(JgsError::BadMagic {
            found: bytes[..magic_len].escape_ascii().to_string(),
        });
    }
    if bytes.len() < RECORDS_OFFSET {
        return Err(JgsError::TooShort {
            len: bytes.len(),
            needed: RECORDS_OFFSET,
        });
    }
    let record_count = read_u16(bytes, RECORD_COUNT_OFFSET);
    let records_end = RECORDS_OFFSET + RECORD_LEN * usize::from(record_count);
    let found = read_u16(bytes, RECORD_AREA_END_OFFSET);
    if usize::from(found) + HEADER_OFFSET_BIAS != records_end {
        return Err(JgsError::LengthMismatch {
            found,
            records: record_count,
            expected: records_end,
        });
    }
    let needed = records_end + TRAILER_FIXED_LEN;
    if bytes.len() < needed {
        return Err(JgsError::Truncated {
            len: bytes.len(),
            records: record_count,
            needed,
        });
    }
    Ok(record_count)
}

fn read_occupied(bytes: &[u8]) -> Result<Occupied, JgsError> {
    let mut occupied = [false; 4];
    for (colour, seat_occupied) in (0..4u8).zip(&mut occupied) {
        let offset = block_offset(colour);
        let value = bytes[offset];
        if value != colour && value != EMPTY_SEAT {
            return Err(JgsError::BadBlockColour {
                offset,
                value,
                colour,
            });
        }
        *seat_occupied = value == colour;
    }
    Ok(Occupied(occupied))
}

fn read_player(bytes: &[u8], colour: u8) -> Result<JgsPlayer, JgsError> {
    let block = block_offset(colour);
    let name_start = block + NAME_OFFSET;
    Ok(JgsPlayer {
        seat: seat_of_colour(colour).unwrap_or('?'),
        name: decode_text(&bytes[name_start..name_start + NAME_LEN]),
        deployment: deployment_string(bytes, block + DEPLOYMENT_OFFSET)?,
    })
}

/// The 30 deployment bytes at `offset` as a deployment string (jgs-format.md §4.2): front line
/// first, each line from the owner's left.
fn deployment_string(bytes: &[u8], offset: usize) -> Result<String, JgsError> {
    let mut deployment = String::with_capacity(DEPLOYMENT_LEN + 5);
    for (index, &value) in bytes[offset..offset + DEPLOYMENT_LEN].iter().enumerate() {
        if index > 0 && index % 5 == 0 {
            deployment.push('/');
        }
        let letter = match value {
            0 => '.',
            2..=13 => char::from(PIECE_LETTERS[usize::from(value - 2)]),
            _ => {
                return Err(JgsError::BadPieceCode {
                    offset: offset + index,
                    value,
                });
            }
        };
        deployment.push(letter);
    }
    Ok(deployment)
}

/// Reads the record area, which starts at file offset [`RECORDS_OFFSET`].
fn read_records(
    area: &[u8],
    first_mover: char,
    occupied: &Occupied,
) -> Result<Vec<JgsRecord>, JgsError> {
    let mut records = Vec::with_capacity(area.len() / RECORD_LEN);
    let mut to_act = Some(first_mover);
    for (index, bytes) in area.chunks_exact(RECORD_LEN).enumerate() {
        let offset = RECORDS_OFFSET + RECORD_LEN * index;
        if let Some(JgsRecord::GameOver { .. }) = records.last() {
            return Err(JgsError::RecordAfterGameOver { index, offset });
        }
        let record = match bytes[0] {
            MOVE_KIND => {
                let mover = to_act.ok_or(JgsError::UnknownMover { index, offset })?;
                read_move(bytes, offset, mover, occupied)?
            }
            EVENT_KIND => read_event(bytes, index, offset, occupied)?,
            value => {
                return Err(JgsError::UnknownRecordKind {
                    index,
                    offset,
                    value,
                });
            }
        };
        to_act = record.next_to_act();
        records.push(record);
    }
    Ok(records)
}

fn read_move(
    bytes: &[u8],
    offset: usize,
    mover: char,
    occupied: &Occupied,
) -> Result<JgsRecord, JgsError> {
    let flags = bytes[1];
    let outcome = match flags & OUTCOME_MASK {
        0 => None,
        1 => Some(Combat::AttackerWins),
        2 => Some(Combat::DefenderWins),
        _ => Some(Combat::BothRemoved),
    };
    Ok(JgsRecord::Move {
        mover,
        from: read_post(bytes, 2, offset)?.name(),
        to: read_post(bytes, 4, offset)?.name(),
        outcome,
        attacker_flag_revealed: read_flag_post(bytes, 6, offset)?,
        defender_flag_revealed: read_flag_post(bytes, 8, offset)?,
        defender_commander_removed: flags & DEFENDER_COMMANDER_REMOVED != 0,
        next: occupied.seat((flags >> NEXT_SHIFT) & NEXT_MASK, offset + 1)?,
    })
}

/// The post at bytes `at` and `at + 1` of the record at `record_offset`.
fn read_post(bytes: &[u8], at: usize, record_offset: usize) -> Result<Post, JgsError> {
    let (row, col) = (bytes[at], bytes[at + 1]);
    Post::new(row, col).ok_or(JgsError::OffBoard {
        offset: record_offset + at,
        row,
        col,
    })
}

/// A flag field: a post, or `(0, 0)` for none.
fn read_flag_post(
    bytes: &[u8],
    at: usize,
    record_offset: usize,
) -> Result<Option<String>, JgsError> {
    if bytes[at] == 0 && bytes[at + 1] == 0 {
        return Ok(None);
    }
    Ok(Some(read_post(bytes, at, record_offset)?.name()))
}

fn read_event(
    bytes: &[u8],
    index: usize,
    offset: usize,
    occupied: &Occupied,
) -> Result<JgsRecord, JgsError> {
    let seat = |at: usize| occupied.seat(bytes[at], offset + at);
    Ok(match bytes[1] {
        TIMEOUT => JgsRecord::Timeout {
            seat: seat(2)?,
            count: bytes[3],
            next: seat(4)?,
        },
        DEFEAT => JgsRecord::Defeat {
            seat: seat(2)?,
            reason: DefeatReason::from_code(bytes[3]),
            next: match bytes[4] {
                NO_NEXT_SEAT => None,
                _ => Some(seat(4)?),
            },
        },
        LEFT_TABLE => JgsRecord::LeftTable {
            seat: seat(2)?,
            next: seat(4)?,
        },
        GAME_OVER => JgsRecord::GameOver { code: bytes[3] },
        value => {
            return Err(JgsError::UnknownEventKind {
                index,
                offset,
                value,
            });
        }
    })
}

/// The comment block (jgs-format.md §9), read only when `trailer` (what follows the 8 fixed
/// trailer bytes) has exactly the length its count implies.
fn read_comments(trailer: &[u8]) -> Vec<JgsComment> {
    if trailer.len() < COMMENT_HEADER_LEN {
        return Vec::new();
    }
    let count = read_u32(trailer, 0);
    let expected = u64::from(count) * COMMENT_LEN as u64 + COMMENT_HEADER_LEN as u64;
    if trailer.len() as u64 != expected {
        return Vec::new();
    }
    trailer[COMMENT_HEADER_LEN..]
        .chunks_exact(COMMENT_LEN)
        .map(|entry| JgsComment {
            record: read_u32(entry, 0),
            text: decode_text(&entry[4..]),
        })
        .collect()
}

/// NUL-terminated GB18030 text, decoded leniently.
fn decode_text(bytes: &[u8]) -> String {
    let end = bytes.iter().position(|&b| b == 0).unwrap_or(bytes.len());
    GB18030
        .decode_without_bom_handling(&bytes[..end])
        .0
        .into_owned()
}

fn block_offset(colour: u8) -> usize {
    BLOCKS_OFFSET + BLOCK_LEN * usize::from(colour)
}

fn read_u16(bytes: &[u8], offset: usize) -> u16 {
    u16::from_le_bytes([bytes[offset], bytes[offset + 1]])
}

fn read_u32(bytes: &[u8], offset: usize) -> u32 {
    u32::from_le_bytes([
        bytes[offset],
        bytes[offset + 1],
        bytes[offset + 2],
        bytes[offset + 3],
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deployment_bytes_of_section_4_2() {
        let bytes = [
            5, 13, 7, 10, 12, 9, 0, 13, 0, 10, 6, 11, 0, 13, 11, 8, 0, 12, 0, 11, 4, 3, 4, 9, 8, 7,
            2, 3, 3, 12,
        ];
        assert_eq!(
            deployment_string(&bytes, 0),
            Ok("SEDYP/T.E.Y/JC.EC/L.P.C/BMBTL/DFMMP".to_owned())
        );
    }

    #[test]
    fn deployment_bytes_outside_the_piece_codes_are_refused() {
        for value in [1, 14, 0xFF] {
            let mut bytes = [0; 100 + DEPLOYMENT_LEN];
            bytes[107] = value;
            assert_eq!(
                deployment_string(&bytes, 100),
                Err(JgsError::BadPieceCode { offset: 107, value })
            );
        }
    }

    #[test]
    fn comments_are_read_only_at_the_exact_length() {
        let mut trailer = vec![0; COMMENT_HEADER_LEN + COMMENT_LEN];
        trailer[0] = 1;
        trailer[COMMENT_HEADER_LEN] = 7;
        trailer[COMMENT_HEADER_LEN + 4..COMMENT_HEADER_LEN + 8].copy_from_slice(b"good");
        assert_eq!(
            read_comments(&trailer),
            [JgsComment {
                record: 7,
                text: "good".to_owned()
            }]
        );
        trailer.push(0);
        assert_eq!(read_comments(&trailer), []);
        trailer[0] = 0xFF;
        trailer[3] = 0xFF;
        assert_eq!(read_comments(&trailer), []);
    }

    #[test]
    fn names_are_decoded_leniently() {
        assert_eq!(decode_text(b"\xc1\xf5\0junk"), "刘");
        assert_eq!(decode_text(b"a\xff"), "a\u{fffd}");
        assert_eq!(decode_text(b"abc"), "abc");
    }
}
