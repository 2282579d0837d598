//! Platform rules that several games share, as pure functions parameterised per game.
