//! The game registry and the engine protocol.
