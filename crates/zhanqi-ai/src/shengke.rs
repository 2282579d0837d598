//! 生剋棋 for the AI. Until shengke has an evaluator of its own (issue 5), it is played with
//! the default: the heuristic player scores finished games only, and ISMCTS learns from its
//! playouts.

use zhanqi_shengke::Shengke;

use crate::AiGame;

impl AiGame for Shengke {}
