//! `zhanqi deck` on the deck files of the card games, through the registry's deck editors: one
//! module a game.

mod qizhan;
mod tiehuo;
