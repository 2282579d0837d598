//! How Rust values become portable column values and back: integers for flags and seats,
//! texts for enums, `i64` bit patterns for `u64` seeds.

use sqlx::Row;
use sqlx::any::AnyRow;
use zhanqi_core::{MAX_SEATS, Seat, SeatResult};

use crate::error::{StoreError, StoreResult};

/// A column read by name, with the column named in the error if it cannot be read.
pub(crate) fn column<'r, T>(row: &'r AnyRow, name: &str) -> StoreResult<T>
where
    T: sqlx::Decode<'r, sqlx::Any> + sqlx::Type<sqlx::Any>,
{
    Ok(row.try_get(name)?)
}

/// A 0/1 flag column.
pub(crate) fn flag(row: &AnyRow, name: &str) -> StoreResult<bool> {
    match column::<i64>(row, name)? {
        0 => Ok(false),
        1 => Ok(true),
        other => Err(StoreError::corrupt(format!(
            "{name} holds {other}, not 0 or 1"
        ))),
    }
}

/// A seat as its index.
pub(crate) fn seat_to_db(seat: Seat) -> i64 {
    seat.index() as i64
}

/// A seat read back from its index.
pub(crate) fn seat_from_db(index: i64) -> StoreResult<Seat> {
    usize::try_from(index)
        .ok()
        .filter(|&index| index < MAX_SEATS)
        .map(Seat::new)
        .ok_or_else(|| StoreError::corrupt(format!("seat index {index} is out of range")))
}

/// A seed as the `i64` with the same bits: databases have no unsigned 64-bit integer.
pub(crate) fn seed_to_db(seed: u64) -> i64 {
    i64::from_ne_bytes(seed.to_ne_bytes())
}

/// A seed read back from its `i64` bits.
pub(crate) fn seed_from_db(stored: i64) -> u64 {
    u64::from_ne_bytes(stored.to_ne_bytes())
}

/// The name of a seat result in the `seats.result` column.
pub(crate) fn result_to_db(result: SeatResult) -> &'static str {
    match result {
        SeatResult::Win => "win",
        SeatResult::Loss => "loss",
        SeatResult::Draw => "draw",
        SeatResult::Escaped => "escaped",
        SeatResult::Absent => "absent",
    }
}

/// A seat result read back from its name.
pub(crate) fn result_from_db(name: &str) -> StoreResult<SeatResult> {
    match name {
        "win" => Ok(SeatResult::Win),
        "loss" => Ok(SeatResult::Loss),
        "draw" => Ok(SeatResult::Draw),
        "escaped" => Ok(SeatResult::Escaped),
        "absent" => Ok(SeatResult::Absent),
        other => Err(StoreError::corrupt(format!(
            "unknown seat result {other:?}"
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_keep_every_bit() {
        for seed in [0, 1, u64::MAX, 1 << 63, 0x0123_4567_89ab_cdef] {
            assert_eq!(seed_from_db(seed_to_db(seed)), seed);
        }
        assert_eq!(seed_to_db(u64::MAX), -1);
    }

    #[test]
    fn seats_round_trip_and_bad_indices_are_refused() {
        for index in 0..MAX_SEATS {
            let seat = Seat::new(index);
            assert_eq!(seat_from_db(seat_to_db(seat)).unwrap(), seat);
        }
        assert!(seat_from_db(4).is_err());
        assert!(seat_from_db(-1).is_err());
    }

    #[test]
    fn results_round_trip() {
        for result in [
            SeatResult::Win,
            SeatResult::Loss,
            SeatResult::Draw,
            SeatResult::Escaped,
            SeatResult::Absent,
        ] {
            assert_eq!(result_from_db(result_to_db(result)).unwrap(), result);
        }
        assert!(result_from_db("won").is_err());
    }
}
