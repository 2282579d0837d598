//! Generic property tests over random playouts, for every game.

pub mod toy;
