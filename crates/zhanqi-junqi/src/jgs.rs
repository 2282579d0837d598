//! The QQ 四国军棋 `.jgs` replay format (shared/rules/jgs-format.md).
