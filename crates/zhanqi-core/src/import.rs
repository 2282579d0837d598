//! Records of other programs, read by the game whose records they are
//! ([`crate::GameNotation::import_record`]).

/// Why a record of another program could not be imported: unreadable, or a move the rules
/// refuse. Its chain of causes is kept for the message people see.
pub type ImportError = Box<dyn std::error::Error + Send + Sync + 'static>;

/// A record of another program (a QQ `.jgs` file), read and replayed through the game's
/// rules, ready to be written as a zhanqi record.
#[derive(Clone, Debug)]
pub struct ImportedRecord<G> {
    /// The game at the end of the record.
    pub game: G,
    /// The starting position (after any deployments), in the game's notation.
    pub start: String,
    /// The players' names by seat name, in seat order.
    pub players: Vec<(String, String)>,
    /// Every action as a record line (`s: a6xa7=D`), as the engine recorded it.
    pub actions: Vec<String>,
    /// How many moves of the record were replayed (each one legal).
    pub moves: usize,
}
